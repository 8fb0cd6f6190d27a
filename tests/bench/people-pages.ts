// Issue 13: the JS each people and organisation route loads (gzip, Chromium, cold, service worker
// blocked), opened by the account its screen is for: the operator, and the superuser for buyers.
import { DIST } from './bundle';
import { measureRouteJs, type RouteJs } from './route-js';

const KB = 1024;
export const PEOPLE_ROUTE_JS_BUDGET = 250 * KB;

const OPERATOR_PATHS = ['/users', '/users/1', '/users/1/permissions', '/groups', '/groups/1', '/mc', '/mc/1/update', '/mc/view-create'] as const;
const SUPERUSER_PATHS = ['/buyers', '/buyers/1'] as const;

type Heading = (title: string) => void;
type Table = (rows: string[][], alignRight: boolean[]) => void;

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export async function peoplePageReport(heading: Heading, table: Table, options: { logFile: string; staticDir?: string }): Promise<RouteJs[] | null> {
  heading('People and organisation screens (small seed, PGlite) in Chromium: route JS');
  try {
    const staticDir = options.staticDir ?? DIST;
    const routes = [
      ...(await measureRouteJs({ staticDir, login: 'operator', paths: OPERATOR_PATHS, logFile: options.logFile })),
      ...(await measureRouteJs({ staticDir, login: 'admin', paths: SUPERUSER_PATHS, logFile: options.logFile })),
    ];
    table(
      [['route', 'scripts', 'gzip', 'shown'], ...routes.map((route) => [route.path, String(route.scripts.length), kb(route.total), route.ready ? 'yes' : 'NO'])],
      [false, true, true, false],
    );
    return routes;
  } catch (error) {
    console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

export function peoplePageBudgetRows(routes: RouteJs[] | null): string[][] {
  if (!routes) return [['people routes JS, gzip', kb(PEOPLE_ROUTE_JS_BUDGET), 'not measured', '-', 'SKIPPED']];
  return routes.map((route) => [
    `${route.path} route JS, gzip`,
    kb(PEOPLE_ROUTE_JS_BUDGET),
    kb(route.total),
    `${((route.total / PEOPLE_ROUTE_JS_BUDGET) * 100).toFixed(0)}%`,
    route.ready && route.total <= PEOPLE_ROUTE_JS_BUDGET ? 'PASS' : 'OVER',
  ]);
}
