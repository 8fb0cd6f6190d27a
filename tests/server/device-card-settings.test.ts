import { DeviceSyncStateResponse, deviceSyncEndpoints } from '../../contract/device-sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ResultResponse } from '../../contract/common';
import { DeviceCardResponse } from '../../contract/device-card';
import {
  DeviceSipResponse,
  DisplayOptionResponse,
  FirmwareUpdateResponse,
  FirmwareVersionsResponse,
  Rs485Response,
  Rs485ScanResponse,
} from '../../contract/device-card-settings';
import { queryRows } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

const card = (mac: string) => `/front/device-card/device/${encodeURIComponent(mac)}`;
const device = (mac: string, tail: string) => `/front/devices/${encodeURIComponent(mac)}/${tail}`;
const firmware = (mac: string) => `/front/device/${encodeURIComponent(mac)}/firmware-versions`;

async function getCard(client: TestClient, mac: string) {
  const response = await client.get(card(mac));
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(DeviceCardResponse, response.json());
}

async function ok(response: Awaited<ReturnType<TestClient['request']>>) {
  expect(response.statusCode, response.body).toBe(200);
  const body = expectShape(ResultResponse, response.json());
  expect(body.result).toBe(true);
  return body;
}

const AUDIO = { musicVolume: 10, analogVolume: 20, uartVolume: 30, panelVolume: 40 };
const LEVELS = { panelCall: 9, panelTalk: 7, thCall: 330, thTalk: 550, handsetUpLevel: 80, handsetDownLevel: 50, doorOpenLevel: 230 };
const DISPLAY = { welcomeText: 'Здравствуйте', infoText: 'ул. Тестовая, 1', brightness: 70 };

describe.each(BACKENDS)('device card settings on %s', (backend) => {
  const app = useApp(backend, { deviceGateway: { failureShare: 0, scanMs: 400 } });
  const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(app().database.drizzle, query);

  /** An ISCOM_X1 of buyer 1: it has every capability of the card (extra settings, levels, RS485). */
  async function fullDevice(offset = 0): Promise<string> {
    const [row] = await rows<{ mac: string }>(
      sql`select mac from devices where buyer_id = 1 and type = 6 and status_code <> 3 order by id offset ${offset} limit 1`,
    );
    return row.mac;
  }

  it('saves the SIP account with the sos and concierge defaults, keeps it, and deletes it', async () => {
    const client = await loginAs(app(), 'operator');
    const mac = await fullDevice();
    const response = await client.request('PUT', device(mac, 'sip'), {
      payload: { account: { login: `dev-${mac.replaceAll(':', '')}`, password: 's3cret!', domain: 'sip.example.ru', port: 5062 } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = expectShape(DeviceSipResponse, response.json());
    expect(body.data).toMatchObject({ login: `dev-${mac.replaceAll(':', '')}`, password: 's3cret!', domain: 'sip.example.ru', port: 5062 });
    const saved = await getCard(client, mac);
    expect(saved.device.sipAccount).toEqual(body.data);
    expect(saved.device.options).toMatchObject({ sos: 'SOS', conciergeApartment: 999 });

    await ok(
      await client.request('PUT', device(mac, 'sip'), {
        payload: { account: { login: `dev-${mac.replaceAll(':', '')}`, password: 'other', domain: 'sip.example.ru', port: 5060, sos: 'Охрана', conciergeApartment: 100 } },
      }),
    );
    const changed = await getCard(client, mac);
    expect(changed.device.sipAccount?.id).toBe(body.data!.id);
    expect(changed.device.sipAccount?.password).toBe('other');
    expect(changed.device.options).toMatchObject({ sos: 'Охрана', conciergeApartment: 100 });

    const [taken] = await rows<{ login: string }>(sql`select login from sip_accounts where device_id is distinct from (select id from devices where mac = ${mac}) limit 1`);
    expectError(
      await client.request('PUT', device(mac, 'sip'), { payload: { account: { login: taken.login, password: 'x', domain: 'd', port: 5060 } } }),
      409,
      /занят/,
    );
    expectError(await client.request('PUT', device(mac, 'sip'), { payload: { account: { login: '', password: 'x', domain: 'd', port: 5060 } } }), 400, /account\.login/);
    expectError(await client.request('PUT', device(mac, 'sip'), { payload: { account: { login: 'a', password: 'x', domain: 'd', port: 70000 } } }), 400, /account\.port/);
    expectError(await client.request('PUT', device(mac, 'sip'), { payload: { login: 'a' } }), 400);

    const removed = await ok(await client.request('DELETE', device(mac, 'sip')));
    expect(removed.message).toMatch(/удалён/);
    expect((await getCard(client, mac)).device.sipAccount).toBeNull();
    expect((await ok(await client.request('DELETE', device(mac, 'sip')))).message).toMatch(/нет SIP/);
  });

  it('changes main and billing options, normalising them, and refuses unknown keys and bad values', async () => {
    const client = await loginAs(app(), 'operator');
    const mac = await fullDevice();
    await ok(
      await client.request('PUT', device(mac, 'options'), {
        payload: { options: { url: ' http://10.1.2.3 ', apiPort: '8080', billing_bsName: 'BS-1', billing_ponName: '', 'systemInfo.revision': 5 } },
      }),
    );
    const body = await getCard(client, mac);
    expect(body.device.options).toMatchObject({ url: 'http://10.1.2.3', apiPort: 8080, billing_bsName: 'BS-1', billing_ponName: null, 'systemInfo.revision': 5 });
    expect(body.billingOptions).toContainEqual({ name: 'billing_bsName', value: 'BS-1' });
    expect(body.mainOptions).toContainEqual({ name: 'apiPort', value: 8080 });
    expectError(await client.request('PUT', device(mac, 'options'), { payload: { options: { colour: 'red' } } }), 400, /options\.colour/);
    expectError(await client.request('PUT', device(mac, 'options'), { payload: { options: { isMifare: true } } }), 400, /set-security/);
    expectError(await client.request('PUT', device(mac, 'options'), { payload: { options: { sipPort: 0 } } }), 400, /options\.sipPort/);
    expectError(await client.request('PUT', device(mac, 'options'), { payload: { options: { 'systemInfo.revision': 3 } } }), 400, /revision/);
    expectError(await client.request('PUT', device(mac, 'options'), { payload: { options: {} } }), 400, /options/);
    expectError(await client.request('PUT', device(mac, 'options'), { payload: { options: { url: { a: 1 } } } }), 400, /options\.url/);
  });

  it('saves audio, levels with the stream type, display, one display option and the echo cancellation', async () => {
    const client = await loginAs(app(), 'operator');
    const mac = await fullDevice();
    await ok(await client.request('PUT', device(mac, 'audio'), { payload: { audio: AUDIO } }));
    await ok(await client.request('PUT', device(mac, 'levels'), { payload: { levels: LEVELS, streamType: 2 } }));
    await ok(await client.request('PUT', device(mac, 'display'), { payload: { display: DISPLAY } }));
    await ok(await client.request('POST', device(mac, 'display'), { payload: { option: 'brightness', data: 35 } }));
    await ok(await client.request('POST', device(mac, 'display'), { payload: { option: 'infoText', data: 'Новый текст' } }));
    await ok(await client.request('PUT', device(mac, 'echo-cancellation-type'), { payload: { echoCancellationType: 2 } }));
    const options = (await getCard(client, mac)).device.options;
    expect(options).toMatchObject({
      audio: AUDIO,
      voltage: LEVELS,
      streamType: 2,
      display: { welcomeText: DISPLAY.welcomeText, infoText: 'Новый текст', brightness: 35 },
      echoCancellationType: 2,
    });
    const read = await client.get(`${device(mac, 'display')}?optionName=welcomeText`);
    expect(expectShape(DisplayOptionResponse, read.json()).data).toBe(DISPLAY.welcomeText);

    expectError(await client.request('PUT', device(mac, 'audio'), { payload: { audio: { ...AUDIO, panelVolume: 101 } } }), 400, /audio\.panelVolume/);
    expectError(await client.request('PUT', device(mac, 'audio'), { payload: { audio: { musicVolume: 1 } } }), 400, /audio/);
    expectError(await client.request('PUT', device(mac, 'levels'), { payload: { levels: LEVELS, streamType: 9 } }), 400, /streamType/);
    expectError(await client.request('PUT', device(mac, 'levels'), { payload: { levels: LEVELS } }), 400, /streamType/);
    expectError(await client.request('PUT', device(mac, 'display'), { payload: { display: { ...DISPLAY, brightness: -1 } } }), 400, /brightness/);
    expectError(await client.request('POST', device(mac, 'display'), { payload: { option: 'brightness', data: 'bright' } }), 400, /data/);
    expectError(await client.request('POST', device(mac, 'display'), { payload: { option: 'colour', data: 1 } }), 400, /option/);
    expectError(await client.get(`${device(mac, 'display')}?optionName=colour`), 400, /optionName/);
    expectError(await client.request('PUT', device(mac, 'echo-cancellation-type'), { payload: { echoCancellationType: 17 } }), 400, /echoCancellationType/);

    const [plain] = await rows<{ mac: string }>(sql`select mac from devices where buyer_id = 1 and not ('audio' = any(capabilities)) limit 1`);
    expectError(await client.request('PUT', device(plain.mac, 'audio'), { payload: { audio: AUDIO } }), 409, /не поддерживает/);
  });

  it('stores the removal reason from the dictionary', async () => {
    const client = await loginAs(app(), 'operator');
    const mac = await fullDevice(1);
    await ok(await client.request('POST', device(mac, 'reason'), { payload: { reason: 3, comment: 'Разбита панель' } }));
    const [row] = await rows<{ reason: number; comment: string }>(
      sql`select removal_reason as reason, options->>'removalComment' as comment from devices where mac = ${mac}`,
    );
    expect(row).toEqual({ reason: 3, comment: 'Разбита панель' });
    expectError(await client.request('POST', device(mac, 'reason'), { payload: { reason: 42 } }), 400, /reason/);
    expectError(await client.request('POST', device(mac, 'reason'), { payload: {} }), 400, /reason/);
  });

  it('scans the RS485 bus with a progress any request can see, refuses a second scan meanwhile, and saves the model with 204', async () => {
    const client = await loginAs(app(), 'operator');
    const mac = await fullDevice();
    const scan = client.request('PUT', device(mac, 'rs485/scan'));
    const seen: number[] = [];
    let state = expectShape(Rs485Response, (await client.get(device(mac, 'rs485'))).json()).scan;
    for (let n = 0; n < 40 && state?.status !== 'done'; n++) {
      if (state?.status === 'running') seen.push(state.progress);
      if (n === 2) expectError(await client.request('PUT', device(mac, 'rs485/scan')), 409, /уже идёт/);
      await new Promise((resolve) => setTimeout(resolve, 40));
      state = expectShape(Rs485Response, (await client.get(device(mac, 'rs485'))).json()).scan;
    }
    const response = await scan;
    expect(response.statusCode, response.body).toBe(200);
    const scanned = expectShape(Rs485ScanResponse, response.json());
    const found = scanned.data.reduce((sum, bus) => sum + bus.devices.length, 0);
    expect(scanned).toMatchObject({ message: `Найдено устройств RS485: ${found}`, messageCode: 'device.rs485Found', messageParams: { count: found } });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    const after = expectShape(Rs485Response, (await client.get(device(mac, 'rs485'))).json());
    expect(after.scan).toMatchObject({ status: 'done', progress: 100, message: null });
    expect(after.data).toEqual(scanned.data);

    // Only a model the scan reported can be set.
    const reported = scanned.data.flatMap((bus) => bus.devices.map((item) => item.model));
    expect(reported.length).toBeGreaterThan(0);
    const saved = await client.request('PUT', device(mac, 'rs485'), { payload: { model: reported[0] } });
    expect(saved.statusCode).toBe(204);
    expect(saved.body).toBe('');
    expect(expectShape(Rs485Response, (await client.get(device(mac, 'rs485'))).json()).model).toBe(reported[0]);
    expectError(await client.request('PUT', device(mac, 'rs485'), { payload: { model: 'ISCom RS-K9' } }), 400, /model: устройство сообщило модели .*получено: "ISCom RS-K9"/);
    expectError(await client.request('PUT', device(mac, 'rs485'), { payload: { model: '' } }), 400, /model/);
    const [plain] = await rows<{ mac: string }>(sql`select mac from devices where buyer_id = 1 and not ('rs485' = any(capabilities)) limit 1`);
    expectError(await client.get(device(plain.mac, 'rs485')), 409, /RS485/);
  });

  it('lists the firmware of the device type with the installed one, and starts an update that the device has not finished yet', async () => {
    const client = await loginAs(app(), 'operator');
    const mac = await fullDevice();
    const response = await client.get(firmware(mac));
    expect(response.statusCode, response.body).toBe(200);
    const body = expectShape(FirmwareVersionsResponse, response.json());
    expect(Object.keys(body.data)).toEqual(body.list.map((item) => item.version));
    expect(body.list.filter((item) => item.installed).map((item) => item.version)).toEqual([body.current]);
    expect(body.update).toBeNull();
    const target = body.list.find((item) => !item.installed)!;
    const update = await client.request('POST', firmware(mac), { payload: { version: target.version } });
    expect(update.statusCode, update.body).toBe(200);
    const started = expectShape(FirmwareUpdateResponse, update.json());
    expect(started.data).toMatchObject({ version: target.version, installed: false });
    expect(started.update).toMatchObject({ from: body.current, target: target.version, status: 'running', progress: 0 });
    // Flashing takes 10 s by default: the device still runs the old version.
    const during = expectShape(FirmwareVersionsResponse, (await client.get(firmware(mac))).json());
    expect(during.current).toBe(body.current);
    expect(during.update).toMatchObject({ target: target.version, status: 'running' });
    expectError(await client.request('POST', firmware(mac), { payload: { version: target.version } }), 409, /уже идёт/);
    expectError(await client.request('POST', firmware(mac), { payload: { version: '9.9.9' } }), 400, /version/);
    expectError(await client.request('POST', firmware(mac), { payload: {} }), 400, /version/);
  });

  it('lets installers and support read settings but change none; strangers get nothing', async () => {
    const mac = await fullDevice();
    const installer = await loginAs(app(), 'installer');
    const support = await loginAs(app(), 'support');
    const stranger = new TestClient(app());
    for (const url of [device(mac, 'rs485'), firmware(mac), `${device(mac, 'display')}?optionName=brightness`]) {
      expect((await installer.get(url)).statusCode, url).toBe(200);
      expect((await support.get(url)).statusCode, url).toBe(200);
      expectError(await stranger.get(url), 401);
    }
    const writes: ['PUT' | 'POST' | 'DELETE', string, object | undefined][] = [
      ['PUT', device(mac, 'sip'), { account: { login: 'x', password: 'y', domain: 'z', port: 5060 } }],
      ['DELETE', device(mac, 'sip'), undefined],
      ['PUT', device(mac, 'options'), { options: { url: 'x' } }],
      ['PUT', device(mac, 'audio'), { audio: AUDIO }],
      ['PUT', device(mac, 'levels'), { levels: LEVELS, streamType: 1 }],
      ['PUT', device(mac, 'display'), { display: DISPLAY }],
      ['POST', device(mac, 'display'), { option: 'brightness', data: 1 }],
      ['PUT', device(mac, 'echo-cancellation-type'), { echoCancellationType: 1 }],
      ['POST', device(mac, 'reason'), { reason: 1 }],
      ['PUT', device(mac, 'rs485'), { model: 'x' }],
      ['PUT', device(mac, 'rs485/scan'), undefined],
      ['POST', firmware(mac), { version: '1.4.2' }],
    ];
    for (const [method, url, payload] of writes) {
      expectError(await installer.request(method, url, { payload }), 403);
      expectError(await support.request(method, url, { payload }), 403);
      expectError(await stranger.request(method, url, { payload }), 401);
    }
  });
});

describe.each(BACKENDS)('device card settings when the device fails, on %s', (backend) => {
  const app = useApp(backend, { deviceGateway: { failureShare: 1, scanMs: 80, random: () => 0 } });

  it('keeps the SIP account and reports the failed RS485 scan', async () => {
    const client = await loginAs(app(), 'operator');
    const [row] = await queryRows<{ mac: string }>(
      app().database.drizzle,
      sql`select d.mac from devices d where d.buyer_id = 1 and d.type = 6 and exists (select 1 from sip_accounts s where s.device_id = d.id) limit 1`,
    );
    // A SIP account the device refuses is kept and owed to it with the reason (docs/api.md "Device sync").
    const saved = await client.request('PUT', device(row.mac, 'sip'), { payload: { account: { login: 'changed', password: 'p', domain: 'd', port: 5060 } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await getCard(client, row.mac)).device.sipAccount).toMatchObject({ login: 'changed', domain: 'd' });
    const sync = expectShape(DeviceSyncStateResponse, (await client.get(deviceSyncEndpoints.state.path({ mac: row.mac }))).json()).data;
    expect(sync).toMatchObject({ state: 'failed', changes: [{ kind: 'sip', summary: 'changed@d:5060', status: 'failed' }] });
    expect(sync.lastFailure?.message).toMatch(/ответило ошибкой/);
    expect((await client.request('DELETE', device(row.mac, 'sip'))).statusCode).toBe(200);
    expect((await getCard(client, row.mac)).device.sipAccount).toBeNull();

    expectError(await client.request('PUT', device(row.mac, 'rs485/scan')), 502, /RS485/);
    const state = expectShape(Rs485Response, (await client.get(device(row.mac, 'rs485'))).json()).scan;
    expect(state).toMatchObject({ status: 'failed' });
    expect(state?.message).toMatch(/RS485/);
    // A model the device reported earlier: the save reaches the device, which fails.
    await queryRows(
      app().database.drizzle,
      sql`insert into rs485_devices (device_id, idx, model, address) select id, 0, 'ISCom RS-K1', 1 from devices where mac = ${row.mac}`,
    );
    expectError(await client.request('PUT', device(row.mac, 'rs485'), { payload: { model: 'ISCom RS-K1' } }), 502);
    expectError(await client.request('POST', firmware(row.mac), { payload: { version: '2.0.3' } }), 502);
  });
});
