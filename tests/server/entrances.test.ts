import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { EntranceResponse, EntrancesResponse } from '../../contract/entrances';
import { queryRows } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

interface Building {
  house: string;
  first: string;
  second: string;
  gate: string;
}

describe.each(BACKENDS)('entrances on %s', (backend) => {
  const app = useApp(backend);
  let made = 0;

  /** A house of `buyerId` with two main entrances (flats 1–36, 37–72), a gate with prefixes and a relay on it. */
  async function building(buyerId: number): Promise<Building> {
    made += 1;
    const id = `${backend}-${made}`;
    const b: Building = { house: `house-${id}`, first: `e1-${id}`, second: `e2-${id}`, gate: `g-${id}` };
    const db = app().database.drizzle;
    await queryRows(db, sql`insert into houses (uid, address, region) values (${b.house}, ${`г. Тест, ул. Подъездная, д. ${id}`}, 77)`);
    await queryRows(
      db,
      sql`insert into entrances (uid, buyer_id, house_uid, entrance_num, title, type) values
          (${b.first}, ${buyerId}, ${b.house}, 1, 'Подъезд 1', 1),
          (${b.second}, ${buyerId}, ${b.house}, 2, 'Подъезд 2', 1),
          (${b.gate}, ${buyerId}, ${b.house}, 3, 'Калитка', 2)`,
    );
    await queryRows(db, sql`insert into entrance_ranges values (${b.first}, 1, 36), (${b.second}, 37, 72), (${b.gate}, 1, 72)`);
    await queryRows(
      db,
      sql`insert into entrance_gates (gate_entrance_uid, entrance_uid, flat_from, flat_to, prefix, additional_flats) values
          (${b.gate}, ${b.first}, 1, 36, 1, null), (${b.gate}, ${b.second}, 37, 72, 2, '101')`,
    );
    return b;
  }

  const put = (client: TestClient, uid: string, payload: object) => client.request('PUT', `/front/entrances/${uid}`, { payload });
  const mainUpdate = { title: 'Подъезд 2', entranceNum: 2, type: 1, range: { start: 37, end: 80 } };

  it('lists the entrances of a house with ranges, gates and relays', async () => {
    const b = await building(1);
    const [device] = await queryRows<{ id: number; mac: string }>(app().database.drizzle, sql`select id, mac from devices where buyer_id = 1 order by id limit 1`);
    await queryRows(app().database.drizzle, sql`insert into device_relays (device_id, relay_num, entrance_uid, status_code) values (${device!.id}, 7, ${b.first}, 1)`);
    for (const account of ['operator', 'support', 'admin'] as const) {
      const response = await (await loginAs(app(), account)).get(`/front/entrances?houseUid=${b.house}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = expectShape(EntrancesResponse, response.json());
      expect(body.data.map((entrance) => entrance.id)).toEqual([b.first, b.second, b.gate]);
      expect(body.data[0]).toMatchObject({ buyerId: 1, type: 1, range: { start: 1, end: 36 }, gates: [], relays: [{ entrance: b.first, id: 7, mac: device!.mac, statusCode: 1 }] });
      expect(body.data[2]!.gates).toEqual([
        { entranceUid: b.first, from: 1, to: 36, prefix: 1, additionalFlats: null },
        { entranceUid: b.second, from: 37, to: 72, prefix: 2, additionalFlats: '101' },
      ]);
    }
    const operator = await loginAs(app(), 'operator');
    const one = expectShape(EntranceResponse, (await operator.get(`/front/entrances/${b.gate}`)).json());
    expect(one.data).toMatchObject({ id: b.gate, houseUid: b.house, title: 'Калитка', type: 2 });
    expectError(await operator.get('/front/entrances/no-such-entrance'), 404, /Подъезд не найден/);
    expectError(await operator.get('/front/entrances?houseUid=no-such-house'), 404, /Дом не найден/);
    expectError(await operator.get('/front/entrances'), 400, /houseUid/);
  });

  it('saves a main entrance and refuses a range that overlaps another main entrance, naming it', async () => {
    const b = await building(1);
    const operator = await loginAs(app(), 'operator');
    const saved = expectShape(EntranceResponse, (await put(operator, b.second, { ...mainUpdate, title: '  Подъезд 2А ' })).json());
    expect(saved).toMatchObject({ result: true, data: { id: b.second, title: 'Подъезд 2А', range: { start: 37, end: 80 }, type: 1, gates: [] } });
    expect(expectShape(EntranceResponse, (await operator.get(`/front/entrances/${b.second}`)).json()).data).toEqual(saved.data);

    expectError(await put(operator, b.second, { ...mainUpdate, range: { start: 30, end: 80 } }), 400, /^Некорректное поле range: .*«Подъезд 1»/);
    expectError(await put(operator, b.second, { ...mainUpdate, range: { start: 90, end: 80 } }), 400, /^Некорректное поле range\.end/);
    expectError(await put(operator, b.second, { ...mainUpdate, range: { start: 0, end: 80 } }), 400, /^Некорректное поле range\.start/);
    expectError(await put(operator, b.second, { ...mainUpdate, type: 5 }), 400, /type/);
    expectError(await put(operator, b.second, { ...mainUpdate, range: { start: 37, end: 'x' } }), 400, /range\.end/);
    expectError(await put(operator, b.second, { ...mainUpdate, gates: [{ entranceUid: b.first, from: 1, to: 2, prefix: 1, additionalFlats: null }] }), 400, /^Некорректное поле gates:/);
    expectError(await put(operator, 'no-such-entrance', mainUpdate), 404, /Подъезд не найден/);
  });

  it('holds the house’s other entrances from the check to the save: it waits for a transaction holding one of them', async () => {
    const b = await building(1);
    const operator = await loginAs(app(), 'operator');
    await operator.csrfToken();
    let settled = false;
    let pending: Promise<LightMyRequestResponse> | null = null;
    await app().database.drizzle.transaction(async (tx) => {
      // Another save of entrance 1 in progress: the save of entrance 2 must not check its range meanwhile.
      await queryRows(tx, sql`select uid from entrances where uid = ${b.first} for update`);
      pending = put(operator, b.second, mainUpdate).then((response) => {
        settled = true;
        return response;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
    });
    expect((await pending!).statusCode).toBe(200);
  });

  it('saves a gate with its gates, and checks prefixes, additional flats and the gate’s entrances', async () => {
    const b = await building(1);
    const operator = await loginAs(app(), 'operator');
    const gates = [
      { entranceUid: b.first, from: 1, to: 36, prefix: 5, additionalFlats: ' 101 , 115 ' },
      { entranceUid: b.second, from: 37, to: 72, prefix: 6, additionalFlats: null },
    ];
    const update = { title: 'Калитка', entranceNum: 3, type: 2, range: { start: 1, end: 72 }, gates };
    const saved = expectShape(EntranceResponse, (await put(operator, b.gate, update)).json());
    expect(saved.data.gates).toEqual([{ ...gates[0], additionalFlats: '101,115' }, gates[1]]);

    const gateAt = (index: number, change: object) => ({ ...update, gates: gates.map((gate, at) => (at === index ? { ...gate, ...change } : gate)) });
    expectError(await put(operator, b.gate, gateAt(1, { prefix: null })), 400, /^Некорректное поле gates\.1\.prefix: у калитки с префиксом нужен префикс/);
    expectError(await put(operator, b.gate, { ...update, type: 4 }), 400, /^Некорректное поле gates\.0\.prefix: у калитки без префикса/);
    expectError(await put(operator, b.gate, gateAt(0, { additionalFlats: '101;115' })), 400, /^Некорректное поле gates\.0\.additionalFlats/);
    expectError(await put(operator, b.gate, gateAt(0, { from: 30, to: 20 })), 400, /^Некорректное поле gates\.0\.to/);
    const stranger = await building(1);
    expectError(await put(operator, b.gate, gateAt(0, { entranceUid: stranger.first })), 400, /^Некорректное поле gates\.0\.entranceUid/);

    // Without `gates` a gate keeps them; a type without gates drops them.
    const kept = expectShape(EntranceResponse, (await put(operator, b.gate, { ...update, gates: undefined, title: 'Калитка во двор' })).json());
    expect(kept.data).toMatchObject({ title: 'Калитка во двор', gates: saved.data.gates });
    const asAdditional = expectShape(EntranceResponse, (await put(operator, b.gate, { ...update, gates: undefined, type: 3 })).json());
    expect(asAdditional.data).toMatchObject({ type: 3, gates: [] });
    const withoutPrefix = gates.map((gate) => ({ ...gate, prefix: null }));
    const type4 = expectShape(EntranceResponse, (await put(operator, b.gate, { ...update, type: 4, gates: withoutPrefix })).json());
    expect(type4.data.gates.map((gate) => gate.prefix)).toEqual([null, null]);
  });

  it('keeps another buyer’s entrances from management and support: 404, nothing changes', async () => {
    const theirs = await building(2);
    for (const account of ['operator', 'support'] as const) {
      const client = await loginAs(app(), account);
      expectError(await client.get(`/front/entrances/${theirs.first}`), 404, /Подъезд не найден/);
      expectError(await client.get(`/front/entrances?houseUid=${theirs.house}`), 404, /Дом не найден/);
    }
    expectError(await put(await loginAs(app(), 'operator'), theirs.second, mainUpdate), 404, /Подъезд не найден/);
    const admin = expectShape(EntranceResponse, (await (await loginAs(app(), 'admin')).get(`/front/entrances/${theirs.second}`)).json());
    expect(admin.data).toMatchObject({ buyerId: 2, range: { start: 37, end: 72 }, title: 'Подъезд 2' });
  });

  it('refuses writes to support and installers, reads to installers, and asks for a session and the CSRF token', async () => {
    const b = await building(1);
    for (const account of ['support', 'installer'] as const) {
      expectError(await put(await loginAs(app(), account), b.second, mainUpdate), 403, /Недостаточно прав/);
    }
    const installer = await loginAs(app(), 'installer');
    expectError(await installer.get(`/front/entrances/${b.first}`), 403, /Недостаточно прав/);
    expectError(await installer.get(`/front/entrances?houseUid=${b.house}`), 403, /Недостаточно прав/);
    expectError(await new TestClient(app()).get(`/front/entrances/${b.first}`), 401, /Требуется вход/);
    const operator = await loginAs(app(), 'operator');
    expectError(await operator.request('PUT', `/front/entrances/${b.second}`, { payload: mainUpdate, csrf: false }), 403, /CSRF/);
    const [range] = await queryRows<{ end: number }>(app().database.drizzle, sql`select range_end as end from entrance_ranges where entrance_uid = ${b.second}`);
    expect(range!.end).toBe(72);
  });
});
