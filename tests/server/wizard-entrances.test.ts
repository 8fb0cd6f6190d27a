import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MacsFromHouseResponse } from '../../contract/devices';
import { EntrancesResponse } from '../../contract/entrances';
import { queryRows } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp, type AccountName } from './helpers';

const ENTRANCES_URL = '/front/wizard/entrances';
const MACS_URL = '/front/devices/get-macs-from-house';

describe.each(BACKENDS)('house snapshot calls on %s', (backend) => {
  const app = useApp(backend);

  async function houseUids(): Promise<string[]> {
    // The demo accounts' buyer's houses: another buyer's have no entrances to offer them.
    const rows = await queryRows<{ uid: string }>(
      app().database.drizzle,
      sql`select h.uid from houses h where exists (select 1 from entrances e where e.house_uid = h.uid and e.buyer_id = (select buyer_id from users where login = 'installer')) order by h.address`,
    );
    return rows.map((row) => row.uid);
  }

  async function entrances(client: TestClient, uids: string[]) {
    const response = await client.request('POST', ENTRANCES_URL, { payload: { houseUids: uids } });
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(EntrancesResponse, response.json());
  }

  it('answers the entrances of the houses asked, in their order, with range, gates and relays from the database', async () => {
    const client = await loginAs(app(), 'installer');
    const uids = (await houseUids()).slice(0, 3).reverse();
    const body = await entrances(client, [...uids, 'no-such-house', uids[0]]);
    expect(body.result).toBe(true);

    const expected = await queryRows<{ id: string; houseUid: string; entranceNum: number; title: string; type: number; buyerId: number; start: number; end: number }>(
      app().database.drizzle,
      sql`select e.uid as "id", e.house_uid as "houseUid", e.entrance_num as "entranceNum", e.title, e.type, e.buyer_id as "buyerId",
                 r.range_start as "start", r.range_end as "end"
          from entrances e join entrance_ranges r on r.entrance_uid = e.uid
          where e.house_uid in (${sql.join(uids.map((uid) => sql`${uid}`), sql`, `)})`,
    );
    expect(body.data).toHaveLength(expected.length);
    // Houses in the order asked (each once), entrances by number inside a house.
    const houseOrder = [...new Set(body.data.map((entrance) => entrance.houseUid))];
    expect(houseOrder).toEqual(uids.filter((uid) => expected.some((row) => row.houseUid === uid)));
    for (const uid of uids) {
      const numbers = body.data.filter((entrance) => entrance.houseUid === uid).map((entrance) => entrance.entranceNum);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    }
    for (const row of expected) {
      const entrance = body.data.find((item) => item.id === row.id);
      expect(entrance, row.id).toMatchObject({
        houseUid: row.houseUid,
        entranceNum: row.entranceNum,
        title: row.title,
        type: row.type,
        buyerId: row.buyerId,
        range: { start: row.start, end: row.end },
      });
    }

    const relays = await queryRows<{ entrance: string; id: number; mac: string; statusCode: number }>(
      app().database.drizzle,
      sql`select r.entrance_uid as "entrance", r.relay_num as "id", d.mac, r.status_code as "statusCode"
          from device_relays r join devices d on d.id = r.device_id join entrances e on e.uid = r.entrance_uid
          where e.house_uid in (${sql.join(uids.map((uid) => sql`${uid}`), sql`, `)})`,
    );
    expect(relays.length).toBeGreaterThan(0);
    const answered = body.data.flatMap((entrance) => entrance.relays);
    expect(answered).toHaveLength(relays.length);
    for (const relay of relays) expect(answered).toContainEqual(relay);
    for (const entrance of body.data) for (const relay of entrance.relays) expect(relay.entrance).toBe(entrance.id);
  });

  it('lists the flats a gate serves', async () => {
    const db = app().database.drizzle;
    const [main] = await queryRows<{ uid: string; houseUid: string; buyerId: number }>(
      db,
      sql`select uid, house_uid as "houseUid", buyer_id as "buyerId" from entrances
          where type = 1 and buyer_id = (select buyer_id from users where login = 'operator') order by uid limit 1`,
    );
    const gateUid = `test-gate-${backend}`;
    await db.execute(sql`insert into entrances (uid, buyer_id, house_uid, entrance_num, title, type) values (${gateUid}, ${main.buyerId}, ${main.houseUid}, 90, 'Калитка', 2)`);
    await db.execute(sql`insert into entrance_ranges (entrance_uid, range_start, range_end) values (${gateUid}, 1, 12)`);
    await db.execute(sql`insert into entrance_gates (gate_entrance_uid, entrance_uid, flat_from, flat_to, prefix, additional_flats)
                         values (${gateUid}, ${main.uid}, 1, 12, 1, '101,115')`);
    const body = await entrances(await loginAs(app(), 'operator'), [main.houseUid]);
    const gate = body.data.find((entrance) => entrance.id === gateUid);
    expect(gate).toMatchObject({ type: 2, title: 'Калитка', entranceNum: 90, range: { start: 1, end: 12 } });
    expect(gate!.gates).toEqual([{ entranceUid: main.uid, from: 1, to: 12, prefix: 1, additionalFlats: '101,115' }]);
    expect(body.data.at(-1)!.id).toBe(gateUid);
    for (const entrance of body.data.filter((item) => item.id !== gateUid)) expect(entrance.gates).toEqual([]);
  });

  it('answers an empty list for no houses or unknown ones, and refuses bad bodies: 400 naming houseUids', async () => {
    const client = await loginAs(app(), 'installer');
    expect((await entrances(client, [])).data).toEqual([]);
    expect((await entrances(client, ['no-such-house'])).data).toEqual([]);
    expectError(await client.request('POST', ENTRANCES_URL, { payload: {} }), 400, /houseUids: обязательное поле/);
    expectError(await client.request('POST', ENTRANCES_URL, { payload: { houseUids: 'abc' } }), 400, /houseUids/);
    expectError(await client.request('POST', ENTRANCES_URL, { payload: { houseUids: [''] } }), 400, /houseUids\.0/);
    expectError(await client.request('POST', ENTRANCES_URL, { payload: { houseUids: Array.from({ length: 101 }, (_v, n) => `h${n}`) } }), 400, /houseUids: не больше 100/);
  });

  it('answers an installer the MACs of its buyer’s devices bound to a house, sorted', async () => {
    const client = await loginAs(app(), 'installer');
    const buyer = sql`(select buyer_id from users where login = 'installer')`;
    const [house] = await queryRows<{ uid: string }>(
      app().database.drizzle,
      sql`select h.house_uid as "uid" from device_houses h join devices d on d.id = h.device_id where d.buyer_id = ${buyer}
          group by h.house_uid order by count(*) desc, h.house_uid limit 1`,
    );
    const expected = await queryRows<{ mac: string }>(
      app().database.drizzle,
      sql`select d.mac from device_houses h join devices d on d.id = h.device_id where h.house_uid = ${house.uid} and d.buyer_id = ${buyer} order by d.mac`,
    );
    const response = await client.get(`${MACS_URL}?houseUid=${encodeURIComponent(house.uid)}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = expectShape(MacsFromHouseResponse, response.json());
    expect(body.result).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data).toEqual(expected.map((row) => row.mac));
  });

  it('answers 404 for an unknown house, an empty list for a house without devices, 400 without houseUid', async () => {
    const client = await loginAs(app(), 'admin');
    expectError(await client.get(`${MACS_URL}?houseUid=no-such-house`), 404, /Дом не найден/);
    expectError(await client.get(MACS_URL), 400, /houseUid: обязательное поле/);
    const created = await client.request('POST', '/front/house-list/create', { payload: { address: 'г. Казань, ул. Пустая, д. 1', region: 16 } });
    const uid = created.json<{ data: { id: string } }>().data.id;
    expect(expectShape(MacsFromHouseResponse, (await client.get(`${MACS_URL}?houseUid=${uid}`)).json()).data).toEqual([]);
  });

  it('entrances are for adjusters, management and the superuser; the MACs for support too', async () => {
    const [uid] = await houseUids();
    const anonymous = new TestClient(app());
    expectError(await anonymous.request('POST', ENTRANCES_URL, { payload: { houseUids: [uid] } }), 401, /Требуется вход/);
    expectError(await anonymous.get(`${MACS_URL}?houseUid=${uid}`), 401, /Требуется вход/);
    const support = await loginAs(app(), 'support');
    expectError(await support.request('POST', ENTRANCES_URL, { payload: { houseUids: [uid] } }), 403, /Недостаточно прав/);
    expect((await support.get(`${MACS_URL}?houseUid=${uid}`)).statusCode).toBe(200);
    for (const account of ['installer', 'operator', 'admin'] as AccountName[]) {
      const client = await loginAs(app(), account);
      expect((await client.request('POST', ENTRANCES_URL, { payload: { houseUids: [uid] } })).statusCode, account).toBe(200);
      expect((await client.get(`${MACS_URL}?houseUid=${uid}`)).statusCode, account).toBe(200);
    }
    // A POST, so it needs the CSRF token like every mutating method.
    const installer = await loginAs(app(), 'installer');
    expectError(await installer.request('POST', ENTRANCES_URL, { payload: { houseUids: [uid] }, csrf: false }), 403, /CSRF/);
  });
});
