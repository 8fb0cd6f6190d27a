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
        toRouteObject(loginRoute),
        {
          // A pathless layout: the grid and picker locales and the pickers' LocalizationProvider load with it.
          lazy: () => import('./workspace-layout').then((m) => ({ Component: m.WorkspaceLayout })),
          children: workspaceRoutes.map(toRouteObject),
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
