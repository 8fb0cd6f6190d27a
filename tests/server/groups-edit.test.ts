import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GROUP_LIST_PAGE_SIZE, GROUP_NAME_MAX_LENGTH, GroupDevicesResponse, GroupResponse, GroupTreeResponse, GroupUsersResponse, type Group } from '../../contract/groups';
import { ResultResponse } from '../../contract/common';
import { queryRows } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

describe.each(BACKENDS)('group get, tree, members, create, update and delete on %s', (backend) => {
  const app = useApp(backend);
  const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(app().database.drizzle, query);

  async function create(client: TestClient, body: object): Promise<Group> {
    const response = await client.request('POST', '/front/groups/create', { payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(GroupResponse, response.json()).data;
  }
  async function update(client: TestClient, id: number, body: object): Promise<Group> {
    const response = await client.request('POST', `/front/groups/${id}`, { payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(GroupResponse, response.json()).data;
  }
  /** A group of the other buyer (2) of the small seed. */
  async function otherBuyersGroup(): Promise<number> {
    const [row] = await rows<{ id: number }>(sql`select id from groups where buyer_id = 2 order by id limit 1`);
    return row!.id;
  }

  it('creates a nested group for the session’s buyer, reads it back, and answers another buyer’s group 404', async () => {
    const operator = await loginAs(app(), 'operator');
    const parent = await create(operator, { name: '  Северный район  ' });
    expect(parent).toMatchObject({ name: 'Северный район', buyerId: 1, parentId: null });
    expect(parent.uid).toMatch(/^[0-9a-f-]{36}$/);
    const child = await create(operator, { name: 'Центр', parentId: parent.groupId });
    expect(child).toMatchObject({ parentId: parent.groupId, buyerId: 1 });

    const got = await operator.get(`/front/groups/${child.groupId}`);
    expect(got.statusCode, got.body).toBe(200);
    expect(expectShape(GroupResponse, got.json()).data).toEqual(child);
    const support = await loginAs(app(), 'support');
    expect((await support.get(`/front/groups/${child.groupId}`)).statusCode).toBe(200);

    const other = await otherBuyersGroup();
    expectError(await operator.get(`/front/groups/${other}`), 404, /Группа не найдена/);
    expectError(await operator.get('/front/groups/999999'), 404, /Группа не найдена/);
    expectError(await operator.get('/front/groups/abc'), 400, /groupId/);
    expectError(await operator.get('/front/groups/0'), 400, /groupId/);
    expect((await (await loginAs(app(), 'admin')).get(`/front/groups/${other}`)).statusCode).toBe(200);
    expectError(await new TestClient(app()).get(`/front/groups/${child.groupId}`), 401);
    expectError(await (await loginAs(app(), 'installer')).get(`/front/groups/${child.groupId}`), 403, /Недостаточно прав/);
  });

  it('refuses a bad create with 400 naming the field, and an installer, support or no token with 401/403', async () => {
    const operator = await loginAs(app(), 'operator');
    expectError(await operator.request('POST', '/front/groups/create', { payload: {} }), 400, /name/);
    expectError(await operator.request('POST', '/front/groups/create', { payload: { name: '   ' } }), 400, /name/);
    expectError(await operator.request('POST', '/front/groups/create', { payload: { name: 'я'.repeat(GROUP_NAME_MAX_LENGTH + 1) } }), 400, /name: не длиннее 100/);
    expect((await create(operator, { name: 'я'.repeat(GROUP_NAME_MAX_LENGTH) })).name).toHaveLength(GROUP_NAME_MAX_LENGTH);
    expectError(await operator.request('POST', '/front/groups/create', { payload: { name: 'Группа', parentId: 999999 } }), 400, /parentId: группа 999999 не найдена/);
    expectError(await operator.request('POST', '/front/groups/create', { payload: { name: 'Группа', parentId: 2147483648 } }), 400, /parentId/);
    expectError(await operator.request('POST', '/front/groups/create', { payload: { name: 'Группа', parentId: 'x' } }), 400, /parentId/);
    expectError(await operator.request('POST', '/front/groups/create', { payload: { name: 'Группа', color: 'red' } }), 400, /color/);
    // Another buyer's parent is as unknown as a missing one; another buyer is the superuser's to name.
    const other = await otherBuyersGroup();
    expectError(await operator.request('POST', '/front/groups/create', { payload: { name: 'Группа', parentId: other } }), 400, new RegExp(`parentId: группа ${other} не найдена`));
    expectError(await operator.request('POST', '/front/groups/create', { payload: { name: 'Группа', buyerId: 2 } }), 400, /buyerId/);
    expect((await create(operator, { name: 'Своя', buyerId: 1 })).buyerId).toBe(1);

    expectError(await (await loginAs(app(), 'support')).request('POST', '/front/groups/create', { payload: { name: 'Группа' } }), 403, /Недостаточно прав/);
    expectError(await (await loginAs(app(), 'installer')).request('POST', '/front/groups/create', { payload: { name: 'Группа' } }), 403, /Недостаточно прав/);
    expectError(await operator.request('POST', '/front/groups/create', { payload: { name: 'Группа' }, csrf: false }), 403, /CSRF/);
    expectError(await new TestClient(app()).request('POST', '/front/groups/create', { payload: { name: 'Группа' } }), 401);
    const [{ count }] = await rows<{ count: number }>(sql`select count(*)::int as count from groups where name = 'Группа'`);
    expect(count).toBe(0);
  });

  it('lets the superuser create for another buyer (or the parent’s), but never under a parent of another buyer', async () => {
    const admin = await loginAs(app(), 'admin');
    const other = await otherBuyersGroup();
    expect((await create(admin, { name: 'Для второго', buyerId: 2 })).buyerId).toBe(2);
    expect(await create(admin, { name: 'Под чужой', parentId: other })).toMatchObject({ buyerId: 2, parentId: other });
    expectError(await admin.request('POST', '/front/groups/create', { payload: { name: 'Смешанная', parentId: other, buyerId: 1 } }), 400, /parentId: .*другому покупателю/);
    expectError(await admin.request('POST', '/front/groups/create', { payload: { name: 'Ничья', buyerId: 999999 } }), 400, /buyerId: покупатель 999999 не найден/);
    expectError(await admin.request('POST', '/front/groups/create', { payload: { name: 'Ничья', buyerId: 0 } }), 400, /buyerId/);
  });

  it('renames and moves a group, keeps the parent when none is given, and refuses a loop with 400 naming parentId', async () => {
    const operator = await loginAs(app(), 'operator');
    const top = await create(operator, { name: 'Верх' });
    const middle = await create(operator, { name: 'Середина', parentId: top.groupId });
    const bottom = await create(operator, { name: 'Низ', parentId: middle.groupId });
    const elsewhere = await create(operator, { name: 'Другая ветка' });

    expect(await update(operator, bottom.groupId, { name: 'Низ (переименован)' })).toMatchObject({ name: 'Низ (переименован)', parentId: middle.groupId });
    expect(await update(operator, bottom.groupId, { name: 'Низ', parentId: elsewhere.groupId })).toMatchObject({ parentId: elsewhere.groupId });
    expect(await update(operator, middle.groupId, { name: 'Середина', parentId: null })).toMatchObject({ parentId: null });
    await update(operator, middle.groupId, { name: 'Середина', parentId: top.groupId });

    expectError(await operator.request('POST', `/front/groups/${top.groupId}`, { payload: { name: 'Верх', parentId: top.groupId } }), 400, /parentId: группа не может быть вложена в саму себя/);
    await update(operator, bottom.groupId, { name: 'Низ', parentId: middle.groupId });
    expectError(await operator.request('POST', `/front/groups/${top.groupId}`, { payload: { name: 'Верх', parentId: bottom.groupId } }), 400, /parentId/);
    expectError(await operator.request('POST', `/front/groups/${top.groupId}`, { payload: { name: 'Верх', parentId: middle.groupId } }), 400, /parentId/);
    const [stored] = await rows<{ parent_id: number | null; name: string }>(sql`select parent_id, name from groups where id = ${top.groupId}`);
    expect(stored).toEqual({ parent_id: null, name: 'Верх' });

    expectError(await operator.request('POST', `/front/groups/${top.groupId}`, { payload: { name: '' } }), 400, /name/);
    expectError(await operator.request('POST', `/front/groups/${top.groupId}`, { payload: { name: 'x'.repeat(101) } }), 400, /name/);
    expectError(await operator.request('POST', `/front/groups/${top.groupId}`, { payload: { name: 'Верх', buyerId: 2 } }), 400, /buyerId/);
    expectError(await operator.request('POST', `/front/groups/${top.groupId}`, { payload: { name: 'Верх', parentId: 999999 } }), 400, /parentId/);
    expect(await update(operator, top.groupId, { name: 'Верх', buyerId: 1 })).toMatchObject({ buyerId: 1 });
  });

  it('lets only one of two moves at once through when together they would make a loop', async () => {
    const operator = await loginAs(app(), 'operator');
    const first = await create(operator, { name: 'Первая' });
    const second = await create(operator, { name: 'Вторая' });
    const answers = await Promise.all([
      operator.request('POST', `/front/groups/${first.groupId}`, { payload: { name: 'Первая', parentId: second.groupId } }),
      operator.request('POST', `/front/groups/${second.groupId}`, { payload: { name: 'Вторая', parentId: first.groupId } }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const stored = await rows<{ parent_id: number | null }>(sql`select parent_id from groups where id in (${first.groupId}, ${second.groupId})`);
    expect(stored.filter((row) => row.parent_id === null)).toHaveLength(1);
  });

  it('keeps another buyer’s groups out of an operator’s update and delete (404), and the superuser’s moves within one buyer', async () => {
    const operator = await loginAs(app(), 'operator');
    const own = await create(operator, { name: 'Своя группа' });
    const other = await otherBuyersGroup();
    expectError(await operator.request('POST', `/front/groups/${other}`, { payload: { name: 'Захват' } }), 404, /Группа не найдена/);
    expectError(await operator.request('DELETE', `/front/groups/${other}`), 404, /Группа не найдена/);
    expectError(await operator.request('POST', `/front/groups/${own.groupId}`, { payload: { name: 'Своя', parentId: other } }), 400, /parentId/);
    expectError(await operator.request('POST', '/front/groups/999999', { payload: { name: 'Нет' } }), 404);
    const [{ name }] = await rows<{ name: string }>(sql`select name from groups where id = ${other}`);
    expect(name).not.toBe('Захват');

    const admin = await loginAs(app(), 'admin');
    expectError(await admin.request('POST', `/front/groups/${own.groupId}`, { payload: { name: 'Своя', parentId: other } }), 400, /parentId: .*другому покупателю/);
    expectError(await admin.request('POST', `/front/groups/${own.groupId}`, { payload: { name: 'Своя', buyerId: 2 } }), 400, /buyerId/);
    expect((await update(admin, other, { name: 'Переименована суперпользователем' })).name).toBe('Переименована суперпользователем');

    for (const account of ['support', 'installer'] as const) {
      const client = await loginAs(app(), account);
      expectError(await client.request('POST', `/front/groups/${own.groupId}`, { payload: { name: 'Нельзя' } }), 403, /Недостаточно прав/);
      expectError(await client.request('DELETE', `/front/groups/${own.groupId}`), 403, /Недостаточно прав/);
    }
    expectError(await operator.request('POST', `/front/groups/${own.groupId}`, { payload: { name: 'Нельзя' }, csrf: false }), 403, /CSRF/);
    expectError(await operator.request('DELETE', `/front/groups/${own.groupId}`, { csrf: false }), 403, /CSRF/);
    expectError(await new TestClient(app()).request('DELETE', `/front/groups/${own.groupId}`), 401);
    expectError(await new TestClient(app()).request('POST', `/front/groups/${own.groupId}`, { payload: { name: 'Нельзя' } }), 401);
    expectError(await operator.request('DELETE', '/front/groups/abc'), 400, /groupId/);
    expectError(await operator.request('POST', '/front/groups/0', { payload: { name: 'Нельзя' } }), 400, /groupId/);
  });

  it('refuses to delete a group with children (409 with the count), and takes its device and user links with it', async () => {
    const operator = await loginAs(app(), 'operator');
    const parent = await create(operator, { name: 'Родитель' });
    await create(operator, { name: 'Ребёнок 1', parentId: parent.groupId });
    const second = await create(operator, { name: 'Ребёнок 2', parentId: parent.groupId });
    expectError(await operator.request('DELETE', `/front/groups/${parent.groupId}`), 409, /вложенных групп — 2/);

    const [device] = await rows<{ id: number; mac: string }>(sql`select id, mac from devices where buyer_id = 1 order by id limit 1`);
    const linked = await operator.request('POST', `/front/devices/${encodeURIComponent(device!.mac)}/groups`, { payload: { mac: device!.mac, groups: [second.groupId] } });
    expect(linked.statusCode, linked.body).toBe(200);
    await rows(sql`insert into user_groups (user_id, group_id, given_by) values (2, ${second.groupId}, 'operator')`);

    const removed = await operator.request('DELETE', `/front/groups/${second.groupId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(expectShape(ResultResponse, removed.json()).message).toMatch(/устройств \(1\) и пользователей \(1\)/);
    expectError(await operator.get(`/front/groups/${second.groupId}`), 404);
    const [links] = await rows<{ devices: number; users: number }>(
      sql`select (select count(*)::int from device_groups where group_id = ${second.groupId}) as devices, (select count(*)::int from user_groups where group_id = ${second.groupId}) as users`,
    );
    expect(links).toEqual({ devices: 0, users: 0 });
    expectError(await operator.request('DELETE', `/front/groups/${second.groupId}`), 404);
    expectError(await operator.request('DELETE', `/front/groups/${parent.groupId}`), 409, /вложенных групп — 1/);
  });

  it('answers the whole tree of the scope with counts, and the buyers: one for an operator, every one for the superuser', async () => {
    const operator = await loginAs(app(), 'operator');
    const parent = await create(operator, { name: 'Дерево' });
    await create(operator, { name: 'Ветка', parentId: parent.groupId });
    const response = await operator.get('/front/groups/tree');
    expect(response.statusCode, response.body).toBe(200);
    const tree = expectShape(GroupTreeResponse, response.json());
    const [{ total }] = await rows<{ total: number }>(sql`select count(*)::int as total from groups where buyer_id = 1`);
    expect(tree.data).toHaveLength(total);
    expect(tree.truncated).toBe(false);
    expect(tree.buyers.map((buyer) => buyer.buyerId)).toEqual([1]);
    expect(tree.data.find((group) => group.groupId === parent.groupId)).toMatchObject({ children: 1, devices: 0, users: 0 });
    for (const group of tree.data) expect(group.buyerId).toBe(1);
    const [counted] = await rows<{ id: number; devices: number }>(sql`select group_id as id, count(*)::int as devices from device_groups dg join groups g on g.id = dg.group_id where g.buyer_id = 1 group by group_id order by group_id limit 1`);
    if (counted) expect(tree.data.find((group) => group.groupId === counted.id)?.devices).toBe(counted.devices);

    const supportList = await (await loginAs(app(), 'support')).get('/front/groups?page=1');
    expect(supportList.statusCode, supportList.body).toBe(200);
    const support = expectShape(GroupTreeResponse, (await (await loginAs(app(), 'support')).get('/front/groups/tree')).json());
    expect(support.data).toHaveLength(total);
    const admin = expectShape(GroupTreeResponse, (await (await loginAs(app(), 'admin')).get('/front/groups/tree')).json());
    const [{ all }] = await rows<{ all: number }>(sql`select count(*)::int as "all" from groups`);
    expect(admin.data).toHaveLength(all);
    expect(admin.buyers.length).toBeGreaterThan(1);
    expectError(await (await loginAs(app(), 'installer')).get('/front/groups/tree'), 403);
    expectError(await new TestClient(app()).get('/front/groups/tree'), 401);
  });

  it('pages a group’s devices (MAC, type, addresses) and users (login), 404 for another buyer’s group', async () => {
    const operator = await loginAs(app(), 'operator');
    const group = await create(operator, { name: 'Участники' });
    // The small seed's buyer has fewer devices than a page holds.
    await rows(sql`insert into devices (mac, buyer_id, type) select 'FE:00:00:00:00:' || upper(lpad(to_hex(n), 2, '0')), 1, 6 from generate_series(1, ${GROUP_LIST_PAGE_SIZE}) as n`);
    const devices = await rows<{ mac: string }>(sql`select mac from devices where buyer_id = 1 order by mac limit ${GROUP_LIST_PAGE_SIZE + 2}`);
    const assigned = await operator.request('POST', '/front/device-list/multiple-set-groups', { payload: { macs: devices.map((device) => device.mac), groups: [group.groupId], clearOld: false } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await rows(sql`insert into user_groups (user_id, group_id, given_by) values (2, ${group.groupId}, 'operator'), (4, ${group.groupId}, null)`);

    const first = expectShape(GroupDevicesResponse, (await operator.get(`/front/groups/${group.groupId}/devices?page=1`)).json());
    expect(first.pagination).toEqual({ count: GROUP_LIST_PAGE_SIZE, page: 1, pageCount: 2, pageSize: GROUP_LIST_PAGE_SIZE, totalCount: devices.length });
    expect(first.data.map((device) => device.mac)).toEqual(devices.slice(0, GROUP_LIST_PAGE_SIZE).map((device) => device.mac));
    const [withHouse] = await rows<{ mac: string; address: string }>(
      sql`select d.mac, h.address from devices d join device_houses dh on dh.device_id = d.id join houses h on h.uid = dh.house_uid where d.mac in ${sql.raw(`(${devices.map((device) => `'${device.mac}'`).join(',')})`)} order by d.mac limit 1`,
    );
    const second = expectShape(GroupDevicesResponse, (await operator.get(`/front/groups/${group.groupId}/devices?page=2`)).json());
    expect(second.data).toHaveLength(2);
    if (withHouse) expect([...first.data, ...second.data].find((device) => device.mac === withHouse.mac)?.addresses).toContain(withHouse.address);
    const beyond = expectShape(GroupDevicesResponse, (await operator.get(`/front/groups/${group.groupId}/devices?page=9`)).json());
    expect(beyond).toMatchObject({ data: [], pagination: { totalCount: devices.length } });

    const users = expectShape(GroupUsersResponse, (await (await loginAs(app(), 'support')).get(`/front/groups/${group.groupId}/users`)).json());
    expect(users.data).toEqual([
      { userId: 2, login: 'operator', comment: 'Оператор', givenBy: 'operator' },
      { userId: 4, login: 'support', comment: 'Техническая поддержка', givenBy: null },
    ]);
    expect(users.pagination.totalCount).toBe(2);

    const other = await otherBuyersGroup();
    expectError(await operator.get(`/front/groups/${other}/devices`), 404, /Группа не найдена/);
    expectError(await operator.get(`/front/groups/${other}/users`), 404, /Группа не найдена/);
    expectError(await operator.get('/front/groups/999999/devices'), 404, /Группа не найдена/);
    expectError(await operator.get('/front/groups/x/users'), 400, /groupId/);
    expectError(await operator.get(`/front/groups/${group.groupId}/devices?page=0`), 400, /page/);
    expectError(await operator.get(`/front/groups/${group.groupId}/users?size=5`), 400, /size/);
    expectError(await (await loginAs(app(), 'installer')).get(`/front/groups/${group.groupId}/users`), 403);
    expectError(await new TestClient(app()).get(`/front/groups/${group.groupId}/devices`), 401);
  });
});
