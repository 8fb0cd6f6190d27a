import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useMatches, useNavigate, useNavigation, useOutlet } from 'react-router-dom';
import { notify } from '@/components/notifications/notify';
import { UnsavedChangesPrompt } from '@/components/unsaved-changes/unsaved-changes-prompt';
import { useApplyUserOptions } from '@/features/user-options/use-apply-user-options';
import { useT } from '@/i18n/i18n';
import { onSessionEvent } from '@/lib/session-events';
import { useSession } from '@/lib/session';
import { LOGIN_PATH, type RouteHandle } from './guard';
import { reportsFieldQueue } from '@/platform/field-report-access';
import { Header } from './header/header';
import { NavigationProgress } from './navigation-progress';
import { PageFallback } from './page-fallback';

// The server probe and the offline runtime's gate load once a user is known, never on the login route.
const OfflineRuntimeGate = lazy(() => import('./offline-runtime-gate').then((m) => ({ default: m.OfflineRuntimeGate })));

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'titleKey' in value;
}

/** Keeps the tab title in the UI language when the user switches it on the settings page. */
function useTitleFollowsLanguage(): void {
  const t = useT();
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle;
  const titleKey = isRouteHandle(handle) ? handle.titleKey : null;
  useEffect(() => {
    if (titleKey) document.title = t(titleKey);
  }, [t, titleKey]);
}

/** A 401 from any call (lib/http.ts) ends the session here: drop user data, go to the login form. */
function useSessionExpiry(): void {
  const navigate = useNavigate();
  const client = useQueryClient();
  const t = useT();
  useEffect(
    () =>
      onSessionEvent((event) => {
        if (event.type !== 'expired') return;
        notify(t('app.sessionExpired'), { variant: 'warning', preventDuplicate: true });
        // Leave the screen before dropping the cache, so its queries do not refetch into more 401s.
        void Promise.resolve(navigate(LOGIN_PATH, { replace: true })).then(() => client.clear());
      }),
    [client, navigate, t],
  );
}

export function AppLayout() {
  const navigation = useNavigation();
  useTitleFollowsLanguage();
  useSessionExpiry();
  useApplyUserOptions();
  const session = useSession();
  // No outlet while the first route loads: the router renders this layout as its hydrate fallback.
  const outlet = useOutlet();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {session.userId !== null && (
        <Suspense fallback={null}>
          <OfflineRuntimeGate
            key={session.userId}
            userId={session.userId}
            confirmed={session.offlineSession === null}
            reportsField={reportsFieldQueue(session.roles)}
          />
        </Suspense>
      )}
      <Header />
      <UnsavedChangesPrompt loginPath={LOGIN_PATH} />
      <NavigationProgress active={navigation.state === 'loading'} />
      <Box component="main" sx={{ flex: 1, width: '100%', maxWidth: 1440, mx: 'auto', px: { xs: 1.5, sm: 3 }, pt: { xs: 1.5, sm: 2 }, pb: 4 }}>
        {outlet ?? <PageFallback />}
      </Box>
    </Box>
  );
}
