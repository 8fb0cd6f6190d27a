import { t } from '@/i18n/i18n';

type Notify = (message: string, action?: { label: string; run: () => void }) => void;

/**
 * Registers sw/sw.ts in production builds. With registerType 'prompt' a new version waits
 * until the user agrees; then it is told to skip waiting and the page reloads.
 */
export async function registerServiceWorker(notify: Notify): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const updateSW = registerSW({
    onNeedRefresh() {
      notify(t('app.update.available'), { label: t('app.update.reload'), run: () => void updateSW(true) });
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });
}
