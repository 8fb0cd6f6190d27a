import CssBaseline from '@mui/material/CssBaseline';
import ThemeProvider from '@mui/material/styles/ThemeProviderNoVars';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { NotificationSlot } from '@/components/notifications/notification-slot';
import { useLanguage } from '@/lib/preferences';
import { createAppTheme } from './theme';

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const language = useLanguage();
  const theme = useMemo(() => createAppTheme(language), [language]);
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
