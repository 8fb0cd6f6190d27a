import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceSyncEndpoints, type DeviceSyncState } from '../../contract/device-sync';
import { DeviceListResponse, deviceEndpoints } from '../../contract/devices';
import { doorCodeEndpoints } from '../../contract/door-codes';
import { keyEndpoints } from '../../contract/keys';
import { queryRows } from '../../server/db/client';
import { syncOf, type DeviceSyncCall } from './device-sync-fixtures';
import { createFlat, useFlatSetup } from './flat-fixtures';
import { BACKENDS, expectError, expectShape, loginAs, type TestClient } from './helpers';
import { KeyGateway, createDeviceKey, foreignKeyDevice, refuseValue } from './keys-fixtures';

const TAG = 0x5c;
const FOREIGN_MAC = '02:5C:FF:00:00:01';

describe.each(BACKENDS)('device sync on %s: owed changes, retry, full re-sync, read-back, the out-of-sync filter', (backend) => {
  const gateway = new KeyGateway();
  const { app, fx, operator } = useFlatSetup(backend, TAG, { deviceGateway: { driver: gateway }, deviceSync: { enabled: false } });
  const sync = (mac: string, key: DeviceSyncCall = 'state', client: TestClient = operator()): Promise<DeviceSyncState> => syncOf(client, mac, key);
  const outOfSync = async (client: TestClient = operator()): Promise<string[]> => {
    const macs: string[] = [];
    for (let page = 1; page <= 50; page++) {
      const response = await client.get(`${deviceEndpoints.list.pattern}?outOfSync=1&page=${page}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = expectShape(DeviceListResponse, response.json());
      macs.push(...body.data.map((row) => row.MAC));
      if (page >= body.pagination.pageCount) break;
    }
    return macs;
  };
  const rows = (value: string) =>
    queryRows<{ status: string; attempts: number; confirmed: boolean }>(
      app().database.drizzle,
      sql`select status, attempts, confirmed_at is not null as confirmed from device_sync_changes where kind = 'key' and target = ${value} order by id`,
    );

  beforeAll(async () => {
    await createFlat(operator(), fx().houseUid, 5);
    await foreignKeyDevice(app(), FOREIGN_MAC, fx().foreignHouseUid, 'F1F1F1F1F1F1');
  });

  it('owes a new key to the device in the same write and marks it confirmed once the gateway takes it', async () => {
    const mac = fx().iscomMac;
    await createDeviceKey(operator(), mac, { VALUE: '5C0000000001', FLAT_NUM: 5 });
    expect(await rows('5C0000000001')).toEqual([{ status: 'confirmed', attempts: 1, confirmed: true }]);
    const state = await sync(mac);
    expect(state).toMatchObject({ mac, state: 'in-sync', owedCount: 0, failedCount: 0, changes: [], lastFailure: null });
    expect(state.lastConfirmedAt).not.toBeNull();
    expect(await outOfSync()).not.toContain(mac);
  });

  it('keeps a key the device refuses: stored, failed with the reason, and the changes after it wait in order', async () => {
    const mac = fx().iscomMac;
    gateway.refuse = refuseValue('5C0000000002');
    await createDeviceKey(operator(), mac, { VALUE: '5C0000000002', FLAT_NUM: null });
    await createDeviceKey(operator(), mac, { VALUE: '5C0000000003', FLAT_NUM: null });
    const state = await sync(mac);
    expect(state).toMatchObject({ state: 'failed', owedCount: 2, failedCount: 1 });
    expect(state.changes.map((change) => [change.kind, change.target, change.status, change.attempts])).toEqual([
      ['key', '5C0000000002', 'failed', 2],
      ['key', '5C0000000003', 'owed', 0],
    ]);
    expect(state.changes[0].lastError).toMatch(/ошибкой/);
    expect(state.changes[0].nextAttemptAt).not.toBeNull();
    expect(state.lastFailure?.message).toMatch(/ошибкой/);
    expect(await outOfSync()).toContain(mac);
    expect(await outOfSync()).not.toContain(fx().bewardMac);
  });

  it('retries on «Повторить»: a refusal stays failed, a device that takes them clears them all', async () => {
    const mac = fx().iscomMac;
    const again = await sync(mac, 'retry');
    expect(again).toMatchObject({ state: 'failed', failedCount: 1 });
    expect(again.changes[0].attempts).toBe(3);
    gateway.refuse = null;
    const cleared = await sync(mac, 'retry');
    expect(cleared).toMatchObject({ state: 'in-sync', owedCount: 0, changes: [], lastFailure: null });
    expect(await rows('5C0000000003')).toEqual([
      { status: 'confirmed', attempts: 1, confirmed: true },
    ]);
    expect(await outOfSync()).not.toContain(mac);
  });

  it('reads the device back: nothing differs after the changes landed; a full re-sync adds the key the device lacks, and a refused one leaves it missing', async () => {
    const mac = fx().iscomMac;
    const read = await sync(mac, 'readBack');
    expect(read.readBack).toMatchObject({ error: null, differenceCount: 0, differences: [] });
    // A key the device refused when it was added: stored, owed, and missing on the device.
    gateway.refuse = refuseValue('5C00000000F1');
    await createDeviceKey(operator(), mac, { VALUE: '5C00000000F1', FLAT_NUM: null });
    const before = gateway.changes.length;
    const full = await sync(mac, 'full');
    expect(full.state).toBe('failed');
    expect(full.changes.map((change) => [change.kind, change.target, change.status])).toEqual([
      ['key', '5C00000000F1', 'failed'],
      ['sip', 'аккаунт', 'owed'],
    ]);
    // Only what differs goes: the entrance's flats (a driver creates those missing), then the key; no clear, no key the device holds.
    expect(gateway.changes.slice(before).map((item) => item.change)).toEqual([{ kind: 'flats', firstFlat: 1, lastFlat: 50 }]);
    const differs = await sync(mac, 'readBack');
    expect(differs.readBack?.differences).toContainEqual({ kind: 'key', target: '5C00000000F1', database: 'внешний', device: null });
    gateway.refuse = null;
    expect(await sync(mac, 'retry')).toMatchObject({ state: 'differs', owedCount: 0 });
    expect((await sync(mac, 'readBack')).readBack).toMatchObject({ differenceCount: 0 });
    expect((await sync(mac)).state).toBe('in-sync');
  });

  it('a full re-sync of a device that holds what the database says sends the flats and the SIP account only; a key put on the device by hand is removed from it', async () => {
    const mac = fx().iscomMac;
    let before = gateway.changes.length;
    expect(await sync(mac, 'full')).toMatchObject({ state: 'in-sync', owedCount: 0 });
    expect(gateway.changes.slice(before).map((item) => item.change.kind)).toEqual(['flats', 'sip']);
    // A key put on the panel by hand: the database does not have it.
    gateway.extraKeys.set(mac, [{ value: '5C00000000F2', rs: false, inner: false, flatNum: null, isSecurity: false, scenarios: [] }]);
    expect((await sync(mac, 'readBack')).readBack?.differences).toContainEqual({ kind: 'key', target: '5C00000000F2', database: null, device: 'внешний' });
    before = gateway.changes.length;
    const full = await sync(mac, 'full');
    expect(full).toMatchObject({ state: 'in-sync', owedCount: 0, readBack: { error: null, differenceCount: 0 } });
    expect(gateway.changes.slice(before).map((item) => item.change)).toContainEqual({ kind: 'key', action: 'remove', value: '5C00000000F2', flatNum: null, rs: false, inner: false });
  });

  it('a full re-sync of a device that cannot be read owes everything it should have: its keys after a clear, its door codes, its SIP account', async () => {
    const mac = fx().bewardMac;
    await createDeviceKey(operator(), mac, { VALUE: '5C00000004', FLAT_NUM: null });
    await app().database.drizzle.execute(sql`update devices set status_code = 2 where mac = ${mac}`);
    const refused = await sync(mac, 'full');
    expect(refused.state).toBe('failed');
    expect(refused.readBack?.error).toMatch(/отклонило подключение/);
    const owed = await queryRows<{ change: unknown }>(
      app().database.drizzle,
      sql`select c.change from device_sync_changes c join devices d on d.id = c.device_id where d.mac = ${mac} and c.confirmed_at is null order by c.id`,
    );
    expect(owed.map((row) => row.change)).toEqual(
      expect.arrayContaining([
        { kind: 'clear', what: 'keys' },
        { kind: 'key', action: 'add', value: '5C00000004', flatNum: null, rs: false, inner: false },
        { kind: 'clear', what: 'doorCodes' },
        { kind: 'sip', account: null },
      ]),
    );
    await app().database.drizzle.execute(sql`update devices set status_code = 1 where mac = ${mac}`);
    const before = gateway.changes.length;
    expect(await sync(mac, 'retry')).toMatchObject({ owedCount: 0 });
    expect(gateway.changes.slice(before).map((item) => item.change)).toContainEqual({ kind: 'key', action: 'add', value: '5C00000004', flatNum: null, rs: false, inner: false });
  });

  it('owes changes to a disabled device, which does not answer, with the simulator’s reason', async () => {
    const mac = fx().gateMac;
    await app().database.drizzle.execute(sql`update devices set status_code = 2 where mac = ${mac}`);
    await createDeviceKey(operator(), mac, { VALUE: '5C0000000005', FLAT_NUM: null });
    const state = await sync(mac);
    expect(state).toMatchObject({ state: 'failed', failedCount: 1 });
    expect(state.lastFailure?.message).toMatch(/отключено или сброшено/);
    // The reason is coded next to its text (docs/api.md "Device sync"), for the card to word it in English.
    expect(state.lastFailure).toMatchObject({ messageCode: 'device.unreachable', messageParams: { mac } });
    expect(state.changes[0]).toMatchObject({ lastError: state.lastFailure?.message, lastErrorCode: 'device.unreachable', lastErrorParams: { mac } });
    expect((await sync(mac, 'readBack')).readBack?.error).toMatch(/отклонило подключение/);
    await app().database.drizzle.execute(sql`update devices set status_code = 1 where mac = ${mac}`);
    expect(await sync(mac, 'retry')).toMatchObject({ state: 'in-sync' });
  });

  it('owes a key removal (by MAC and value, by the flat card’s ids) and confirms it; a refusal stays owed with the reason, a read-back shows the extra key, a retry clears it', async () => {
    const mac = fx().iscomMac;
    await createDeviceKey(operator(), mac, { VALUE: '5C0000000010', FLAT_NUM: 5 });
    await createDeviceKey(operator(), mac, { VALUE: '5C0000000011', FLAT_NUM: 5 });
    const byMac = await operator().request('DELETE', keyEndpoints.removeDeviceKey.path({ device: mac, key: '5C0000000010' }));
    expect(byMac.statusCode, byMac.body).toBe(200);
    expect(byMac.json()).toMatchObject({ result: true, message: 'Ключ удалён' });
    expect(await rows('5C0000000010')).toEqual([
      { status: 'confirmed', attempts: 1, confirmed: true },
      { status: 'confirmed', attempts: 1, confirmed: true },
    ]);
    const [key] = await queryRows<{ id: number; device_id: number }>(app().database.drizzle, sql`select id, device_id from keys where value = '5C0000000011'`);
    gateway.refuse = refuseValue('5C0000000011');
    const byId = await operator().request('DELETE', keyEndpoints.removeDeviceKey.path({ device: String(key.device_id), key: String(key.id) }));
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().message).toMatch(/^Ключ удалён; удаление ждёт отправки на устройство: Устройство ответило ошибкой/);
    expect(await queryRows(app().database.drizzle, sql`select 1 from keys where value = '5C0000000011'`)).toEqual([]);
    const owed = await sync(mac);
    expect(owed).toMatchObject({ state: 'failed', failedCount: 1 });
    expect(owed.changes.map((change) => [change.kind, change.target, change.summary, change.status])).toEqual([['key', '5C0000000011', 'удалить, кв. 5, внешний', 'failed']]);
    expect((await sync(mac, 'readBack')).readBack?.differences).toContainEqual({ kind: 'key', target: '5C0000000011', database: null, device: 'внешний, кв. 5' });
    gateway.refuse = null;
    expect(await sync(mac, 'retry')).toMatchObject({ state: 'differs', owedCount: 0 });
    expect((await sync(mac, 'readBack')).readBack).toMatchObject({ differenceCount: 0 });
  });

  it('a full re-sync sends each key’s security mode and scenarios and the keyless codes, where the device lacks them; a read-back compares them, and a refused mode switch shows until a retry', async () => {
    const mac = fx().iscomMac;
    // The device refuses all three when they are made: they stay owed, and the device lacks them.
    gateway.refuse = (change) => ((change.kind === 'key' && change.action === 'encode') || change.kind === 'keyScenario' ? 'error' : null);
    expect((await operator().request('POST', keyEndpoints.encode.path({ mac }), { payload: { value: '5C0000000001' } })).statusCode).toBe(200);
    const scenario = await operator().request('POST', keyEndpoints.multiple.path({ mac }), { payload: { action: 'addScenario', scenario: 3, items: [{ value: '5C0000000001' }] } });
    expect(scenario.statusCode, scenario.body).toBe(200);
    const keyless = await operator().request('POST', doorCodeEndpoints.keylessCreate.path({}), { payload: { service: 'post', code: '735291', macs: [mac] } });
    expect(keyless.statusCode, keyless.body).toBe(200);
    expect((await sync(mac)).state).toBe('failed');
    gateway.refuse = null;
    const before = gateway.changes.length;
    expect(await sync(mac, 'full')).toMatchObject({ state: 'in-sync', owedCount: 0 });
    const sent = gateway.changes.slice(before).map((item) => item.change);
    expect(sent).toContainEqual({ kind: 'key', action: 'encode', value: '5C0000000001', flatNum: 5, rs: false, inner: false });
    expect(sent).toContainEqual({ kind: 'keyScenario', action: 'add', scenario: 3, values: ['5C0000000001'], rs: false });
    expect((await sync(mac, 'readBack')).readBack).toMatchObject({ error: null, differenceCount: 0 });

    gateway.refuse = (change) => (change.kind === 'key' && change.action === 'decode' ? 'error' : null);
    const decoded = await operator().request('POST', keyEndpoints.decode.path({ mac }), { payload: { value: '5C0000000001' } });
    expect(decoded.statusCode, decoded.body).toBe(200);
    expect(decoded.json().message).toMatch(/изменение ждёт отправки на устройство/);
    expect((await sync(mac)).changes.map((change) => [change.target, change.summary, change.status])).toEqual([['5C0000000001', 'из режима безопасности, кв. 5, внешний', 'failed']]);
    expect((await sync(mac, 'readBack')).readBack?.differences).toEqual([
      { kind: 'key', target: '5C0000000001', database: 'обычный режим, сценарии 3', device: 'режим безопасности, сценарии 3' },
    ]);
    gateway.refuse = null;
    expect(await sync(mac, 'retry')).toMatchObject({ owedCount: 0 });
    expect((await sync(mac, 'readBack')).readBack).toMatchObject({ differenceCount: 0 });
    expect((await sync(mac)).state).toBe('in-sync');
  });

  it('lets support and the installer read the state and read back, only operators retry and re-sync; another buyer’s device is not found', async () => {
    const mac = fx().iscomMac;
    const support = await loginAs(app(), 'support');
    const installer = await loginAs(app(), 'installer');
    expect((await sync(mac, 'state', support)).mac).toBe(mac);
    expect((await sync(mac, 'readBack', installer)).mac).toBe(mac);
    for (const client of [support, installer]) {
      expectError(await client.request('POST', deviceSyncEndpoints.retry.path({ mac })), 403);
      expectError(await client.request('POST', deviceSyncEndpoints.full.path({ mac })), 403);
    }
    expectError(await operator().get(deviceSyncEndpoints.state.path({ mac: FOREIGN_MAC })), 404);
    expectError(await operator().request('POST', deviceSyncEndpoints.retry.path({ mac: FOREIGN_MAC })), 404);
    expectError(await operator().get(deviceSyncEndpoints.state.path({ mac: 'not-a-mac' })), 400, /mac/);
    expectError(await operator().get(`${deviceEndpoints.list.pattern}?outOfSync=maybe`), 400, /outOfSync/);
  });

  it('sends a write to the device only once its transaction has committed, with and without an Idempotency-Key, and a replay gets the answer as sent', async () => {
    const mac = fx().iscomMac;
    // What a second connection sees of the key while the device is written to. Inside the request's
    // transaction it sees nothing (PostgreSQL), or waits for that transaction (PGlite): 2 s tell.
    const committedWhenSent: boolean[] = [];
    gateway.beforeApply = async (change) => {
      if (change.kind !== 'key' || !change.value.startsWith('5C00000000A')) return;
      const seen = queryRows<{ n: number }>(app().database.drizzle, sql`select count(*)::int as n from keys where value = ${change.value}`).then(([row]) => row.n === 1);
      committedWhenSent.push(await Promise.race([seen, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000))]));
    };
    try {
      await createDeviceKey(operator(), mac, { VALUE: '5C00000000A1', FLAT_NUM: null });
      const keyed = { 'Idempotency-Key': `commit-${Date.now()}` };
      const first = await operator().request('POST', keyEndpoints.createDeviceKey.path({ mac }), { payload: { VALUE: '5C00000000A2', FLAT_NUM: null }, headers: keyed });
      expect(first.statusCode, first.body).toBe(200);
      expect(committedWhenSent).toEqual([true, true]);
      expect(first.json()).toMatchObject({ message: 'Ключ добавлен' });
      // The stored answer was completed after the send: the replay does not say the key is owed.
      const replay = await operator().request('POST', keyEndpoints.createDeviceKey.path({ mac }), { payload: { VALUE: '5C00000000A2', FLAT_NUM: null }, headers: keyed });
      expect(replay.headers['idempotency-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      expect(await rows('5C00000000A2')).toEqual([{ status: 'confirmed', attempts: 1, confirmed: true }]);
    } finally {
      gateway.beforeApply = null;
    }
  });
});
