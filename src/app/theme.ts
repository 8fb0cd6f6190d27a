import type { Theme } from '@mui/material/styles';
import createTheme from '@mui/material/styles/createThemeNoVars';
import { materialLocales } from '@/i18n/locales';
import type { UiLanguage } from '@/lib/preferences';

export const BRAND_COLOR = '#1b4f8a';

export function createAppTheme(language: UiLanguage): Theme {
  return createTheme(
    {
      palette: {
        primary: { main: BRAND_COLOR },
        secondary: { main: '#00897b' },
        background: { default: '#f4f6f9' },
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
        h1: { fontSize: '1.75rem', fontWeight: 600 },
        h2: { fontSize: '1.35rem', fontWeight: 600 },
      },
      components: {
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiTextField: { defaultProps: { size: 'small' } },
      },
    },
    materialLocales[language],
  );
}
