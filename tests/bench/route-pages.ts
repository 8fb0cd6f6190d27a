// The JS each route loads (gzip, Chromium, cold, service worker blocked), opened by the
// account its screen is for: the people and organisation screens; keys, codes
// and the commutation matrix; the event history, the voltage and the call rounds.
import { DIST } from './bundle';
import { measureRouteJs, type RouteJs } from './route-js';

const KB = 1024;
export const ROUTE_JS_BUDGET = 250 * KB;

/** Accounts and the paths each opens. */
export type RouteGroups = readonly { login: string; paths: readonly string[] }[];

/** The operator's screens, and the superuser's buyers. */
export const PEOPLE_ROUTES: RouteGroups = [
  { login: 'operator', paths: ['/users', '/users/1', '/users/1/permissions', '/groups', '/groups/1', '/mc', '/mc/1/update', '/mc/view-create'] },
  { login: 'admin', paths: ['/buyers', '/buyers/1'] },
];

/** On an ISCOM_X1 panel of buyer 1 in the small seed (keys, RS keys, per-device codes, a matrix). */
const KEYS_MAC = 'E4:5A:D4:00:00:06';
export const KEY_ROUTES: RouteGroups = [
  {
    login: 'operator',
    paths: ['/keys', '/keys?view=duplicates', `/devices/${KEYS_MAC}/keys`, `/devices/${KEYS_MAC}/rs-keys`, `/devices/${KEYS_MAC}/codes`, '/device/codes', `/devices/${KEYS_MAC}/commutators`],
  },
];

/** On the same analogue panel (it has history, voltage and call rounds); flat 1 for a flat's call order. */
export const DEVICE_EVENT_ROUTES: RouteGroups = [
  {
    login: 'operator',
    paths: ['/devices/history', `/devices/history?macs=${KEYS_MAC}&flatNum=1`, `/devices/${KEYS_MAC}/power`, `/dialings/${KEYS_MAC}`, `/dialings/${KEYS_MAC}?flatNum=1`],
  },
  { login: 'support', paths: ['/devices/history'] },
];

type Heading = (title: string) => void;
type Table = (rows: string[][], alignRight: boolean[]) => void;

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export async function routePageReport(
  heading: Heading,
  table: Table,
  title: string,
  groups: RouteGroups,
  options: { logFile: string; staticDir?: string },
): Promise<RouteJs[] | null> {
  heading(`${title} (small seed, PGlite) in Chromium: route JS`);
  try {
    const staticDir = options.staticDir ?? DIST;
    const routes: RouteJs[] = [];
    for (const group of groups) routes.push(...(await measureRouteJs({ staticDir, login: group.login, paths: group.paths, logFile: options.logFile })));
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

export function routePageBudgetRows(label: string, routes: RouteJs[] | null): string[][] {
  if (!routes) return [[`${label} routes JS, gzip`, kb(ROUTE_JS_BUDGET), 'not measured', '-', 'SKIPPED']];
  return routes.map((route) => [
    `${route.path} route JS, gzip`,
    kb(ROUTE_JS_BUDGET),
    kb(route.total),
    `${((route.total / ROUTE_JS_BUDGET) * 100).toFixed(0)}%`,
    route.ready && route.total <= ROUTE_JS_BUDGET ? 'PASS' : 'OVER',
  ]);
}

/** With every screen built, every route's JS ≤ 230 KB gzip and the login route's ≤ 190 KB. */
export const EVERY_ROUTE_JS_BUDGET = 230 * KB;
export const LOGIN_JS_BUDGET = 190 * KB;

/** The screens no other group of the bench measures (the wizards, housing, people, keys and event ones are measured there). */
export const OTHER_ROUTES: RouteGroups = [{ login: 'operator', paths: ['/', '/user/options', '/devices', `/devices/${KEYS_MAC}/update`, '/houses', '/outbox'] }];

/** One figure of a route's JS, from whichever part of the bench measured it. */
export interface MeasuredRouteJs {
  name: string;
  total: number;
  /** False when the screen never showed. */
  ready: boolean;
}

/** Rows: every measured route against 230 KB, heaviest first, and the login route against 190 KB. */
export function everyRouteBudgetRows(routes: readonly MeasuredRouteJs[], loginJs: number): string[][] {
  const rows = [...routes]
    .sort((a, b) => b.total - a.total)
    .map((route) => [
      `${route.name} route JS, gzip${route.ready ? '' : ' (screen never showed)'}`,
      kb(EVERY_ROUTE_JS_BUDGET),
      kb(route.total),
      `${((route.total / EVERY_ROUTE_JS_BUDGET) * 100).toFixed(0)}%`,
      route.ready && route.total <= EVERY_ROUTE_JS_BUDGET ? 'PASS' : 'OVER',
    ]);
  if (routes.length === 0) rows.push(['every route JS, gzip', kb(EVERY_ROUTE_JS_BUDGET), 'not measured', '-', 'SKIPPED']);
  const loginMeasured = Number.isFinite(loginJs);
  rows.unshift([
    'login route JS, gzip',
    kb(LOGIN_JS_BUDGET),
    loginMeasured ? kb(loginJs) : 'not measured',
    loginMeasured ? `${((loginJs / LOGIN_JS_BUDGET) * 100).toFixed(0)}%` : '-',
    loginMeasured ? (loginJs <= LOGIN_JS_BUDGET ? 'PASS' : 'OVER') : 'SKIPPED',
  ]);
  return rows;
}
