import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GROUP_LIST_PAGE_SIZE, GroupListResponse } from '../../contract/groups';
import { McListResponse } from '../../contract/mc';
import { queryRows } from '../../server/db/client';
import { BACKENDS, expectError, expectShape, loginAs, useApp, type TestClient } from './helpers';

async function groupPage(client: TestClient, query = '') {
  const response = await client.get(`/front/groups${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(GroupListResponse, response.json());
}

describe.each(BACKENDS)('group list and company select on %s', (backend) => {
  const app = useApp(backend);
  const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(app().database.drizzle, query);

  it("answers an operator its buyer's groups in name order, and the superuser every buyer's", async () => {
    const operator = await loginAs(app(), 'operator');
    const own = await groupPage(operator);
    const [{ total }] = await rows<{ total: number }>(sql`select count(*)::int as total from groups where buyer_id = 1`);
    expect(own.pagination).toEqual({ count: Math.min(total, GROUP_LIST_PAGE_SIZE), page: 1, pageCount: Math.ceil(total / GROUP_LIST_PAGE_SIZE), pageSize: GROUP_LIST_PAGE_SIZE, totalCount: total });
    for (const group of own.data) expect(group.buyerId).toBe(1);
    const names = own.data.map((group) => group.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const admin = await loginAs(app(), 'admin');
    const [{ all }] = await rows<{ all: number }>(sql`select count(*)::int as "all" from groups`);
    expect((await groupPage(admin)).pagination.totalCount).toBe(all);
    const second = await groupPage(admin, '?buyerId=2');
    expect(second.data.length).toBeGreaterThan(0);
    for (const group of second.data) expect(group.buyerId).toBe(2);
    // A filter narrows an operator's view; it never shows another buyer's groups.
    expect((await groupPage(operator, '?buyerId=2')).data).toEqual([]);
  });

  it('filters by a part of the name in any case, and by parent (0: top level)', async () => {
    const client = await loginAs(app(), 'operator');
    const [sample] = (await groupPage(client)).data;
    const part = sample.name.slice(1, 4).toUpperCase();
    const byName = await groupPage(client, `?name=${encodeURIComponent(part)}`);
    expect(byName.data.map((group) => group.groupId)).toContain(sample.groupId);
    for (const group of byName.data) expect(group.name.toUpperCase()).toContain(part);
    expect((await groupPage(client, `?name=${encodeURIComponent('%_')}`)).data).toEqual([]);

    const top = await groupPage(client, '?parentId=0');
    expect(top.data.length).toBeGreaterThan(0);
    for (const group of top.data) expect(group.parentId).toBeNull();
    const children = await groupPage(client, `?parentId=${top.data[0].groupId}`);
    expect(children.data.length).toBeGreaterThan(0);
    for (const group of children.data) expect(group.parentId).toBe(top.data[0].groupId);
  });

  it('pages in name order, and refuses a bad page or filter with 400 naming the field', async () => {
    // More groups than a page holds, for buyer 2 only.
    await rows(sql`insert into groups (id, name, buyer_id, parent_id, uid)
      select top.id + n, 'Пагинация ' || lpad(n::text, 2, '0'), 2, null, 'paging-' || n
      from generate_series(1, ${GROUP_LIST_PAGE_SIZE + 5}) as n, (select max(id) as id from groups) as top`);
    const [{ total }] = await rows<{ total: number }>(sql`select count(*)::int as total from groups where buyer_id = 2`);
    const client = await loginAs(app(), 'admin');
    const first = await groupPage(client, '?buyerId=2&page=1');
    const second = await groupPage(client, '?buyerId=2&page=2');
    expect(first.pagination).toMatchObject({ count: GROUP_LIST_PAGE_SIZE, page: 1, pageCount: Math.ceil(total / GROUP_LIST_PAGE_SIZE), totalCount: total });
    expect(second.pagination).toMatchObject({ count: total - GROUP_LIST_PAGE_SIZE, page: 2 });
    const both = [...first.data, ...second.data];
    expect(new Set(both.map((group) => group.groupId)).size).toBe(total);
    const names = both.map((group) => group.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const beyond = await groupPage(client, '?page=999');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.totalCount).toBeGreaterThan(total);
    expectError(await client.get('/front/groups?page=0'), 400, /page/);
    expectError(await client.get('/front/groups?buyerId=abc'), 400, /buyerId/);
    expectError(await client.get('/front/groups?parentId=1.5'), 400, /parentId/);
    expectError(await client.get('/front/groups?color=red'), 400, /color/);
    // Numbers no integer column holds are bad input, not a database error.
    expectError(await client.get('/front/groups?buyerId=0'), 400, /buyerId/);
    expectError(await client.get('/front/groups?buyerId=1e21'), 400, /buyerId/);
    expectError(await client.get('/front/groups?parentId=2147483648'), 400, /parentId/);
    expectError(await client.get('/front/groups?parentId=-1'), 400, /parentId/);
  });

  it("answers the company select with the buyer's companies, and the superuser's with all", async () => {
    const operator = await loginAs(app(), 'operator');
    const response = await operator.get('/front/management-company');
    expect(response.statusCode, response.body).toBe(200);
    const own = expectShape(McListResponse, response.json()).data;
    const stored = await rows<{ id: number; next_execute: Date | string | null }>(sql`select id, next_execute from management_companies where buyer_id = 1 order by name, id`);
    expect(own.map((company) => company.id)).toEqual(stored.map((row) => row.id));
    expect(own.map((company) => company.nextExecute)).toEqual(stored.map((row) => (row.next_execute === null ? null : new Date(row.next_execute).toISOString())));

    const admin = await loginAs(app(), 'admin');
    const all = expectShape(McListResponse, (await admin.get('/front/management-company')).json()).data;
    expect(new Set(all.map((company) => company.buyerId)).size).toBeGreaterThan(1);
    expectError(await (await loginAs(app(), 'installer')).get('/front/management-company'), 403, /Недостаточно прав/);
  });
});
