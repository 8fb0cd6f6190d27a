import { useEffect } from 'react';
import { notify } from '@/components/notifications/notify';
import { t } from '@/i18n/i18n';
import { registerBeforeReload } from '@/lib/before-reload';
import { isLoggedIn, setLoggedFlag } from '@/lib/logged-flag';
import { clearUserCaches } from '@/lib/runtime-cache';
import { emitSessionEvent } from '@/lib/session-events';
import { flushAllDrafts } from '@/offline/drafts';
import { offlineT } from '@/offline/offline-strings';
import { createOfflineRuntime, type OfflineRuntime, type OfflineRuntimeOptions } from '@/offline/runtime';
import { getOfflineRuntime, setOfflineRuntime, useOfflineRuntime } from '@/offline/runtime-context';
import type { FieldReporter } from '@/platform/field-report';

/*
 * One offline runtime per logged-in user: made when a session has a userId, stopped
 * when it ends or another user logs in. Rendered by OfflineRuntimeGate once it has work, and loaded
 * lazily, so the login route and online-only screens carry no Dexie.
 */

export interface OfflineRuntimeHostProps {
  userId: number;
  /**
   * The server itself confirmed this session (the permissions call answered), as opposed to the
   * saved one standing in offline: a queue paused by a 401 can go on.
   */
  confirmed: boolean;
  /** The queue's summary goes to support (installers only: src/platform/field-report-access.ts). */
  reportsField?: boolean;
  /** Tests pass their own database and sender. */
  options?: Omit<OfflineRuntimeOptions, 'currentUserId'>;
}

/**
 * The replay got a 401: the server no longer knows this session. Everything stays queued (paused);
 * the user is asked to log in, and «Войти» ends the local session the way any other 401 does.
 */
function askToLogIn(): void {
  notify(offlineT('offline.loginNeeded'), {
    variant: 'warning',
    persist: true,
    preventDuplicate: true,
    action: {
      label: t('header.login'),
      run: () => {
        void clearUserCaches(null);
        setLoggedFlag(false);
        emitSessionEvent({ type: 'expired' });
      },
    },
  });
}

export function OfflineRuntimeHost({ userId, confirmed, reportsField = false, options }: OfflineRuntimeHostProps) {
  useEffect(() => {
    // A logout in this or another tab flips the flag before this host unmounts: send nothing meanwhile.
    const runtime: OfflineRuntime = createOfflineRuntime({ ...options, currentUserId: () => (isLoggedIn() ? userId : null) });
    const off = runtime.engine.subscribe((event) => {
      if (event.type === 'login-needed' && event.userId === userId && getOfflineRuntime() === runtime) askToLogIn();
      if (event.type === 'error') console.error('Sending the outbox failed', event.error);
    });
    runtime.start();
    setOfflineRuntime(runtime);
    // Support's view of the field: an installer's queue summary goes to the server whenever it is
    // reachable (its code loads after the start, off the shell).
    let reporter: FieldReporter | null = null;
    let ended = false;
    if (reportsField) {
      void import('@/platform/field-report').then(({ createFieldReporter }) => {
        if (ended) return;
        reporter = createFieldReporter({ runtime, userId });
        reporter.start();
      });
    }
    return () => {
      ended = true;
      reporter?.stop();
      off();
      runtime.stop();
      if (getOfflineRuntime() === runtime) setOfflineRuntime(null);
    };
  }, [userId, reportsField, options]);

  const runtime = useOfflineRuntime();
  useEffect(() => {
    if (!runtime || !confirmed) return;
    // After a login (or the server answering again): jobs paused by a 401 go back to the queue.
    runtime.engine.resume().catch((error: unknown) => console.error('Resuming the outbox failed', error));
  }, [runtime, confirmed]);

  // Open drafts are written before the app reloads itself for an update.
  useEffect(() => registerBeforeReload(flushAllDrafts), []);

  return null;
}
