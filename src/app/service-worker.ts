import { t } from '@/i18n/i18n';
import { runBeforeReload } from '@/lib/before-reload';
import { reannounceOnControllerChange } from '@/lib/runtime-cache';
import { watchForUpdates } from './update-checks';

type Notify = (message: string, action?: { label: string; run: () => void }) => void;

/** Open drafts are saved before any reload the update causes, in every tab. */
async function reloadAfterSaving(): Promise<void> {
  const { timedOut, failed } = await runBeforeReload();
  if (timedOut || failed > 0) console.warn('Reloading for the update before every task finished', { timedOut, failed });
  window.location.reload();
}

/**
 * Registers sw/sw.ts in production builds. With registerType 'prompt' a new version waits
 * until the user agrees in the toast; then it is told to skip waiting, takes control, and every
 * open tab saves its drafts and reloads.
 */
export async function registerServiceWorker(notify: Notify): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  reannounceOnControllerChange();
  const updateSW = registerSW({
    onNeedRefresh() {
      notify(t('app.update.available'), {
        label: t('app.update.reload'),
        run: () => {
          notify(t('pwa.update.saving'));
          void runBeforeReload().then(() => updateSW(true));
        },
      });
    },
    // Replaces the plugin's bare reload when the new worker takes control.
    onNeedReload() {
      void reloadAfterSaving();
    },
    onOfflineReady() {
      notify(t('app.offlineReady'));
    },
    onRegisteredSW(_url: string, registration: ServiceWorkerRegistration | undefined) {
      if (registration) watchForUpdates(registration);
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });
}
