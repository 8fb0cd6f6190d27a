import { sql } from 'drizzle-orm';
import type { Struct } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DeviceKeysMultipleResponse, KeysDeleteResponse, KeysDuplicateResponse, keyEndpoints } from '../../contract/keys';
import { queryRows } from '../../server/db/client';
import { createFlat, useFlatSetup } from './flat-fixtures';
import { BACKENDS, TestClient, expectError, expectShape, loginAs } from './helpers';
import { owedOf, syncOf } from './device-sync-fixtures';
import { KeyGateway, createDeviceKey, foreignKeyDevice, refuseValue } from './keys-fixtures';

const TAG = 0x43;
const FOREIGN_MAC = '02:43:FF:00:00:01';
const DELETE = keyEndpoints.remove.path({});
const DUPLICATES = keyEndpoints.duplicates.path({});

describe.each(BACKENDS)('bulk key calls on %s: multiple, delete, duplicates', (backend) => {
  const gateway = new KeyGateway();
  const { app, fx, operator } = useFlatSetup(backend, TAG, { deviceGateway: { driver: gateway } });
  const multiple = (payload: object, client = operator(), mac = fx().iscomMac) => client.request('POST', keyEndpoints.multiple.path({ mac }), { payload });
  const ok = <T>(response: { statusCode: number; body: string; json(): unknown }, struct: Struct<T, unknown>): T => {
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(struct, response.json());
  };
  const keysOf = async (mac: string) =>
    queryRows<{ value: string; scenarios: number[] }>(
      app().database.drizzle,
      sql`select k.value, k.scenarios from keys k join devices d on d.id = k.device_id where d.mac = ${mac} and not k.rs order by k.value`,
    );

  beforeAll(async () => {
    await createFlat(operator(), fx().houseUid, 3);
    for (const value of ['111111111111', '222222222222', '333333333333', '444444444444']) {
      await createDeviceKey(operator(), fx().iscomMac, { VALUE: value, FLAT_NUM: 3 });
    }
    await createDeviceKey(operator(), fx().bewardMac, { VALUE: '1111111111', FLAT_NUM: null });
    await createDeviceKey(operator(), fx().bewardMac, { VALUE: '00007BB26E', FLAT_NUM: 3 });
    await createDeviceKey(operator(), fx().gateMac, { VALUE: '0000007BB26E', FLAT_NUM: null });
    await foreignKeyDevice(app(), FOREIGN_MAC, fx().foreignHouseUid, '111111111111');
  });

  it('adds and removes a scenario on the chosen keys, stored and owed to the device; the ones not found come back in failed, a refusal waits for a retry', async () => {
    const mac = fx().iscomMac;
    gateway.refuse = refuseValue('333333333333');
    const added = ok(
      await multiple({ action: 'addScenario', scenario: 5, items: [{ value: '111111111111' }, { value: '22:22:22:22:22:22' }, { value: '333333333333' }, { value: '999999999999', inner: 1 }] }),
      DeviceKeysMultipleResponse,
    );
    expect(added.processed).toBe(3);
    expect(added.failed).toEqual([{ value: '999999999999', inner: 1, message: expect.stringMatching(/не найден/) }]);
    expect(added.message).toMatch(/изменение ждёт отправки на устройство: Устройство ответило ошибкой/);
    expect(added).toMatchObject({ messageCode: 'keys.processed.owedBecause', messageParams: { processed: 3, failed: 1, reasonCode: 'device.error', 'reason.mac': mac } });
    const owed = await syncOf(operator(), mac);
    expect(owedOf(owed)).toEqual([['key', 'ключей: 3', 'failed']]);
    expect(owed.changes[0].summary).toBe('добавить сценарий 5');
    gateway.refuse = null;
    expect(await syncOf(operator(), mac, 'retry')).toMatchObject({ state: 'in-sync', owedCount: 0 });
    expect(gateway.changes.at(-1)?.change).toEqual({ kind: 'keyScenario', action: 'add', scenario: 5, values: ['111111111111', '222222222222', '333333333333'], rs: false });
    ok(await multiple({ action: 'addScenario', scenario: 2, items: [{ value: '111111111111' }, { value: '111111111111' }] }), DeviceKeysMultipleResponse);
    expect((await keysOf(fx().iscomMac)).map((key) => [key.value, key.scenarios])).toEqual([
      ['111111111111', [2, 5]],
      ['222222222222', [5]],
      ['333333333333', [5]],
      ['444444444444', []],
    ]);
    const removed = ok(await multiple({ action: 'deleteScenario', scenario: 5, items: [{ value: '111111111111' }] }), DeviceKeysMultipleResponse);
    expect(removed).toMatchObject({ processed: 1, failed: [] });
    expect((await keysOf(fx().iscomMac))[0].scenarios).toEqual([2]);
  });

  it('deletes the chosen keys and owes their removal; one the device does not take stays owed until a retry', async () => {
    const mac = fx().iscomMac;
    gateway.refuse = refuseValue('444444444444', 'timeout');
    const answer = ok(await multiple({ action: 'deleteKeys', items: [{ value: '333333333333' }, { value: '444444444444' }] }), DeviceKeysMultipleResponse);
    expect(answer).toMatchObject({ processed: 2, failed: [] });
    expect(answer.message).toMatch(/изменение ждёт отправки на устройство: Устройство не ответило/);
    expect((await keysOf(mac)).map((key) => key.value)).toEqual(['111111111111', '222222222222']);
    expect(owedOf(await syncOf(operator(), mac))).toEqual([['key', '444444444444', 'failed']]);
    gateway.refuse = null;
    expect(await syncOf(operator(), mac, 'retry')).toMatchObject({ state: 'in-sync' });
    expect(gateway.changes.at(-1)?.change).toMatchObject({ kind: 'key', action: 'remove', value: '444444444444' });
  });

  it('refuses an unknown action or a scenario outside 1–16 (400 naming it), bad items, the roles that only read, and another buyer’s device', async () => {
    expectError(await multiple({ action: 'paint', items: [{ value: '111111111111' }] }), 400, /action/);
    expectError(await multiple({ action: 'addScenario', items: [{ value: '111111111111' }] }), 400, /scenario/);
    expectError(await multiple({ action: 'deleteScenario', scenario: 17, items: [{ value: '111111111111' }] }), 400, /scenario/);
    expectError(await multiple({ action: 'deleteKeys', items: [] }), 400, /items/);
    expectError(await multiple({ action: 'deleteKeys', items: [{ value: '' }] }), 400, /items/);
    expectError(await multiple({ action: 'deleteKeys', items: [{ value: '111111111111' }] }, await loginAs(app(), 'support')), 403);
    expectError(await multiple({ action: 'deleteKeys', items: [{ value: '111111111111' }] }, new TestClient(app())), 401);
    expectError(await operator().request('POST', keyEndpoints.multiple.path({ mac: fx().iscomMac }), { payload: { action: 'deleteKeys', items: [] }, csrf: false }), 403, /CSRF/);
    expectError(await multiple({ action: 'deleteKeys', items: [{ value: '111111111111' }] }, operator(), FOREIGN_MAC), 404);
  });

  it('finds every place of each value in the caller’s scope, hex or decimal (EM-Marine series,number and plain)', async () => {
    const hex = ok(await operator().request('POST', DUPLICATES, { payload: { values: ['11 11 11 11 11 11', '1111111111', 'ABCDEF'], numberSystem: 'hex' } }), KeysDuplicateResponse);
    expect(hex.data.map((key) => [key.value, key.mac, key.flatNum])).toEqual([
      ['111111111111', fx().iscomMac, 3],
      ['1111111111', fx().bewardMac, null],
    ]);
    expect(hex.data[0]).toMatchObject({ buyerId: 1, authentic: 1, cipherId: null, address: expect.stringMatching(/Квартирная/) });
    expect(hex.data[0].keyId).toBeGreaterThan(0);
    expect(hex.data[0].deviceId).toBeGreaterThan(0);
    // 123,45678 is 7B B26E; 8106606 is 0x7BB26E: each padded to 10 and 12 digits.
    for (const value of ['123,45678', '8106606']) {
      const dec = ok(await operator().request('POST', DUPLICATES, { payload: { values: [value], numberSystem: 'dec' } }), KeysDuplicateResponse);
      expect(dec.data.map((key) => [key.value, key.mac]).sort()).toEqual([
        ['00007BB26E', fx().bewardMac],
        ['0000007BB26E', fx().gateMac],
      ].sort());
    }
    const admin = ok(await (await loginAs(app(), 'admin')).request('POST', DUPLICATES, { payload: { values: ['111111111111'], numberSystem: 'hex' } }), KeysDuplicateResponse);
    expect(admin.data.map((key) => key.mac)).toContain(FOREIGN_MAC);
    const support = ok(await (await loginAs(app(), 'support')).request('POST', DUPLICATES, { payload: { values: ['111111111111'], numberSystem: 'hex' } }), KeysDuplicateResponse);
    expect(support.data.map((key) => key.mac)).toEqual([fx().iscomMac]);
  });

  it('refuses bad values (400 naming values), more than 1,000, the installer and no session', async () => {
    const post = (payload: object, client = operator()) => client.request('POST', DUPLICATES, { payload });
    expectError(await post({ values: ['XYZ'], numberSystem: 'hex' }), 400, /values\.0/);
    expectError(await post({ values: ['12', '300,1'], numberSystem: 'dec' }), 400, /values\.1/);
    expectError(await post({ values: ['12'], numberSystem: 'oct' }), 400, /numberSystem/);
    expectError(await post({ values: [], numberSystem: 'hex' }), 400, /values/);
    expectError(await post({ values: Array.from({ length: 1001 }, (_item, index) => index.toString(16)), numberSystem: 'hex' }), 400, /values.*1000/);
    expectError(await post({ values: ['12'], numberSystem: 'hex' }, await loginAs(app(), 'installer')), 403);
    expectError(await post({ values: ['12'], numberSystem: 'hex' }, new TestClient(app())), 401);
  });

  it('deletes keys by value and MAC across devices, answering each key’s result in order', async () => {
    await createDeviceKey(operator(), fx().gateMac, { VALUE: '5555555555', FLAT_NUM: null });
    gateway.refuse = refuseValue('5555555555');
    const answer = ok(
      await operator().request('DELETE', DELETE, {
        payload: {
          keys: [
            { value: '1111111111', mac: fx().bewardMac },
            { value: '111111111111', mac: FOREIGN_MAC },
            { value: '777777777777', mac: fx().iscomMac },
            { value: '5555555555', mac: fx().gateMac },
            { value: '11:11:11:11:11:11', mac: fx().iscomMac.toLowerCase() },
          ],
        },
      }),
      KeysDeleteResponse,
    );
    expect(answer.deleted).toBe(3);
    expect(answer.results?.map((result) => [result.mac, result.deleted, result.message])).toEqual([
      [fx().bewardMac, true, null],
      [FOREIGN_MAC, false, expect.stringMatching(/не найдено/)],
      [fx().iscomMac, false, expect.stringMatching(/не найден/)],
      [fx().gateMac, true, expect.stringMatching(/^удаление ждёт отправки на устройство: Устройство ответило ошибкой/)],
      [fx().iscomMac, true, null],
    ]);
    expect(answer.results?.[3]).toMatchObject({ messageCode: 'key.removal.owedBecause', messageParams: { reasonCode: 'device.error', 'reason.mac': fx().gateMac } });
    expect((await keysOf(fx().iscomMac)).map((key) => key.value)).toEqual(['222222222222']);
    expect((await keysOf(fx().gateMac)).map((key) => key.value)).not.toContain('5555555555');
    expect(owedOf(await syncOf(operator(), fx().gateMac))).toEqual([['key', '5555555555', 'failed']]);
    gateway.refuse = null;
    expect(await syncOf(operator(), fx().gateMac, 'retry')).toMatchObject({ state: 'in-sync' });
    const [foreign] = await queryRows<{ n: number }>(app().database.drizzle, sql`select count(*)::int as n from keys where value = '111111111111'`);
    expect(Number(foreign.n)).toBe(1);
  });

  it('refuses more than 1,000 keys or none (400 naming keys), support and the installer (403), no session and no CSRF token', async () => {
    const one = { keys: [{ value: '222222222222', mac: fx().iscomMac }] };
    const many = { keys: Array.from({ length: 1001 }, () => ({ value: '222222222222', mac: fx().iscomMac })) };
    expectError(await operator().request('DELETE', DELETE, { payload: many }), 400, /keys/);
    expectError(await operator().request('DELETE', DELETE, { payload: { keys: [] } }), 400, /keys/);
    expectError(await operator().request('DELETE', DELETE, { payload: { keys: [{ value: '1', mac: 'x' }] } }), 400, /mac/);
    for (const account of ['support', 'installer'] as const) expectError(await (await loginAs(app(), account)).request('DELETE', DELETE, { payload: one }), 403);
    expectError(await new TestClient(app()).request('DELETE', DELETE, { payload: one }), 401);
    expectError(await operator().request('DELETE', DELETE, { payload: one, csrf: false }), 403, /CSRF/);
    expect((await keysOf(fx().iscomMac)).map((key) => key.value)).toEqual(['222222222222']);
  });
});
