import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CALL_ROUND_COUNT_LIMIT, CALL_ROUND_PAGE_SIZE, CallOrderResponse, CallRoundsResponse, dialingEndpoints, type CallOrderStep } from '../../contract/dialings';
import { historyDateRange } from '../../contract/history';
import { queryRows } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

/** Small seed: an ISCom panel of buyer 1 calling flats 1–7 of its entrance; flat 4 has residents with the app and SIP. */
const MAC = 'E4:5A:D4:00:00:05';
const DEVICE_ID = 6;
/** Buyer 2's analogue panel, and buyer 1's IP camera panel (no `dialings`). */
const FOREIGN_MAC = '70:B3:D5:00:00:00';
const CAMERA_MAC = '00:1F:54:00:00:1D';

describe.each(BACKENDS)('call rounds on %s', (backend) => {
  const app = useApp(backend);
  const clients = new Map<string, TestClient>();
  async function as(account: 'admin' | 'operator' | 'installer' | 'support'): Promise<TestClient> {
    const client = clients.get(account) ?? (await loginAs(app(), account));
    clients.set(account, client);
    return client;
  }
  const list = async (query = '', account: 'operator' | 'support' | 'installer' = 'operator', mac = MAC) =>
    (await as(account)).get(`${dialingEndpoints.list.path({ mac })}${query}`);
  const rounds = async (query = '') => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(CallRoundsResponse, response.json());
  };
  const count = async (where = sql`true`) =>
    (await queryRows<{ n: number }>(app().database.drizzle, sql`select count(*)::int as n from call_rounds where device_id = ${DEVICE_ID} and ${where}`))[0].n;

  it('answers the device, its address and its rounds newest first, 50 a page from page 0, each with its legs in order', async () => {
    const total = await count();
    expect(total).toBeGreaterThan(CALL_ROUND_PAGE_SIZE);
    const first = await rounds();
    expect(first.device.mac).toBe(MAC);
    expect(first.address).toBeTruthy();
    expect(first.countCapped).toBe(false);
    expect(first.pagination).toEqual({ count: CALL_ROUND_PAGE_SIZE, page: 0, pageCount: Math.ceil(total / CALL_ROUND_PAGE_SIZE), pageSize: CALL_ROUND_PAGE_SIZE, totalCount: total });
    const times = first.data.map((round) => Date.parse(round.startedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const round of first.data) {
      expect(round.legs.length).toBeGreaterThan(0);
      expect(round.houseUid).toBeTruthy();
      const offsets = round.legs.map((leg) => leg.offsetSeconds);
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
      expect(round.ringSeconds).toBe(round.legs.reduce((sum, leg) => sum + leg.ringSeconds, 0));
      if (round.outcome === 'answered') {
        expect(round.legs.at(-1)).toMatchObject({ result: 'answered', kind: round.answeredBy });
        expect(round.talkSeconds).toBeGreaterThan(0);
        expect(round.failureReason).toBeNull();
      } else {
        expect(round.answeredBy).toBeNull();
        expect(round.talkSeconds).toBe(0);
        expect(round.failureReason).toBeTruthy();
      }
    }
    const second = await rounds('?page=1');
    expect(second.pagination.page).toBe(1);
    expect(second.data).toHaveLength(total - CALL_ROUND_PAGE_SIZE);
    const ids = new Set(first.data.map((round) => round.id));
    expect(second.data.some((round) => ids.has(round.id))).toBe(false);
    expect(Date.parse(second.data[0].startedAt)).toBeLessThanOrEqual(times.at(-1)!);
    expect((await rounds('?page=9')).data).toEqual([]);
  });

  it('filters by flat, and by days in the user’s time zone (the edges of a day in Yekaterinburg, UTC+5)', async () => {
    const flat = await rounds('?flatNum=4');
    expect(flat.pagination.totalCount).toBe(await count(sql`flat_num = 4`));
    expect(flat.data.every((round) => round.flatNum === 4)).toBe(true);

    // 2020-03-10 in Yekaterinburg runs from 2020-03-09T19:00:00Z to 2020-03-10T18:59:59Z.
    const legs = JSON.stringify([{ kind: 'handset', target: '7', offsetSeconds: 0, ringSeconds: 30, result: 'no_answer', reason: null }]);
    for (const at of ['2020-03-09T18:59:59Z', '2020-03-09T19:00:00Z', '2020-03-10T12:00:00Z', '2020-03-10T18:59:59Z', '2020-03-10T19:00:00Z']) {
      await app().database.drizzle.execute(
        sql`insert into call_rounds (device_id, flat_num, started_at, outcome, ring_seconds, failure_reason, legs)
            values (${DEVICE_ID}, 7, ${at}::timestamptz, 'no_answer', 30, 'Никто не ответил', ${legs}::jsonb)`,
      );
    }
    const range = historyDateRange('2020-03-10', '2020-03-10', 'Asia/Yekaterinburg');
    expect(range).toEqual({ dateFrom: '2020-03-09T19:00:00.000Z', dateTo: '2020-03-10T18:59:59.000Z' });
    const day = await rounds(`?dateFrom=${range.dateFrom}&dateTo=${range.dateTo}`);
    expect(day.data.map((round) => round.startedAt)).toEqual(['2020-03-10T18:59:59.000Z', '2020-03-10T12:00:00.000Z', '2020-03-09T19:00:00.000Z']);
    expect(day.data[0].legs).toEqual(JSON.parse(legs));
    const since = await rounds(`?flatNum=7&dateFrom=${encodeURIComponent('2020-03-10T18:59:59+00:00')}&dateTo=2020-03-11T00:00:00Z`);
    expect(since.data.map((round) => round.startedAt)).toEqual(['2020-03-10T19:00:00.000Z', '2020-03-10T18:59:59.000Z']);
    expect((await rounds('?flatNum=6&dateTo=2020-03-11T00:00:00Z')).data).toEqual([]);
  });

  it('counts at most 10,000 calls: past that it says countCapped and the pages go on', async () => {
    const mac = 'E4:5A:D4:00:00:06';
    await app().database.drizzle.execute(
      sql`insert into call_rounds (device_id, flat_num, started_at, outcome, ring_seconds, failure_reason, legs)
          select d.id, 1, timestamptz '2019-01-01T00:00:00Z' + make_interval(mins => n), 'no_answer', 30, 'Никто не ответил',
                 '[{"kind":"handset","target":"1","offsetSeconds":0,"ringSeconds":30,"result":"no_answer","reason":null}]'::jsonb
          from devices d cross join generate_series(1, ${CALL_ROUND_COUNT_LIMIT}) as n where d.mac = ${mac}`,
    );
    const capped = expectShape(CallRoundsResponse, (await list('', 'operator', mac)).json());
    expect(capped.countCapped).toBe(true);
    expect(capped.pagination).toMatchObject({ totalCount: CALL_ROUND_COUNT_LIMIT, pageCount: CALL_ROUND_COUNT_LIMIT / CALL_ROUND_PAGE_SIZE });
    const past = expectShape(CallRoundsResponse, (await list(`?page=${CALL_ROUND_COUNT_LIMIT / CALL_ROUND_PAGE_SIZE}`, 'operator', mac)).json());
    expect(past.data.length).toBeGreaterThan(0);
    expect(past.data.every((round) => round.startedAt < '2019-01-08')).toBe(true);
    const oneDay = expectShape(CallRoundsResponse, (await list('?dateFrom=2019-01-01T00:00:00Z&dateTo=2019-01-01T23:59:59Z', 'operator', mac)).json());
    expect(oneDay).toMatchObject({ countCapped: false, pagination: { totalCount: 1439 } });
  });

  it('refuses bad input with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?page=-1', 'page'],
      ['?page=abc', 'page'],
      ['?page=1.5', 'page'],
      ['?page=100000', 'page'],
      ['?dateFrom=yesterday', 'dateFrom'],
      ['?dateTo=2020-13-45T00:00:00Z', 'dateTo'],
      ['?dateFrom=2020-03-11T00:00:00Z&dateTo=2020-03-10T00:00:00Z', 'dateFrom'],
      ['?flatNum=0', 'flatNum'],
      ['?flatNum=100000', 'flatNum'],
      ['?flatNum=x', 'flatNum'],
    ] as const) {
      expectError(await list(query), 400, new RegExp(field));
    }
    expectError(await (await as('operator')).get('/front/dialings/not-a-mac'), 400, /mac/);
    expectError(await (await as('operator')).get(`${dialingEndpoints.callOrder.path({ mac: MAC, flatNum: 0 })}`), 400, /flatNum/);
    expectError(await (await as('operator')).get(`/front/dialings/${encodeURIComponent(MAC)}/flats/abc/call-order`), 400, /flatNum/);
  });

  it('lets support and the installer read; 401 without a session; another buyer’s or an unknown device is 404; a panel that places no calls 409', async () => {
    expect((await list('', 'support')).statusCode).toBe(200);
    expect((await list('', 'installer')).statusCode).toBe(200);
    const anonymous = new TestClient(app());
    expectError(await anonymous.get(dialingEndpoints.list.path({ mac: MAC })), 401);
    expectError(await anonymous.get(dialingEndpoints.callOrder.path({ mac: MAC, flatNum: 4 })), 401);
    expectError(await list('', 'operator', FOREIGN_MAC), 404);
    expectError(await list('', 'support', FOREIGN_MAC), 404);
    expectError(await (await as('operator')).get(dialingEndpoints.callOrder.path({ mac: FOREIGN_MAC, flatNum: 1 })), 404);
    expectError(await list('', 'operator', '02:00:00:00:00:99'), 404);
    expectError(await list('', 'operator', CAMERA_MAC), 409, /обзвон/);
    // The superuser sees every buyer's devices.
    expect((await (await as('admin')).get(dialingEndpoints.list.path({ mac: FOREIGN_MAC }))).statusCode).toBe(200);
  });

  const order = async (flatNum: number, account: 'operator' | 'support' | 'installer' = 'operator') => {
    const response = await (await as(account)).get(dialingEndpoints.callOrder.path({ mac: MAC, flatNum }));
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(CallOrderResponse, response.json());
  };
  const save = async (steps: readonly object[], account: 'operator' | 'support' = 'operator') =>
    (await as(account)).request('PUT', dialingEndpoints.saveCallOrder.path({ mac: MAC, flatNum: 4 }), { payload: { steps } });
  const input = (step: CallOrderStep) => ({ kind: step.kind, target: step.target, ringSeconds: step.ringSeconds, enabled: step.enabled });

  it('answers a flat’s call order by position, its house and address; a flat the device does not call is 404', async () => {
    const flat = await order(4);
    expect(flat).toMatchObject({ flatNum: 4, canEdit: true });
    expect(flat.houseUid).toBeTruthy();
    expect(flat.address).toBeTruthy();
    expect(flat.steps.map((step) => step.position)).toEqual(flat.steps.map((_step, index) => index + 1));
    expect(new Set(flat.steps.map((step) => step.kind))).toEqual(new Set(['handset', 'app', 'sip']));
    expect(flat.steps.find((step) => step.kind === 'handset')?.target).toBe('4');
    expect((await order(4, 'support')).canEdit).toBe(false);
    expect((await order(4, 'installer')).canEdit).toBe(false);
    expectError(await (await as('operator')).get(dialingEndpoints.callOrder.path({ mac: MAC, flatNum: 8 })), 404, /Квартира 8/);
  });

  it('lets management reorder, switch off, change the ringing and add a forwarding number; refuses anything else with 400, support with 403', async () => {
    const before = (await order(4)).steps;
    const changed = [...before].reverse().map((step, index) => ({ ...input(step), ringSeconds: 10 + index, enabled: index !== 0 }));
    const forward = { kind: 'forward', target: '+79161234567', ringSeconds: 40, enabled: true };
    const response = await save([...changed, forward]);
    expect(response.statusCode, response.body).toBe(200);
    const saved = expectShape(CallOrderResponse, response.json());
    expect(saved.steps.map(input)).toEqual([...changed, forward]);
    expect((await order(4)).steps.map(input)).toEqual([...changed, forward]);
    // A SIP or app step keeps its resident's name as the label when the resident has one.
    expect(saved.steps.find((step) => step.kind === 'forward')?.label).toBeNull();

    const handset = input(before.find((step) => step.kind === 'handset')!);
    for (const [steps, field] of [
      [[], 'steps'],
      [Array.from({ length: 11 }, (_item, index) => ({ ...forward, target: `+7916000000${index}` })), 'steps'],
      [[handset, handset], 'steps.1.target'],
      [[{ ...handset, target: '5' }], 'steps.0.target'],
      [[{ kind: 'sip', target: '999999', ringSeconds: 20, enabled: true }], 'steps.0.target'],
      [[{ ...forward, target: '12-34' }], 'steps.0.target'],
      [[{ ...handset, ringSeconds: 4 }], 'steps.0.ringSeconds'],
      [[{ ...handset, ringSeconds: 121 }], 'steps.0.ringSeconds'],
      [[{ ...handset, kind: 'pager' }], 'steps.0.kind'],
      [[{ ...handset, ringSeconds: 'long' }], 'steps.0.ringSeconds'],
    ] as const) {
      expectError(await save(steps), 400, new RegExp(field.replaceAll('.', '\\.')));
    }
    expectError(await save([handset], 'support'), 403);
    expectError(await (await as('operator')).request('PUT', dialingEndpoints.saveCallOrder.path({ mac: MAC, flatNum: 4 }), { payload: { steps: [handset] }, csrf: false }), 403);
    expect((await order(4)).steps.map(input)).toEqual([...changed, forward]);
  });
});
