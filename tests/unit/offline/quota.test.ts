import { describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import { isQuotaExceededError, isRuntimeCacheName, purgeRuntimeCaches, withQuotaRetry } from '@/offline/quota';

function fakeCaches(names: string[]) {
  const store = new Set(names);
  return {
    store,
    keys: vi.fn(async () => [...store]),
    delete: vi.fn(async (name: string) => store.delete(name)),
  } as unknown as CacheStorage & { store: Set<string> };
}

describe('quota errors', () => {
  it('recognises the DOMException, Dexie’s wrapper and a cause chain', () => {
    const dom = new DOMException('full', 'QuotaExceededError');
    expect(isQuotaExceededError(dom)).toBe(true);
    expect(isQuotaExceededError(new Dexie.QuotaExceededError('full'))).toBe(true);
    expect(isQuotaExceededError(new Dexie.AbortError('aborted', dom))).toBe(true);
    expect(isQuotaExceededError(new Error('write failed', { cause: dom }))).toBe(true);
    expect(isQuotaExceededError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
  });

  it('does not mistake other errors', () => {
    expect(isQuotaExceededError(new Error('nope'))).toBe(false);
    expect(isQuotaExceededError(new DOMException('x', 'AbortError'))).toBe(false);
    expect(isQuotaExceededError(null)).toBe(false);
    expect(isQuotaExceededError('QuotaExceededError')).toBe(false);
  });
});

describe('purgeRuntimeCaches', () => {
  it('deletes only the runtime caches; the precache stays', async () => {
    const caches = fakeCaches(['api-7-dictionaries', 'runtime-images', 'workbox-precache-v2-https://x/', 'other']);
    expect((await purgeRuntimeCaches(caches)).sort()).toEqual(['api-7-dictionaries', 'runtime-images']);
    expect([...caches.store].sort()).toEqual(['other', 'workbox-precache-v2-https://x/']);
    expect(isRuntimeCacheName('api-')).toBe(true);
    expect(isRuntimeCacheName('apix')).toBe(false);
  });

  it('does nothing without Cache Storage', async () => {
    expect(await purgeRuntimeCaches(undefined)).toEqual([]);
  });
});

describe('withQuotaRetry', () => {
  it('on a quota error purges the runtime caches first, then writes once more', async () => {
    const order: string[] = [];
    const write = vi
      .fn<() => Promise<string>>()
      .mockImplementationOnce(async () => {
        order.push('write');
        throw new DOMException('full', 'QuotaExceededError');
      })
      .mockImplementationOnce(async () => {
        order.push('write');
        return 'ok';
      });
    const purge = vi.fn(async () => {
      order.push('purge');
      return ['api-7'];
    });
    const onPurged = vi.fn();
    expect(await withQuotaRetry(write, { purge, onPurged })).toBe('ok');
    expect(order).toEqual(['write', 'purge', 'write']);
    expect(onPurged).toHaveBeenCalledWith(['api-7']);
  });

  it('purges with the default purge when no callback is given', async () => {
    const caches = fakeCaches(['api-1']);
    vi.stubGlobal('caches', caches);
    try {
      const write = vi.fn<() => Promise<number>>().mockRejectedValueOnce(new DOMException('full', 'QuotaExceededError')).mockResolvedValueOnce(1);
      expect(await withQuotaRetry(write)).toBe(1);
      expect(caches.store.size).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('tries only once more: a second quota error reaches the caller', async () => {
    const write = vi.fn(async () => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(withQuotaRetry(write, { purge: async () => [] })).rejects.toThrow('full');
    expect(write).toHaveBeenCalledTimes(2);
  });

  it('other errors are not retried and purge nothing', async () => {
    const purge = vi.fn(async () => []);
    await expect(withQuotaRetry(async () => Promise.reject(new Error('boom')), { purge })).rejects.toThrow('boom');
    expect(purge).not.toHaveBeenCalled();
  });
});
