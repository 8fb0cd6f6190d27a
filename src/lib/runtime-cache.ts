/*
 * The page's side of the service worker's per-user runtime caches (sw/sw.ts). The worker keeps
 * API answers (dictionaries, house lists) in caches named `api-<userId>-<kind>` and caches
 * nothing until a page tells it whose session runs. These names and message types repeat
 * sw/cache-rules.ts (src/ does not import sw/); tests/unit/sw/cache-rules.test.ts checks they agree.
 */

export const RUNTIME_CACHE_PREFIX = 'api-';

export function userCachePrefix(userId: number): string {
  return `${RUNTIME_CACHE_PREFIX}${userId}-`;
}

export type ServiceWorkerMessage = { type: 'SET_USER'; userId: number | null } | { type: 'CLEAR_USER_CACHES'; userId: number | null };

/** Posts to the active worker, whether or not it controls this page yet (the first visit). */
async function post(message: ServiceWorkerMessage): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const container = navigator.serviceWorker;
    const registration = await container.getRegistration();
    const targets = new Set([container.controller, registration?.active].filter((w): w is ServiceWorker => Boolean(w)));
    targets.forEach((worker) => worker.postMessage(message));
  } catch (error) {
    console.warn('Service worker message failed', message.type, error);
  }
}

let announced: number | null | undefined;

/** Tells the worker whose answers to keep; null means "not known yet" (it then keeps none). */
export function announceUser(userId: number | null): Promise<void> {
  if (announced === userId) return Promise.resolve();
  announced = userId;
  return post({ type: 'SET_USER', userId });
}

/**
 * A logout or a 401: the user's cached answers must not be served to whoever comes next. The
 * worker is told (it also forgets the user), and the page deletes the caches itself in case no
 * worker runs or the message is lost. Without a known user every runtime cache goes.
 */
export async function clearUserCaches(userId: number | null): Promise<void> {
  announced = undefined;
  await post({ type: 'CLEAR_USER_CACHES', userId });
  const storage = typeof caches === 'undefined' ? undefined : caches;
  if (!storage) return;
  try {
    const prefix = userId === null ? RUNTIME_CACHE_PREFIX : userCachePrefix(userId);
    const names = (await storage.keys()).filter((name) => name.startsWith(prefix));
    await Promise.all(names.map((name) => storage.delete(name)));
  } catch (error) {
    console.warn('Runtime caches could not be deleted', error);
  }
}

/** A new worker took over (an update): it reads the stored user, but telling it again costs nothing. */
export function reannounceOnControllerChange(): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const listener = () => {
    if (announced !== undefined) void post({ type: 'SET_USER', userId: announced });
  };
  navigator.serviceWorker.addEventListener('controllerchange', listener);
  return () => navigator.serviceWorker.removeEventListener('controllerchange', listener);
}
