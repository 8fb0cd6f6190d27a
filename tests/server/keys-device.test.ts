import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ResultResponse } from '../../contract/common';
import { keyEndpoints } from '../../contract/keys';
import { queryRows } from '../../server/db/client';
import { createFlat, expectOk, useFlatSetup } from './flat-fixtures';
import { BACKENDS, TestClient, expectError, expectShape, loginAs } from './helpers';
import { KeyGateway, createDeviceKey, foreignKeyDevice, listKeys, refuseValue } from './keys-fixtures';
import { owedOf, syncOf } from './device-sync-fixtures';

const TAG = 0x42;
const FOREIGN_MAC = '02:42:FF:00:00:01';

describe.each(BACKENDS)('a device’s keys on %s: create-key, encode / decode, RS key delete', (backend) => {
  const gateway = new KeyGateway();
  const { app, fx, operator } = useFlatSetup(backend, TAG, { deviceGateway: { driver: gateway } });
  const createUrl = (mac: string) => keyEndpoints.createDeviceKey.path({ mac });
  const create = (mac: string, payload: object, client = operator(), options: { csrf?: boolean; headers?: Record<string, string> } = {}) =>
    client.request('POST', createUrl(mac), { payload, ...options });
  const stored = async (value: string) =>
    queryRows<{ is_security: boolean; inner: boolean; rs: boolean }>(app().database.drizzle, sql`select is_security, "inner", rs from keys where value = ${value} order by rs, "inner"`);

  beforeAll(async () => {
    await createFlat(operator(), fx().houseUid, 5);
    await foreignKeyDevice(app(), FOREIGN_MAC, fx().foreignHouseUid, 'F0F0F0F0F0F0');
  });

  it('adds a key of each type the device takes, writes it through the gateway first and answers the PanelKey', async () => {
    const mac = fx().iscomMac;
    const key = await createDeviceKey(operator(), mac, { VALUE: '01.02.03.04.05.06', FLAT_NUM: 5, KEY_TYPE: 'Cyfral', INNER: 1, IS_SECURITY: 1, AUTHENTIC: 0 });
    expect(key).toMatchObject({ VALUE: '010203040506', FLAT_NUM: 5, INNER: 1, IS_SECURITY: 1, AUTHENTIC: 0, BLOCKED: 0, USER_LOGIN: 'operator', MAC: mac });
    expect(gateway.changes.at(-1)).toEqual({ mac, change: { kind: 'key', action: 'add', value: '010203040506', flatNum: 5, rs: false, inner: true } });
    // Without KEY_TYPE any length of the device's types: 14 digits on the ISCOM panel is MIFARE, 10 on the BEWARD RFID,
    // and 14 on the BEWARD MIFARE (a Beward DKS reader keeps 7-byte UIDs, with no isMifare option set).
    await createDeviceKey(operator(), mac, { VALUE: '04AABBCCDDEEFF', FLAT_NUM: null });
    await createDeviceKey(operator(), fx().bewardMac, { VALUE: 'aabbccddee', FLAT_NUM: null });
    await createDeviceKey(operator(), fx().bewardMac, { VALUE: '0000003375a686', FLAT_NUM: null });
    const beward = await listKeys(operator(), { mac: fx().bewardMac });
    expect(beward.keyTypes).toEqual(['MIFARE', 'RFID']);
    expect(beward.data.map((row) => [row.VALUE, row.KEY_TYPE]).sort()).toEqual([
      ['0000003375A686', 'MIFARE'],
      ['AABBCCDDEE', 'RFID'],
    ]);
  });

  it('checks the value per type (400 naming VALUE), the type the device takes (KEY_TYPE), FLAT_NUM and the flags', async () => {
    const mac = fx().iscomMac;
    expectError(await create(mac, { VALUE: '12345', FLAT_NUM: null, KEY_TYPE: 'Metakom' }), 400, /VALUE.*12/);
    expectError(await create(mac, { VALUE: 'GGGGGGGGGGGG', FLAT_NUM: null }), 400, /VALUE/);
    expectError(await create(mac, { VALUE: '0011223344', FLAT_NUM: null, KEY_TYPE: 'MIFARE' }), 400, /VALUE.*8, 14, 20/);
    expectError(await create(fx().bewardMac, { VALUE: '001122334455', FLAT_NUM: null, KEY_TYPE: 'Metakom' }), 400, /KEY_TYPE.*RFID/);
    expectError(await create(fx().bewardMac, { VALUE: '0011223344556677', FLAT_NUM: null }), 400, /VALUE.*8, 10, 12, 14, 20/);
    expectError(await create(mac, { VALUE: '001122334455', FLAT_NUM: null, KEY_TYPE: 'Nope' }), 400, /KEY_TYPE/);
    expectError(await create(mac, { VALUE: '001122334455', FLAT_NUM: 49 }), 400, /FLAT_NUM/);
    expectError(await create(mac, { VALUE: '001122334455', FLAT_NUM: 0 }), 400, /FLAT_NUM/);
    expectError(await create(mac, { VALUE: '001122334455' }), 400, /FLAT_NUM/);
    expectError(await create(mac, { VALUE: '001122334455', FLAT_NUM: null, INNER: 2 }), 400, /INNER/);
    expectError(await create(fx().bewardMac, { VALUE: '001122334455', FLAT_NUM: null, RS: 1 }), 409, /RS485/);
    expect(await stored('001122334455')).toEqual([]);
  });

  it('refuses a duplicate: on the panel the value inner or outer, on the RS controllers the same value and side (409)', async () => {
    const mac = fx().iscomMac;
    await createDeviceKey(operator(), mac, { VALUE: '0A0A0A0A0A0A', FLAT_NUM: null });
    expectError(await create(mac, { VALUE: '0a:0a:0a:0a:0a:0a', FLAT_NUM: null }), 409, /уже есть/);
    expectError(await create(mac, { VALUE: '0A0A0A0A0A0A', FLAT_NUM: null, INNER: 1 }), 409, /уже есть/);
    // The RS controllers keep their own keys, inner and outer apart.
    await createDeviceKey(operator(), mac, { VALUE: '0A0A0A0A0A0A', FLAT_NUM: null, RS: 1 });
    await createDeviceKey(operator(), mac, { VALUE: '0A0A0A0A0A0A', FLAT_NUM: null, RS: 1, INNER: 1 });
    expectError(await create(mac, { VALUE: '0A0A0A0A0A0A', FLAT_NUM: null, RS: 1, INNER: 1 }), 409, /RS485.*внутренний/);
    expect(await stored('0A0A0A0A0A0A')).toEqual([
      { is_security: false, inner: false, rs: false },
      { is_security: false, inner: false, rs: true },
      { is_security: false, inner: true, rs: true },
    ]);
  });

  it('stores a key the device refuses and owes it to the device with the reason (docs/api.md "Device sync")', async () => {
    const mac = fx().iscomMac;
    gateway.refuse = refuseValue('0B0B0B0B0B0B', 'timeout');
    await createDeviceKey(operator(), mac, { VALUE: '0B0B0B0B0B0B', FLAT_NUM: null });
    gateway.refuse = null;
    expect(await stored('0B0B0B0B0B0B')).toEqual([{ is_security: false, inner: false, rs: false }]);
    const owed = await queryRows<{ status: string; last_error: string }>(app().database.drizzle, sql`select status, last_error from device_sync_changes where target = '0B0B0B0B0B0B'`);
    expect(owed).toEqual([{ status: 'failed', last_error: expect.stringMatching(/не ответило/) }]);
  });

  it('refuses no session (401), support and the installer (403), a missing CSRF token, another buyer’s or an unknown device (404)', async () => {
    const payload = { VALUE: '0C0C0C0C0C0C', FLAT_NUM: null };
    expectError(await create(fx().iscomMac, payload, new TestClient(app())), 401);
    for (const account of ['support', 'installer'] as const) expectError(await create(fx().iscomMac, payload, await loginAs(app(), account)), 403);
    expectError(await create(fx().iscomMac, payload, operator(), { csrf: false }), 403, /CSRF/);
    expectError(await create(FOREIGN_MAC, payload), 404, /не найдено/);
    expectError(await create('02:42:EE:00:00:01', payload), 404);
    expectError(await create('nonsense', payload), 400, /mac/);
    expect(await stored('0C0C0C0C0C0C')).toEqual([]);
  });

  it('applies a replayed create-key (same Idempotency-Key) once', async () => {
    const headers = { 'Idempotency-Key': `create-key-${backend}` };
    const first = await create(fx().gateMac, { VALUE: '0D0D0D0D0D', FLAT_NUM: null }, operator(), { headers });
    expect(first.statusCode, first.body).toBe(200);
    const again = await create(fx().gateMac, { VALUE: '0D0D0D0D0D', FLAT_NUM: null }, operator(), { headers });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(await stored('0D0D0D0D0D')).toHaveLength(1);
  });

  it('encodes and decodes a key: through the gateway, then IS_SECURITY swaps; 409 when already so, 404 for a key the device lacks', async () => {
    const mac = fx().iscomMac;
    await createDeviceKey(operator(), mac, { VALUE: '0E0E0E0E0E0E', FLAT_NUM: 5 });
    const post = (mode: 'encode' | 'decode', payload: object, client = operator()) => client.request('POST', keyEndpoints[mode].path({ mac }), { payload });
    const answer = await post('encode', { value: '0e-0e-0e-0e-0e-0e' });
    expectOk(answer);
    expect(expectShape(ResultResponse, answer.json()).message).toMatch(/режим безопасности/);
    expect(gateway.changes.at(-1)?.change).toEqual({ kind: 'key', action: 'encode', value: '0E0E0E0E0E0E', flatNum: 5, rs: false, inner: false });
    expect((await stored('0E0E0E0E0E0E'))[0].is_security).toBe(true);
    expectError(await post('encode', { value: '0E0E0E0E0E0E' }), 409, /уже в режиме безопасности/);
    // A device that does not answer: the mode is stored and owed with the reason until a retry takes it.
    gateway.refuse = refuseValue('0E0E0E0E0E0E', 'timeout');
    const refused = await post('decode', { value: '0E0E0E0E0E0E' });
    expectOk(refused);
    expect(expectShape(ResultResponse, refused.json()).message).toMatch(/изменение ждёт отправки на устройство: Устройство не ответило/);
    // Coded, with the device's reason (as the runner stored it) nested, for other languages.
    expect(refused.json()).toMatchObject({ messageCode: 'key.unsecured.owedBecause', messageParams: { reasonCode: 'device.timeout', 'reason.seconds': 5, 'reason.mac': mac } });
    expect((await stored('0E0E0E0E0E0E'))[0].is_security).toBe(false);
    expect(owedOf(await syncOf(operator(), mac))).toContainEqual(['key', '0E0E0E0E0E0E', 'failed']);
    gateway.refuse = null;
    expect(await syncOf(operator(), mac, 'retry')).toMatchObject({ state: 'in-sync', owedCount: 0 });
    expect(gateway.changes.at(-1)?.change).toEqual({ kind: 'key', action: 'decode', value: '0E0E0E0E0E0E', flatNum: 5, rs: false, inner: false });
    expectError(await post('decode', { value: '0E0E0E0E0E0E' }), 409, /уже не в режиме безопасности/);
    // An RS controller holds the value twice: inner picks one.
    expectError(await post('encode', { value: '0A0A0A0A0A0A', rs: true }), 400, /inner/);
    expectOk(await post('encode', { value: '0A0A0A0A0A0A', rs: true, inner: 1 }));
    expect((await stored('0A0A0A0A0A0A')).map((key) => key.is_security)).toEqual([false, false, true]);
    expectError(await post('encode', { value: '999999999999' }), 404, /не найден/);
    expectError(await post('encode', {}), 400, /value/);
    expectError(await post('encode', { value: '0E0E0E0E0E0E', inner: 3 }), 400, /inner/);
    expectError(await post('encode', { value: '0E0E0E0E0E0E' }, await loginAs(app(), 'support')), 403);
    expectError(await operator().request('POST', keyEndpoints.decode.path({ mac: FOREIGN_MAC }), { payload: { value: 'F0F0F0F0F0F0' } }), 404);
  });

  it('deletes an RS key by value and side (inner 0 or 1, else 400 naming inner); 404 for one it lacks or another buyer’s device', async () => {
    const mac = fx().iscomMac;
    const remove = (key: string, inner: string, target = mac, client = operator()) =>
      client.request('DELETE', keyEndpoints.removeRsKey.path({ mac: target, key, inner }));
    expectError(await remove('0A0A0A0A0A0A', '2'), 400, /inner/);
    // A refusal: the key is gone from the database and its removal owed with the reason until a retry takes it.
    gateway.refuse = refuseValue('0A0A0A0A0A0A');
    const refused = await remove('0A0A0A0A0A0A', '1');
    expectOk(refused);
    expect(expectShape(ResultResponse, refused.json()).message).toMatch(/удаление ждёт отправки на устройство: Устройство ответило ошибкой/);
    expect(refused.json()).toMatchObject({ messageCode: 'key.rsRemoved.owedBecause', messageParams: { reasonCode: 'device.error', 'reason.mac': mac } });
    const owed = await syncOf(operator(), mac);
    expect(owedOf(owed)).toContainEqual(['key', '0A0A0A0A0A0A', 'failed']);
    expect(owed.changes.find((change) => change.target === '0A0A0A0A0A0A')?.summary).toBe('удалить, без квартиры, RS485, внутренний');
    gateway.refuse = null;
    expect(await syncOf(operator(), mac, 'retry')).toMatchObject({ state: 'in-sync', owedCount: 0 });
    expect(gateway.changes.at(-1)?.change).toEqual({ kind: 'key', action: 'remove', value: '0A0A0A0A0A0A', flatNum: null, rs: true, inner: true });
    expect(await stored('0A0A0A0A0A0A')).toEqual([
      { is_security: false, inner: false, rs: false },
      { is_security: false, inner: false, rs: true },
    ]);
    expectError(await remove('0A0A0A0A0A0A', '1'), 404);
    expectError(await remove('F0F0F0F0F0F0', '0', FOREIGN_MAC), 404);
    expectError(await remove('0A0A0A0A0A0A', '0', mac, await loginAs(app(), 'installer')), 403);
    expectError(await remove('0A0A0A0A0A0A', '0', mac, new TestClient(app())), 401);
  });
});
