import { describe, expect, it } from 'vitest';
import { guardRedirect, routeLoader } from '@/app/guard';
import { loginRoute, workspaceRoutes } from '@/app/route-table';
import { setLoggedFlag } from '@/lib/logged-flag';

const SPEC_ROUTES = [
  '/',
  '/site/auth',
  '/user/options',
  '/devices',
  '/devices/:mac/wizard',
  '/devices/wizard',
  '/devices/serial-number-wizard',
  '/devices/replace-wizard',
  '/devices/:mac/update',
  '/devices/:mac/commutators',
  '/devices/:mac/keys',
  '/devices/:mac/rs-keys',
  '/devices/:mac/codes',
  '/device/codes',
  '/devices/:mac/power',
  '/devices/history',
  '/dialings/:mac',
  '/houses',
  '/houses/:houseUid',
  '/houses/:houseUid/flats/:flatNum/update',
  '/entrances/:entranceUid',
  '/access',
  '/mc',
  '/mc/:mcId/update',
  '/mc/view-create',
  '/users',
  '/users/:userId',
  '/users/:userId/permissions',
  '/groups',
  '/groups/:groupId',
  '/buyers',
  '/buyers/:buyerId',
  '/keys',
];

function load(path: string): unknown {
  const loader = routeLoader('route.title.houses');
  return loader({ request: new Request(`http://localhost${path}`), params: {}, context: undefined } as never);
}

describe('guardRedirect', () => {
  it('sends a visitor without the logged flag to /site/auth', () => {
    expect(guardRedirect('/devices', false)).toBe('/site/auth');
    expect(guardRedirect('/', false)).toBe('/site/auth');
    expect(guardRedirect('/no/such/page', false)).toBe('/site/auth');
  });

  it('leaves a logged-out visitor on /site/auth', () => {
    expect(guardRedirect('/site/auth', false)).toBeNull();
    expect(guardRedirect('/site/auth/', false)).toBeNull();
  });

  it('lets a logged-in user through, and sends them home from the login form', () => {
    expect(guardRedirect('/devices', true)).toBeNull();
    expect(guardRedirect('/site/auth', true)).toBe('/');
  });
});

describe('routeLoader', () => {
  it('redirects when the logged flag is not "true", whatever else it holds', () => {
    localStorage.setItem('logged', 'yes');
    const answer = load('/houses') as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/site/auth');
  });

  it('sets the Russian page title before the screen renders', () => {
    setLoggedFlag(true);
    document.title = 'old';
    expect(load('/houses')).toBeNull();
    expect(document.title).toBe('Жилой фонд');
  });
});

describe('route table', () => {
  const all = [loginRoute, ...workspaceRoutes];

  it('registers every route of the spec, the issues\' own routes, and an unknown-path route', () => {
    // Ours: the send queue, the audit trail and the installers' queues.
    const issueRoutes = ['/outbox', '/audit', '/field', '/field/:installerId'];
    expect(all.map((route) => route.path).filter((path) => path !== '*').sort()).toEqual([...SPEC_ROUTES, ...issueRoutes].sort());
    expect(all.at(-1)?.path).toBe('*');
  });

  it('titles each route in Russian; an unknown path is titled as the main page', () => {
    for (const route of all) {
      setLoggedFlag(route !== loginRoute);
      routeLoader(route.titleKey)({ request: new Request(`http://localhost${route.path.replace(/:\w+/g, 'x')}`), params: {}, context: undefined } as never);
      expect(document.title, route.path).toMatch(/^[А-ЯЁ][а-яё]+( [(а-яёА-ЯЁA-Z)]+)*$/);
    }
    expect(workspaceRoutes.find((route) => route.path === '*')?.titleKey).toBe('route.title.main');
  });
});
