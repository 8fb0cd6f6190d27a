import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, PermissionsResponse, ROLES, UserGetResponse, UserGroupsResponse } from '../../contract/users';
import { ACCOUNTS, BACKENDS, expectError, expectShape, loginAs, useApp } from './helpers';

const ALL_PERMISSIONS = Object.values(PERMISSIONS).sort();

describe.each(BACKENDS)('current user on %s', (backend) => {
  const app = useApp(backend);

  it('gives the superuser every role and permission', async () => {
    const client = await loginAs(app(), 'admin');
    const body = expectShape(PermissionsResponse, (await client.get('/front/user/get-permissions')).json());
    expect(body).toMatchObject({ userId: 1, buyerId: 1 });
    expect(Object.keys(body.roles).sort()).toEqual([ROLES.adjuster, ROLES.management, ROLES.superuser, 'support']);
    expect(Object.keys(body.permissions).sort()).toEqual(ALL_PERMISSIONS);
    expect(body.roles.superuser).toMatchObject({ type: 1, name: 'superuser', ruleName: null, data: null });
    expect(body.permissions.HOUSES_LIST_PERMISSION).toMatchObject({ type: 2, description: 'Жилой фонд' });
  });

  it.each([
    ['operator', [ROLES.management], ALL_PERMISSIONS],
    ['installer', [ROLES.adjuster], []],
    ['support', ['support'], []],
  ] as const)('gives %s exactly roles %j and permissions %j', async (account, roles, permissions) => {
    const client = await loginAs(app(), account);
    const body = expectShape(PermissionsResponse, (await client.get('/front/user/get-permissions')).json());
    expect(body.userId).toBe(ACCOUNTS[account].id);
    expect(Object.keys(body.roles).sort()).toEqual([...roles]);
    expect(Object.keys(body.permissions).sort()).toEqual([...permissions]);
  });

  it('lists the groups of the current user', async () => {
    const client = await loginAs(app(), 'operator');
    const body = expectShape(UserGroupsResponse, (await client.get('/front/user/groups')).json());
    expect(body.result).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    for (const group of body.data) expect(group.buyerId).toBe(1);
  });

  it.each(Object.keys(ACCOUNTS) as (keyof typeof ACCOUNTS)[])('lets %s read itself (the header shows data.login)', async (account) => {
    const client = await loginAs(app(), account);
    const body = expectShape(UserGetResponse, (await client.get(`/front/user/${ACCOUNTS[account].id}`)).json());
    expect(body.data.login).toBe(ACCOUNTS[account].login);
    expect(body.data.id).toBe(ACCOUNTS[account].id);
    expect(body.data.password).toBe('');
  });

  it('gives the operator (USERS_LIST_PERMISSION) another user of the same buyer, with roles and lookups', async () => {
    const client = await loginAs(app(), 'operator');
    const body = expectShape(UserGetResponse, (await client.get('/front/user/3')).json());
    expect(body.data).toMatchObject({ id: 3, login: 'installer', buyerId: 1, roles: [ROLES.adjuster] });
    expect(body.data.rolesList).toHaveProperty('superuser');
    expect(body.data.operators).toHaveProperty('2', 'operator');
    expect(Object.keys(body.data.services ?? {}).length).toBeGreaterThan(0);
  });

  it('gives a resident with flats, SIP accounts and phones in the documented shape', async () => {
    const client = await loginAs(app(), 'admin');
    let found = false;
    for (let id = 10; id < 40 && !found; id++) {
      const response = await client.get(`/front/user/${id}`);
      if (response.statusCode !== 200) continue;
      const body = expectShape(UserGetResponse, response.json());
      if (body.data.flats.length > 0) {
        found = true;
        expect(body.data.flats[0].address).toMatch(/г\. /);
      }
    }
    expect(found).toBe(true);
  });

  it('lets support read another user of its buyer, and refuses the installer (neither the permission nor support): 403', async () => {
    const support = await loginAs(app(), 'support');
    expect(expectShape(UserGetResponse, (await support.get('/front/user/2')).json()).data.login).toBe('operator');
    expectError(await (await loginAs(app(), 'installer')).get('/front/user/2'), 403);
  });

  it('answers 404 for a user that does not exist', async () => {
    const client = await loginAs(app(), 'admin');
    expectError(await client.get('/front/user/999999'), 404, /Пользователь не найден/);
  });

  it('hides users of another buyer from a non-superuser: 404', async () => {
    const admin = await loginAs(app(), 'admin');
    let otherBuyerUser: number | null = null;
    for (let id = 5; id < 40 && otherBuyerUser === null; id++) {
      const response = await admin.get(`/front/user/${id}`);
      if (response.statusCode === 200 && expectShape(UserGetResponse, response.json()).data.buyerId !== 1) otherBuyerUser = id;
    }
    expect(otherBuyerUser).not.toBeNull();
    const operator = await loginAs(app(), 'operator');
    expectError(await operator.get(`/front/user/${otherBuyerUser}`), 404);
  });
});

describe.each(BACKENDS)('role changes on %s', (backend) => {
  const app = useApp(backend);

  it('applies a role granted or revoked in the database to the very next request', async () => {
    // Support reads the house list by its role; deleting a house takes the permission.
    const client = await loginAs(app(), 'support');
    const removeUnknownHouse = () => client.request('DELETE', '/front/house-list/delete?uid=no-such-house');
    const before = expectShape(PermissionsResponse, (await client.get('/front/user/get-permissions')).json());
    expect(Object.keys(before.permissions)).toEqual([]);
    expectError(await removeUnknownHouse(), 403);

    const db = app().database.drizzle;
    await db.execute(sql`insert into auth_assignments (item_name, user_id) values ('HOUSES_LIST_PERMISSION', 4)`);
    const granted = expectShape(PermissionsResponse, (await client.get('/front/user/get-permissions')).json());
    expect(Object.keys(granted.permissions)).toEqual([PERMISSIONS.housesList]);
    expectError(await removeUnknownHouse(), 404);

    await db.execute(sql`delete from auth_assignments where item_name = 'HOUSES_LIST_PERMISSION' and user_id = 4`);
    expectError(await removeUnknownHouse(), 403);
  });

  it('shows a changed description at once', async () => {
    const client = await loginAs(app(), 'operator');
    await client.get('/front/user/get-permissions');
    await app().database.drizzle.execute(sql`update auth_items set description = 'Жилой фонд (дома)' where name = 'HOUSES_LIST_PERMISSION'`);
    const body = expectShape(PermissionsResponse, (await client.get('/front/user/get-permissions')).json());
    expect(body.permissions.HOUSES_LIST_PERMISSION.description).toBe('Жилой фонд (дома)');
  });
});
