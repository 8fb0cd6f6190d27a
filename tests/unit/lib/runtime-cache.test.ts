import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceUser, clearUserCaches, type ServiceWorkerMessage } from '@/lib/runtime-cache';

function stubServiceWorker() {
  const posted: ServiceWorkerMessage[] = [];
  const worker = { postMessage: (message: ServiceWorkerMessage) => posted.push(message) };
  // The first visit: an active worker that does not control the page yet still gets the message.
  const container = { controller: null, getRegistration: async () => ({ active: worker }) };
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: container }));
  return posted;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('telling the service worker whose answers to keep', () => {
  it('announces a user once, again after the caches were cleared', async () => {
    const posted = stubServiceWorker();
    vi.stubGlobal('caches', { keys: async () => [], delete: async () => true });
    await announceUser(7);
    await announceUser(7);
    await clearUserCaches(7);
    await announceUser(7);
    expect(posted).toEqual([
      { type: 'SET_USER', userId: 7 },
      { type: 'CLEAR_USER_CACHES', userId: 7 },
      { type: 'SET_USER', userId: 7 },
    ]);
  });

  it('deletes every runtime cache from the page when the user is unknown (a 401)', async () => {
    stubServiceWorker();
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => ['api-3-dictionaries', 'api-4-house-lists', 'workbox-precache-v2-x', 'sw-state'],
      delete: async (name: string) => deleted.push(name) > 0,
    });
    await clearUserCaches(null);
    expect(deleted.sort()).toEqual(['api-3-dictionaries', 'api-4-house-lists']);
  });

  it('does nothing without service-worker support', async () => {
    vi.stubGlobal('navigator', Object.create(navigator) as Navigator);
    await expect(announceUser(1)).resolves.toBeUndefined();
  });
});
