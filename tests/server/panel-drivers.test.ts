import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCardEndpoints } from '../../contract/device-card';
import { deviceSettingsEndpoints } from '../../contract/device-card-settings';
import type { DeviceSyncState } from '../../contract/device-sync';
import { doorCodeEndpoints } from '../../contract/door-codes';
import { keyEndpoints } from '../../contract/keys';
import { defaultWizardDraft, toWizardSaveBody, wizardEndpoints } from '../../contract/wizard';
import { queryRows } from '../../server/db/client';
import { DeviceGatewayError, type DeviceGateway, type DeviceRef } from '../../server/gateways/device/device-gateway';
import { startBewardEmulator, type BewardEmulator } from '../../server/gateways/device/panels/beward/emulator';
import { DriverGateway } from '../../server/gateways/device/panels/driver-gateway';
import { panelDrivers } from '../../server/gateways/device/panels/gateway-from-env';
import { startIsSokolEmulator, type IsSokolEmulator } from '../../server/gateways/device/panels/iscom/emulator';
import { NetworkAllowList } from '../../server/gateways/device/panels/network-allow-list';
import { PanelHttp } from '../../server/gateways/device/panels/panel-http';
import { DeviceSimulator } from '../../server/gateways/device/simulator';
import { syncOf, type DeviceSyncCall } from './device-sync-fixtures';
import { insertDevice, useFlatSetup } from './flat-fixtures';
import { BACKENDS, expectError, type TestClient } from './helpers';
import { guardLoopback, outsideAttempts } from './loopback-guard';

guardLoopback();

/*
 * DEVICE_GATEWAY=drivers end to end on the server: the API's writes reach the loopback emulators
 * of a Beward DKS and an IS Sokol panel through the owed changes of the device sync, a wrong
 * password stays owed until corrected, a read-back compares the panel with the database, and a
 * device outside DEVICE_NETWORKS or of a type with no driver is refused without a connection.
 */
describe.each(BACKENDS)('real panel drivers on %s, against the emulators', (backend) => {
  const gateway = new DriverGateway({
    drivers: panelDrivers(new PanelHttp(new NetworkAllowList(['127.0.0.1/32']), { timeoutMs: 2_000 })),
    surroundings: new DeviceSimulator({ failureShare: 0 }),
  });
  const { app, fx, operator } = useFlatSetup(backend, 0x5e, { deviceGateway: { driver: gateway }, deviceSync: { enabled: false } });
  let beward: BewardEmulator;
  let iscom: IsSokolEmulator;

  const setOptions = (mac: string, options: Record<string, unknown>) =>
    queryRows(app().database.drizzle, sql`update devices set options = options || ${JSON.stringify(options)}::jsonb where mac = ${mac}`);
  const sync = (mac: string, key: DeviceSyncCall = 'state', client: TestClient = operator()): Promise<DeviceSyncState> => syncOf(client, mac, key);
  /** A BEWARD_DKS977957 device on the Beward emulator, as the gateway is handed one (no database row needed). */
  const bewardRef = (mac: string): DeviceRef => ({ id: 0, mac, type: 13, statusCode: 1, capabilities: [], hasSipAccount: false, options: { url: beward.url, login: 'admin', password: 'admin' } });
  const addKey = async (mac: string, value: string) => {
    const response = await operator().request('POST', keyEndpoints.createDeviceKey.path({ mac }), { payload: { VALUE: value, FLAT_NUM: null } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { message: string }).message;
  };

  beforeAll(async () => {
    [beward, iscom] = await Promise.all([startBewardEmulator(), startIsSokolEmulator({ revision: 5 })]);
    // A Beward panel with a Mifare reader takes 7-byte UIDs (14 digits) as well as EM-Marine keys.
    await setOptions(fx().bewardMac, { url: beward.url, login: 'admin', password: 'admin', isMifare: true });
    await setOptions(fx().iscomMac, { url: iscom.url, login: 'root', password: '123456' });
  });
  afterAll(async () => {
    await Promise.all([beward?.close(), iscom?.close()]);
  });

  it('writes a key added through the API to the Beward panel at once, padded to 14 digits', async () => {
    expect(await addKey(fx().bewardMac, '5E000000000001')).toBe('Ключ добавлен');
    expect(Object.values(beward.state.keys).flat()).toContain('5E000000000001');
    expect(await addKey(fx().bewardMac, '5E0000000002')).toBe('Ключ добавлен');
    expect(Object.values(beward.state.keys).flat()).toContain('005E0000000002');
    expect((await sync(fx().bewardMac)).state).toBe('in-sync');
  });

  it('keeps a key owed while the panel refuses the password, and sends it once the password is corrected', async () => {
    await setOptions(fx().bewardMac, { password: 'wrong' });
    const refused = await operator().request('POST', keyEndpoints.createDeviceKey.path({ mac: fx().bewardMac }), { payload: { VALUE: '5E000000000003', FLAT_NUM: null } });
    expect(refused.json().message).toMatch(/ждёт отправки на устройство: неверный логин или пароль устройства/);
    // The panel's failure is coded by its kind, with what exactly and the MAC as parameters.
    expect(refused.json()).toMatchObject({ messageCode: 'key.added.owedBecause', messageParams: { reasonCode: 'panel.auth.detail', 'reason.mac': fx().bewardMac } });
    const owed = await sync(fx().bewardMac);
    expect(owed).toMatchObject({ state: 'failed', failedCount: 1 });
    expect(owed.lastFailure?.message).toMatch(/^неверный логин или пароль устройства/);
    expect(Object.values(beward.state.keys).flat()).not.toContain('5E000000000003');
    await setOptions(fx().bewardMac, { password: 'admin' });
    expect(await sync(fx().bewardMac, 'retry')).toMatchObject({ state: 'in-sync', owedCount: 0 });
    expect(Object.values(beward.state.keys).flat()).toContain('5E000000000003');
  });

  it('writes keys and a door code to the IS panel, and a full re-sync then a read-back find nothing different', async () => {
    await addKey(fx().iscomMac, '5E000000000010');
    const code = await operator().request('POST', doorCodeEndpoints.create.path({ mac: fx().iscomMac }), { payload: { flatNum: null, code: '54321' } });
    expect(code.statusCode, code.body).toBe(200);
    expect((code.json() as { message: string }).message).toBe('Код добавлен');
    expect(iscom.state.keys.map((key) => key.uuid)).toContain('5E000000000010');
    expect(iscom.state.openCodes).toContainEqual({ code: 54321, panelCode: 0 });
    expect(await sync(fx().iscomMac, 'full')).toMatchObject({ state: 'in-sync', owedCount: 0 });
    const read = await sync(fx().iscomMac, 'readBack');
    expect(read.readBack).toMatchObject({ error: null, differences: [] });
    // A key put on the panel by hand shows as a difference.
    iscom.state.keys.push({ uuid: '000000DEADBEEF', panelCode: 0 });
    const differs = await sync(fx().iscomMac, 'readBack');
    expect(differs.readBack?.differences).toContainEqual(expect.objectContaining({ kind: 'key', target: '000000DEADBEEF', database: null }));
  });

  it('writes a panel set up in the wizard whole (the flats of its entrance, its SIP account), then a key; a panel put in its place by the replace wizard gets it all', async () => {
    const [fresh, replacement] = await Promise.all([startIsSokolEmulator({ revision: 5 }), startIsSokolEmulator({ revision: 2 })]);
    try {
      const mac = '02:5E:00:00:00:77';
      const body = toWizardSaveBody({
        ...defaultWizardDraft(mac),
        type: 6,
        login: 'root',
        url: fresh.url,
        houses: [fx().houseUid],
        relays: [{ id: 1, entrance: fx().entranceUid }],
        sipAccount: { domain: 'sip.example.test', port: 5060, type: 'udp' },
      });
      const saved = await operator().request(wizardEndpoints.save.method, wizardEndpoints.save.path({}), { payload: body });
      expect(saved.statusCode, saved.body).toBe(200);
      // Nothing has reached the factory-fresh panel yet: the whole device is owed.
      expect((await sync(mac)).owedCount).toBeGreaterThan(2);
      expect(fresh.state.flats).toEqual([]);
      expect(await sync(mac, 'retry')).toMatchObject({ state: 'in-sync', owedCount: 0 });
      expect(fresh.state.flats.map((flat) => flat.panelCode)).toEqual(Array.from({ length: 50 }, (_item, index) => index + 1));
      expect(fresh.state.sip.remote).toMatchObject({ domain: expect.stringMatching(/\S/), port: expect.any(Number) });
      await addKey(mac, '5E000000000077');
      expect(fresh.state.keys.map((key) => key.uuid)).toContain('5E000000000077');
      expect((await sync(mac, 'readBack')).readBack).toMatchObject({ error: null, differences: [] });

      // The replace wizard puts a new panel in its place: that one is written whole too, the key included.
      const successor = '02:5E:00:00:00:78';
      const replace = wizardEndpoints.replaceOptions;
      const replaced = await operator().request(replace.method, replace.path({}), {
        payload: { macFrom: mac, macTo: successor, type: 6, options: {}, url: replacement.url, login: 'root', password: '123456' },
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replacement.state.keys).toEqual([]);
      expect(await sync(successor, 'retry')).toMatchObject({ state: 'in-sync', owedCount: 0 });
      expect(replacement.state.flats).toHaveLength(50);
      expect(replacement.state.keys.map((key) => key.uuid)).toContain('5E000000000077');
    } finally {
      await Promise.all([fresh.close(), replacement.close()]);
    }
  });

  it('writes the SIP account with its password to the panel; no owed row and no sync answer holds the password', async () => {
    const mac = fx().bewardMac;
    const setSip = (password: string) =>
      operator().request('PUT', deviceSettingsEndpoints.setSip.path({ mac }), { payload: { account: { login: '5e-panel-sip', password, domain: '127.0.0.9', port: 5060 } } });
    expect((await setSip('Pa55-first')).statusCode).toBe(200);
    expect(beward.state.sip).toMatchObject({ login: '5e-panel-sip', password: 'Pa55-first' });
    // While the panel refuses, the account's password changes again: the owed change sends the password the account has when it goes out.
    await setOptions(mac, { password: 'wrong' });
    expect((await setSip('Pa55-second')).statusCode).toBe(200);
    expect(beward.state.sip.password).toBe('Pa55-first');
    await setOptions(mac, { password: 'admin' });
    const state = await sync(mac, 'retry');
    expect(state).toMatchObject({ state: 'in-sync', owedCount: 0 });
    expect(beward.state.sip.password).toBe('Pa55-second');
    const rows = await queryRows<{ row: string }>(app().database.drizzle, sql`select row_to_json(c)::text as row from device_sync_changes c join devices d on d.id = c.device_id where d.mac = ${mac} and c.kind = 'sip'`);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const { row } of rows) expect(row).not.toMatch(/Pa55/);
    expect(JSON.stringify(state)).not.toMatch(/Pa55/);
    expect(JSON.stringify(await sync(mac, 'readBack'))).not.toMatch(/Pa55/);
  });

  it('uploads a management company’s flats to a panel through the gateway, and words a refusal as the server does', async () => {
    const device = bewardRef('02:5E:00:00:00:77');
    const list = { companyId: 1, internalId: 'УК-1', codeAccess: null, conciergeFlatNum: 999, flats: [401, 402, 403] };
    await gateway.uploadFlats(device, list);
    expect(beward.state.flats.map((flat) => flat.number)).toEqual(expect.arrayContaining([401, 402, 403, 999]));
    expect(beward.state.intercom.conciergeApartment).toBe(999);
    const refused = await gateway.uploadFlats({ ...device, options: { ...device.options, password: 'wrong' } }, list).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DeviceGatewayError);
    expect((refused as DeviceGatewayError).text).toMatchObject({ messageCode: 'panel.auth.detail', messageParams: { mac: device.mac } });
  });

  it('refuses an RS485 scan, a firmware update and a voltage reading, saying why, without a request', async () => {
    const device = bewardRef('02:5E:00:00:00:78');
    const requestsBefore = beward.requests.length;
    // As the routes call them: through the DeviceGateway interface.
    const asRoutesCall: DeviceGateway = gateway;
    const reasons = await Promise.all([asRoutesCall.scanRs485(device, () => undefined), asRoutesCall.updateFirmware(device, '2.5.1'), asRoutesCall.readVoltage(device)].map((call) => call.catch((error: unknown) => error)));
    expect(reasons.map((reason) => (reason instanceof DeviceGatewayError ? reason.message : String(reason)))).toEqual([
      `драйвер устройства этого не умеет: опрос шины RS485 — протокол опроса у панели неизвестен (${device.mac})`,
      `драйвер устройства этого не умеет: обновление прошивки — у сервера нет файлов прошивок для загрузки на панель (${device.mac})`,
      `драйвер устройства этого не умеет: напряжение питания — панель не сообщает его по известному протоколу (${device.mac})`,
    ]);
    expect(beward.requests.length).toBe(requestsBefore);
  });

  it('opens a door and restarts the IS panel from the card’s calls at once; a relay the panel lacks is its refusal, a wrong number a 400', async () => {
    const path = { mac: fx().iscomMac };
    const opened = await operator().request('POST', deviceCardEndpoints.openDoor.path({ ...path, relay: 2 }));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ result: true, message: 'Дверь реле 2 открыта' });
    expect(iscom.state.doorOpens.at(-1)).toBe(2);
    const lacking = await operator().request('POST', deviceCardEndpoints.openDoor.path({ ...path, relay: 3 }));
    expectError(lacking, 502, /дверь 2: у панели две/);
    expectError(await operator().request('POST', deviceCardEndpoints.openDoor.path({ ...path, relay: 0 })), 400, /relay/);
    expectError(await operator().request('POST', deviceCardEndpoints.openDoor.path({ ...path, relay: 17 })), 400, /relay/);
    const reboots = iscom.state.reboots;
    const restarted = await operator().request('POST', deviceCardEndpoints.reboot.path(path));
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect(iscom.state.reboots).toBe(reboots + 1);
  });

  it('writes a gate’s house prefixes to its Beward panel on a full re-sync', async () => {
    const db = app().database.drizzle;
    const [gate] = await queryRows<{ uid: string }>(db, sql`select r.entrance_uid as uid from device_relays r join devices d on d.id = r.device_id where d.mac = ${fx().gateMac}`);
    await queryRows(db, sql`update entrances set type = 2 where uid = ${gate.uid}`);
    await queryRows(db, sql`update entrance_gates set prefix = 7 where gate_entrance_uid = ${gate.uid}`);
    await setOptions(fx().gateMac, { url: beward.url, login: 'admin', password: 'admin' });
    expect(await sync(fx().gateMac, 'full')).toMatchObject({ owedCount: 0 });
    expect(beward.state.gate).toMatchObject({ mode: 1, enable: true, entrances: [{ prefix: 7, begNumber: 1, endNumber: 50, address: expect.stringMatching(/\S/) }] });
  });

  it('refuses, without a connection, a device whose address is outside DEVICE_NETWORKS, and a type with no driver; their changes stay owed', async () => {
    await setOptions(fx().gateMac, { url: 'http://10.20.30.40', login: 'admin', password: 'admin' });
    const outside = await sync(fx().gateMac, 'full');
    expect(outside.state).toBe('failed');
    expect(outside.lastFailure?.message).toMatch(/^адрес устройства вне разрешённых сетей \(DEVICE_NETWORKS\): 10\.20\.30\.40/);
    const hikvision = '02:5E:00:00:00:99';
    await insertDevice(app(), { mac: hikvision, buyerId: 1, type: 'HIKVISION', houseUid: fx().houseUid });
    await setOptions(hikvision, { url: beward.url });
    const requestsBefore = beward.requests.length;
    const unserved = await sync(hikvision, 'full');
    expect(unserved.state).toBe('failed');
    expect(unserved.lastFailure?.message).toMatch(/^для этого типа устройств нет драйвера: HIKVISION/);
    expect(beward.requests.length).toBe(requestsBefore);
    expect(outsideAttempts).toEqual([]);
  });
});
