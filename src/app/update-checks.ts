/** How often an open app asks the server for a new version while online. */
export const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;

/**
 * Asks for a new service worker every `intervalMs` and whenever the browser comes back online.
 * Offline the check is skipped: `update()` would only fail. Kept apart from service-worker.ts,
 * which imports the plugin's virtual module that only the production build provides.
 */
export function watchForUpdates(registration: ServiceWorkerRegistration, intervalMs: number = UPDATE_CHECK_INTERVAL_MS): () => void {
  const check = () => {
    if (!navigator.onLine || registration.installing) return;
    registration.update().catch((error: unknown) => console.warn('Update check failed', error));
  };
  const timer = setInterval(check, intervalMs);
  window.addEventListener('online', check);
  return () => {
    clearInterval(timer);
    window.removeEventListener('online', check);
  };
}
