import { describe, expect, it } from 'vitest';
import { RUNTIME_CACHE_PREFIX as PAGE_PREFIX, userCachePrefix as pageUserCachePrefix, type ServiceWorkerMessage } from '@/lib/runtime-cache';
import {
  RUNTIME_CACHE_PREFIX,
  isCacheableApiResponse,
  isCacheableBody,
  isRuntimeCacheName,
  normalizeUserId,
  parseSwMessage,
  runtimeCacheKind,
  userCacheName,
  userCachePrefix,
  type ResponseLike,
} from '../../../sw/cache-rules';

const ORIGIN = 'https://app.example';

function answer(overrides: Partial<Omit<ResponseLike, 'headers'>> & { contentType?: string | null } = {}): ResponseLike {
  const { contentType = 'application/json; charset=utf-8', ...rest } = overrides;
  const headers = new Headers();
  if (contentType !== null) headers.set('Content-Type', contentType);
  return { status: 200, type: 'basic', redirected: false, headers, ...rest };
}

describe('isCacheableApiResponse: only JSON 200 answers are kept', () => {
  it('keeps a JSON 200, with or without a charset', () => {
    expect(isCacheableApiResponse(answer())).toBe(true);
    expect(isCacheableApiResponse(answer({ contentType: 'Application/JSON' }))).toBe(true);
    expect(isCacheableApiResponse(answer({ type: 'cors' }))).toBe(true);
  });

  it('keeps a real Response carrying JSON', () => {
    expect(isCacheableApiResponse(new Response('{"result":true}', { headers: { 'Content-Type': 'application/json' } }))).toBe(true);
  });

  it.each([201, 204, 206, 301, 302, 304, 401, 403, 404, 500, 503])('never keeps HTTP %i', (status) => {
    expect(isCacheableApiResponse(answer({ status }))).toBe(false);
  });

  it('never keeps an answer that followed a redirect (a login page, a captive portal)', () => {
    expect(isCacheableApiResponse(answer({ redirected: true }))).toBe(false);
  });

  it('never keeps an opaque redirect, an opaque or an error response', () => {
    expect(isCacheableApiResponse(answer({ type: 'opaqueredirect', status: 0 }))).toBe(false);
    expect(isCacheableApiResponse(answer({ type: 'opaqueredirect' }))).toBe(false);
    expect(isCacheableApiResponse(answer({ type: 'opaque' }))).toBe(false);
    expect(isCacheableApiResponse(answer({ type: 'error' }))).toBe(false);
  });

  it('never keeps an HTML page, text or an unlabelled body under an API URL', () => {
    expect(isCacheableApiResponse(answer({ contentType: 'text/html; charset=utf-8' }))).toBe(false);
    expect(isCacheableApiResponse(answer({ contentType: 'text/plain' }))).toBe(false);
    expect(isCacheableApiResponse(answer({ contentType: 'application/json-seq' }))).toBe(false);
    expect(isCacheableApiResponse(answer({ contentType: null }))).toBe(false);
  });
});

describe('isCacheableBody', () => {
  it('keeps parsed JSON but not a `result: false` failure or an unparsable body', () => {
    expect(isCacheableBody({ result: true, data: {} })).toBe(true);
    expect(isCacheableBody({ data: [] })).toBe(true);
    expect(isCacheableBody([])).toBe(true);
    expect(isCacheableBody({ result: false, message: 'Нет доступа' })).toBe(false);
    expect(isCacheableBody(undefined)).toBe(false);
  });
});

describe('runtimeCacheKind: which GETs the worker caches', () => {
  const url = (path: string, origin = ORIGIN) => new URL(path, origin);

  it('files dictionaries and house lists, queries included', () => {
    expect(runtimeCacheKind(url('/front/dictionary/get-options?dictionaryId=supported_languages'), ORIGIN)).toBe('dictionaries');
    expect(runtimeCacheKind(url('/front/house-list?page=2&address=Lenina'), ORIGIN)).toBe('house-lists');
  });

  it('leaves everything else to the network', () => {
    for (const path of ['/front/house-list/create', '/front/house-list/delete', '/front/user/get-permissions', '/site/csrf', '/houses', '/adjuster/api/prepare-device']) {
      expect(runtimeCacheKind(url(path), ORIGIN), path).toBeNull();
    }
  });

  it('leaves another origin and any non-GET alone', () => {
    expect(runtimeCacheKind(url('/front/house-list', 'https://other.example'), ORIGIN)).toBeNull();
    expect(runtimeCacheKind(url('/front/house-list'), ORIGIN, 'POST')).toBeNull();
  });
});

describe('per-user cache names', () => {
  it('names caches api-<userId>-<kind>', () => {
    expect(userCacheName('7', 'dictionaries')).toBe('api-7-dictionaries');
    expect(userCacheName('7', 'house-lists')).toBe('api-7-house-lists');
    expect(isRuntimeCacheName('api-7-house-lists')).toBe(true);
    expect(isRuntimeCacheName('workbox-precache-v2-https://app.example/')).toBe(false);
    expect(isRuntimeCacheName('sw-state')).toBe(false);
  });

  it("never lets one user's prefix match another user's caches", () => {
    expect(userCacheName('12', 'dictionaries').startsWith(userCachePrefix('1'))).toBe(false);
    expect(normalizeUserId('a-b')).toBeNull();
  });

  it('accepts numeric ids and plain tokens only', () => {
    expect(normalizeUserId(3)).toBe('3');
    expect(normalizeUserId('42')).toBe('42');
    expect(normalizeUserId(-1)).toBeNull();
    expect(normalizeUserId(1.5)).toBeNull();
    expect(normalizeUserId('../x')).toBeNull();
    expect(normalizeUserId('')).toBeNull();
    expect(normalizeUserId(null)).toBeNull();
  });

  it('uses the same names and prefix as the page (src/lib/runtime-cache.ts)', () => {
    expect(PAGE_PREFIX).toBe(RUNTIME_CACHE_PREFIX);
    for (const id of [0, 7, 123456]) expect(pageUserCachePrefix(id)).toBe(userCachePrefix(String(id)));
  });
});

describe('parseSwMessage', () => {
  it('reads every message the page sends', () => {
    const sent: ServiceWorkerMessage[] = [
      { type: 'SET_USER', userId: 7 },
      { type: 'SET_USER', userId: null },
      { type: 'CLEAR_USER_CACHES', userId: 7 },
      { type: 'CLEAR_USER_CACHES', userId: null },
    ];
    expect(sent.map(parseSwMessage)).toEqual([
      { type: 'SET_USER', userId: '7' },
      { type: 'SET_USER', userId: null },
      { type: 'CLEAR_USER_CACHES', userId: '7' },
      { type: 'CLEAR_USER_CACHES', userId: null },
    ]);
    expect(parseSwMessage({ type: 'SKIP_WAITING' })).toEqual({ type: 'SKIP_WAITING' });
  });

  it('ignores malformed messages instead of reading them as "no user"', () => {
    expect(parseSwMessage({ type: 'SET_USER', userId: 'x/y' })).toBeNull();
    expect(parseSwMessage({ type: 'CLEAR_USER_CACHES', userId: {} })).toBeNull();
    expect(parseSwMessage({ type: 'UNKNOWN' })).toBeNull();
    expect(parseSwMessage('SET_USER')).toBeNull();
    expect(parseSwMessage(null)).toBeNull();
  });
});
