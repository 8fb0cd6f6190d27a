import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HttpMethod } from '../../contract/common';
import { deviceCardEndpoints } from '../../contract/device-card';
import { deviceSettingsEndpoints } from '../../contract/device-card-settings';
import { deviceEndpoints } from '../../contract/devices';
import { houseEndpoints } from '../../contract/houses';
import { ROLES } from '../../contract/users';
import { queryRows } from '../../server/db/client';
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
  { method: 'GET', url: '/front/house-list?page=1' },
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

  it('lets the house list be read with the permission (operator) or the role adjuster (installer) or support', async () => {
    for (const account of ['operator', 'installer', 'support'] as const) {
      const client = await loginAs(app(), account);
      expect((await client.get('/front/house-list?page=1')).statusCode, account).toBe(200);
    }
  });
});

type Call = { method: HttpMethod; pattern: string };

/** Every call of the device list, the device card and the house list: support may read them all and change none. */
const SUPPORT_ENDPOINTS: readonly Call[] = [
  ...Object.values(deviceEndpoints),
  ...Object.values(deviceCardEndpoints),
  ...Object.values(deviceSettingsEndpoints),
  ...Object.values(houseEndpoints),
];
/** Reads that serve the wizards only (installers' and operators'), not the list or the card. */
const WIZARD_READS = new Set<string>([deviceEndpoints.macsFromHouse.pattern, deviceCardEndpoints.executors.pattern]);
/** Query strings the reads need to answer 200. */
const READ_QUERIES: Record<string, string> = {
  [deviceEndpoints.list.pattern]: '?page=1',
  [deviceEndpoints.statuses.pattern]: '?macs=00:00:00:00:00:01',
  [houseEndpoints.list.pattern]: '?page=1',
  [deviceSettingsEndpoints.displayOption.pattern]: '?optionName=brightness',
};

describe.each(BACKENDS)('support on %s: reads devices and houses, changes nothing', (backend) => {
  const app = useApp(backend, { deviceGateway: { failureShare: 0 } });

  /** A device of the demo accounts' buyer with every card section (type 6, ISCOM_X1), and its id. */
  async function supportDevice(): Promise<{ id: number; mac: string }> {
    const [row] = await queryRows<{ id: number; mac: string }>(
      app().database.drizzle,
      sql`select id, mac from devices where buyer_id = 1 and type = 6 and status_code <> 3 order by id limit 1`,
    );
    return row;
  }

  function urlOf(endpoint: Call, device: { id: number; mac: string }): string {
    const path = endpoint.pattern.replace(':mac', encodeURIComponent(device.mac)).replace(':id', String(device.id));
    return endpoint.method === 'GET' ? `${path}${READ_QUERIES[endpoint.pattern] ?? ''}` : path;
  }

  it('reads the device list, statuses, every part of the card and the house list: 200', async () => {
    const support = await loginAs(app(), 'support');
    const device = await supportDevice();
    const reads = SUPPORT_ENDPOINTS.filter((endpoint) => endpoint.method === 'GET' && !WIZARD_READS.has(endpoint.pattern));
    expect(reads.length).toBeGreaterThanOrEqual(10);
    for (const endpoint of reads) {
      const response = await support.get(urlOf(endpoint, device));
      expect(response.statusCode, `${endpoint.pattern}: ${response.body}`).toBe(200);
    }
    const list = (await support.get('/front/device-list/get-list?page=1')).json() as { data: { mac: string }[] };
    expect(list.data.length).toBeGreaterThan(0);
  });

  it('is refused every POST, PUT and DELETE on devices, the card and houses: 403, and nothing changes', async () => {
    const support = await loginAs(app(), 'support');
    const device = await supportDevice();
    const writes = SUPPORT_ENDPOINTS.filter((endpoint) => endpoint.method !== 'GET');
    expect(writes.length).toBeGreaterThanOrEqual(20);
    const before = (await support.get(urlOf(deviceCardEndpoints.card, device))).body;
    for (const endpoint of writes) {
      // A body that would pass validation is not needed: the role check answers before it.
      expectError(await support.request(endpoint.method, urlOf(endpoint, device), { payload: {} }), 403, /Недостаточно прав/);
    }
    expectError(await support.request('DELETE', `/front/house-list/delete?uid=no-such-house`), 403, /Недостаточно прав/);
    expect((await support.get(urlOf(deviceCardEndpoints.card, device))).body).toBe(before);
  });

  it('is refused the wizard-only reads: 403', async () => {
    const support = await loginAs(app(), 'support');
    for (const url of ['/front/device-card/executors', '/front/devices/get-macs-from-house?houseUid=x']) {
      expectError(await support.get(url), 403, /Недостаточно прав/);
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
