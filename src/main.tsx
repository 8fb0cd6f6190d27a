import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/app-providers';
import { askAheadOfCode, createAppRouter } from '@/app/router';
import { registerServiceWorker } from '@/app/service-worker';
import { startSettled, type StartSignals } from '@/app/start-settled';
import { notify } from '@/components/notifications/notify';
import { loadCatalog } from '@/i18n/i18n';
import { isLoggedIn } from '@/lib/logged-flag';
import { queryClient } from '@/lib/query-client';
import { addStartRead } from '@/lib/start-reads';
import { getPreferences } from '@/lib/preferences';

performance.mark?.('intercom:entry');
document.documentElement.lang = getPreferences().language;

/** Screens that work offline read the database at once: the wizards, the queue, a flat's card, a device's keys and codes. */
const OFFLINE_SCREEN = /^\/(outbox|device\/codes|devices\/(wizard|serial-number-wizard|replace-wizard))$|^\/devices\/[^/]+\/(wizard|keys|rs-keys|codes|commutators)$|\/flats\//;

// A logged-in start on a screen that works offline opens the offline database (and loads Dexie) at
// once, beside the permissions and the route's code, and reads ahead the draft the URL names: a
// wizard needs it for its first field. Other screens load no Dexie.
const search = new URLSearchParams(location.search);
if (isLoggedIn() && (search.has('draft') || OFFLINE_SCREEN.test(location.pathname))) {
  const started = import('@/offline/drafts').then((drafts) => drafts.startDraftsEarly(location.search));
  // Only a draft is worth a screen's wait; other screens render without waiting for the database.
  if (search.has('draft')) addStartRead(started);
}

askAheadOfCode(queryClient, location);
const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/** How long the first render waits for the first route (its code, permissions and draft read). */
const FIRST_ROUTE_WAIT_MS = 250;

/**
 * Resolves once the router has the first route's code and loader data, or after `maxWaitMs`. From
 * the worker's cache that takes a few dozen ms, and rendering then draws the layout and the screen
 * in one go, instead of a spinner, the layout, and the screen in a transition that the start's
 * other updates keep restarting (the offline reload). A slow network still gets the
 * layout with its spinner after `maxWaitMs`.
 */
function firstRouteReady(maxWaitMs: number): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, maxWaitMs);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
  });
}

// A user who chose English sees English from the first frame.
const catalog = loadCatalog(getPreferences().language).catch((error: unknown) => console.error('Language strings failed to load', error));
void Promise.all([catalog, firstRouteReady(FIRST_ROUTE_WAIT_MS)]).then(() => {
  performance.mark?.('intercom:render');
  createRoot(root).render(
    <StrictMode>
      <AppProviders client={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});

const startSignals: StartSignals = {
  routeReady: () => router.state.initialized && router.state.navigation.state === 'idle',
  fetching: () => queryClient.isFetching(),
  subscribe: (listener) => {
    const offRouter = router.subscribe(listener);
    const offQueries = queryClient.getQueryCache().subscribe(listener);
    return () => {
      offRouter();
      offQueries();
    };
  },
};
void startSettled(startSignals).then(() => registerServiceWorker((message, action) => notify(message, { variant: 'info', persist: action !== undefined, action })));
