import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LOG_EVENTS, HISTORY_PAGE_SIZE, HistoryResponse, historyDateRange, historyEndpoints, historyImagePath } from '../../contract/history';
import { queryRows } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';
import { FIXTURE_EVENTS, FOREIGN, MARCH_2024, OWN, dropRoles, insertFixtureEvents } from './history-fixtures';

const LIST: string = historyEndpoints.list.pattern;
const deviceUrl = (id: number | string) => `/front/device/${id}/history`;
const query = (params: Record<string, string | number>) => `?${new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString()}`;

describe.each(BACKENDS)('event history on %s', (backend) => {
  const app = useApp(backend);
  let operator: TestClient;
  let admin: TestClient;
  let ownMacs: Set<string>;
  let images: { ownImageId: number; foreignImageId: number };

  beforeAll(async () => {
    images = await insertFixtureEvents(app());
    operator = await loginAs(app(), 'operator');
    admin = await loginAs(app(), 'admin');
    const rows = await queryRows<{ mac: string }>(app().database.drizzle, sql`select mac from devices where buyer_id = 1`);
    ownMacs = new Set(rows.map((row) => row.mac));
  });

  const list = async (client: TestClient, params: Record<string, string | number> = {}, url = LIST) => {
    const response = await client.get(`${url}${query(params)}`);
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(HistoryResponse, response.json());
  };

  it('lists the buyer’s events newest first, each with its device, address, links and image', async () => {
    const answer = await list(operator);
    expect(answer.result).toBe(true);
    expect(answer.data).toHaveLength(HISTORY_PAGE_SIZE);
    expect(answer.numberPages).toBeGreaterThan(1);
    expect(answer.pagination).toMatchObject({ page: 0, pageSize: HISTORY_PAGE_SIZE, count: HISTORY_PAGE_SIZE, pageCount: answer.numberPages });
    expect(answer.countCapped).toBe(false);
    for (const event of answer.data) {
      expect(ownMacs.has(event.mac), event.mac).toBe(true);
      expect(ACCESS_LOG_EVENTS).toContain(event.eventType);
      expect(event.id).toBeGreaterThan(0);
      expect(event.address).toMatch(/\S/);
      expect(event.houseUid).toMatch(/\S/);
    }
    const dates = answer.data.map((event) => Date.parse(event.eventDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // The seed's events are of the 30 days before today.
    expect(Date.now() - dates[0]).toBeLessThan(2 * 86_400_000);
    const withImage = (await list(operator, { perPage: 200 })).data.find((event) => event.image !== null);
    expect(withImage?.image).toMatch(/^\/front\/history\/images\/\d+$/);
  });

  it('fills what opened the door: a key with its flat, a resident’s app with user and login, a code', async () => {
    const answer = await list(operator, { ...MARCH_2024, macs: OWN.mac });
    expect(answer.data.map((event) => [event.eventDate, event.eventType])).toEqual(
      FIXTURE_EVENTS.filter((event) => event.device === OWN)
        .map((event) => [new Date(event.at).toISOString(), event.type])
        .reverse(),
    );
    const byType = Object.fromEntries(answer.data.map((event) => [event.eventType, event]));
    expect(byType.OPEN_EXTERNAL).toMatchObject({ mac: OWN.mac, deviceId: OWN.id, rfid: 'ABCDEF000001', identity: 'ABCDEF000001', flatNum: 77, image: historyImagePath(images.ownImageId) });
    expect(byType.OPEN_API).toMatchObject({ login: 'fixture-login', userId: 2, flatNum: 77, rfid: null, openCode: null, image: null });
    expect(byType.OPEN_CODE).toMatchObject({ openCode: '97531', flatNum: 12 });
    expect(byType.RFID_FAILED.params).toEqual({ reason: 'unknown key' });
  });

  it('pages from 0: pages 0 and 1 differ and follow on, numberPages counts them, a page past the end is empty', async () => {
    const first = await list(operator, { perPage: 20 });
    const second = await list(operator, { perPage: 20, page: 1 });
    const both = await list(operator, { perPage: 40 });
    expect(second.data.map((event) => event.id)).not.toEqual(first.data.map((event) => event.id));
    expect([...first.data, ...second.data].map((event) => event.id)).toEqual(both.data.map((event) => event.id));
    const [counted] = await queryRows<{ n: number }>(app().database.drizzle, sql`select count(*)::int as n from device_history_events where buyer_id = 1`);
    expect(first.pagination?.totalCount).toBe(counted.n);
    expect(first.numberPages).toBe(Math.ceil(counted.n / 20));
    const past = await list(operator, { perPage: 20, page: first.numberPages });
    expect(past.data).toEqual([]);
    expect(past.numberPages).toBe(first.numberPages);
    const none = await list(operator, { ...MARCH_2024, login: 'nobody-at-all' });
    expect(none).toMatchObject({ data: [], numberPages: 1, countCapped: false });
  });

  it('filters by type, key, login, user, flat and code', async () => {
    const types = (answer: HistoryResponse) => answer.data.map((event) => `${event.mac} ${event.eventType}`);
    expect(types(await list(operator, { ...MARCH_2024, eventType: 'OPEN_CODE' }))).toEqual([`${OWN.mac} OPEN_CODE`]);
    expect(types(await list(operator, { ...MARCH_2024, rfid: 'abcdef000001' }))).toEqual([`${OWN.mac} OPEN_EXTERNAL`]);
    expect(types(await list(operator, { ...MARCH_2024, login: 'fixture-login' }))).toEqual([`${OWN.mac} SIP_CALL`, `${OWN.mac} OPEN_API`]);
    expect(types(await list(operator, { ...MARCH_2024, userId: 2, eventType: 'OPEN_API' }))).toEqual([`${OWN.mac} OPEN_API`]);
    expect(types(await list(operator, { ...MARCH_2024, flatNum: 12 }))).toEqual([`${OWN.mac} OPEN_CODE`]);
    expect(types(await list(operator, { ...MARCH_2024, openCode: '97531' }))).toEqual([`${OWN.mac} OPEN_CODE`]);
    // Empty text filters are no filters (a cleared field).
    expect((await list(operator, { ...MARCH_2024, rfid: '', login: ' ', openCode: '' })).data).toHaveLength(6);
    // A key of the seed is found on its device (and on the other panels its copies are on).
    const [key] = await queryRows<{ rfid: string; mac: string }>(
      app().database.drizzle,
      sql`select e.rfid, d.mac from device_history_events e join devices d on d.id = e.device_id where e.buyer_id = 1 and e.event_type = 'OPEN_EXTERNAL' and e.rfid is not null order by e.id limit 1`,
    );
    const found = await list(operator, { rfid: key.rfid });
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((event) => event.rfid === key.rfid && ownMacs.has(event.mac))).toBe(true);
    expect(found.data.map((event) => event.mac)).toContain(key.mac);
  });

  it('takes several MACs; another buyer’s MAC gives none of its events', async () => {
    const both = await list(operator, { ...MARCH_2024, macs: `${OWN.mac},${FOREIGN.mac}` });
    expect(new Set(both.data.map((event) => event.mac))).toEqual(new Set([OWN.mac]));
    const repeated = await operator.get(`${LIST}?macs=${encodeURIComponent(OWN.mac)}&macs=${encodeURIComponent(FOREIGN.mac)}&dateFrom=${MARCH_2024.dateFrom}&dateTo=${MARCH_2024.dateTo}`);
    expect(expectShape(HistoryResponse, repeated.json()).data).toHaveLength(6);
    expect(await list(operator, { macs: FOREIGN.mac })).toMatchObject({ data: [], numberPages: 1 });
    expect(await list(operator, { ...MARCH_2024, rfid: 'ABCDEF000001' })).toMatchObject({ data: [expect.objectContaining({ mac: OWN.mac })] });
    // The superuser sees every buyer's.
    const all = await list(admin, { ...MARCH_2024, rfid: 'ABCDEF000001' });
    expect(all.data.map((event) => event.mac)).toEqual([FOREIGN.mac, OWN.mac]);
  });

  it('answers one device by its id; another buyer’s device or an unknown one is 404', async () => {
    const answer = await list(operator, MARCH_2024, deviceUrl(OWN.id));
    expect(answer.data).toHaveLength(6);
    expect(answer.data.every((event) => event.deviceId === OWN.id)).toBe(true);
    const seeded = await list(operator, {}, deviceUrl(OWN.id));
    expect(seeded.data.length).toBeGreaterThan(0);
    expect(seeded.data.every((event) => event.mac === OWN.mac)).toBe(true);
    // An empty page of the user's device is an empty page; another buyer's device is not found, with or without events.
    expect(await list(operator, { login: 'nobody-at-all' }, deviceUrl(OWN.id))).toMatchObject({ data: [], numberPages: 1 });
    expectError(await operator.get(`${deviceUrl(FOREIGN.id)}?login=nobody-at-all`), 404, /Устройство не найдено/);
    expectError(await operator.get(deviceUrl(FOREIGN.id)), 404, /Устройство не найдено/);
    expectError(await operator.get(deviceUrl(999_999)), 404);
    expectError(await operator.get(deviceUrl('abc')), 400, /id/);
    expect((await list(admin, MARCH_2024, deviceUrl(FOREIGN.id))).data).toHaveLength(2);
    expectError(await operator.get(`${deviceUrl(OWN.id)}?macs=${encodeURIComponent(OWN.mac)}`), 400, /macs/);
  });

  it('reads the chosen days from 00:00:00 to 23:59:59 in the user’s time zone (Asia/Vladivostok)', async () => {
    const range = historyDateRange('2024-03-10', '2024-03-10', 'Asia/Vladivostok');
    expect(range).toEqual({ dateFrom: '2024-03-09T14:00:00.000Z', dateTo: '2024-03-10T13:59:59.000Z' });
    const answer = await list(operator, { dateFrom: range.dateFrom ?? '', dateTo: range.dateTo ?? '', macs: OWN.mac });
    // 00:00:00 and 23:59:59 local are in; 23:59:59 the day before and 00:00:00 the day after are out.
    expect(answer.data.map((event) => event.eventDate)).toEqual([
      '2024-03-10T13:59:59.000Z',
      '2024-03-10T09:00:00.000Z',
      '2024-03-10T08:30:00.000Z',
      '2024-03-09T14:00:00.000Z',
    ]);
    const oneBound = await list(operator, { dateFrom: range.dateFrom ?? '', dateTo: MARCH_2024.dateTo, macs: OWN.mac });
    expect(oneBound.data).toHaveLength(5);
  });

  it.each([
    ['dateFrom', { dateFrom: 'вчера' }],
    ['dateFrom', { dateFrom: '2024-13-45T00:00:00Z' }],
    ['dateTo', { dateTo: '2024-03-10' }],
    ['dateFrom', { dateFrom: '0000-01-01T00:00:00Z' }],
    ['dateTo', { dateTo: '9999-12-31T23:59:59-14:00' }],
    ['dateFrom', { dateFrom: '2024-02-30T00:00:00Z' }],
    ['dateTo', { dateTo: '2024-03-10T24:00:00Z' }],
    ['page', { page: 2_000 }],
    ['page', { page: 500, perPage: 200 }],
    ['dateFrom', { dateFrom: '2024-03-11T00:00:00Z', dateTo: '2024-03-10T00:00:00Z' }],
    ['page', { page: -1 }],
    ['page', { page: 1.5 }],
    ['page', { page: 10_000_000 }],
    ['perPage', { perPage: 201 }],
    ['perPage', { perPage: 0 }],
    ['eventType', { eventType: 'DOOR_KICKED' }],
    ['macs', { macs: 'not-a-mac' }],
    ['flatNum', { flatNum: 'abc' }],
    ['flatNum', { flatNum: 0 }],
    ['flatNum', { flatNum: 100_000 }],
    ['userId', { userId: 0 }],
    ['userId', { userId: 3_000_000_000 }],
    ['rfid', { rfid: 'ключ' }],
    ['openCode', { openCode: '12a' }],
    ['sort', { sort: 'date' }],
  ])('refuses a bad %s with 400 naming it: %j', async (field, params) => {
    const response = await operator.get(`${LIST}${query(params as Record<string, string | number>)}`);
    expectError(response, 400, new RegExp(`Некорректное поле ${field}`));
    if (field !== 'sort' && !('macs' in params)) {
      expectError(await operator.get(`${deviceUrl(OWN.id)}${query(params as Record<string, string | number>)}`), 400, new RegExp(`Некорректное поле ${field}`));
    }
  });

  it('takes the whole last second of the day, its milliseconds too (a device reports them)', async () => {
    const range = historyDateRange('2024-03-10', '2024-03-10', 'Asia/Vladivostok');
    const db = app().database.drizzle;
    await db.execute(sql`insert into device_history_events (device_id, buyer_id, event_date, event_type)
                         select id, buyer_id, '2024-03-10T13:59:59.600Z'::timestamptz, 'BTN_UP' from devices where id = ${OWN.id}`);
    try {
      const answer = await list(operator, { dateFrom: range.dateFrom ?? '', dateTo: range.dateTo ?? '', macs: OWN.mac });
      expect(answer.data.map((event) => event.eventDate)).toContain('2024-03-10T13:59:59.600Z');
      const nextDay = historyDateRange('2024-03-11', '2024-03-11', 'Asia/Vladivostok');
      const after = await list(operator, { dateFrom: nextDay.dateFrom ?? '', dateTo: nextDay.dateTo ?? '', macs: OWN.mac });
      expect(after.data.map((event) => event.eventDate)).not.toContain('2024-03-10T13:59:59.600Z');
    } finally {
      await db.execute(sql`delete from device_history_events where device_id = ${OWN.id} and event_date = '2024-03-10T13:59:59.600Z'::timestamptz`);
    }
  });

  it('refuses a date PostgreSQL cannot hold on the export and the call rounds too, with 400 not 500', async () => {
    expectError(await operator.get(`${historyEndpoints.list.pattern}/export?dateFrom=0000-01-01T00:00:00Z`), 400, /Некорректное поле dateFrom/);
    expectError(await operator.get(`/front/dialings/${OWN.mac}?dateFrom=0000-01-01T00:00:00Z`), 400, /Некорректное поле dateFrom/);
  });

  it('names the allowed event kinds and page sizes in the 400', async () => {
    expectError(await operator.get(`${LIST}?eventType=X`), 400, /OPEN_SIP, HANDSET_CALL.*RFID_FAILED/);
    expectError(await operator.get(`${LIST}?perPage=500`), 400, /от 1 до 200/);
  });

  it('is 401 without a session; support and the installer read their buyer’s history; a user without those roles gets 403', async () => {
    expectError(await new TestClient(app()).get(LIST), 401);
    expectError(await new TestClient(app()).get(deviceUrl(OWN.id)), 401);
    for (const account of ['support', 'installer'] as const) {
      const client = await loginAs(app(), account);
      const answer = await list(client, { ...MARCH_2024 });
      expect(answer.data.map((event) => event.mac)).toEqual(Array(6).fill(OWN.mac));
      expect((await list(client, {}, deviceUrl(OWN.id))).data.length).toBeGreaterThan(0);
      expectError(await client.get(deviceUrl(FOREIGN.id)), 404);
    }
    const support = await loginAs(app(), 'support');
    await dropRoles(app(), 4);
    expectError(await support.get(LIST), 403, /Недостаточно прав/);
    expectError(await support.get(deviceUrl(OWN.id)), 403);
    expectError(await support.get(`/front/devices/history/export`), 403);
    expectError(await support.get(historyImagePath(images.ownImageId)), 403);
    // The other event screens refuse the same user: voltage and call rounds.
    const mac = encodeURIComponent(OWN.mac);
    expectError(await support.get(`/front/devices/${mac}/power?range=7d`), 403);
    expectError(await support.request('POST', `/front/devices/${mac}/power/read`, { payload: {} }), 403);
    expectError(await support.get(`/front/dialings/${mac}`), 403);
    expectError(await support.get(`/front/dialings/${mac}/flats/1/call-order`), 403);
  });
});

describe.each(BACKENDS)('event history counts on %s', (backend) => {
  const app = useApp(backend, { history: { countLimit: 40 } });

  it('counts no further than the bound: countCapped, numberPages of the bound, later pages still served', async () => {
    const operator = await loginAs(app(), 'operator');
    const first = expectShape(HistoryResponse, (await operator.get(`${LIST}?perPage=10`)).json());
    expect(first).toMatchObject({ countCapped: true, numberPages: 4, pagination: { totalCount: 40, pageCount: 4 } });
    const beyond = expectShape(HistoryResponse, (await operator.get(`${LIST}?perPage=10&page=6`)).json());
    expect(beyond.data).toHaveLength(10);
    const narrow = expectShape(HistoryResponse, (await operator.get(`${LIST}?perPage=10&macs=${encodeURIComponent(OWN.mac)}&eventType=BTN_UP`)).json());
    expect(narrow.countCapped).toBe(false);
  });
});
