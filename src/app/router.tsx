import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { queryClient } from '@/lib/query-client';
import { isLoggedIn } from '@/lib/logged-flag';
import { readSavedSession, sessionQueries } from '@/lib/session';
import { ACCESS_RULES } from './access-rules';
import { AppLayout } from './app-layout';
import { routeLoader, type RouteHandle } from './guard';
import { RouteErrorPage } from './route-error-page';
import { gatedPage } from './route-gate';
import { loginRoute, workspaceRoutes, type AppRouteDefinition } from './route-table';
import type { ScreenMatch, ScreenPrefetch } from './screen-prefetch';

function toRouteObject(route: AppRouteDefinition, client: QueryClient): RouteObject {
  const handle: RouteHandle = { titleKey: route.titleKey };
  // Screens open to anyone logged in render at once; the others wait for the permissions.
  const lazy = route.access === ACCESS_RULES.anyone ? route.page : gatedPage(route, client);
  return { path: route.path, handle, loader: routeLoader(route.titleKey, route.prefetch && startPrefetch(route, route.prefetch, client)), lazy };
}

/**
 * A logged-in start asks for the screen's data at once, unless the last online session says the
 * user may not open it (the screen then shows its refusal and asks for nothing). A failure is left
 * to the screen's own query, which asks again when it mounts.
 */
function startPrefetch(route: AppRouteDefinition, prefetch: ScreenPrefetch, client: QueryClient) {
  return (match: ScreenMatch) => {
    const saved = readSavedSession();
    if (saved && !route.access.allows(saved.permissions)) return;
    void prefetch(match, client).catch(() => undefined);
  };
}

export function buildRoutes(client: QueryClient = queryClient): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      // The layout itself while the first route's code and loader run (its outlet shows the spinner):
      // React keeps it when the route arrives, so the header is drawn while the screen still loads
      // and the screen's first render is only the screen (the offline reload).
      hydrateFallbackElement: <AppLayout />,
      children: [
        // The grid and picker locales load with the components that use them (list-table, date-filter), not here.
        toRouteObject(loginRoute, client),
        ...workspaceRoutes.map((route) => toRouteObject(route, client)),
      ],
    },
  ];
}

/**
 * A logged-in start asks for the permissions and the first screen's data before the router queues
 * the screen's code: the browser opens at most six connections to the server, and the dozens of
 * chunks a screen needs would otherwise go first. The route's loader asks again; the query client
 * makes that the same request.
 */
export function askAheadOfCode(client: QueryClient, at: { pathname: string; search: string }): void {
  if (!isLoggedIn()) return;
  void client.prefetchQuery(sessionQueries.permissions());
  const [match] = matchRoutes(workspaceRoutes, at.pathname) ?? [];
  if (match?.route.prefetch) startPrefetch(match.route, match.route.prefetch, client)({ params: match.params, search: new URLSearchParams(at.search) });
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
