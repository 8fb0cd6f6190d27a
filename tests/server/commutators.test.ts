import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AbonentUnitsResponse } from '../../contract/commutators';
import { IDEMPOTENCY_HEADER, ResultResponse } from '../../contract/common';
import { queryRows } from '../../server/db/client';
import { IDEMPOTENCY_REPLAYED_HEADER } from '../../server/plugins/idempotency';
import {
  checkUrl,
  commutatorDevice,
  commutatorsUrl,
  getCommutators,
  matrixOf,
  pollCheck,
  storedCommutation,
} from './commutators-fixtures';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

const METAKOM = 1;
const FACTORIAL = 0;

describe.each(BACKENDS)('commutators on %s', (backend) => {
  const app = useApp(backend, { deviceGateway: { failureShare: 0, commutatorReadMs: 10, lineLevelMs: 50 } });
  const db = () => app().database.drizzle;

  async function save(client: TestClient, mac: string, payload: object, headers?: Record<string, string>) {
    return client.request('POST', commutatorsUrl(mac), { payload, headers });
  }

  it('answers the stored matrix, every size of every model, the device and its entrance’s flat range', async () => {
    const device = await commutatorDevice(db(), 0, { first: 1, last: 80 });
    const operator = await loginAs(app(), 'operator');
    const body = await getCommutators(operator, device.mac);
    expect(body).toMatchObject({ result: true, mac: device.mac, model: null, commutators: [], checkLinelevelTaskId: null });
    expect(body.device.mac).toBe(device.mac);
    const [entrance] = await queryRows<{ num: number; title: string }>(db(), sql`select entrance_num as num, title from entrances where uid = ${device.entranceUid}`);
    expect(body.flatRange).toEqual({ firstFlat: 1, lastFlat: 80, entranceNum: Number(entrance.num), entranceTitle: entrance.title });
    expect(Object.keys(body.commutationModels)).toEqual(['0', '1', '2', '3', '4']);
    expect(body.commutationModels['0']).toEqual([2, 4, 5, 8, 10, 13, 20, 28].map((columns) => ({ rows: 8, columns })));
    for (const model of ['1', '2', '3', '4']) {
      expect(body.commutationModels[model]).toEqual([1, 2, 4, 7, 8, 10, 16, 22].map((columns) => ({ rows: 10, columns })));
    }
    // Installers and support read it too; a device without a relay to an entrance has no range.
    for (const account of ['installer', 'support', 'admin'] as const) {
      expect((await getCommutators(await loginAs(app(), account), device.mac)).mac).toBe(device.mac);
    }
    await db().execute(sql`delete from device_relays where device_id = ${device.id}`);
    expect((await getCommutators(operator, device.mac)).flatRange).toBeNull();
  });

  it('saves every commutator (operator and installer), replaces what was there, and reads it back', async () => {
    const device = await commutatorDevice(db(), 1, { first: 1, last: 40 });
    const operator = await loginAs(app(), 'operator');
    const first = { index: 0, matrix: matrixOf(10, 2, [[0, 0, 1], [1, 0, 2], [9, 1, 20]]) };
    const second = { index: 1, matrix: matrixOf(10, 4, [[0, 3, 40]]) };
    const response = await save(operator, device.mac, { model: METAKOM, matrix: [first, second] });
    expect(response.statusCode, response.body).toBe(200);
    expect(expectShape(ResultResponse, response.json())).toMatchObject({ result: true, message: 'Матрица коммутации сохранена' });
    const saved = await getCommutators(operator, device.mac);
    expect(saved.model).toBe(METAKOM);
    expect(saved.commutators).toEqual([first, second]);

    // The installer saves a Factorial 20 (8 rows × 4 columns): commutator 1 is gone.
    const installer = await loginAs(app(), 'installer');
    const factorial = { index: 0, matrix: matrixOf(8, 4, [[7, 3, 33]]) };
    expect((await save(installer, device.mac, { model: FACTORIAL, matrix: [factorial] })).statusCode).toBe(200);
    expect(await getCommutators(installer, device.mac)).toMatchObject({ model: FACTORIAL, commutators: [factorial] });
    // model null with no commutators clears it.
    expect((await save(operator, device.mac, { model: null, matrix: [] })).statusCode).toBe(200);
    expect(await getCommutators(operator, device.mac)).toMatchObject({ model: null, commutators: [] });
  });

  it('applies a save sent twice with one Idempotency-Key once', async () => {
    const device = await commutatorDevice(db(), 2, { first: 1, last: 20 });
    const operator = await loginAs(app(), 'operator');
    const key = randomUUID();
    const payload = { model: METAKOM, matrix: [{ index: 0, matrix: matrixOf(10, 2, [[0, 0, 5]]) }] };
    const once = await save(operator, device.mac, payload, { [IDEMPOTENCY_HEADER]: key });
    expect(once.statusCode, once.body).toBe(200);
    await db().execute(sql`update commutators set matrix = '[[9]]'::jsonb where device_id = ${device.id}`);
    const again = await save(operator, device.mac, payload, { [IDEMPOTENCY_HEADER]: key });
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect((await storedCommutation(db(), device.id)).matrices).toEqual([{ idx: 0, matrix: [[9]] }]);
  });

  it('refuses a bad model, size, cell, duplicate flat or index with a 400 naming the field, and keeps what was stored', async () => {
    const device = await commutatorDevice(db(), 3, { first: 1, last: 80 });
    const operator = await loginAs(app(), 'operator');
    const good = { index: 0, matrix: matrixOf(10, 8, [[0, 0, 1]]) };
    expect((await save(operator, device.mac, { model: METAKOM, matrix: [good] })).statusCode).toBe(200);
    const cases: [object, RegExp][] = [
      [{ model: 5, matrix: [] }, /^Некорректное поле model: ожидается модель коммутатора \(0 Factorial, 1 Metakom, 2 Cyfral, 3 Eltis, 4 Vizit\) или null$/],
      [{ model: -1, matrix: [] }, /поле model/],
      [{ model: 1.5, matrix: [] }, /model/],
      [{ model: null, matrix: [good] }, /^Некорректное поле matrix: без модели/],
      [{ model: FACTORIAL, matrix: [good] }, /^Некорректное поле matrix\[0\]: матрица 10 × 8 .* модели Factorial: допустимы 8 × 2, 8 × 4/],
      [{ model: METAKOM, matrix: [{ index: 0, matrix: matrixOf(10, 3) }] }, /^Некорректное поле matrix\[0\]: матрица 10 × 3/],
      [{ model: METAKOM, matrix: [{ index: 0, matrix: [[0, 0], [0]] }] }, /^Некорректное поле matrix\[0\]\[1\]: .*прямоугольной/],
      [{ model: METAKOM, matrix: [{ index: 0, matrix: [] }] }, /^Некорректное поле matrix\[0\]: матрица 0 × 0/],
      [{ model: METAKOM, matrix: [{ index: 0, matrix: matrixOf(10, 8, [[3, 5, 120]]) }] }, /^Некорректное поле matrix\[0\]\[3\]\[5\]: квартира 120 вне диапазона 1–80$/],
      [{ model: METAKOM, matrix: [{ index: 0, matrix: matrixOf(10, 8, [[0, 1, -3]]) }] }, /^Некорректное поле matrix\[0\]\[0\]\[1\]: квартира -3 вне диапазона 1–80$/],
      [{ model: METAKOM, matrix: [{ index: 0, matrix: matrixOf(10, 8, [[0, 1, 2.5]]) }] }, /matrix/],
      [
        { model: METAKOM, matrix: [good, { index: 1, matrix: matrixOf(10, 2, [[4, 1, 1]]) }] },
        /^Некорректное поле matrix\[1\]\[4\]\[1\]: квартира 1 уже подключена в matrix\[0\]\[0\]\[0\]$/,
      ],
      [{ model: METAKOM, matrix: [good, { index: 0, matrix: matrixOf(10, 2) }] }, /^Некорректное поле matrix\[1\]\.index: коммутатор 0 уже указан в matrix\[0\]$/],
      [{ model: METAKOM, matrix: [{ index: 40000, matrix: matrixOf(10, 2) }] }, /^Некорректное поле matrix\[0\]\.index: ожидается номер коммутатора от 0 до 15$/],
      [{ model: METAKOM }, /matrix/],
    ];
    for (const [payload, message] of cases) expectError(await save(operator, device.mac, payload), 400, message);
    expect(await getCommutators(operator, device.mac)).toMatchObject({ model: METAKOM, commutators: [good] });

    // Without an entrance range no flat can be wired.
    await db().execute(sql`delete from device_relays where device_id = ${device.id}`);
    expectError(await save(operator, device.mac, { model: METAKOM, matrix: [good] }), 400, /^Некорректное поле matrix\[0\]\[0\]\[0\]: квартира 1: у устройства нет подъезда/);
  });

  it('reads the matrix from the device, runs the line-level check to done and lands the levels in the handsets', async () => {
    const device = await commutatorDevice(db(), 4, { first: 1, last: 30 });
    const installer = await loginAs(app(), 'installer');
    const read = await getCommutators(installer, device.mac, '?fetchFromDevice=1');
    // A never-written device wires its entrance's flats in sequence on the smallest size that holds them (Metakom 40: 10 × 4).
    expect(read.model).toBe(METAKOM);
    expect(read.commutators).toHaveLength(1);
    expect(read.commutators[0].matrix).toHaveLength(10);
    expect(read.commutators[0].matrix.flat().filter((flat) => flat > 0).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_v, n) => n + 1));
    const taskId = read.checkLinelevelTaskId;
    expect(typeof taskId).toBe('string');
    // What the device answered is stored.
    const stored = await storedCommutation(db(), device.id);
    expect(stored.head).toEqual({ model: METAKOM, task: taskId });
    expect(stored.matrices.map((item) => item.matrix)).toEqual([read.commutators[0].matrix]);

    const seen = await pollCheck(installer, device.mac, taskId!);
    const last = seen[seen.length - 1];
    expect(last).toMatchObject({ taskId, mac: device.mac, status: 'done', progress: 100, message: null });
    expect(last.finishedAt).not.toBeNull();
    const progress = seen.map((check) => check.progress);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    const units = await installer.get(commutatorsUrl(device.mac, 'abonent-units'));
    expect(units.statusCode, units.body).toBe(200);
    const byCode = expectShape(AbonentUnitsResponse, units.json()).abonentUnits;
    expect(Object.keys(byCode).map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_v, n) => n + 1));
    for (const [code, unit] of Object.entries(byCode)) {
      expect(unit).toMatchObject({ mac: device.mac, panelCode: Number(code), type: 0, options: {} });
      expect(unit.lineLevel?.level).toBeGreaterThanOrEqual(0);
      expect(unit.lineLevel?.level).toBeLessThanOrEqual(100);
      expect(Date.parse(unit.lineLevel?.lastChange ?? '')).toBeGreaterThan(Date.now() - 60_000);
    }
    // New handsets are linked to the flat of their number in the entrance's house.
    const unlinked = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from abonent_units a left join flats f on f.house_uid = ${device.houseUid} and f.flat_num = a.panel_code
          where a.device_id = ${device.id} and a.flat_id is distinct from f.id`,
    );
    expect(Number(unlinked[0].n)).toBe(0);
    // The plain read no longer names a check: none runs.
    expect((await getCommutators(installer, device.mac)).checkLinelevelTaskId).toBeNull();
  });

  it('keeps a handset’s type and options and only updates its level when it is measured again', async () => {
    const device = await commutatorDevice(db(), 5, { first: 1, last: 10 });
    await db().execute(sql`insert into abonent_units (device_id, panel_code, type, options, line_level, line_level_changed_at)
      values (${device.id}, 3, 2, '{"video": true}'::jsonb, 999, now() - interval '30 days'), (${device.id}, 70, 1, '{}'::jsonb, null, null)`);
    const operator = await loginAs(app(), 'operator');
    const before = expectShape(AbonentUnitsResponse, (await operator.get(commutatorsUrl(device.mac, 'abonent-units'))).json()).abonentUnits;
    expect(before['70'].lineLevel).toBeNull();
    expect(before['3'].lineLevel?.level).toBe(999);
    const read = await getCommutators(operator, device.mac, '?fetchFromDevice=1');
    await pollCheck(operator, device.mac, read.checkLinelevelTaskId!);
    const after = expectShape(AbonentUnitsResponse, (await operator.get(commutatorsUrl(device.mac, 'abonent-units'))).json()).abonentUnits;
    expect(after['3']).toMatchObject({ id: before['3'].id, type: 2, options: { video: true } });
    expect(after['3'].lineLevel?.level).not.toBe(999);
    // Panel code 70 is not wired: not measured.
    expect(after['70']).toEqual(before['70']);
    expect(Object.keys(after)).toHaveLength(11);
  });

  it('refuses support a save or a read from the device (403), and anyone another buyer’s or an unknown device (404)', async () => {
    const device = await commutatorDevice(db(), 6, { first: 1, last: 20 });
    const support = await loginAs(app(), 'support');
    const payload = { model: METAKOM, matrix: [] };
    expectError(await save(support, device.mac, payload), 403, /Недостаточно прав/);
    expectError(await support.get(`${commutatorsUrl(device.mac)}?fetchFromDevice=1`), 403, /Недостаточно прав/);
    expect((await storedCommutation(db(), device.id)).head).toBeNull();

    const other = await commutatorDevice(db(), 0, { first: 1, last: 20 }, 2);
    const [otherCheck] = await queryRows<{ id: string }>(
      db(),
      sql`insert into line_level_checks (task_id, device_id) values (${randomUUID()}, ${other.id}) returning task_id as id`,
    );
    const unknown = '00:11:22:33:44:55';
    for (const account of ['operator', 'installer', 'support'] as const) {
      const client = await loginAs(app(), account);
      for (const mac of [other.mac, unknown]) {
        expectError(await client.get(commutatorsUrl(mac)), 404, /Устройство не найдено/);
        expectError(await client.get(commutatorsUrl(mac, 'abonent-units')), 404, /Устройство не найдено/);
        expectError(await client.get(checkUrl(mac, otherCheck.id)), 404, /Устройство не найдено/);
        if (account !== 'support') {
          expectError(await client.get(`${commutatorsUrl(mac)}?fetchFromDevice=1`), 404, /Устройство не найдено/);
          expectError(await save(client, mac, payload), 404, /Устройство не найдено/);
        }
      }
    }
    // The superuser reaches every buyer's device.
    const admin = await loginAs(app(), 'admin');
    expect((await getCommutators(admin, other.mac)).mac).toBe(other.mac);
    // A check of another device is not found on this one; nor is an unknown task.
    const operator = await loginAs(app(), 'operator');
    expectError(await operator.get(checkUrl(device.mac, otherCheck.id)), 404, /Проверка уровня линии .* не найдена/);
    expectError(await operator.get(checkUrl(device.mac, 'no-such-task')), 404, /не найдена/);
    // A device without commutators: 409.
    await db().execute(sql`update devices set capabilities = array_remove(capabilities, 'commutators') where id = ${device.id}`);
    expectError(await operator.get(commutatorsUrl(device.mac)), 409, /не поддерживает: матрица коммутации/);
    expectError(await save(operator, device.mac, payload), 409, /матрица коммутации/);
    expectError(await operator.get(commutatorsUrl(device.mac, 'abonent-units')), 409, /матрица коммутации/);
  });

  it('answers 401 without a session, 403 on a save without the CSRF token, 400 on a bad MAC or query', async () => {
    const device = await commutatorDevice(db(), 7);
    const anonymous = new TestClient(app());
    expectError(await anonymous.get(commutatorsUrl(device.mac)), 401, /Требуется вход/);
    expectError(await anonymous.get(commutatorsUrl(device.mac, 'abonent-units')), 401);
    expectError(await anonymous.get(checkUrl(device.mac, 'x')), 401);
    expectError(await anonymous.request('POST', commutatorsUrl(device.mac), { payload: { model: 1, matrix: [] } }), 401);
    const operator = await loginAs(app(), 'operator');
    expectError(await operator.request('POST', commutatorsUrl(device.mac), { payload: { model: 1, matrix: [] }, csrf: false }), 403, /CSRF/);
    expectError(await operator.get(commutatorsUrl('not-a-mac')), 400, /mac/);
    expectError(await operator.get(`${commutatorsUrl(device.mac)}?fetchFromDevice=maybe`), 400, /fetchFromDevice/);
    expect((await storedCommutation(db(), device.id)).head).toBeNull();
  });
});
