import type { Theme } from '@mui/material/styles';
import createTheme from '@mui/material/styles/createThemeNoVars';
import { translate } from '@/i18n/i18n';
import { materialLocales } from '@/i18n/locales';
import type { UiLanguage } from '@/lib/preferences';

export const BRAND_COLOR = '#1b4f8a';

export function createAppTheme(language: UiLanguage): Theme {
  const inProgress = translate(language, 'app.inProgress');
  return createTheme(
    {
      palette: {
        primary: { main: BRAND_COLOR },
        // Darker than MUI's defaults so text in these colours keeps 4.5:1 on white (WCAG AA, axe in tests/e2e/accessibility.test.ts).
        secondary: { main: '#00796b' },
        warning: { main: '#b45309' },
        info: { main: '#0277bd' },
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
        // A progress bar or spinner is named (axe: aria-progressbar-name) wherever it is used without a name of its own.
        MuiLinearProgress: { defaultProps: { 'aria-label': inProgress } },
        MuiCircularProgress: { defaultProps: { 'aria-label': inProgress } },
        // A disabled field's helper text still explains something: kept readable (4.5:1), not greyed to 2.7:1.
        MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
      },
    },
    materialLocales[language],
  );
}
