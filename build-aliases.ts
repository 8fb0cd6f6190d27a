import { fileURLToPath, URL } from 'node:url';

const path = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

/**
 * Import aliases shared by Vite and Vitest (tsconfig.base.json `paths` mirrors them).
 * The two MUI entries are the theme and provider without CSS variables: `@mui/material/styles`
 * only offers the ones that also carry the CSS-variables runtime (about 6 KB gzip on every route),
 * which this app does not use, and MUI's export map does not list the plain files.
 */
export const alias = {
  '@': path('./src'),
  '@contract': path('./contract'),
  '@mui/material/styles/ThemeProviderNoVars': path('./node_modules/@mui/material/styles/ThemeProviderNoVars.mjs'),
  '@mui/material/styles/createThemeNoVars': path('./node_modules/@mui/material/styles/createThemeNoVars.mjs'),
};
