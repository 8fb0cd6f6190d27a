import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { queryClient } from '@/lib/query-client';
import { ACCESS_RULES } from './access-rules';
import { AppLayout } from './app-layout';
import { routeLoader, type RouteHandle } from './guard';
import { RouteErrorPage } from './route-error-page';
import { gatedPage } from './route-gate';
import { loginRoute, workspaceRoutes, type AppRouteDefinition } from './route-table';

function toRouteObject(route: AppRouteDefinition, client: QueryClient): RouteObject {
  const handle: RouteHandle = { titleKey: route.titleKey };
  // Screens open to anyone logged in render at once; the others wait for the permissions.
  const lazy = route.access === ACCESS_RULES.anyone ? route.page : gatedPage(route, client);
  return { path: route.path, handle, loader: routeLoader(route.titleKey), lazy };
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

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
