import { beforeAll, describe, expect, it } from 'vitest';
import { USER_LIST_PAGE_SIZE, UserListResponse, userEndpoints } from '../../contract/users';
import { users } from '../../server/db/schema/users';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

const LIST = userEndpoints.list.path({});

describe.each(BACKENDS)('user list on %s', (backend) => {
  const app = useApp(backend);

  beforeAll(async () => {
    // 23 residents of buyer 1 and one of buyer 2 whose logins share a part no seed login has.
    const rows = Array.from({ length: 23 }, (_item, index) => ({ login: `ListProbe-${String(index).padStart(2, '0')}`, buyerId: 1, comment: index === 5 ? 'Иванов_%' : null }));
    await app().database.drizzle.insert(users).values([...rows, { login: 'listprobe-foreign', buyerId: 2 }]);
  });

  async function list(client: TestClient, query: string) {
    const response = await client.get(`${LIST}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(UserListResponse, response.json());
  }

  it('is not taken for GET /front/user/:id', async () => {
    const operator = await loginAs(app(), 'operator');
    const body = await list(operator, 'page=1');
    expect(body.pagination).toMatchObject({ page: 1, pageSize: USER_LIST_PAGE_SIZE });
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((row) => row.buyerId === 1)).toBe(true);
  });

  it('finds users by a case-insensitive part of the login, 20 a page, only of the caller\'s buyer', async () => {
    const operator = await loginAs(app(), 'operator');
    const first = await list(operator, 'login=listPROBE');
    expect(first.pagination).toEqual({ count: 20, page: 1, pageCount: 2, pageSize: 20, totalCount: 23 });
    expect(first.data[0]).toMatchObject({ login: 'ListProbe-00', buyerId: 1 });
    expect(Number.isNaN(Date.parse(first.data[0].dateCreate))).toBe(false);
    const second = await list(operator, 'login=listprobe&page=2');
    expect(second.data.map((row) => row.login)).toEqual(['ListProbe-20', 'ListProbe-21', 'ListProbe-22']);
    const admin = await loginAs(app(), 'admin');
    expect((await list(admin, 'login=listprobe')).pagination.totalCount).toBe(24);
    expect((await list(admin, 'login=listprobe&buyerId=2')).data.map((row) => row.login)).toEqual(['listprobe-foreign']);
    expect((await list(operator, 'login=listprobe&buyerId=2')).data).toEqual([]);
  });

  it('matches % and _ literally, filters by comment and user id', async () => {
    const operator = await loginAs(app(), 'operator');
    expect((await list(operator, 'login=%25')).data).toEqual([]);
    expect((await list(operator, `comment=${encodeURIComponent('иванов_%')}`)).data.map((row) => row.login)).toEqual(['ListProbe-05']);
    expect((await list(operator, 'userId=2')).data.map((row) => row.login)).toEqual(['operator']);
  });

  it('refuses bad filters (400 naming the field), support and the installer (403) and no session (401)', async () => {
    const operator = await loginAs(app(), 'operator');
    expectError(await operator.get(`${LIST}?page=0`), 400, /page/);
    expectError(await operator.get(`${LIST}?userId=abc`), 400, /userId/);
    expectError(await operator.get(`${LIST}?buyerId=0`), 400, /buyerId/);
    expectError(await operator.get(`${LIST}?sort=login`), 400, /sort/);
    for (const account of ['support', 'installer'] as const) expectError(await (await loginAs(app(), account)).get(LIST), 403);
    expectError(await new TestClient(app()).get(LIST), 401);
  });
});
