import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { getOfflineSession, sessionQueries } from '@/lib/session';
import { getConnectivityStore } from '@/offline/connectivity';
import { OFFLINE_DB_NAME, onOfflineDbMutated, peekOfflineData, useOfflineDbLoaded } from '@/offline/runtime-demand';

// The offline runtime (Dexie, replay, the field reporter) loads only when it has work: never on the login route.
const OfflineRuntimeHost = lazy(() => import('./offline-runtime-host').then((m) => ({ default: m.OfflineRuntimeHost })));

const USER_TABLES = ['outbox', 'drafts'] as const;

/** True once the user has jobs or drafts here (in this tab or another), or the database needs Dexie to read it. */
function useUserHasOfflineData(userId: number, skip: boolean): boolean {
  const [has, setHas] = useState(false);
  useEffect(() => {
    if (skip || has) return;
    let cancelled = false;
    const check = () => {
      peekOfflineData(userId).then(
        (peek) => !cancelled && (peek === null || peek.jobs > 0 || peek.drafts > 0) && setHas(true),
        // Unreadable without Dexie: let the runtime try (and report) as it always did.
        () => !cancelled && setHas(true),
      );
    };
    const off = onOfflineDbMutated(OFFLINE_DB_NAME, USER_TABLES, check);
    check();
    return () => {
      cancelled = true;
      off();
    };
  }, [userId, skip, has]);
  return has;
}

/**
 * Dexie and the offline runtime stay off the first load of online-only screens. The
 * runtime (replay, the field reporter) starts once this user has jobs or drafts, or once a screen
 * that works offline has loaded Dexie itself; until then only the server probe runs.
 */
export function OfflineRuntimeGate({ userId, confirmed, reportsField = false }: { userId: number; confirmed: boolean; reportsField?: boolean }) {
  const dexieLoaded = useOfflineDbLoaded();
  const hasData = useUserHasOfflineData(userId, dexieLoaded);
  const wanted = dexieLoaded || hasData;

  useEffect(() => {
    const connectivity = getConnectivityStore();
    connectivity.start();
    return () => connectivity.stop();
  }, []);

  // An app opened offline runs on the saved session. React Query's own "reconnect" misses the way
  // back (it starts out believing it is online), so the probe seeing the server again asks once more.
  const client = useQueryClient();
  useEffect(() => {
    const connectivity = getConnectivityStore();
    let reachable = connectivity.getSnapshot().state !== 'offline';
    return connectivity.subscribe(() => {
      const now = connectivity.getSnapshot().state !== 'offline';
      if (now && !reachable && getOfflineSession()) void client.refetchQueries({ queryKey: sessionQueries.permissions().queryKey });
      reachable = now;
    });
  }, [client]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OfflineRuntimeHost userId={userId} confirmed={confirmed} reportsField={reportsField} />
    </Suspense>
  );
}
