/// <reference lib="webworker" />
import { normalizeUserId } from './cache-rules';

/*
 * Whose session the pages run. The browser stops an idle worker at will, so the id is kept in
 * Cache Storage (readable without IndexedDB code) as well as in memory. `sw-state` does not start
 * with the runtime prefix, so quota purges and logouts leave it alone; it holds only an id.
 */
const STATE_CACHE = 'sw-state';
const USER_KEY = '/__sw-state/user';

let current: Promise<string | null> | null = null;

async function readStored(): Promise<string | null> {
  try {
    const response = await (await caches.open(STATE_CACHE)).match(USER_KEY);
    if (!response) return null;
    return normalizeUserId(((await response.json()) as { userId?: unknown }).userId);
  } catch {
    return null;
  }
}

/** The user the pages last announced; null when none is (then nothing is cached). */
export function currentUser(): Promise<string | null> {
  current ??= readStored();
  return current;
}

export async function storeUser(userId: string | null): Promise<void> {
  current = Promise.resolve(userId);
  try {
    const cache = await caches.open(STATE_CACHE);
    // Delete first: if the put fails, a restarted worker must find no user rather than the previous one.
    await cache.delete(USER_KEY);
    await cache.put(USER_KEY, new Response(JSON.stringify({ userId }), { headers: { 'Content-Type': 'application/json' } }));
  } catch (error) {
    // A full quota: the id stays in memory for this worker's life; a restarted worker knows no user and caches nothing.
    console.warn('Service worker could not store the user', error);
  }
}
