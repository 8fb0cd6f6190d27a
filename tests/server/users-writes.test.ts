import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ResultResponse } from '../../contract/common';
import { UserCreateResponse, UserGetResponse, userEndpoints, type UserDetail } from '../../contract/users';
import { FORCED_SIP_DOMAIN, FORCED_SIP_PORT } from '../../contract/wizard';
import { queryRows } from '../../server/db/client';
import { ACCOUNTS, BACKENDS, TestClient, expectError, expectShape, loginAs, useApp, type AccountName } from './helpers';

const CREATE = userEndpoints.create.path({});
const PASSWORD = 'secret-pass-1';

describe.each(BACKENDS)('user changes on %s', (backend) => {
  const app = useApp(backend);
  const clients = {} as Record<AccountName, TestClient>;

  beforeAll(async () => {
    for (const account of Object.keys(ACCOUNTS) as AccountName[]) clients[account] = await loginAs(app(), account);
  });

  const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(app().database.drizzle, query);

  let serial = 0;
  /** A new user made through the API (by the operator unless told), its id. */
  async function newUser(by: AccountName = 'operator', extra: Record<string, unknown> = {}): Promise<number> {
    serial += 1;
    const response = await clients[by].request('POST', CREATE, { payload: { login: `writes-probe-${serial}`, password: PASSWORD, ...extra } });
    expect(response.statusCode, response.body).toBe(200);
    const body = expectShape(UserCreateResponse, response.json());
    expect(body.newUserId).toBeGreaterThan(0);
    return body.newUserId!;
  }

  async function detail(id: number, by: AccountName = 'admin'): Promise<UserDetail> {
    const response = await clients[by].get(`/front/user/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(UserGetResponse, response.json()).data;
  }

  function ok(response: { statusCode: number; body: string; json(): unknown }) {
    expect(response.statusCode, response.body).toBe(200);
    expect(expectShape(ResultResponse, response.json()).result).toBe(true);
  }

  /** A user of another buyer than the operator's (buyer 1). */
  async function foreignUser(): Promise<number> {
    return newUser('admin', { buyerId: 2 });
  }

  /** Every call on a user: who may not, what a session and CSRF token it needs, and another buyer's user is unknown. */
  const calls: { name: string; method: 'POST' | 'DELETE'; suffix: string; payload: object }[] = [
    { name: 'delete', method: 'DELETE', suffix: '', payload: {} },
    { name: 'groups', method: 'POST', suffix: '/groups', payload: { groups: [] } },
    { name: 'main-info', method: 'POST', suffix: '/main-info', payload: { data: { comment: 'x' } } },
    { name: 'sip', method: 'POST', suffix: '/sip', payload: { data: { login: 'refused-sip', password: 'pw', domain: 'sip.example.org', port: 5060 } } },
    { name: 'sip delete', method: 'DELETE', suffix: '/sip', payload: { data: { id: 1 } } },
    { name: 'flat', method: 'DELETE', suffix: '/flat', payload: { flatId: 1 } },
    { name: 'devices', method: 'DELETE', suffix: '/devices', payload: { deviceId: 1 } },
    { name: 'access', method: 'POST', suffix: '/access', payload: { data: [] } },
  ];

  it.each(calls)('$name: 401 without a session, 403 for support and the installer and without CSRF, 404 for an unknown user or another buyer’s', async (call) => {
    const id = await newUser();
    const url = `/front/user/${id}${call.suffix}`;
    expectError(await new TestClient(app()).request(call.method, url, { payload: call.payload }), 401);
    for (const account of ['support', 'installer'] as const) expectError(await clients[account].request(call.method, url, { payload: call.payload }), 403, /Недостаточно прав/);
    expectError(await clients.operator.request(call.method, url, { payload: call.payload, csrf: false }), 403, /CSRF/);
    expectError(await clients.operator.request(call.method, `/front/user/999999${call.suffix}`, { payload: call.payload }), 404, /не найден/);
    expectError(await clients.operator.request(call.method, `/front/user/${await foreignUser()}${call.suffix}`, { payload: call.payload }), 404, /не найден/);
    expectError(await clients.operator.request(call.method, `/front/user/abc${call.suffix}`, { payload: call.payload }), 400, /id/);
    // The superuser is changed only by a superuser.
    expectError(await clients.operator.request(call.method, `/front/user/${ACCOUNTS.admin.id}${call.suffix}`, { payload: call.payload }), 403, /суперпользовател/);
  });

  it('creates a user with a scrypt password, the caller’s buyer and roles it holds; the new user logs in', async () => {
    const response = await clients.operator.request('POST', CREATE, { payload: { login: 'New.Resident', password: PASSWORD, comment: '  кв. 5 ', roles: ['management'] } });
    const { newUserId } = expectShape(UserCreateResponse, response.json());
    const user = await detail(newUserId!, 'operator');
    expect(user).toMatchObject({ login: 'New.Resident', buyerId: 1, comment: 'кв. 5', roles: ['management'], password: '' });
    const [stored] = await rows<{ hash: string }>(sql`select password_hash as hash from users where id = ${newUserId!}`);
    expect(stored.hash).toMatch(/^scrypt\$/);
    expect((await new TestClient(app()).login('new.resident', PASSWORD)).statusCode).toBe(200);
    // The superuser chooses the buyer and any role.
    const foreign = await newUser('admin', { buyerId: 2, roles: ['superuser', 'support'] });
    expect(await detail(foreign)).toMatchObject({ buyerId: 2, roles: ['superuser', 'support'] });
  });

  it('refuses a bad create: 409 for a taken login (any case), 400 naming password, login, buyerId, roles; 403 for a buyer or role the caller lacks', async () => {
    const create = (payload: object, by: AccountName = 'operator') => clients[by].request('POST', CREATE, { payload });
    expectError(await create({ login: 'OPERATOR', password: PASSWORD }), 409, /login.*OPERATOR/);
    expectError(await create({ login: 'short-pass', password: '1234567' }), 400, /password/);
    expectError(await create({ login: 'no-pass', password: '' }), 400, /password/);
    expectError(await create({ login: 'no-pass' }), 400, /password/);
    expectError(await create({ login: '   ', password: PASSWORD }), 400, /login/);
    expectError(await create({ login: 'x'.repeat(101), password: PASSWORD }), 400, /login/);
    expectError(await create({ login: 'other-buyer', password: PASSWORD, buyerId: 2 }), 403, /buyerId/);
    expectError(await create({ login: 'unknown-buyer', password: PASSWORD, buyerId: 999 }, 'admin'), 400, /buyerId/);
    expectError(await create({ login: 'bad-buyer', password: PASSWORD, buyerId: 1.5 }, 'admin'), 400, /buyerId/);
    expectError(await create({ login: 'grant-super', password: PASSWORD, roles: ['superuser'] }), 403, /roles.*superuser/);
    expectError(await create({ login: 'no-role', password: PASSWORD, roles: ['no-such-role'] }), 400, /roles.*no-such-role/);
    expectError(await create({ login: 'permission-as-role', password: PASSWORD, roles: ['USERS_LIST_PERMISSION'] }, 'admin'), 400, /roles/);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from users where login in ('short-pass', 'other-buyer', 'grant-super', 'no-role')`))[0].n).toBe(0);
    expectError(await new TestClient(app()).request('POST', CREATE, { payload: { login: 'anon', password: PASSWORD } }), 401);
    expectError(await clients.operator.request('POST', CREATE, { payload: { login: 'no-csrf', password: PASSWORD }, csrf: false }), 403, /CSRF/);
    expectError(await clients.support.request('POST', CREATE, { payload: { login: 'by-support', password: PASSWORD } }), 403);
  });

  it('deletes a user with their SIP accounts, phones, flat links and groups; refuses deleting oneself (409)', async () => {
    const id = await newUser();
    const [flat] = await rows<{ id: number }>(sql`select id from flats where buyer_id = 1 order by id limit 1`);
    await rows(sql`insert into flat_users (flat_id, user_id) values (${flat.id}, ${id})`);
    await rows(sql`insert into user_devices (user_id, name, os) values (${id}, 'Pixel', 'android')`);
    ok(await clients.operator.request('POST', `/front/user/${id}/sip`, { payload: { data: { login: `del-sip-${id}`, password: 'pw', domain: 'x.org', port: 5060 } } }));
    ok(await clients.operator.request('DELETE', `/front/user/${id}`));
    expectError(await clients.operator.get(`/front/user/${id}`), 404);
    const [left] = await rows<{ n: number }>(
      sql`select (select count(*) from flat_users where user_id = ${id}) + (select count(*) from user_devices where user_id = ${id}) + (select count(*) from sip_accounts where user_id = ${id}) as n`,
    );
    expect(Number(left.n)).toBe(0);
    expectError(await clients.operator.request('DELETE', `/front/user/${id}`), 404);
    expectError(await clients.operator.request('DELETE', `/front/user/${ACCOUNTS.operator.id}`), 409, /самого себя/);
    expectError(await clients.admin.request('DELETE', `/front/user/${ACCOUNTS.admin.id}`), 409, /самого себя/);
  });

  it('replaces the groups with the buyer’s groups, given by the caller; another buyer’s group is a 400 naming groups', async () => {
    const id = await newUser();
    const own = await rows<{ id: number }>(sql`select id from groups where buyer_id = 1 order by id limit 3`);
    const [foreign] = await rows<{ id: number }>(sql`select id from groups where buyer_id <> 1 order by id limit 1`);
    ok(await clients.operator.request('POST', `/front/user/${id}/groups`, { payload: { groups: [own[0].id, own[1].id, own[1].id] } }));
    expect((await detail(id)).groups.map((group) => [group.id, group.givenBy]).sort()).toEqual([[own[0].id, 'operator'], [own[1].id, 'operator']].sort());
    ok(await clients.admin.request('POST', `/front/user/${id}/groups`, { payload: { groups: [own[1].id, own[2].id] } }));
    const after = new Map((await detail(id)).groups.map((group) => [group.id, group.givenBy]));
    expect([...after.entries()].sort()).toEqual([[own[1].id, 'operator'], [own[2].id, 'admin']].sort());
    expectError(await clients.operator.request('POST', `/front/user/${id}/groups`, { payload: { groups: [own[0].id, foreign.id] } }), 400, new RegExp(`groups.*${foreign.id}`));
    expectError(await clients.operator.request('POST', `/front/user/${id}/groups`, { payload: { groups: [0] } }), 400, /groups\[0\]/);
    expectError(await clients.operator.request('POST', `/front/user/${id}/groups`, { payload: { groups: 'x' } }), 400, /groups/);
    expect((await detail(id)).groups).toHaveLength(2);
    ok(await clients.operator.request('POST', `/front/user/${id}/groups`, { payload: { groups: [] } }));
    expect((await detail(id)).groups).toEqual([]);
  });

  it('saves main info: login, comment, flags, operator, roles; a new password ends the user’s sessions, an empty one keeps it', async () => {
    const id = await newUser();
    const url = `/front/user/${id}/main-info`;
    const user = new TestClient(app());
    expect((await user.login(`writes-probe-${serial}`, PASSWORD)).statusCode).toBe(200);
    ok(await clients.operator.request('POST', url, { payload: { data: { login: 'Renamed.Probe', comment: 'жилец', dontUnlinkFromFlats: true, operatorId: ACCOUNTS.operator.id, roles: ['management'], newRoles: ['management'], password: '' } } }));
    expect(await detail(id)).toMatchObject({ login: 'Renamed.Probe', comment: 'жилец', dontUnlinkFromFlats: true, operatorId: ACCOUNTS.operator.id, roles: ['management'], newRoles: ['management'] });
    expect((await user.get('/front/user/get-permissions')).statusCode).toBe(200);
    ok(await clients.operator.request('POST', url, { payload: { data: { password: 'another-pass-2', operatorId: null, roles: [] } } }));
    expect(await detail(id)).toMatchObject({ operatorId: null, roles: [], login: 'Renamed.Probe' });
    expectError(await user.get('/front/user/get-permissions'), 401);
    expect((await new TestClient(app()).login('renamed.probe', PASSWORD)).statusCode).toBe(401);
    expect((await new TestClient(app()).login('renamed.probe', 'another-pass-2')).statusCode).toBe(200);
  });

  it('refuses bad main info: 409 login taken, 400 naming password, operatorId, buyerId, roles; 403 for a buyer or role the caller lacks, 409 for one’s own roles', async () => {
    const id = await newUser();
    const send = (data: object, by: AccountName = 'operator', target = id) => clients[by].request('POST', `/front/user/${target}/main-info`, { payload: { data } });
    expectError(await send({ login: 'Installer' }), 409, /login.*Installer/);
    expectError(await send({ login: '' }), 400, /login/);
    expectError(await send({ password: 'short' }), 400, /password/);
    expectError(await send({ operatorId: ACCOUNTS.installer.id }), 400, /operatorId/);
    expectError(await send({ operatorId: 999999 }), 400, /operatorId/);
    expectError(await send({ buyerId: 2 }), 403, /buyerId/);
    expectError(await send({ buyerId: 999 }, 'admin'), 400, /buyerId/);
    expectError(await send({ roles: ['superuser'] }), 403, /roles.*superuser/);
    expectError(await send({ newRoles: ['adjuster'] }), 403, /newRoles.*adjuster/);
    expectError(await send({ roles: ['nobody'] }, 'admin'), 400, /roles.*nobody/);
    expectError(await send({ roles: [] }, 'operator', ACCOUNTS.operator.id), 409, /роли/);
    expectError(await send({ unknown: 1 }), 400, /unknown/);
    // The installer's own role is not the operator's to take away.
    expectError(await send({ roles: [] }, 'operator', ACCOUNTS.installer.id), 403, /roles.*adjuster/);
    ok(await send({ roles: ['adjuster'], comment: 'Монтажник' }, 'operator', ACCOUNTS.installer.id));
    expect(await detail(id)).toMatchObject({ login: `writes-probe-${serial}`, comment: null, roles: [], operatorId: null, buyerId: 1 });
  });

  it('keeps an operator who has since lost the role when the form is saved as it was, and refuses choosing one anew', async () => {
    const id = await newUser();
    const manager = await newUser('admin', { roles: ['management'] });
    ok(await clients.operator.request('POST', `/front/user/${id}/main-info`, { payload: { data: { operatorId: manager } } }));
    ok(await clients.admin.request('POST', `/front/user/${manager}/main-info`, { payload: { data: { roles: [] } } }));
    ok(await clients.operator.request('POST', `/front/user/${id}/main-info`, { payload: { data: { operatorId: manager, comment: 'сохранено как было' } } }));
    expect(await detail(id)).toMatchObject({ operatorId: manager, comment: 'сохранено как было' });
    ok(await clients.operator.request('POST', `/front/user/${id}/main-info`, { payload: { data: { operatorId: null } } }));
    expectError(await clients.operator.request('POST', `/front/user/${id}/main-info`, { payload: { data: { operatorId: manager } } }), 400, /operatorId/);
  });

  it('moves a user to another buyer (superuser): the old buyer’s groups and operator go, the SIP accounts follow; the operator then gets 404', async () => {
    const id = await newUser();
    const [group] = await rows<{ id: number }>(sql`select id from groups where buyer_id = 1 order by id limit 1`);
    ok(await clients.operator.request('POST', `/front/user/${id}/groups`, { payload: { groups: [group.id] } }));
    ok(await clients.operator.request('POST', `/front/user/${id}/main-info`, { payload: { data: { operatorId: ACCOUNTS.operator.id } } }));
    ok(await clients.operator.request('POST', `/front/user/${id}/sip`, { payload: { data: { login: `move-sip-${id}`, password: 'pw', domain: 'x.org', port: 5060 } } }));
    ok(await clients.admin.request('POST', `/front/user/${id}/main-info`, { payload: { data: { buyerId: 2 } } }));
    const moved = await detail(id);
    expect(moved).toMatchObject({ buyerId: 2, operatorId: null, groups: [] });
    const [sip] = await rows<{ buyerId: number }>(sql`select buyer_id as "buyerId" from sip_accounts where user_id = ${id}`);
    expect(sip.buyerId).toBe(2);
    expectError(await clients.operator.get(`/front/user/${id}`), 404);
  });

  it('adds SIP accounts (buyer 1: the provider’s domain and port 7777) and deletes them; 409 for a taken SIP login, 400 naming the field, 404 for another user’s account', async () => {
    const id = await newUser();
    const other = await newUser();
    const foreign = await foreignUser();
    const add = (target: number, data: object, by: AccountName = 'operator') => clients[by].request('POST', `/front/user/${target}/sip`, { payload: { data } });
    ok(await add(id, { login: `sip-${id}`, password: 'pw-1', domain: 'sip.example.org', port: 5060, type: 'udp' }));
    ok(await add(foreign, { login: `sip-${foreign}`, password: 'pw-2', domain: 'sip.example.org', port: 5062 }, 'admin'));
    const [account] = (await detail(id)).sipAccounts;
    expect(account).toMatchObject({ login: `sip-${id}`, password: 'pw-1', domain: FORCED_SIP_DOMAIN, port: FORCED_SIP_PORT, type: 'udp' });
    expect((await detail(foreign)).sipAccounts[0]).toMatchObject({ domain: 'sip.example.org', port: 5062, type: null });
    expectError(await add(other, { login: `sip-${id}`, password: 'pw', domain: 'x.org', port: 5060 }), 409, new RegExp(`login.*sip-${id}`));
    expectError(await add(other, { login: 'sip-port', password: 'pw', domain: 'x.org', port: 0 }), 400, /data\.port/);
    expectError(await add(other, { login: 'sip-port', password: 'pw', domain: 'x.org', port: 65536 }), 400, /data\.port/);
    expectError(await add(other, { login: 'sip-port', password: 'pw', domain: 'x.org', port: '5060' }), 400, /data\.port/);
    expectError(await add(other, { login: 'sip-domain', password: 'pw', domain: 'a b', port: 5060 }), 400, /data\.domain/);
    expectError(await add(other, { login: '', password: 'pw', domain: 'x.org', port: 5060 }), 400, /data\.login/);
    expectError(await clients.operator.request('DELETE', `/front/user/${other}/sip`, { payload: { data: { id: account.id } } }), 404, /SIP/);
    expectError(await clients.operator.request('DELETE', `/front/user/${id}/sip`, { payload: { data: {} } }), 400, /data\.id/);
    ok(await clients.operator.request('DELETE', `/front/user/${id}/sip`, { payload: { data: { id: account.id } } }));
    expect((await detail(id)).sipAccounts).toEqual([]);
    expectError(await clients.operator.request('DELETE', `/front/user/${id}/sip`, { payload: { data: { id: account.id } } }), 404);
  });

  it('unlinks the user from a flat and removes a phone; 404 when not linked or another user’s, 400 naming the field', async () => {
    const id = await newUser();
    const other = await newUser();
    const [flat] = await rows<{ id: number }>(sql`select id from flats where buyer_id = 1 order by id limit 1`);
    await rows(sql`insert into flat_users (flat_id, user_id) values (${flat.id}, ${id}), (${flat.id}, ${other})`);
    const [phone] = await rows<{ id: number }>(sql`insert into user_devices (user_id, name, os, push_enabled) values (${id}, 'iPhone 15', 'ios', true) returning id`);
    const user = await detail(id);
    expect(user.flats.map((item) => item.flatId)).toEqual([flat.id]);
    expect(user.devices).toEqual([expect.objectContaining({ id: phone.id, name: 'iPhone 15', os: 'ios', pushEnabled: true, dateUpdated: null })]);

    expectError(await clients.operator.request('DELETE', `/front/user/${other}/devices`, { payload: { deviceId: phone.id } }), 404, /Устройство/);
    expectError(await clients.operator.request('DELETE', `/front/user/${id}/devices`, { payload: { deviceId: 'x' } }), 400, /deviceId/);
    ok(await clients.operator.request('DELETE', `/front/user/${id}/devices`, { payload: { deviceId: phone.id } }));
    expect((await detail(id)).devices).toEqual([]);

    expectError(await clients.operator.request('DELETE', `/front/user/${id}/flat`, { payload: {} }), 400, /flatId/);
    ok(await clients.operator.request('DELETE', `/front/user/${id}/flat`, { payload: { flatId: flat.id } }));
    expect((await detail(id)).flats).toEqual([]);
    expect((await detail(other)).flats.map((item) => item.flatId)).toEqual([flat.id]);
    expectError(await clients.operator.request('DELETE', `/front/user/${id}/flat`, { payload: { flatId: flat.id } }), 404, /квартир/);
  });

  it('replaces the access entries, named by the lookup maps; unknown or repeated ids are a 400 naming data[i]', async () => {
    const id = await newUser();
    const url = `/front/user/${id}/access`;
    ok(await clients.operator.request('POST', url, { payload: { data: [{ service: 2, action: 1, reason: 3 }, { service: 1, action: 2, reason: 1 }] } }));
    const user = await detail(id, 'operator');
    expect(user.access).toEqual([{ service: 1, action: 2, reason: 1 }, { service: 2, action: 1, reason: 3 }]);
    for (const entry of user.access) {
      expect(user.services?.[String(entry.service)]).toBeTruthy();
      expect(user.actions?.[String(entry.action)]).toBeTruthy();
      expect(user.reasons?.[String(entry.reason)]).toBeTruthy();
    }
    expectError(await clients.operator.request('POST', url, { payload: { data: [{ service: 1, action: 1, reason: 1 }, { service: 999, action: 1, reason: 1 }] } }), 400, /data\[1\]\.service/);
    expectError(await clients.operator.request('POST', url, { payload: { data: [{ service: 1, action: 999, reason: 1 }] } }), 400, /data\[0\]\.action/);
    expectError(await clients.operator.request('POST', url, { payload: { data: [{ service: 1, action: 1, reason: 999 }] } }), 400, /data\[0\]\.reason/);
    expectError(await clients.operator.request('POST', url, { payload: { data: [{ service: 1, action: 1, reason: 1 }, { service: 1, action: 2, reason: 2 }] } }), 400, /data\[1\]\.service/);
    expectError(await clients.operator.request('POST', url, { payload: { data: [{ service: 1, action: 1 }] } }), 400, /reason/);
    expect((await detail(id)).access).toHaveLength(2);
    ok(await clients.operator.request('POST', url, { payload: { data: [] } }));
    expect((await detail(id)).access).toEqual([]);
  });

  it('lets support read a user card of its buyer with the lookup maps (another buyer’s: 404)', async () => {
    const id = await newUser();
    const user = await detail(id, 'support');
    expect(user).toMatchObject({ id, buyerId: 1, password: '' });
    expect(user.operators).toHaveProperty(String(ACCOUNTS.operator.id), 'operator');
    expect(Object.keys(user.rolesList ?? {})).toContain('management');
    expectError(await clients.support.get(`/front/user/${await foreignUser()}`), 404);
  });
});
