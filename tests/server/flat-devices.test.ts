import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FlatSettingsFromDeviceResponse } from '../../contract/flat-card';
import { BlockHistoryResponse, FlatDataResponse } from '../../contract/flats';
import { queryRows } from '../../server/db/client';
import { accessActions, accessReasons, accessServices } from '../../server/db/schema/access';
import { DeviceGatewayError, type DeviceGateway } from '../../server/gateways/device/device-gateway';
import { DeviceSimulator } from '../../server/gateways/device/simulator';
import { owedOf, syncOf } from './device-sync-fixtures';
import { createFlat, expectOk, flatUrl, useFlatSetup } from './flat-fixtures';
import { BACKENDS, expectError, expectShape, loginAs } from './helpers';

const TAG = 0x12;

/** The simulator, with reads that fail on demand: `failNext` 'error' (refused) or 'timeout'. */
class ScriptedGateway extends DeviceSimulator {
  failNext: 'error' | 'timeout' | null = null;
  writes: { mac: string; settings: Readonly<Record<string, unknown>> }[] = [];

  constructor() {
    super({ failureShare: 0, flatReadMs: 5 });
  }

  override async apply(...args: Parameters<DeviceGateway['apply']>): Promise<void> {
    const [device, change] = args;
    if (this.failNext) throw this.failure(device.mac);
    if (change.kind === 'flatSettings') this.writes.push({ mac: device.mac, settings: change.settings });
    return super.apply(...args);
  }

  override async readFlatSettings(...args: Parameters<DeviceGateway['readFlatSettings']>) {
    if (this.failNext) throw this.failure(args[0].mac);
    return super.readFlatSettings(...args);
  }

  private failure(mac: string): DeviceGatewayError {
    const kind = this.failNext!;
    this.failNext = null;
    return new DeviceGatewayError(kind, kind === 'timeout' ? `Устройство не ответило за 5 с (${mac})` : `Устройство отклонило подключение (${mac})`);
  }
}

describe.each(BACKENDS)('flat device settings, CMS and permissions on %s', (backend) => {
  const gateway = new ScriptedGateway();
  const { app, fx, operator } = useFlatSetup(backend, TAG, { deviceGateway: { driver: gateway } });
  let catalogue: { service: number; action: number; reason: number };

  beforeAll(async () => {
    const db = app().database.drizzle;
    const [service] = await db.insert(accessServices).values({ name: 'test-app', description: 'Приложение', type: 1 }).returning();
    const [action] = await db.insert(accessActions).values({ name: 'test-block', description: 'Заблокировать' }).returning();
    const [reason] = await db.insert(accessReasons).values({ name: 'test-debt', description: 'Долг' }).returning();
    catalogue = { service: service.id, action: action.id, reason: reason.id };
  });

  async function card(flatNum: number) {
    const response = await operator().get(flatUrl(fx().houseUid, flatNum));
    expect(response.statusCode, response.body).toBe(200);
    const body: unknown = response.json();
    // The card's answer lists `message`: it is there, null on success.
    expect(body).toHaveProperty('message', null);
    return expectShape(FlatDataResponse, body);
  }

  it('stores per-device settings (only the keys sent), checking each against the device and its flags', async () => {
    await createFlat(operator(), fx().houseUid, 21);
    const url = flatUrl(fx().houseUid, 21, '/abonent-units');
    expectOk(await operator().request('PUT', url, { payload: { data: [{ mac: fx().iscomMac, doorCode: '4512', panelVolume: '7', handsetUpLevel: '350', panelCode: 21 }] } }));
    expectOk(await operator().request('PUT', url, { payload: { data: [{ mac: fx().iscomMac, musicVolume: '5' }, { mac: fx().bewardMac, doorCode: '77' }] } }));
    const devices = (await card(21)).deviceData;
    expect(devices.find((device) => device.mac === fx().iscomMac)).toMatchObject({ doorCode: '4512', panelVolume: '7', handsetUpLevel: '350', musicVolume: '5', panelCode: 21 });
    expect(devices.find((device) => device.mac === fx().bewardMac)).toMatchObject({ doorCode: '77' });

    expectError(await operator().request('PUT', url, { payload: { data: [{ mac: '02:FF:00:00:00:01', doorCode: '1' }] } }), 400, /data\.0\.mac/);
    expectError(await operator().request('PUT', url, { payload: { data: [{ mac: fx().iscomMac }, { mac: fx().iscomMac }] } }), 400, /data\.1\.mac/);
    expectError(await operator().request('PUT', url, { payload: { data: [{ mac: fx().iscomMac, doorCode: '12a' }] } }), 400, /data\.0\.doorCode/);
    expectError(await operator().request('PUT', url, { payload: { data: [{ mac: fx().iscomMac, panelVolume: '101' }] } }), 400, /data\.0\.panelVolume/);
    expectError(await operator().request('PUT', url, { payload: { data: [{ mac: fx().bewardMac, handsetUpLevel: '10' }] } }), 400, /data\.0\.handsetUpLevel/);
    expectError(await operator().request('PUT', url, { payload: { data: [{ mac: fx().bewardMac, blockCMS: true }] } }), 400, /data\.0\.blockCMS/);
    expectError(await operator().request('PUT', url, { payload: { data: [{ mac: fx().iscomMac, doorCode: 4512 }] } }), 400, /data\.0\.doorCode/);
    const support = await loginAs(app(), 'support');
    expectError(await support.request('PUT', url, { payload: { data: [] } }), 403);
    expectError(await operator().request('PUT', flatUrl(fx().houseUid, 48, '/abonent-units'), { payload: { data: [] } }), 404);
  });

  it('writes realtime settings through the device, only where canSaveRealtime; a refusal is stored and owed until a retry', async () => {
    await createFlat(operator(), fx().houseUid, 22);
    const url = flatUrl(fx().houseUid, 22, '/realtime-abonent-units');
    gateway.writes = [];
    expectOk(await operator().request('PUT', url, { payload: { data: [{ mac: fx().iscomMac, doorCode: '9876' }] } }));
    expect(gateway.writes).toEqual([{ mac: fx().iscomMac, settings: { doorCode: '9876' } }]);
    expect((await card(22)).deviceData.find((device) => device.mac === fx().iscomMac)?.doorCode).toBe('9876');

    expectError(await operator().request('PUT', url, { payload: { data: [{ mac: fx().bewardMac, doorCode: '1' }] } }), 400, /data\.0\.mac/);
    gateway.failNext = 'timeout';
    const refused = await operator().request('PUT', url, { payload: { data: [{ mac: fx().iscomMac, doorCode: '1111' }] } });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().message).toMatch(/сохранены; запись ждёт отправки на устройство: Устройство не ответило/);
    expect((await card(22)).deviceData.find((device) => device.mac === fx().iscomMac)?.doorCode).toBe('1111');
    const state = await syncOf(operator(), fx().iscomMac);
    expect(owedOf(state)).toEqual([['flats', 'кв. 22', 'failed']]);
    expect(state.lastFailure?.message).toMatch(/не ответило/);
    expect(await syncOf(operator(), fx().iscomMac, 'retry')).toMatchObject({ state: 'in-sync', owedCount: 0 });
    expect(gateway.writes.at(-1)).toEqual({ mac: fx().iscomMac, settings: { doorCode: '1111' } });
    // A read-back compares the flat's settings; a full re-sync sends them only where the device differs (here nowhere).
    expect((await syncOf(operator(), fx().iscomMac, 'readBack')).readBack).toMatchObject({ error: null, differenceCount: 0 });
    gateway.writes = [];
    expect(await syncOf(operator(), fx().iscomMac, 'full')).toMatchObject({ state: 'in-sync' });
    expect(gateway.writes).toEqual([]);
  });

  it('blocks the CMS handset on a device that can, with a cms history row; refuses other devices', async () => {
    await createFlat(operator(), fx().houseUid, 23);
    const url = flatUrl(fx().houseUid, 23, '/cms');
    expectOk(await operator().request('PUT', url, { payload: { status: 1, mac: fx().iscomMac.toLowerCase() } }));
    expect((await card(23)).deviceData.find((device) => device.mac === fx().iscomMac)?.blockCMS).toBe(true);
    expectOk(await operator().request('PUT', url, { payload: { status: false, mac: fx().iscomMac } }));
    const history = expectShape(BlockHistoryResponse, (await operator().get(flatUrl(fx().houseUid, 23, `/cms-block-history?mac=${encodeURIComponent(fx().iscomMac)}`))).json());
    expect(history).toHaveProperty('message', null);
    expect(history.mac).toBe(fx().iscomMac);
    expect(history.blockData.map((row) => [row.mac, row.blocked, row.login])).toEqual([
      [fx().iscomMac, false, 'operator'],
      [fx().iscomMac, true, 'operator'],
    ]);
    const other = expectShape(BlockHistoryResponse, (await operator().get(flatUrl(fx().houseUid, 23, `/cms-block-history?mac=${encodeURIComponent(fx().bewardMac)}`))).json());
    expect(other.blockData).toEqual([]);

    expectError(await operator().request('PUT', url, { payload: { status: true, mac: fx().bewardMac } }), 400, /mac/);
    expectError(await operator().request('PUT', url, { payload: { status: true, mac: '02:FF:00:00:00:02' } }), 400, /mac/);
    expectError(await operator().request('PUT', url, { payload: { status: 'yes', mac: fx().iscomMac } }), 400, /status/);
  });

  it('reads the settings from the device: what was written, the rest from the device; failures are 502 / 504 with the message', async () => {
    await createFlat(operator(), fx().houseUid, 24);
    expectOk(await operator().request('PUT', flatUrl(fx().houseUid, 24, '/abonent-units'), { payload: { data: [{ mac: fx().iscomMac, doorCode: '2468' }] } }));
    const url = flatUrl(fx().houseUid, 24, `/get-settings-from-device?mac=${encodeURIComponent(fx().iscomMac)}`);
    const response = await operator().get(url);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = expectShape(FlatSettingsFromDeviceResponse, response.json());
    expect(data).toMatchObject({ mac: fx().iscomMac, doorCode: '2468', panelCode: 24, canSaveRealtime: true });
    expect(data.panelVolume).toMatch(/^\d+$/);
    expect(data.doorOpenLevel).toMatch(/^\d+$/);

    gateway.failNext = 'error';
    expectError(await operator().get(url), 502, /отклонило подключение/);
    gateway.failNext = 'timeout';
    expectError(await operator().get(url), 504, /не ответило/);
    expectError(await operator().get(flatUrl(fx().houseUid, 24, '/get-settings-from-device?mac=02:FF:00:00:00:03')), 400, /mac/);
    expectError(await operator().get(flatUrl(fx().houseUid, 24, '/get-settings-from-device')), 400, /mac/);
  });

  it('the simulator refuses a read from a disabled device and takes its time otherwise', async () => {
    const simulator = new DeviceSimulator({ failureShare: 0, flatReadMs: 50 });
    const ref = { id: 1, mac: fx().iscomMac, type: 6, statusCode: 1, capabilities: ['levels'], hasSipAccount: false, options: {} };
    const flat = { flatNum: 5, panelCode: null, blockCms: false, written: { doorCode: '1234' } };
    const started = Date.now();
    const reading = await simulator.readFlatSettings(ref, flat);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(reading).toMatchObject({ panelCode: 5, settings: { doorCode: '1234', panelCall: '9' } });
    expect(await simulator.readFlatSettings(ref, flat)).toEqual(reading);
    await expect(simulator.readFlatSettings({ ...ref, statusCode: 2 }, flat)).rejects.toThrow(/отклонило подключение/);
    await simulator.close();
  });

  it('replaces permissions and access services; unknown catalogue ids are 400 naming the field', async () => {
    await createFlat(operator(), fx().houseUid, 25);
    const url = flatUrl(fx().houseUid, 25, '/permissions');
    const entry = { service: { id: catalogue.service }, action: { id: catalogue.action }, reason: { id: catalogue.reason }, access: false };
    expectOk(
      await operator().request('PUT', url, {
        payload: { permissions: [{ permissionName: 'OPEN_DOOR', access: false, reason: catalogue.reason, comment: ' долг ' }], accessServices: [entry] },
      }),
    );
    const { flat } = await card(25);
    expect(flat.permissions).toEqual([{ access: false, comment: 'долг', flatId: flat.id, permissionName: 'OPEN_DOOR', reason: catalogue.reason }]);
    expect(flat.accessServices).toEqual([
      {
        service: { id: catalogue.service, name: 'test-app', description: 'Приложение' },
        entityId: flat.id,
        reason: { id: catalogue.reason },
        action: { id: catalogue.action },
        access: false,
        source: 'operator',
      },
    ]);
    expectOk(await operator().request('PUT', url, { payload: { permissions: [], accessServices: [] } }));
    expect((await card(25)).flat.permissions).toEqual([]);

    const bad = (patch: object) => operator().request('PUT', url, { payload: { permissions: [], accessServices: [{ ...entry, ...patch }] } });
    expectError(await bad({ service: { id: 999_999 } }), 400, /accessServices\.0\.service\.id/);
    expectError(await bad({ action: { id: 999_999 } }), 400, /accessServices\.0\.action\.id/);
    expectError(await bad({ reason: { id: 999_999 } }), 400, /accessServices\.0\.reason\.id/);
    expectError(
      await operator().request('PUT', url, { payload: { permissions: [{ permissionName: 'X', access: true, reason: 999_999 }], accessServices: [] } }),
      400,
      /permissions\.0\.reason/,
    );
    expectError(await operator().request('PUT', url, { payload: { permissions: [] } }), 400, /accessServices/);
    const [count] = await queryRows<{ n: number }>(app().database.drizzle, sql`select count(*)::int as n from flat_access_services where flat_id = ${flat.id}`);
    expect(count.n).toBe(0);
  });
});
