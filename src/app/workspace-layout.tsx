import { ThemeProvider, createTheme, type Theme } from '@mui/material/styles';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useCallback } from 'react';
import { Outlet } from 'react-router-dom';
import { dateFnsLocales, gridLocales, pickersLocales } from '@/i18n/workspace-locales';
import { useLanguage } from '@/lib/preferences';

/**
 * Everything behind the login: adds the data-grid and picker locales to the theme and the
 * pickers' date-fns LocalizationProvider. Loaded lazily, so the login route stays light.
 */
export function WorkspaceLayout() {
  const language = useLanguage();
  const extendTheme = useCallback(
    (outer: Theme) => createTheme(outer, pickersLocales[language], gridLocales[language]),
    [language],
  );
  return (
    <ThemeProvider theme={extendTheme}>
      <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={dateFnsLocales[language]}>
        <Outlet />
      </LocalizationProvider>
    </ThemeProvider>
  );
}
