import CssBaseline from '@mui/material/CssBaseline';
import ThemeProvider from '@mui/material/styles/ThemeProviderNoVars';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { NotificationSlot } from '@/components/notifications/notification-slot';
import { isCatalogLoaded, subscribeCatalogs } from '@/i18n/i18n';
import { useLanguage } from '@/lib/preferences';
import { createAppTheme } from './theme';

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const language = useLanguage();
  // The theme words its progress label once: made again when the language's strings arrive, not on every feature's catalog.
  const shellStrings = useSyncExternalStore(subscribeCatalogs, () => isCatalogLoaded(language));
  const theme = useMemo(() => createAppTheme(language), [language, shellStrings]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        {children}
        <NotificationSlot />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
