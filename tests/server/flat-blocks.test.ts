import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BlockedFlatsResponse, FlatsBulkStatusResponse } from '../../contract/flat-blocks';
import { queryRows } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

type Flat = { id: number; houseUid: string; flatNum: number };

describe.each(BACKENDS)('flat blocks on %s', (backend) => {
  const app = useApp(backend);
  let made = 0;

  /** A house of `buyerId` with `count` active flats numbered 1…count. */
  async function flatsOf(buyerId: number, count: number, address = 'г. Блоков, ул. Должников'): Promise<Flat[]> {
    made += 1;
    const db = app().database.drizzle;
    const house = `blocks-${backend}-${made}`;
    await queryRows(db, sql`insert into houses (uid, address, region) values (${house}, ${`${address}, д. ${made}`}, 77)`);
    await queryRows(db, sql`insert into entrances (uid, buyer_id, house_uid, entrance_num, title) values (${`${house}-e`}, ${buyerId}, ${house}, 1, 'Подъезд 1')`);
    return queryRows<Flat>(
      db,
      sql`insert into flats (buyer_id, house_uid, flat_num) select ${buyerId}, ${house}, n from generate_series(1, ${count}::int) n
          returning id, house_uid as "houseUid", flat_num as "flatNum"`,
    );
  }

  const setStatuses = (client: TestClient, payload: object) => client.request('POST', '/front/access/flats-status', { payload });
  const ref = (flat: Flat) => ({ houseUid: flat.houseUid, flatNum: flat.flatNum });
  const blockedList = async (client: TestClient, query = '') => {
    const response = await client.get(`/front/access/blocked-flats${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(BlockedFlatsResponse, response.json());
  };

  it('blocks flats one by one in the answer, with the block fields and a history row each, in one transaction', async () => {
    const db = app().database.drizzle;
    const [a, b, c] = await flatsOf(1, 3);
    const [theirs] = await flatsOf(2, 1);
    const operator = await loginAs(app(), 'operator');
    const response = await setStatuses(operator, {
      flats: [ref(a!), ref(b!), { houseUid: a!.houseUid, flatNum: 99 }, ref(theirs!), ref(a!)],
      status: 1,
      reason: ' Долг за 3 месяца ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = expectShape(FlatsBulkStatusResponse, response.json());
    expect(body).toMatchObject({ result: true, succeeded: 2, failed: 3, message: 'Заблокировано квартир: 2 из 5' });
    expect(body.data).toEqual([
      { ...ref(a!), result: true, message: null },
      { ...ref(b!), result: true, message: null },
      { houseUid: a!.houseUid, flatNum: 99, result: false, message: 'Квартира не найдена' },
      { ...ref(theirs!), result: false, message: 'Нет доступа к квартире: она другого покупателя' },
      { ...ref(a!), result: false, message: 'Квартира уже заблокирована' },
    ]);
    const rows = await queryRows<{ id: number; status: number; blockedBy: string | null; reason: string | null; at: boolean }>(
      db,
      sql`select id, status::int as status, blocked_by as "blockedBy", block_reason as reason, blocked_at is not null as at from flats where id in (${a!.id}, ${b!.id}, ${c!.id}, ${theirs!.id}) order by id`,
    );
    expect(rows).toEqual([
      { id: a!.id, status: 1, blockedBy: 'operator', reason: 'Долг за 3 месяца', at: true },
      { id: b!.id, status: 1, blockedBy: 'operator', reason: 'Долг за 3 месяца', at: true },
      { id: c!.id, status: 0, blockedBy: null, reason: null, at: false },
      { id: theirs!.id, status: 0, blockedBy: null, reason: null, at: false },
    ]);
    const history = await queryRows<{ flatId: number; kind: string; mac: string | null; blocked: boolean; reason: string; login: string; userId: number }>(
      db,
      sql`select flat_id as "flatId", kind, mac, blocked, reason, login, user_id as "userId" from flat_block_history where flat_id in (${a!.id}, ${b!.id}) order by flat_id`,
    );
    expect(history).toEqual([a!, b!].map((flat) => ({ flatId: flat.id, kind: 'manual', mac: null, blocked: true, reason: 'Долг за 3 месяца', login: 'operator', userId: 2 })));

    const unblocked = expectShape(FlatsBulkStatusResponse, (await setStatuses(operator, { flats: [ref(a!), ref(c!)], status: 0, reason: 'Оплачено' })).json());
    expect(unblocked).toMatchObject({ succeeded: 1, failed: 1, data: [{ result: true }, { result: false, message: 'Квартира уже разблокирована' }] });
    const [cleared] = await queryRows<{ status: number; blockedAt: unknown; blockedBy: unknown; reason: unknown }>(
      db,
      sql`select status::int as status, blocked_at as "blockedAt", blocked_by as "blockedBy", block_reason as reason from flats where id = ${a!.id}`,
    );
    expect(cleared).toEqual({ status: 0, blockedAt: null, blockedBy: null, reason: null });
    const [last] = await queryRows<{ blocked: boolean; reason: string }>(db, sql`select blocked, reason from flat_block_history where flat_id = ${a!.id} order by id desc limit 1`);
    expect(last).toEqual({ blocked: false, reason: 'Оплачено' });

    // The superuser changes any buyer's flat.
    const admin = expectShape(FlatsBulkStatusResponse, (await setStatuses(await loginAs(app(), 'admin'), { flats: [ref(theirs!)], status: 1 })).json());
    expect(admin).toMatchObject({ succeeded: 1, failed: 0 });
  });

  it('lists the caller’s blocked flats newest first with their address, filtered by house, address and number', async () => {
    const mine = await flatsOf(1, 4, 'г. Фильтров, ул. Уникальная');
    const [theirs] = await flatsOf(2, 1, 'г. Фильтров, ул. Уникальная');
    const operator = await loginAs(app(), 'operator');
    await setStatuses(operator, { flats: [ref(mine[0]!)], status: 1, reason: 'Первая' });
    await setStatuses(operator, { flats: [ref(mine[2]!)], status: 1, reason: 'Вторая' });
    await setStatuses(await loginAs(app(), 'admin'), { flats: [ref(theirs!)], status: 1 });

    const own = await blockedList(operator, '?address=%D0%A3%D0%9D%D0%98%D0%9A%D0%90%D0%9B%D0%AC%D0%9D%D0%90%D0%AF');
    expect(own.data.map((flat) => [flat.flatId, flat.reason])).toEqual([
      [mine[2]!.id, 'Вторая'],
      [mine[0]!.id, 'Первая'],
    ]);
    expect(own.data[0]).toMatchObject({ houseUid: mine[2]!.houseUid, flatNum: 3, letter: null, blockedBy: 'operator', address: expect.stringContaining('ул. Уникальная') });
    expect(Date.parse(own.data[0]!.blockedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(own.pagination).toEqual({ count: 2, page: 1, pageCount: 1, pageSize: 20, totalCount: 2 });

    expect((await blockedList(operator, `?houseUid=${mine[0]!.houseUid}&flatNum=1`)).data.map((flat) => flat.flatId)).toEqual([mine[0]!.id]);
    expect((await blockedList(operator, `?houseUid=${mine[0]!.houseUid}&flatNum=2`)).data).toEqual([]);
    expect((await blockedList(operator, `?houseUid=${theirs!.houseUid}`)).data).toEqual([]);
    const all = await blockedList(await loginAs(app(), 'admin'), '?address=%D1%83%D0%BD%D0%B8%D0%BA%D0%B0%D0%BB%D1%8C%D0%BD%D0%B0%D1%8F');
    expect(all.data.map((flat) => flat.flatId)).toContain(theirs!.id);
    expect(all.pagination.totalCount).toBe(3);
    const support = await blockedList(await loginAs(app(), 'support'), '?address=%D1%83%D0%BD%D0%B8%D0%BA%D0%B0%D0%BB%D1%8C%D0%BD%D0%B0%D1%8F');
    expect(support.data).toEqual(own.data);

    expectError(await operator.get('/front/access/blocked-flats?flatNum=1a'), 400, /^Некорректное поле flatNum/);
    expectError(await operator.get('/front/access/blocked-flats?flatNum=0'), 400, /^Некорректное поле flatNum/);
    expectError(await operator.get('/front/access/blocked-flats?page=0'), 400, /^Некорректное поле page/);
    expect((await blockedList(operator, '?page=50')).data).toEqual([]);
  });

  it('refuses bad input naming the field: 400', async () => {
    const [flat] = await flatsOf(1, 1);
    const operator = await loginAs(app(), 'operator');
    expectError(await setStatuses(operator, { flats: [ref(flat!)], status: 2 }), 400, /status/);
    expectError(await setStatuses(operator, { flats: [], status: 1 }), 400, /flats/);
    expectError(await setStatuses(operator, { flats: [{ houseUid: flat!.houseUid, flatNum: 1.5 }], status: 1 }), 400, /^Некорректное поле flats\.0\.flatNum/);
    expectError(await setStatuses(operator, { flats: [ref(flat!), { houseUid: flat!.houseUid, flatNum: -1 }], status: 1 }), 400, /^Некорректное поле flats\.1\.flatNum/);
    expectError(await setStatuses(operator, { flats: [{ houseUid: '', flatNum: 1 }], status: 1 }), 400, /flats\.0\.houseUid/);
    expectError(await setStatuses(operator, { flats: [ref(flat!)], status: 1, reason: 'x'.repeat(501) }), 400, /reason/);
    const many = Array.from({ length: 501 }, (_, index) => ({ houseUid: flat!.houseUid, flatNum: index + 1 }));
    expectError(await setStatuses(operator, { flats: many, status: 1 }), 400, /flats/);
  });

  it('lets support and installers change nothing, installers read nothing; asks for a session and the CSRF token', async () => {
    const [flat] = await flatsOf(1, 1);
    const payload = { flats: [ref(flat!)], status: 1 };
    for (const account of ['support', 'installer'] as const) {
      expectError(await setStatuses(await loginAs(app(), account), payload), 403, /Недостаточно прав/);
    }
    expectError(await (await loginAs(app(), 'installer')).get('/front/access/blocked-flats'), 403, /Недостаточно прав/);
    expectError(await new TestClient(app()).get('/front/access/blocked-flats'), 401, /Требуется вход/);
    expectError(await new TestClient(app()).request('POST', '/front/access/flats-status', { payload }), 401, /Требуется вход/);
    expectError(await (await loginAs(app(), 'operator')).request('POST', '/front/access/flats-status', { payload, csrf: false }), 403, /CSRF/);
    const [row] = await queryRows<{ status: number }>(app().database.drizzle, sql`select status::int as status from flats where id = ${flat!.id}`);
    expect(row!.status).toBe(0);
  });
});
