/*
 * The service worker's rules as pure functions, so unit tests can check them without a worker.
 * This file must not depend on the WebWorker lib: tests/unit imports it under the DOM lib.
 * src/lib/runtime-cache.ts repeats the cache-name prefix and the message types on the page's
 * side; tests/unit/sw/cache-rules.test.ts checks that the two agree.
 */

/** Every runtime cache of API answers starts with this; the precache and `sw-state` do not. */
export const RUNTIME_CACHE_PREFIX = 'api-';

export const RUNTIME_CACHE_KINDS = ['dictionaries', 'house-lists'] as const;
export type RuntimeCacheKind = (typeof RUNTIME_CACHE_KINDS)[number];

/** The GET paths whose answers are kept for offline use (dictionaries, house list). */
const CACHED_PATHS: Record<string, RuntimeCacheKind> = {
  '/front/dictionary/get-options': 'dictionaries',
  '/front/house-list': 'house-lists',
};

/** Which runtime cache a GET belongs to; null for anything the worker leaves to the network. */
export function runtimeCacheKind(url: URL, origin: string, method = 'GET'): RuntimeCacheKind | null {
  if (method !== 'GET' || url.origin !== origin) return null;
  return CACHED_PATHS[url.pathname] ?? null;
}

// No hyphen: the prefix `api-<id>-` of one user must never be the start of another user's.
const USER_ID = /^[A-Za-z0-9_]{1,64}$/;

/** A user id as the page sends it (a number, or its digits); null for anything unfit for a cache name. */
export function normalizeUserId(value: unknown): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : null;
  if (typeof value === 'string' && USER_ID.test(value)) return value;
  return null;
}

export function userCachePrefix(userId: string): string {
  return `${RUNTIME_CACHE_PREFIX}${userId}-`;
}

export function userCacheName(userId: string, kind: RuntimeCacheKind): string {
  return `${userCachePrefix(userId)}${kind}`;
}

export function isRuntimeCacheName(name: string): boolean {
  return name.startsWith(RUNTIME_CACHE_PREFIX);
}

/** What the rule reads of a Response; a real Response fits. */
export interface ResponseLike {
  status: number;
  type: string;
  redirected: boolean;
  headers: { get(name: string): string | null };
}

/**
 * Only a JSON 200 that came straight from our server may be kept. A redirect (to a login page,
 * a captive portal) or an HTML page under an API URL would otherwise be served later as data.
 */
export function isCacheableApiResponse(response: ResponseLike): boolean {
  if (response.status !== 200 || response.redirected) return false;
  if (response.type === 'opaqueredirect' || response.type === 'opaque' || response.type === 'error') return false;
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  return mediaType === 'application/json';
}

/** A parsed body worth keeping: JSON that is not the API's `{result: false}` failure. */
export function isCacheableBody(body: unknown): boolean {
  if (body === undefined) return false;
  return !(typeof body === 'object' && body !== null && (body as { result?: unknown }).result === false);
}

export const SW_MESSAGE_TYPES = ['SET_USER', 'CLEAR_USER_CACHES', 'SKIP_WAITING'] as const;

export type SwMessage =
  | { type: 'SET_USER'; userId: string | null }
  | { type: 'CLEAR_USER_CACHES'; userId: string | null }
  | { type: 'SKIP_WAITING' };

/** Reads a message posted by a page; anything malformed is ignored (null). */
export function parseSwMessage(data: unknown): SwMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, userId } = data as { type?: unknown; userId?: unknown };
  switch (type) {
    case 'SKIP_WAITING':
      return { type };
    case 'SET_USER':
    case 'CLEAR_USER_CACHES': {
      const id = normalizeUserId(userId);
      // A present but unusable id is a bug on the page; better ignored than read as "no user".
      if (id === null && userId !== null && userId !== undefined) return null;
      return { type, userId: id };
    }
    default:
      return null;
  }
}
