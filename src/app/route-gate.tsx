import type { QueryClient } from '@tanstack/react-query';
import { Suspense, use } from 'react';
import { Navigate } from 'react-router-dom';
import { isLoggedIn } from '@/lib/logged-flag';
import { readSavedSession, sessionQueries, useSession } from '@/lib/session';
import { startReadsSettled } from '@/lib/start-reads';
import type { Access } from './access-rules';
import { LOGIN_PATH } from './guard';
import { PageFallback } from './page-fallback';
import type { AppRouteDefinition, PageLoader } from './route-table';

/**
 * A module loaded once: `load` starts it (the router does, before the screen renders), and
 * `useLoaded` reads it, suspending only if it has not arrived yet, so a preloaded screen renders at once.
 */
function preloadable<T>(loader: () => Promise<T>): { load: () => Promise<T>; useLoaded: () => T } {
  let loaded: { value: T } | null = null;
  let loading: Promise<T> | null = null;
  const load = () =>
    (loading ??= loader().then(
      (value) => {
        loaded = { value };
        return value;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return { load, useLoaded: () => (loaded ? loaded.value : use(load())) };
}

/** How long a screen waits for the start's reads (they take a few ms after the screen's code). */
const START_READS_WAIT_MS = 200;

// Seldom shown, so it stays out of the entry chunk (the login route's budget).
const noAccessPage = preloadable(() => import('./no-access-page'));

/** The user's access as the route starts loading: null when logged out, 'unknown' when it could not be read. */
async function accessNow(client: QueryClient): Promise<Access | 'unknown' | null> {
  if (!isLoggedIn()) return null;
  try {
    return await client.ensureQueryData(sessionQueries.permissions());
  } catch {
    // A 401 logged the user out meanwhile: nothing to load, the screen sends them to the login form.
    return isLoggedIn() ? 'unknown' : null;
  }
}

/**
 * A route's screen behind its access rule. The router waits for the permissions (from
 * the cache, once loaded) and then for the screen's code only if the user may open it, so an allowed
 * user never sees the refusal and a refused one never downloads the screen. The decision itself is
 * made when rendering, from the session of whoever is logged in then.
 */
export function gatedPage(route: AppRouteDefinition, client: QueryClient): PageLoader {
  const screen = preloadable(route.page);

  function Screen() {
    const { Component } = screen.useLoaded();
    return <Component />;
  }

  function Refusal() {
    const { NoAccessPage } = noAccessPage.useLoaded();
    return <NoAccessPage titleKey={route.titleKey} rule={route.access} />;
  }

  function GatedPage() {
    const session = useSession();
    // A 401 met while the route was loading (before the layout listened for it) logged the user out.
    if (!session.logged) return <Navigate to={LOGIN_PATH} replace />;
    if (!session.ready) return <PageFallback />;
    // Permissions that failed to load refuse nothing: the server still answers 403 to what it refuses.
    const refused = session.accessKnown && !route.access.allows(session);
    return <Suspense fallback={<PageFallback />}>{refused ? <Refusal /> : <Screen />}</Suspense>;
  }

  return async () => {
    // The saved session of the last online load (localStorage, read at once) lets the screen's
    // code load while the permissions are still asked for: offline that question waits for the
    // network to fail, and the wizard's chunk then arrived only after it.
    const saved = isLoggedIn() ? readSavedSession() : null;
    if (saved && route.access.allows(saved.permissions)) void screen.load().catch(() => undefined);
    const access = await accessNow(client);
    performance.mark?.('intercom:permissions');
    if (access === 'unknown' || (access !== null && route.access.allows(access))) {
      await screen.load();
      // The draft the URL names, read since the start: a wizard then renders once, with it.
      await startReadsSettled(START_READS_WAIT_MS);
    }
    else if (access !== null) await noAccessPage.load();
    performance.mark?.('intercom:screen');
    return { Component: GatedPage };
  };
}
