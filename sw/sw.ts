/// <reference lib="webworker" />
import { clientsClaim, registerQuotaErrorCallback, type RouteHandlerCallbackOptions, type WorkboxPlugin } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import {
  RUNTIME_CACHE_KINDS,
  isCacheableApiResponse,
  isCacheableBody,
  isRuntimeCacheName,
  parseSwMessage,
  runtimeCacheKind,
  userCacheName,
  userCachePrefix,
  type RuntimeCacheKind,
} from './cache-rules';
import { currentUser, storeUser } from './user-state';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** Paths the server answers itself (not /site/auth: that is the login screen). */
const API_PREFIXES = [/^\/front\//, /^\/site\/auth\//, /^\/site\/csrf(\/|$)/, /^\/adjuster\//];
/** A file (help.pdf, icons …) is not a screen of the app either. */
const FILE_PATH = /\/[^/]+\.[a-z0-9]+$/i;

/** House lists wait this long for the network before a cached page is shown (basements). */
const HOUSE_LIST_TIMEOUT_SECONDS = 3;
/** Each filter and page is its own entry; the oldest go first. */
const MAX_ENTRIES: Record<RuntimeCacheKind, number> = { dictionaries: 20, 'house-lists': 200 };

// The very first visit should fill the runtime caches too, so the worker takes the open pages at
// once. An update still waits for the user (registerType 'prompt'): only SKIP_WAITING activates it.
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The screens are client-side routes: every navigation gets the precached index.html.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [...API_PREFIXES, FILE_PATH] }));

// The manifest and icons are emitted outside the precache glob (vite.config.ts); keep a copy so an
// app opened offline still has its icon. 'runtime-' caches are the first to go on a full quota.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && (url.pathname === '/manifest.webmanifest' || url.pathname.startsWith('/icons/')),
  new StaleWhileRevalidate({ cacheName: 'runtime-app-assets' }),
);

async function deleteCaches(matches: (name: string) => boolean): Promise<void> {
  const names = (await caches.keys()).filter(matches);
  await Promise.all(names.map((name) => caches.delete(name)));
}

function deleteUserCaches(userId: string): Promise<void> {
  return deleteCaches((name) => isRuntimeCacheName(name) && name.startsWith(userCachePrefix(userId)));
}

/** A page saw a logout or a 401: that session is over, whoever the worker thought it was. */
async function clearUser(userId: string | null): Promise<void> {
  const current = await currentUser();
  await storeUser(null);
  const owners = [userId, current].filter((id): id is string => id !== null);
  await deleteCaches((name) => isRuntimeCacheName(name) && (owners.length === 0 || owners.some((id) => name.startsWith(userCachePrefix(id)))));
}

/**
 * The worker saw a 401 for one user's request. A late answer for a user who has already left
 * must not make the worker forget whoever came next.
 */
async function forgetUser(userId: string): Promise<void> {
  if ((await currentUser()) === userId) await storeUser(null);
  await deleteUserCaches(userId);
}

async function setUser(userId: string | null): Promise<void> {
  await storeUser(userId);
  // One person at a time uses a device: another user's answers must not outlive the switch.
  if (userId !== null) await deleteCaches((name) => isRuntimeCacheName(name) && !name.startsWith(userCachePrefix(userId)));
}

/** Cache.keys() lists entries in the order they were written, so the first ones are the oldest. */
async function trim(cacheName: string, maxEntries: number): Promise<void> {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - maxEntries)).map((key) => cache.delete(key)));
}

function userPlugin(userId: string, kind: RuntimeCacheKind): WorkboxPlugin {
  return {
    fetchDidSucceed: async ({ response }) => {
      if (response.status === 401) await forgetUser(userId);
      return response;
    },
    cacheWillUpdate: async ({ response }) => {
      if (!isCacheableApiResponse(response)) return null;
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => undefined);
      if (!isCacheableBody(body)) return null;
      // The user may have logged out while this answer was on its way.
      return (await currentUser()) === userId ? response : null;
    },
    cacheDidUpdate: async ({ cacheName }) => {
      if ((await currentUser()) !== userId) await caches.delete(cacheName);
      else await trim(cacheName, MAX_ENTRIES[kind]);
    },
  };
}

const strategies = new Map<string, Strategy>();

function strategyFor(userId: string, kind: RuntimeCacheKind): Strategy {
  const cacheName = userCacheName(userId, kind);
  let strategy = strategies.get(cacheName);
  if (!strategy) {
    const plugins = [userPlugin(userId, kind)];
    strategy =
      kind === 'dictionaries'
        ? new StaleWhileRevalidate({ cacheName, plugins })
        : new NetworkFirst({ cacheName, plugins, networkTimeoutSeconds: HOUSE_LIST_TIMEOUT_SECONDS });
    strategies.set(cacheName, strategy);
  }
  return strategy;
}

for (const kind of RUNTIME_CACHE_KINDS) {
  registerRoute(
    ({ url, request }) => runtimeCacheKind(url, self.location.origin, request.method) === kind,
    async (options: RouteHandlerCallbackOptions) => {
      const userId = await currentUser();
      // Nobody announced: the answer cannot be filed under a user, so it is not kept at all.
      if (userId === null) return fetch(options.request);
      return strategyFor(userId, kind).handle(options);
    },
  );
}

// What can be fetched again goes first; the precache (the shell) stays, or the app would not open.
registerQuotaErrorCallback(() => deleteCaches((name) => isRuntimeCacheName(name) || name.startsWith('runtime-')));

// Logout, then login as someone else, arrive as quick messages: each finishes before the next starts.
let messages: Promise<void> = Promise.resolve();

function inOrder(event: ExtendableMessageEvent, work: () => Promise<void>): void {
  messages = messages.then(work).catch((error: unknown) => console.error('Service worker message failed', error));
  event.waitUntil(messages);
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = parseSwMessage(event.data);
  switch (message?.type) {
    case 'SKIP_WAITING':
      void self.skipWaiting();
      break;
    case 'SET_USER':
      inOrder(event, () => setUser(message.userId));
      break;
    case 'CLEAR_USER_CACHES':
      inOrder(event, () => clearUser(message.userId));
      break;
    default:
      break;
  }
});
