import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { UserPermissionsResponse, type UserAuthItem, type UserPermissionsData } from '../../contract/user-permissions';
import { PERMISSIONS, PermissionsResponse, ROLES } from '../../contract/users';
import { buildApp } from '../../server/app';
import { queryRows } from '../../server/db/client';
import { hashPassword } from '../../server/security/passwords';
import { ACCOUNTS, BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';
import { databaseUrl } from './postgres';

const ALL_ITEMS = [ROLES.adjuster, ROLES.management, ROLES.superuser, ROLES.support, ...Object.values(PERMISSIONS)].sort();

function item(data: UserPermissionsData, name: string): UserAuthItem {
  const found = data.items.find((entry) => entry.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found;
}

const assignedNames = (data: UserPermissionsData) => data.items.filter((entry) => entry.assigned).map((entry) => entry.name).sort();

let created = 0;

/** A fresh staff member of `buyerId` with `items` assigned; its password is its login. */
async function createUser(app: FastifyInstance, buyerId: number, items: readonly string[]): Promise<{ id: number; login: string }> {
  created += 1;
  const login = `perm.test.${process.pid}.${created}`;
  const hash = await hashPassword(login);
  const [row] = await queryRows<{ id: number }>(
    app.database.drizzle,
    sql`insert into users (id, login, password_hash, buyer_id) values ((select max(id) + 1 from users), ${login}, ${hash}, ${buyerId}) returning id`,
  );
  for (const name of items) {
    await app.database.drizzle.execute(sql`insert into auth_assignments (item_name, user_id, created_at) values (${name}, ${row!.id}, 1700000000)`);
  }
  return { id: row!.id, login };
}

async function loginUser(app: FastifyInstance, login: string): Promise<TestClient> {
  const client = new TestClient(app);
  const response = await client.login(login, login);
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

async function authVersion(app: FastifyInstance): Promise<number> {
  const [row] = await queryRows<{ version: string | number }>(app.database.drizzle, sql`select version from auth_version where id = 1`);
  return Number(row!.version);
}

async function read(client: TestClient, userId: number): Promise<UserPermissionsData> {
  const response = await client.get(`/front/user/${userId}/permissions`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(UserPermissionsResponse, response.json()).data;
}

async function change(client: TestClient, userId: number, body: { grant?: string[]; revoke?: string[] }): Promise<UserPermissionsData> {
  const response = await client.request('PUT', `/front/user/${userId}/permissions`, { payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(UserPermissionsResponse, response.json()).data;
}

describe.each(BACKENDS)('user permissions on %s', (backend) => {
  const app = useApp(backend);

  it('shows the superuser a user’s assigned items with when, and the whole catalogue grantable', async () => {
    const admin = await loginAs(app(), 'admin');
    const data = await read(admin, ACCOUNTS.operator.id);
    expect(data).toMatchObject({ userId: 2, login: 'operator', buyerId: 1, editable: true });
    expect(data.items.map((entry) => entry.name).sort()).toEqual(ALL_ITEMS);
    // Roles first, then permissions.
    expect(data.items.map((entry) => entry.type)).toEqual([1, 1, 1, 1, 2, 2, 2]);
    expect(assignedNames(data)).toEqual([ROLES.management, ...Object.values(PERMISSIONS)].sort());
    const houses = item(data, PERMISSIONS.housesList);
    expect(houses).toMatchObject({ type: 2, description: 'Жилой фонд', ruleName: null, assigned: true, grantable: true, selfLocked: false, inheritedFrom: [] });
    expect(houses.assignedAt).toEqual(expect.any(Number));
    expect(houses.createdAt).toEqual(expect.any(Number));
    expect(item(data, ROLES.superuser)).toMatchObject({ type: 1, assigned: false, assignedAt: null, grantable: true });
    expect(data.items.every((entry) => entry.grantable)).toBe(true);
  });

  it('shows the superuser its own page: every item through the superuser role, which it may not revoke', async () => {
    const admin = await loginAs(app(), 'admin');
    const data = await read(admin, ACCOUNTS.admin.id);
    expect(assignedNames(data)).toEqual([ROLES.superuser]);
    expect(item(data, ROLES.superuser).selfLocked).toBe(true);
    expect(item(data, PERMISSIONS.usersList)).toMatchObject({ assigned: false, inheritedFrom: [ROLES.superuser], selfLocked: false });
  });

  it('lets the operator grant only what it holds itself', async () => {
    const operator = await loginAs(app(), 'operator');
    const data = await read(operator, ACCOUNTS.installer.id);
    const grantable = data.items.filter((entry) => entry.grantable).map((entry) => entry.name).sort();
    expect(grantable).toEqual([ROLES.management, ...Object.values(PERMISSIONS)].sort());
    expect(item(data, ROLES.adjuster)).toMatchObject({ assigned: true, grantable: false });
    expect(data.editable).toBe(true);
  });

  it('lets support read (not editable) and refuses it every change; refuses the installer both', async () => {
    const support = await loginAs(app(), 'support');
    const data = await read(support, ACCOUNTS.operator.id);
    expect(data.editable).toBe(false);
    expectError(await support.request('PUT', '/front/user/2/permissions', { payload: { grant: [PERMISSIONS.keysList] } }), 403, /Недостаточно прав/);
    const installer = await loginAs(app(), 'installer');
    expectError(await installer.get('/front/user/2/permissions'), 403);
    expectError(await installer.request('PUT', '/front/user/2/permissions', { payload: {} }), 403);
    expect(assignedNames(await read(support, ACCOUNTS.operator.id))).toEqual(assignedNames(data));
  });

  it('answers 404 for another buyer’s user (read and change) and for a missing one; 400 for a bad id', async () => {
    const stranger = await createUser(app(), 2, [PERMISSIONS.keysList]);
    const operator = await loginAs(app(), 'operator');
    expectError(await operator.get(`/front/user/${stranger.id}/permissions`), 404, /Пользователь не найден/);
    expectError(await operator.request('PUT', `/front/user/${stranger.id}/permissions`, { payload: { revoke: [PERMISSIONS.keysList] } }), 404, /Пользователь не найден/);
    const support = await loginAs(app(), 'support');
    expectError(await support.get(`/front/user/${stranger.id}/permissions`), 404);
    const admin = await loginAs(app(), 'admin');
    expect(assignedNames(await read(admin, stranger.id))).toEqual([PERMISSIONS.keysList]);
    expectError(await admin.get('/front/user/99999999/permissions'), 404, /Пользователь не найден/);
    expectError(await admin.get('/front/user/abc/permissions'), 400, /id/);
  });

  it('refuses bad input with 400 naming the field or the item, and changes nothing', async () => {
    const user = await createUser(app(), 1, []);
    const operator = await loginAs(app(), 'operator');
    const put = (payload: object) => operator.request('PUT', `/front/user/${user.id}/permissions`, { payload });
    expectError(await put({ grant: ['NO_SUCH_PERMISSION', PERMISSIONS.keysList] }), 400, /grant.*«NO_SUCH_PERMISSION»/);
    expectError(await put({ revoke: ['nobody'] }), 400, /revoke.*«nobody»/);
    expectError(await put({ grant: [PERMISSIONS.keysList], revoke: [PERMISSIONS.keysList] }), 400, /«KEYS_LIST_PERMISSION»/);
    expectError(await put({ grant: 'KEYS_LIST_PERMISSION' }), 400, /grant/);
    expectError(await put({ grant: [1] }), 400, /grant/);
    expectError(await put({ grants: [PERMISSIONS.keysList] }), 400, /grants/);
    expect(assignedNames(await read(operator, user.id))).toEqual([]);
  });

  it('refuses the operator an item it does not hold, with 403 naming it', async () => {
    const operator = await loginAs(app(), 'operator');
    const user = await createUser(app(), 1, [ROLES.adjuster]);
    const put = (payload: object) => operator.request('PUT', `/front/user/${user.id}/permissions`, { payload });
    expectError(await put({ grant: [ROLES.superuser, PERMISSIONS.keysList] }), 403, /«superuser»/);
    expectError(await put({ revoke: [ROLES.adjuster] }), 403, /«adjuster»/);
    expect(assignedNames(await read(operator, user.id))).toEqual([ROLES.adjuster]);
  });

  it('refuses with 409 a change that would lock the caller out, and allows one that would not', async () => {
    const operator = await loginAs(app(), 'operator');
    const own = await read(operator, ACCOUNTS.operator.id);
    expect(item(own, PERMISSIONS.usersList).selfLocked).toBe(true);
    expect(item(own, PERMISSIONS.keysList).selfLocked).toBe(false);
    expectError(await operator.request('PUT', '/front/user/2/permissions', { payload: { revoke: [PERMISSIONS.usersList] } }), 409, /USERS_LIST_PERMISSION/);
    const admin = await loginAs(app(), 'admin');
    expectError(await admin.request('PUT', '/front/user/1/permissions', { payload: { revoke: [ROLES.superuser] } }), 409, /«superuser»/);
    expect(assignedNames(await read(admin, ACCOUNTS.admin.id))).toEqual([ROLES.superuser]);
    expect(assignedNames(await read(admin, ACCOUNTS.operator.id))).toContain(PERMISSIONS.usersList);

    // Another user with the permission may take it away (the operator is not locked out of others).
    const helper = await createUser(app(), 1, [PERMISSIONS.usersList]);
    const after = await change(operator, helper.id, { revoke: [PERMISSIONS.usersList] });
    expect(assignedNames(after)).toEqual([]);
  });

  it('is idempotent: the same change twice gives the same state, keeps the assignment time, and a no-op does not bump auth_version', async () => {
    const operator = await loginAs(app(), 'operator');
    const user = await createUser(app(), 1, []);
    const first = await change(operator, user.id, { grant: [PERMISSIONS.keysList, PERMISSIONS.keysList, ROLES.management] });
    expect(assignedNames(first)).toEqual([ROLES.management, PERMISSIONS.keysList].sort());
    const assignedAt = item(first, PERMISSIONS.keysList).assignedAt;
    expect(assignedAt).toBeGreaterThan(1_700_000_000);
    const version = await authVersion(app());
    const again = await change(operator, user.id, { grant: [PERMISSIONS.keysList, ROLES.management], revoke: [PERMISSIONS.housesList] });
    expect(again).toEqual(first);
    expect(await authVersion(app())).toBe(version);
    const revoked = await change(operator, user.id, { revoke: [ROLES.management] });
    expect(assignedNames(revoked)).toEqual([PERMISSIONS.keysList]);
    expect(await authVersion(app())).toBeGreaterThan(version);
    expect(assignedNames(await change(operator, user.id, { revoke: [ROLES.management] }))).toEqual([PERMISSIONS.keysList]);
  });

  it('takes a revoked permission away at the user’s very next request, without a new login, and a grant gives it back', async () => {
    const b = await createUser(app(), 1, [PERMISSIONS.housesList]);
    const userB = await loginUser(app(), b.login);
    expect((await userB.get('/front/house-list?page=1')).statusCode).toBe(200);
    expect(Object.keys(expectShape(PermissionsResponse, (await userB.get('/front/user/get-permissions')).json()).permissions)).toEqual([PERMISSIONS.housesList]);

    const operator = await loginAs(app(), 'operator');
    await change(operator, b.id, { revoke: [PERMISSIONS.housesList] });
    expectError(await userB.get('/front/house-list?page=1'), 403, /Недостаточно прав/);
    expect(expectShape(PermissionsResponse, (await userB.get('/front/user/get-permissions')).json()).permissions).toEqual({});

    await change(operator, b.id, { grant: [PERMISSIONS.housesList] });
    expect((await userB.get('/front/house-list?page=1')).statusCode).toBe(200);
  });

  // Two server processes on one database: each caches grants, and the revoke on one reaches the other at once.
  if (backend === 'postgres') it('takes a permission revoked through one server process away on another at the user’s next request', async () => {
    const [{ name }] = await queryRows<{ name: string }>(app().database.drizzle, sql`select current_database() as "name"`);
    const other = await buildApp({ database: { kind: 'postgres', url: databaseUrl(process.env.TEST_DATABASE_URL!, name), poolSize: 2 }, seed: false });
    try {
      const b = await createUser(app(), 1, [PERMISSIONS.housesList]);
      const userB = await loginUser(other, b.login);
      expect((await userB.get('/front/house-list?page=1')).statusCode).toBe(200);
      const operator = await loginAs(app(), 'operator');
      await change(operator, b.id, { revoke: [PERMISSIONS.housesList] });
      expectError(await userB.get('/front/house-list?page=1'), 403, /Недостаточно прав/);
    } finally {
      await other.close();
    }
  });

  it('gives a granted role’s children at the next request too (superuser through the hierarchy)', async () => {
    const b = await createUser(app(), 1, []);
    const userB = await loginUser(app(), b.login);
    expectError(await userB.get('/front/buyers'), 403);
    const admin = await loginAs(app(), 'admin');
    const data = await change(admin, b.id, { grant: [ROLES.superuser] });
    expect(item(data, PERMISSIONS.housesList).inheritedFrom).toEqual([ROLES.superuser]);
    expect((await userB.get('/front/house-list?page=1')).statusCode).toBe(200);
    await change(admin, b.id, { revoke: [ROLES.superuser] });
    expectError(await userB.get('/front/house-list?page=1'), 403);
  });
});
