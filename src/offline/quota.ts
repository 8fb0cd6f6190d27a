/*
 * When the origin's storage is full, what can be fetched again goes first: the service worker's
 * runtime caches of API answers. The outbox and drafts hold what exists nowhere else, so they are
 * never purged; the precached shell is left alone too, or the app would not open offline.
 */

/** Cache Storage names the service worker uses for API answers (sw/sw.ts names its caches so). */
export const RUNTIME_CACHE_PREFIXES = ['api-', 'runtime-'] as const;

const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);
// Legacy DOMException codes: 22 QUOTA_EXCEEDED_ERR, 1014 Firefox's NS_ERROR_DOM_QUOTA_REACHED.
const QUOTA_CODES = new Set([22, 1014]);

/** Recognises a quota error as IndexedDB, Dexie (which wraps it in `inner`) or Cache Storage report it. */
export function isQuotaExceededError(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 5) return false;
  const { name, code, inner, cause } = error as { name?: unknown; code?: unknown; inner?: unknown; cause?: unknown };
  if (typeof name === 'string' && QUOTA_NAMES.has(name)) return true;
  if (error instanceof DOMException && typeof code === 'number' && QUOTA_CODES.has(code)) return true;
  return isQuotaExceededError(inner, depth + 1) || isQuotaExceededError(cause, depth + 1);
}

export function isRuntimeCacheName(name: string): boolean {
  return RUNTIME_CACHE_PREFIXES.some((prefix) => name.startsWith(prefix));
}

/** Deletes the runtime caches; returns their names. Without Cache Storage there is nothing to free. */
export async function purgeRuntimeCaches(storage: CacheStorage | undefined = globalThis.caches): Promise<string[]> {
  if (!storage) return [];
  const names = (await storage.keys()).filter(isRuntimeCacheName);
  await Promise.all(names.map((name) => storage.delete(name)));
  return names;
}

export interface QuotaRetryOptions {
  purge?: () => Promise<unknown>;
  /** Told what was freed, e.g. to log it. */
  onPurged?: (result: unknown) => void;
}

/**
 * Runs a write; on a quota error frees the runtime caches and tries once more. A second failure
 * is thrown: the caller keeps the values in memory and tells the user that storage is full.
 */
export async function withQuotaRetry<T>(write: () => Promise<T>, options: QuotaRetryOptions = {}): Promise<T> {
  const { purge = () => purgeRuntimeCaches(), onPurged } = options;
  try {
    return await write();
  } catch (error) {
    if (!isQuotaExceededError(error)) throw error;
    const purged = await purge();
    onPurged?.(purged);
    return write();
  }
}
