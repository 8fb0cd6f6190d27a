import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from './app-layout';
import { routeLoader, type RouteHandle } from './guard';
import { PageFallback } from './page-fallback';
import { RouteErrorPage } from './route-error-page';
import { loginRoute, workspaceRoutes, type AppRouteDefinition } from './route-table';

function toRouteObject(route: AppRouteDefinition): RouteObject {
  const handle: RouteHandle = { titleKey: route.titleKey };
  return { path: route.path, handle, loader: routeLoader(route.titleKey), lazy: route.page };
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageFallback />,
      children: [
        // The grid and picker locales load with the components that use them (list-table, date-filter), not here.
        toRouteObject(loginRoute),
        ...workspaceRoutes.map(toRouteObject),
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
