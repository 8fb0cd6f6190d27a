import createThemeNoVars, { type Theme, type ThemeOptions } from '@mui/material/styles/createThemeNoVars';

/**
 * Stands in for MUI's own `styles/createTheme.mjs` in the build (vite.config.ts). This app never
 * uses CSS variables or colour schemes, and for such options MUI's createTheme is exactly
 * createThemeNoVars; the stand-in keeps its CSS-variables code off every route.
 */
export default function createTheme(options: ThemeOptions = {}, ...args: object[]): Theme {
  if ('cssVariables' in options || 'colorSchemes' in options) {
    throw new Error('createTheme: CSS variables and colour schemes are not bundled (see src/app/mui-create-theme.ts)');
  }
  return createThemeNoVars(options, ...args);
}
