import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HttpMethod } from '../../contract/common';
import { accessEndpoints } from '../../contract/access';
import { deviceCardEndpoints } from '../../contract/device-card';
import { deviceSettingsEndpoints } from '../../contract/device-card-settings';
import { deviceEndpoints } from '../../contract/devices';
import { entranceEndpoints } from '../../contract/entrances';
import { flatBlockEndpoints } from '../../contract/flat-blocks';
import { houseEndpoints } from '../../contract/houses';
import { ROLES, type AuthItem } from '../../contract/users';
import { queryRows } from '../../server/db/client';
import { isAllowed, type RouteAccess } from '../../server/plugins/rbac';
import type { SessionUser } from '../../server/repositories/sessions';
import { ACCOUNTS, BACKENDS, TestClient, expectError, loginAs, type AccountName, useApp } from './helpers';
import { ALL_RULES } from './route-rules/all-rules';
import type { RouteRule } from './route-rules/types';

type Method = RouteRule['method'];

/** The paths of the API: every route there needs a rule. */
const API_PATH = /^\/(front|site|adjuster)\//;
const keyOf = (method: string, pattern: string) => `${method} ${pattern}`;
const isMutating = (rule: RouteRule) => rule.method !== 'GET';
const withSession = ALL_RULES.filter((rule) => !rule.public);
const refusals = ALL_RULES.flatMap((rule) => rule.refused.map((account) => ({ ...rule, account })));
const mutating = ALL_RULES.filter(isMutating);

/** A mutation goes with a JSON body (`{}` when the rule gives none): the CSRF check runs once it is parsed. */
function send(client: TestClient, rule: RouteRule, options: { csrf?: boolean; headers?: Record<string, string> } = {}) {
  return client.request(rule.method, rule.url, { ...options, payload: rule.payload ?? (isMutating(rule) ? {} : undefined) });
}

/** GETs the superuser reads with 200 as they are (no path parameters of the seed to look up). */
const SUPERUSER_READS: readonly { method: Method; url: string }[] = [
  { method: 'GET', url: '/front/user/get-permissions' },
  { method: 'GET', url: '/front/user/groups' },
  { method: 'GET', url: '/front/user/2' },
  { method: 'GET', url: '/front/user-options' },
  { method: 'GET', url: '/front/house-list?page=1' },
  { method: 'GET', url: '/front/dictionary/get-options?dictionaryId=device_types' },
  { method: 'GET', url: '/front/groups' },
  { method: 'GET', url: '/front/management-company' },
  { method: 'GET', url: '/front/access/get-reasons' },
  { method: 'GET', url: '/front/access/blocked-flats' },
];

describe.each(BACKENDS)('access rules on %s', (backend) => {
  /** Every route Fastify registers, with its declared access (rbac.ts refuses a route without one). */
  const registered: { method: string; pattern: string; access: RouteAccess | undefined }[] = [];
  const app = useApp(backend, {
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method !== 'HEAD') registered.push({ method, pattern: route.url, access: (route.config as { access?: RouteAccess } | undefined)?.access });
      }
    },
  });
  const clients = new Map<AccountName, TestClient>();
  /** One logged-in client per demo account: refused calls change nothing, so they can share it. */
  async function as(account: AccountName): Promise<TestClient> {
    const client = clients.get(account) ?? (await loginAs(app(), account));
    clients.set(account, client);
    return client;
  }

  it('has a rule for every API route it registers, and no rule for a route it does not', () => {
    const api = registered.filter((route) => API_PATH.test(route.pattern));
    expect(api.length).toBeGreaterThan(90);
    const ruled = new Set(ALL_RULES.map((rule) => keyOf(rule.method, rule.pattern)));
    const routes = new Set(api.map((route) => keyOf(route.method, route.pattern)));
    expect(api.map((route) => keyOf(route.method, route.pattern)).filter((key) => !ruled.has(key)), 'routes without a rule in tests/server/route-rules').toEqual([]);
    expect([...ruled].filter((key) => !routes.has(key)), 'rules of routes the app does not register').toEqual([]);
    expect(ruled.size, 'a route with two rules').toBe(ALL_RULES.length);
  });

  it('names in each rule every demo account the route’s declared access refuses, and public only for public routes', async () => {
    const grants = await queryRows<{ userId: number; items: string[] }>(
      app().database.drizzle,
      sql`select user_id as "userId", array_agg(item_name) as items from auth_assignments where user_id in (2, 3, 4) group by user_id`,
    );
    const accounts = (['operator', 'installer', 'support'] as const).map((account) => {
      const items = grants.find((grant) => grant.userId === ACCOUNTS[account].id)?.items ?? [];
      const held = Object.fromEntries(items.map((item) => [item, {} as AuthItem]));
      return { account, user: { roles: held, permissions: held } as unknown as SessionUser };
    });
    const wrong: string[] = [];
    for (const route of registered.filter((item) => API_PATH.test(item.pattern))) {
      const rule = ALL_RULES.find((item) => keyOf(item.method, item.pattern) === keyOf(route.method, route.pattern));
      if (!rule || route.access === undefined) continue;
      if ((route.access === 'public') !== (rule.public === true)) wrong.push(`${keyOf(route.method, route.pattern)}: public`);
      for (const { account, user } of accounts) {
        if (!isAllowed(user, route.access) && !rule.refused.includes(account)) wrong.push(`${keyOf(route.method, route.pattern)}: ${account} is refused`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(withSession)('$method $pattern without a session: 401', async (rule) => {
    expectError(await send(new TestClient(app()), rule), 401, /Требуется вход/);
  });

  it.each(ALL_RULES.filter((rule) => rule.public))('$method $pattern is public: no session needed', async (rule) => {
    const response = await send(new TestClient(app()), rule);
    expect(response.statusCode, response.body).toBeLessThan(400);
  });

  it.each(refusals)('$method $pattern for $account: 403', async (rule) => {
    expectError(await send(await as(rule.account), rule), 403, /Недостаточно прав/);
  });

  it.each(mutating)('$method $pattern without the CSRF token: 403 naming CSRF', async (rule) => {
    const admin = await as('admin');
    expectError(await send(admin, rule, { csrf: false }), 403, /CSRF/);
    expectError(await send(admin, rule, { csrf: false, headers: { 'X-CSRF-Token': 'forged' } }), 403, /CSRF/);
  });

  it('lets the superuser read what needs no seed data: 200', async () => {
    const admin = await as('admin');
    for (const route of SUPERUSER_READS) expect((await admin.request(route.method, route.url)).statusCode, route.url).toBe(200);
  });

  it('lets the house list be read with the permission (operator) or the role adjuster (installer) or support', async () => {
    for (const account of ['operator', 'installer', 'support'] as const) {
      expect((await (await as(account)).get('/front/house-list?page=1')).statusCode, account).toBe(200);
    }
  });
});

type Call = { method: HttpMethod; pattern: string };

/** Every call of the devices, houses, entrances, blocks and the access catalogue: support may read them all and change none. */
const SUPPORT_ENDPOINTS: readonly Call[] = [
  ...Object.values(deviceEndpoints),
  ...Object.values(deviceCardEndpoints),
  ...Object.values(deviceSettingsEndpoints),
  ...Object.values(houseEndpoints),
  ...Object.values(entranceEndpoints),
  ...Object.values(flatBlockEndpoints),
  ...Object.values(accessEndpoints),
];
/** Reads that serve the wizards only (installers' and operators'), not the list or the card. */
const WIZARD_READS = new Set<string>([deviceEndpoints.macsFromHouse.pattern, deviceCardEndpoints.executors.pattern]);
/** Query strings the reads need to answer 200. */
const READ_QUERIES: Record<string, (place: SupportPlace) => string> = {
  [deviceEndpoints.list.pattern]: () => '?page=1',
  [deviceEndpoints.statuses.pattern]: () => '?macs=00:00:00:00:00:01',
  [houseEndpoints.list.pattern]: () => '?page=1',
  [deviceSettingsEndpoints.displayOption.pattern]: () => '?optionName=brightness',
  [entranceEndpoints.list.pattern]: (place) => `?houseUid=${place.houseUid}`,
};
/** A device of the demo accounts' buyer, and a house and an entrance of that buyer. */
type SupportPlace = { id: number; mac: string; houseUid: string; entranceUid: string };

describe.each(BACKENDS)('support on %s: reads devices and houses, changes nothing', (backend) => {
  const app = useApp(backend, { deviceGateway: { failureShare: 0 } });

  /** A device of the demo accounts' buyer with every card section (type 6, ISCOM_X1), its id, and an entrance of that buyer and its house. */
  async function supportDevice(): Promise<SupportPlace> {
    const [row] = await queryRows<SupportPlace>(
      app().database.drizzle,
      sql`select d.id, d.mac, e.house_uid as "houseUid", e.uid as "entranceUid"
          from devices d, (select uid, house_uid from entrances where buyer_id = 1 order by uid limit 1) e
          where d.buyer_id = 1 and d.type = 6 and d.status_code <> 3 order by d.id limit 1`,
    );
    return row;
  }

  function urlOf(endpoint: Call, place: SupportPlace): string {
    const path = endpoint.pattern
      .replace(':mac', encodeURIComponent(place.mac))
      .replace(':id', String(place.id))
      .replace(':houseUid', place.houseUid)
      .replace(':entranceUid', place.entranceUid);
    return endpoint.method === 'GET' ? `${path}${READ_QUERIES[endpoint.pattern]?.(place) ?? ''}` : path;
  }

  it('reads the device list, statuses, every part of the card, houses, entrances, blocks and the catalogue: 200', async () => {
    const support = await loginAs(app(), 'support');
    const device = await supportDevice();
    const reads = SUPPORT_ENDPOINTS.filter((endpoint) => endpoint.method === 'GET' && !WIZARD_READS.has(endpoint.pattern));
    expect(reads.length).toBeGreaterThanOrEqual(18);
    for (const endpoint of reads) {
      const response = await support.get(urlOf(endpoint, device));
      expect(response.statusCode, `${endpoint.pattern}: ${response.body}`).toBe(200);
    }
    const list = (await support.get('/front/device-list/get-list?page=1')).json() as { data: { mac: string }[] };
    expect(list.data.length).toBeGreaterThan(0);
  });

  it('is refused every POST, PUT and DELETE on devices, the card, houses, entrances, blocks and the catalogue: 403, and nothing changes', async () => {
    const support = await loginAs(app(), 'support');
    const device = await supportDevice();
    const writes = SUPPORT_ENDPOINTS.filter((endpoint) => endpoint.method !== 'GET');
    expect(writes.length).toBeGreaterThanOrEqual(32);
    // The card without its camera snapshot, which draws the clock (it changes by itself).
    const card = async () => ({ ...(await support.get(urlOf(deviceCardEndpoints.card, device))).json<Record<string, unknown>>(), snapshot: null });
    const before = await card();
    for (const endpoint of writes) {
      // A body that would pass validation is not needed: the role check answers before it.
      expectError(await support.request(endpoint.method, urlOf(endpoint, device), { payload: {} }), 403, /Недостаточно прав/);
    }
    expectError(await support.request('DELETE', `/front/house-list/delete?uid=no-such-house`), 403, /Недостаточно прав/);
    expect(await card()).toEqual(before);
  });

  it('is refused the wizard-only reads: 403', async () => {
    const support = await loginAs(app(), 'support');
    expectError(await support.get('/front/device-card/executors'), 403, /Недостаточно прав/);
  });

  it('reads a house’s device MACs, only its own buyer’s', async () => {
    const support = await loginAs(app(), 'support');
    const admin = await loginAs(app(), 'admin');
    const db = app().database.drizzle;
    // A house with two of the support user's buyer's devices; one of them is lent to another buyer for the test.
    const [house] = await queryRows<{ uid: string; deviceId: number; otherBuyer: number }>(
      db,
      sql`select h.house_uid as uid, max(d.id) as "deviceId", (select min(b.id) from buyers b where b.id <> u.buyer_id) as "otherBuyer"
          from device_houses h join devices d on d.id = h.device_id join users u on u.login = 'support' and d.buyer_id = u.buyer_id
          group by h.house_uid, u.buyer_id having count(*) >= 2 order by h.house_uid limit 1`,
    );
    expect(house, 'the seed has a house with two devices of the support buyer').toBeDefined();
    const url = `/front/devices/get-macs-from-house?houseUid=${encodeURIComponent(house!.uid)}`;
    const all = (await admin.get(url)).json<{ data: string[] }>().data;
    await queryRows(db, sql`update devices set buyer_id = ${house!.otherBuyer} where id = ${house!.deviceId}`);
    try {
      const [lent] = await queryRows<{ mac: string }>(db, sql`select mac from devices where id = ${house!.deviceId}`);
      const answer = await support.get(url);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<{ data: string[] }>().data).toEqual(all.filter((mac) => mac !== lent!.mac));
      expect((await admin.get(url)).json<{ data: string[] }>().data).toEqual(all);
      const installer = await loginAs(app(), 'installer');
      expect((await installer.get(url)).json<{ data: string[] }>().data, 'an installer, as every user but the superuser, sees only its buyer’s').toEqual(all.filter((mac) => mac !== lent!.mac));
    } finally {
      await queryRows(db, sql`update devices set buyer_id = (select buyer_id from users where login = 'support') where id = ${house!.deviceId}`);
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
