import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ResultResponse } from '../../contract/common';
import { DeviceCardResponse, RelaysResponse, SipStatusResponse, deviceCardEndpoints } from '../../contract/device-card';
import { BILLING_OPTION_KEYS } from '../../contract/devices';
import { queryRows } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

const inList = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);
const card = (mac: string) => `/front/device-card/device/${encodeURIComponent(mac)}`;
const device = (mac: string, tail: string) => `/front/devices/${encodeURIComponent(mac)}/${tail}`;

async function getCard(client: TestClient, mac: string) {
  const response = await client.get(card(mac));
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(DeviceCardResponse, response.json());
}

async function ok(response: Awaited<ReturnType<TestClient['request']>>) {
  expect(response.statusCode, response.body).toBe(200);
  const body = expectShape(ResultResponse, response.json());
  expect(body.result).toBe(true);
  expect(body.message).toMatch(/[а-я]/);
  return body;
}

describe.each(BACKENDS)('device card on %s', (backend) => {
  const app = useApp(backend, { deviceGateway: { failureShare: 0 } });
  const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(app().database.drizzle, query);

  /** A device of buyer 1 (the demo accounts' buyer) bound to a house, with extra settings (ISCOM_X1 / BEWARD_ISCOM). */
  async function extraDevice(offset = 0): Promise<string> {
    const [row] = await rows<{ mac: string }>(
      sql`select d.mac from devices d where d.buyer_id = 1 and d.type in (6, 10) and d.status_code <> 3
          and exists (select 1 from device_houses dh where dh.device_id = d.id) order by d.id offset ${offset} limit 1`,
    );
    return row.mac;
  }

  it('answers the whole card: device, statuses, snapshot, groups, options, relays, houses and camera links', async () => {
    const client = await loginAs(app(), 'operator');
    const mac = await extraDevice();
    const body = await getCard(client, mac);
    expect(body.device.mac).toBe(mac);
    expect(body.device.capabilities).toEqual(expect.arrayContaining(['camera', 'rs485', 'mifare']));
    expect(body.snapshot).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(body.snapshot!.split(',')[1], 'base64').toString('utf8');
    expect(svg).toContain(mac);
    expect(body.camsLink).toMatch(/^https:\/\/.+\/live\//);
    expect(body.camsArchiveLink).toMatch(/^https:\/\/.+\/archive\//);
    expect(body.billingOptions.map((row) => row.name)).toEqual([...BILLING_OPTION_KEYS]);
    expect(body.mainOptions.find((row) => row.name === 'url')?.value).toBe(body.device.options.url);
    expect(body.houses.map((house) => house.id).sort()).toEqual([...body.device.houses].sort());
    expect(body.entrances.map((row) => row.relay)).toEqual(body.device.relays.map((relay) => relay.id));
    const [relay] = body.entrances;
    if (relay.entrance !== '') expect(body.houses.map((house) => house.id)).toContain(relay.house);
    if (!body.liveStatus) expect(body.sipStatus || body.rtspStatus).toBe(false);
    // The snapshot is the same device's picture on the next call (a frame per 10 s).
    const again = await getCard(client, mac);
    expect(Buffer.from(again.snapshot!.split(',')[1], 'base64').toString('utf8')).toContain(mac);

    const sip = await client.get(`${card(mac)}/sip-status`);
    expect(typeof expectShape(SipStatusResponse, sip.json()).sipStatus).toBe('boolean');

    const [{ id }] = await rows<{ id: number }>(sql`select id from devices where mac = ${mac}`);
    const byId = expectShape(deviceCardEndpoints.byId.response, (await client.get(`/front/device/${id}`)).json());
    expect(byId.data).toEqual(body.device);
  });

  it('has no snapshot or camera links for a device without a camera', async () => {
    const [row] = await rows<{ mac: string }>(sql`select mac from devices where buyer_id = 1 and not ('camera' = any(capabilities)) limit 1`);
    if (!row) return;
    const body = await getCard(await loginAs(app(), 'operator'), row.mac);
    expect(body).toMatchObject({ snapshot: null, camsLink: null, camsArchiveLink: null, rtspStatus: false });
  });

  it('hides another buyer’s device from an operator (404) but not from the superuser', async () => {
    const [foreign] = await rows<{ mac: string; id: number }>(sql`select mac, id from devices where buyer_id <> 1 limit 1`);
    const operator = await loginAs(app(), 'operator');
    expectError(await operator.get(card(foreign.mac)), 404, /не найдено/);
    expectError(await operator.get(`/front/device/${foreign.id}`), 404);
    expectError(await operator.request('PUT', device(foreign.mac, 'status'), { payload: { status: 1 } }), 404);
    expect((await getCard(await loginAs(app(), 'admin'), foreign.mac)).device.buyerId).not.toBe(1);
    expectError(await operator.get(card('AA:BB:CC:DD:EE:FF')), 404);
    expectError(await operator.get(card('not-a-mac')), 400, /mac/);
    expectError(await operator.get('/front/device/0'), 400, /id/);
  });

  it('flips the security mode and auto-collect, refusing another MAC in the body and a device without the feature', async () => {
    const client = await loginAs(app(), 'operator');
    const mac = await extraDevice();
    for (const status of [true, false]) {
      await ok(await client.request('PUT', device(mac, 'set-security'), { payload: { mac, status } }));
      expect((await getCard(client, mac)).device.options.isMifare).toBe(status);
      await ok(await client.request('PUT', device(mac, 'auto-collect'), { payload: { mac: mac.toLowerCase(), status: status ? 1 : 0 } }));
      expect((await getCard(client, mac)).device.options.autoCollectKeys).toBe(status);
    }
    expectError(await client.request('PUT', device(mac, 'set-security'), { payload: { mac: 'AA:BB:CC:DD:EE:FF', status: true } }), 400, /mac/);
    expectError(await client.request('PUT', device(mac, 'set-security'), { payload: { mac, status: 'maybe' } }), 400, /status/);
    const [plain] = await rows<{ mac: string }>(sql`select mac from devices where buyer_id = 1 and not ('mifare' = any(capabilities)) limit 1`);
    expectError(await client.request('PUT', device(plain.mac, 'set-security'), { payload: { mac: plain.mac, status: true } }), 409, /не поддерживает/);
  });

  it('resets a device with status 3: relays, houses and SIP account gone, billing options empty', async () => {
    const client = await loginAs(app(), 'operator');
    const [row] = await rows<{ mac: string }>(
      sql`select d.mac from devices d where d.buyer_id = 1 and d.status_code = 1
          and exists (select 1 from sip_accounts s where s.device_id = d.id) and exists (select 1 from device_relays r where r.device_id = d.id)
          and exists (select 1 from device_houses h where h.device_id = d.id) limit 1`,
    );
    const before = await getCard(client, row.mac);
    expect(before.device.sipAccount).not.toBeNull();
    await ok(await client.request('PUT', device(row.mac, 'status'), { payload: { status: 3 } }));
    const after = await getCard(client, row.mac);
    expect(after.device).toMatchObject({ statusCode: 3, relays: [], houses: [], sipAccount: null });
    expect(after.entrances).toEqual([]);
    expect(after.houses).toEqual([]);
    for (const option of after.billingOptions) expect(option.value).toBe('');
    expect(after.device.updateDate > before.device.updateDate).toBe(true);

    await ok(await client.request('PUT', device(row.mac, 'status'), { payload: { status: 1 } }));
    expect((await getCard(client, row.mac)).device.statusCode).toBe(1);
    expectError(await client.request('PUT', device(row.mac, 'status'), { payload: { status: 7 } }), 400, /status/);
    expectError(await client.request('PUT', device(row.mac, 'status'), { payload: {} }), 400, /status/);
  });

  it('sets groups and houses; leaving a house unbinds the relays of its entrances', async () => {
    const client = await loginAs(app(), 'operator');
    const mac = await extraDevice(1);
    const groups = await rows<{ id: number }>(sql`select id from groups where buyer_id = 1 order by id limit 2`);
    await ok(await client.request('POST', device(mac, 'groups'), { payload: { mac, groups: groups.map((group) => group.id) } }));
    expect((await getCard(client, mac)).groups.map((group) => group.groupId).sort()).toEqual(groups.map((group) => group.id).sort());
    await ok(await client.request('POST', device(mac, 'groups'), { payload: { mac, groups: [] } }));
    expect((await getCard(client, mac)).groups).toEqual([]);
    const [foreignGroup] = await rows<{ id: number }>(sql`select id from groups where buyer_id <> 1 limit 1`);
    expectError(await client.request('POST', device(mac, 'groups'), { payload: { mac, groups: [foreignGroup.id] } }), 400, /groups/);

    const before = await getCard(client, mac);
    const [other] = await rows<{ uid: string }>(sql`select uid from houses h where uid not in (${inList(before.device.houses)})
        and exists (select 1 from entrances e where e.house_uid = h.uid and e.buyer_id = (select buyer_id from users where login = 'operator')) limit 1`);
    await ok(await client.request('PUT', device(mac, 'houses'), { payload: { houses: [...before.device.houses, other.uid] } }));
    expect((await getCard(client, mac)).device.houses.sort()).toEqual([...before.device.houses, other.uid].sort());
    await ok(await client.request('PUT', device(mac, 'houses'), { payload: { houses: [other.uid] } }));
    const after = await getCard(client, mac);
    expect(after.device.houses).toEqual([other.uid]);
    for (const relay of after.device.relays) expect(relay).toMatchObject({ entrance: '', statusCode: 0 });
    expectError(await client.request('PUT', device(mac, 'houses'), { payload: { houses: ['no-such-house'] } }), 400, /no-such-house/);
    expectError(await client.request('PUT', device(mac, 'houses'), { payload: { houses: [''] } }), 400, /houses/);
  });

  it('binds relays to entrances of the device’s houses only, and lists them', async () => {
    const client = await loginAs(app(), 'operator');
    const mac = await extraDevice(2);
    const before = await getCard(client, mac);
    const entrances = await rows<{ uid: string; title: string; house: string }>(
      sql`select uid, title, house_uid as house from entrances where house_uid = ${before.device.houses[0]} order by entrance_num`,
    );
    const response = await client.request('POST', device(mac, 'relays'), {
      payload: { relays: [{ id: 1, entrance: entrances[0].uid }, { id: 2, entrance: '' }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(expectShape(deviceCardEndpoints.setRelays.response, response.json()).data).toEqual([
      { id: 1, statusCode: 1, entrance: entrances[0].uid },
      { id: 2, statusCode: 0, entrance: '' },
    ]);
    const listed = expectShape(RelaysResponse, (await client.get(device(mac, 'relays'))).json());
    expect(listed.data[0]).toMatchObject({ relay: 1, entrance: entrances[0].uid, entranceTitle: entrances[0].title, house: entrances[0].house });
    expect(listed.data[1]).toEqual({ relay: 2, entrance: '', entranceTitle: '', house: '', houseAddress: '' });

    const [foreign] = await rows<{ uid: string }>(sql`select uid from entrances where house_uid not in (${inList(before.device.houses)}) limit 1`);
    expectError(await client.request('POST', device(mac, 'relays'), { payload: { relays: [{ id: 1, entrance: foreign.uid }] } }), 400, /relays\.0\.entrance/);
    expectError(await client.request('POST', device(mac, 'relays'), { payload: { relays: [{ id: 1, entrance: 'nope' }] } }), 400, /не найден/);
    expectError(await client.request('POST', device(mac, 'relays'), { payload: { relays: [{ id: 1, entrance: '' }, { id: 1, entrance: '' }] } }), 400, /дважды/);
    expectError(await client.request('POST', device(mac, 'relays'), { payload: { relays: [{ id: 17, entrance: '' }] } }), 400, /relays\.0\.id/);
    expectError(await client.request('POST', device(mac, 'relays'), { payload: { relays: [{ id: 1 }] } }), 400, /entrance/);
  });

  it('sends the device to the external system, which then knows it', async () => {
    const client = await loginAs(app(), 'operator');
    const mac = await extraDevice();
    await ok(await client.request('POST', device(mac, 'send-to-papi')));
    expect((await getCard(client, mac)).externalExistsStatus).toBe(true);
  });

  it('opens a door and restarts a device for operators and installers, not support; a device switched off refuses at once', async () => {
    const mac = await extraDevice();
    const installer = await loginAs(app(), 'installer');
    const support = await loginAs(app(), 'support');
    for (const client of [await loginAs(app(), 'operator'), installer]) {
      expect((await ok(await client.request('POST', device(mac, 'relays/1/open')))).message).toBe('Дверь реле 1 открыта');
      expect((await ok(await client.request('POST', device(mac, 'reboot')))).message).toBe(`Устройство ${mac} перезагружается`);
    }
    expectError(await support.request('POST', device(mac, 'relays/1/open')), 403);
    expectError(await support.request('POST', device(mac, 'reboot')), 403);
    expectError(await installer.request('POST', device(mac, 'relays/x/open')), 400, /relay/);
    const operator = await loginAs(app(), 'operator');
    const status = (await getCard(operator, mac)).device.statusCode;
    await ok(await operator.request('PUT', device(mac, 'status'), { payload: { status: 2 } }));
    try {
      expectError(await installer.request('POST', device(mac, 'relays/1/open')), 502, /отклонило подключение/);
      expectError(await installer.request('POST', device(mac, 'reboot')), 502, /отклонило подключение/);
    } finally {
      await ok(await operator.request('PUT', device(mac, 'status'), { payload: { status } }));
    }
  });

  it('lets installers and support read a card but not change it; strangers get nothing', async () => {
    const mac = await extraDevice();
    const installer = await loginAs(app(), 'installer');
    await getCard(installer, mac);
    expect((await installer.get(device(mac, 'relays'))).statusCode).toBe(200);
    const support = await loginAs(app(), 'support');
    const stranger = new TestClient(app());
    const writes: [ 'PUT' | 'POST', string, unknown][] = [
      ['PUT', 'set-security', { mac, status: true }],
      ['PUT', 'auto-collect', { mac, status: true }],
      ['PUT', 'status', { status: 1 }],
      ['POST', 'groups', { mac, groups: [] }],
      ['PUT', 'houses', { houses: [] }],
      ['POST', 'relays', { relays: [] }],
      ['POST', 'send-to-papi', undefined],
    ];
    for (const [method, tail, payload] of writes) {
      expectError(await installer.request(method, device(mac, tail), { payload: payload as object }), 403);
      expectError(await support.request(method, device(mac, tail), { payload: payload as object }), 403);
      expectError(await stranger.request(method, device(mac, tail), { payload: payload as object }), 401);
    }
    for (const url of [card(mac), `${card(mac)}/sip-status`, device(mac, 'relays')]) {
      expect((await support.get(url)).statusCode, url).toBe(200);
      expectError(await stranger.get(url), 401);
    }
    expectError(await stranger.get('/front/device/1'), 401);
  });
});

describe.each(BACKENDS)('device card when the device fails, on %s', (backend) => {
  const failing = useApp(backend, { deviceGateway: { failureShare: 1, random: () => 0 } });
  const silent = useApp(backend, { deviceGateway: { failureShare: 1, timeoutMs: 30, random: () => 0.9 } });

  it('answers 502 with the device’s Russian message and keeps the database as it was', async () => {
    const client = await loginAs(failing(), 'operator');
    const [row] = await queryRows<{ mac: string }>(
      failing().database.drizzle,
      sql`select d.mac from devices d where d.buyer_id = 1 and d.type in (6, 10) and d.status_code = 1 limit 1`,
    );
    const before = await getCard(client, row.mac);
    const response = await client.request('PUT', device(row.mac, 'set-security'), { payload: { mac: row.mac, status: !before.device.options.isMifare } });
    expectError(response, 502, /Устройство ответило ошибкой/);
    expectError(await client.request('PUT', device(row.mac, 'status'), { payload: { status: 3 } }), 502);
    const after = await getCard(client, row.mac);
    expect(after.device).toEqual(before.device);
    expectError(await client.request('POST', device(row.mac, 'send-to-papi')), 502, /Внешняя система/);
  });

  it('answers 504 when the device does not answer in time', async () => {
    const client = await loginAs(silent(), 'operator');
    const [row] = await queryRows<{ mac: string }>(silent().database.drizzle, sql`select mac from devices where buyer_id = 1 and status_code = 1 limit 1`);
    expectError(await client.request('PUT', device(row.mac, 'status'), { payload: { status: 2 } }), 504, /не ответило/);
    expect((await getCard(client, row.mac)).device.statusCode).toBe(1);
  });
});
