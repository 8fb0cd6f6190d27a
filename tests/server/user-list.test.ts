import { beforeAll, describe, expect, it } from 'vitest';
import { USER_LIST_PAGE_SIZE, UserListResponse, userEndpoints } from '../../contract/users';
import { users } from '../../server/db/schema/users';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client';
import { USER_COUNT_CAP, USER_WALK_BUDGET, userListWhere } from '../../server/repositories/users';
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

  it('counts up to a cap and says so (totalCountCapped); pages past the cap walk in login order, within the buyer', async () => {
    // 3,100 matches of buyer 1 (more than USER_COUNT_CAP), in mixed case, and two of buyer 2.
    const many = Array.from({ length: 3100 }, (_item, index) => ({ login: `${index % 2 ? 'CapProbe' : 'capprobe'}-${String(index).padStart(4, '0')}`, buyerId: 1 }));
    await app().database.drizzle.insert(users).values([...many, { login: 'capprobe-0000x', buyerId: 2 }, { login: 'capprobe-foreign', buyerId: 2 }]);
    const operator = await loginAs(app(), 'operator');
    const logins = (body: { data: { login: string }[] }) => body.data.map((row) => row.login.toLowerCase());
    const expected = (from: number, to: number) => Array.from({ length: to - from }, (_item, index) => `capprobe-${String(from + index).padStart(4, '0')}`);

    const first = await list(operator, 'login=CAPPROBE');
    expect(first.pagination).toEqual({ count: 20, page: 1, pageCount: USER_COUNT_CAP / 20, pageSize: 20, totalCount: USER_COUNT_CAP });
    expect(first.totalCountCapped).toBe(true);
    expect(logins(first)).toEqual(expected(0, 20));
    // Asked again within seconds, the count is remembered and the page walked at once: the same answer.
    expect(await list(operator, 'login=CAPPROBE')).toEqual(first);
    expect(logins(await list(operator, 'login=CAPPROBE&page=2'))).toEqual(expected(20, 40));
    const past = await list(operator, 'login=capprobe&page=151');
    expect(past.pagination).toMatchObject({ page: 151, totalCount: 3020, pageCount: 151 });
    expect(past.totalCountCapped).toBe(true);
    expect(logins(past)).toEqual(expected(3000, 3020));
    const last = await list(operator, 'login=capprobe&page=155');
    expect(last.pagination).toMatchObject({ page: 155, totalCount: 3100, pageCount: 155, count: 20 });
    expect(last.totalCountCapped).toBeUndefined();
    expect(logins(last)).toEqual(expected(3080, 3100));
    expect((await list(operator, 'login=capprobe&page=156')).data).toEqual([]);
    // The superuser's walk meets buyer 2's logins in their place.
    const admin = await loginAs(app(), 'admin');
    expect(logins(await list(admin, 'login=capprobe'))).toEqual(['capprobe-0000', 'capprobe-0000x', ...expected(1, 19)]);
    expect(logins(await list(admin, 'login=capprobe&buyerId=2'))).toEqual(['capprobe-0000x', 'capprobe-foreign']);
  });

  it('finds a part of one or two characters at the start of the login, through its prefix index; a longer one anywhere', async () => {
    const operator = await loginAs(app(), 'operator');
    const short = await list(operator, 'login=sT');
    expect(short.data.every((row) => row.login.toLowerCase().startsWith('st'))).toBe(true);
    expect((await list(operator, 'login=stp')).pagination.totalCount).toBe(23);
    const li = await list(operator, 'login=Li');
    expect(li.pagination.totalCount).toBeGreaterThanOrEqual(23);
    expect(li.data.every((row) => row.login.toLowerCase().startsWith('li'))).toBe(true);
    await app().database.drizzle.transaction(async (tx) => {
      // Small seeds: a scan is cheaper, so only the plans that can use an index are let in.
      for (const scan of ['seqscan', 'bitmapscan']) await tx.execute(sql.raw(`set local enable_${scan} = off`));
      for (const login of ['7', 'Li']) {
        const plan = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain select id from users u where ${userListWhere({ login }, null, 'trigram')}`);
        // Either index of lower(login) is a range of the prefix (a C collation lets the others serve LIKE too).
        expect(plan.map((line) => line['QUERY PLAN']).join('\n'), login).toMatch(/using users_login_(prefix|lower|walk)_idx [^]*Index Cond: \(\(lower\(login\) ~?>=/);
      }
    });
  });

  it('past the cap, sorts the page out of every match when the first users in login order do not hold it', async () => {
    // More users ahead of 520 matches in login order than the walk reads: it does not reach them.
    const db = app().database.drizzle;
    await db.execute(sql`insert into users (login, buyer_id) select '0000-ahead-' || lpad(g::text, 6, '0'), 1 from generate_series(1, ${USER_WALK_BUDGET + 100}) g`);
    await db.insert(users).values(Array.from({ length: 520 }, (_item, index) => ({ login: `zz-lateprobe-${String(index).padStart(3, '0')}`, buyerId: 1 })));
    const operator = await loginAs(app(), 'operator');
    const expected = (from: number, to: number) => Array.from({ length: to - from }, (_item, index) => `zz-lateprobe-${String(from + index).padStart(3, '0')}`);
    const first = await list(operator, 'login=lateprobe');
    expect(first.totalCountCapped).toBe(true);
    expect(first.data.map((row) => row.login)).toEqual(expected(0, 20));
    expect((await list(operator, 'login=lateprobe&page=3')).data.map((row) => row.login)).toEqual(expected(40, 60));
    // A short part walks from its start in login order.
    const short = await list(operator, 'login=zz');
    expect(short.totalCountCapped).toBe(true);
    expect(short.data.map((row) => row.login)).toEqual(expected(0, 20));
  });

  it('refuses bad filters (400 naming the field), the installer (403) and no session (401); support reads', async () => {
    const operator = await loginAs(app(), 'operator');
    expectError(await operator.get(`${LIST}?page=0`), 400, /page/);
    expectError(await operator.get(`${LIST}?userId=abc`), 400, /userId/);
    expectError(await operator.get(`${LIST}?buyerId=0`), 400, /buyerId/);
    expectError(await operator.get(`${LIST}?sort=login`), 400, /sort/);
    expectError(await operator.get(`${LIST}?login=${'a'.repeat(101)}`), 400, /login/);
    expectError(await (await loginAs(app(), 'installer')).get(LIST), 403);
    expectError(await new TestClient(app()).get(LIST), 401);
    const support = await list(await loginAs(app(), 'support'), 'login=listprobe');
    expect(support.pagination.totalCount).toBe(23);
    expect(support.data.every((row) => row.buyerId === 1)).toBe(true);
  });
});
