/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** Paths the server answers itself (not /site/auth: that is the login screen). */
const API_PREFIXES = [/^\/front\//, /^\/site\/auth\//, /^\/site\/csrf(\/|$)/, /^\/adjuster\//];
/** A file (help.pdf, icons …) is not a screen of the app either. */
const FILE_PATH = /\/[^/]+\.[a-z0-9]+$/i;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The screens are client-side routes: every navigation gets the precached index.html.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [...API_PREFIXES, FILE_PATH] }));

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') void self.skipWaiting();
});
