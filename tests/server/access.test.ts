import { describe, expect, it } from 'vitest';
import { ROLES } from '../../contract/users';
import { BACKENDS, TestClient, expectError, loginAs, type AccountName, useApp } from './helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RouteCase {
  method: Method;
  url: string;
  payload?: object;
  /** A logged-in account the route must refuse with 403 (none: every logged-in user may call it). */
  forbiddenFor?: AccountName;
}

/** Every route of this slice that needs a session. */
const PROTECTED: readonly RouteCase[] = [
  { method: 'GET', url: '/front/user/get-permissions' },
  { method: 'GET', url: '/front/user/groups' },
  { method: 'GET', url: '/front/user/2', forbiddenFor: 'installer' },
  { method: 'GET', url: '/front/user-options' },
  { method: 'PUT', url: '/front/user-options', payload: { settingOptions: { language: 'en' } } },
  { method: 'GET', url: '/front/house-list?page=1', forbiddenFor: 'support' },
  { method: 'POST', url: '/front/house-list/create', payload: { address: 'г. Тверь, ул. Новая, д. 1', region: 69 }, forbiddenFor: 'installer' },
  { method: 'DELETE', url: '/front/house-list/delete?uid=no-such-house', forbiddenFor: 'installer' },
  { method: 'GET', url: '/front/dictionary/get-options?dictionaryId=device_types' },
  { method: 'GET', url: '/front/groups', forbiddenFor: 'installer' },
  { method: 'GET', url: '/front/management-company', forbiddenFor: 'installer' },
];

/** Every mutating route: each needs the CSRF token. */
const MUTATING: readonly RouteCase[] = [
  { method: 'POST', url: '/site/auth/login', payload: { login: 'admin', password: 'admin' } },
  { method: 'POST', url: '/site/auth/logout', payload: {} },
  ...PROTECTED.filter((route) => route.method !== 'GET'),
];

describe.each(BACKENDS)('access rules on %s', (backend) => {
  const app = useApp(backend);

  it.each(PROTECTED)('$method $url without a session: 401', async ({ method, url, payload }) => {
    const client = new TestClient(app());
    expectError(await client.request(method, url, { payload }), 401, /Требуется вход/);
  });

  it.each(PROTECTED.filter((route) => route.forbiddenFor))('$method $url for $forbiddenFor: 403', async ({ method, url, payload, forbiddenFor }) => {
    const client = await loginAs(app(), forbiddenFor!);
    expectError(await client.request(method, url, { payload }), 403, /Недостаточно прав/);
  });

  it.each(MUTATING)('$method $url without the CSRF token: 403 naming CSRF', async ({ method, url, payload }) => {
    const client = await loginAs(app(), 'admin');
    expectError(await client.request(method, url, { payload, csrf: false }), 403, /CSRF/);
    expectError(await client.request(method, url, { payload, csrf: false, headers: { 'X-CSRF-Token': 'forged' } }), 403, /CSRF/);
  });

  it('lets the superuser call every route', async () => {
    const client = await loginAs(app(), 'admin');
    for (const route of PROTECTED.filter((item) => item.method === 'GET')) {
      expect((await client.request(route.method, route.url)).statusCode, route.url).toBe(200);
    }
  });

  it('lets the house list be read with the permission (operator) or the role adjuster (installer)', async () => {
    for (const account of ['operator', 'installer'] as const) {
      const client = await loginAs(app(), account);
      expect((await client.get('/front/house-list?page=1')).statusCode, account).toBe(200);
    }
  });
});

describe.each(BACKENDS)('extra routes on %s', (backend) => {
  const app = useApp(backend, {
    extraRoutes: (instance) => {
      instance.get('/bench/probe', { config: { access: { roles: [ROLES.management] } } }, async () => ({ result: true }));
    },
  });

  it('run under the same session and role checks as the app’s own', async () => {
    expectError(await new TestClient(app()).get('/bench/probe'), 401, /Требуется вход/);
    expectError(await (await loginAs(app(), 'installer')).get('/bench/probe'), 403, /Недостаточно прав/);
    expect((await (await loginAs(app(), 'operator')).get('/bench/probe')).statusCode).toBe(200);
  });
});
