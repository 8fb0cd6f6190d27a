import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AdjusterDeviceResponse, AdjusterPlainResponse, PortDeviceResponse } from '../../contract/adjuster';
import { IDEMPOTENCY_HEADER } from '../../contract/common';
import { FACTORY_PASSWORD } from '../../contract/wizard';
import { queryRows } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp, type AccountName } from './helpers';
import { testMac } from './prepare-fixtures';

const CREATE = '/adjuster/api/device/create';
const ADD = '/adjuster/api/device';
const DDNS = '/adjuster/api/device/setup-ddns';
const deviceUrl = (mac: string, what = '') => `/adjuster/api/device/${encodeURIComponent(mac)}${what}`;

type Row = { id: number; mac: string; buyerId: number; type: number; statusCode: number; options: Record<string, unknown> };

describe.each(BACKENDS)('adjuster: devices on %s', (backend) => {
  const app = useApp(backend, { jobs: { enabled: false }, network: { timeScale: 0, failureShare: 0 } });

  async function row(mac: string): Promise<Row | undefined> {
    const [found] = await queryRows<Row>(
      app().database.drizzle,
      sql`select id, mac, buyer_id as "buyerId", type, status_code as "statusCode", options from devices where mac = ${mac}`,
    );
    return found;
  }

  it('creates the device answering behind a port, with the port, house and entrance in its billing options', async () => {
    const client = await loginAs(app(), 'installer');
    const address = expectShape(PortDeviceResponse, (await client.request('POST', '/adjuster/api/device/port-device', { payload: { name: 'BS-MSK-0001', portNum: 4 } })).json());
    const response = await client.request('POST', CREATE, { payload: { name: 'BS-MSK-0001', portNum: 4 } });
    expect(response.statusCode, response.body).toBe(200);
    const body = expectShape(AdjusterDeviceResponse, response.json());
    expect(body).toMatchObject({
      result: 'success',
      message: 'Устройство создано',
      data: { ip: expect.stringMatching(/^10\.100\.4\.\d+$/), options: { billing_bsName: 'BS-MSK-0001', billing_bsPort: '4', billing_porchNum: String(address.entranceNum) } },
    });
    expect(body.data.mac).toMatch(/^02:53:49:00:04:[0-9A-F]{2}$/);
    const device = await row(body.data.mac);
    expect(device).toMatchObject({ buyerId: 1, statusCode: 0 });
    expect(device!.options).toMatchObject({
      url: `http://${body.data.ip}`,
      login: 'admin',
      password: FACTORY_PASSWORD,
      billing_bsName: 'BS-MSK-0001',
      billing_bsPort: '4',
      billing_fiasId: address.fiasId,
      billing_porchNum: String(address.entranceNum),
      devicePurpose: 1,
      sos: 'SOS',
      conciergeApartment: 999,
    });

    // Again: the same device, updated, not a second one.
    const again = expectShape(AdjusterDeviceResponse, (await client.request('POST', CREATE, { payload: { name: 'BS-MSK-0001', portNum: 4 } })).json());
    expect(again.data.mac).toBe(body.data.mac);
    expect(again.message).toMatch(/уже было зарегистрировано/);

    // A port without an address: the device is created without house data.
    const bare = expectShape(AdjusterDeviceResponse, (await client.request('POST', CREATE, { payload: { name: 'BS-MSK-0001', portNum: 21 } })).json());
    expect(bare.data.options).toEqual({ billing_bsName: 'BS-MSK-0001', billing_bsPort: '21', billing_porchNum: null });

    expectError(await client.request('POST', CREATE, { payload: { name: 'BS-MSK-0001', portNum: 24 } }), 404, /не отвечает ни одно устройство/);
    const unknownStation = await client.request('POST', CREATE, { payload: { name: 'BS-NOPE', portNum: 4 } });
    expectError(unknownStation, 404, /не найдена/);
    expect(unknownStation.json()).toMatchObject({ messageCode: 'port.stationUnknown', messageParams: { station: 'BS-NOPE' } });
    expectError(await client.request('POST', CREATE, { payload: { name: 'BS-MSK-0001' } }), 400, /portNum/);
  });

  it('binds the device to the house of a FIAS id (relay 1 to its porch) and to a group of its buyer', async () => {
    const client = await loginAs(app(), 'installer');
    const address = expectShape(PortDeviceResponse, (await client.request('POST', '/adjuster/api/device/port-device', { payload: { name: 'BS-MSK-0002', portNum: 2 } })).json());
    const { data } = expectShape(AdjusterDeviceResponse, (await client.request('POST', CREATE, { payload: { name: 'BS-MSK-0002', portNum: 2 } })).json());
    const headers = { [IDEMPOTENCY_HEADER]: `bind-house-${backend}` };
    const response = await client.request('POST', deviceUrl(data.mac, '/house'), { payload: { fiasId: address.fiasId!.toUpperCase() }, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(expectShape(AdjusterPlainResponse, response.json()).message).toMatch(/Устройство привязано к дому: /);
    const replay = await client.request('POST', deviceUrl(data.mac, '/house'), { payload: { fiasId: address.fiasId!.toUpperCase() }, headers });
    expect(replay.headers['idempotency-replayed']).toBe('true');

    const device = await row(data.mac);
    const bound = await queryRows<{ houseUid: string; fias: string }>(
      app().database.drizzle,
      sql`select h.uid as "houseUid", h.fias from device_houses d join houses h on h.uid = d.house_uid where d.device_id = ${device!.id}`,
    );
    expect(bound).toHaveLength(1);
    expect(bound[0].fias).toBe(address.fiasId);
    const relays = await queryRows<{ relayNum: number; entranceNum: number; statusCode: number }>(
      app().database.drizzle,
      sql`select r.relay_num as "relayNum", e.entrance_num as "entranceNum", r.status_code as "statusCode"
          from device_relays r join entrances e on e.uid = r.entrance_uid where r.device_id = ${device!.id}`,
    );
    expect(relays).toEqual([{ relayNum: 1, entranceNum: address.entranceNum, statusCode: 1 }]);

    const [group] = await queryRows<{ id: number; name: string }>(app().database.drizzle, sql`select id, name from groups where buyer_id = 1 order by id limit 1`);
    const [foreign] = await queryRows<{ id: number }>(app().database.drizzle, sql`select id from groups where buyer_id <> 1 order by id limit 1`);
    const grouped = await client.request('POST', deviceUrl(data.mac, '/group'), { payload: { groupId: group.id } });
    expect(grouped.statusCode, grouped.body).toBe(200);
    expect(grouped.json<{ message: string }>().message).toContain(group.name);
    const groups = await queryRows<{ groupId: number }>(app().database.drizzle, sql`select group_id as "groupId" from device_groups where device_id = ${device!.id}`);
    expect(groups).toEqual([{ groupId: group.id }]);

    expectError(await client.request('POST', deviceUrl(data.mac, '/group'), { payload: { groupId: foreign.id } }), 404, /Группа \d+ не найдена/);
    // The superuser may put any device in any group.
    expect((await (await loginAs(app(), 'admin')).request('POST', deviceUrl(data.mac, '/group'), { payload: { groupId: foreign.id } })).statusCode).toBe(200);
    expectError(await client.request('POST', deviceUrl(data.mac, '/group'), { payload: { groupId: 999999 } }), 404, /не найдена/);
    expectError(await client.request('POST', deviceUrl(data.mac, '/group'), { payload: { groupId: 'x' } }), 400, /groupId/);
    expectError(await client.request('POST', deviceUrl(data.mac, '/house'), { payload: { fiasId: '00000000-0000-4000-8000-000000000000' } }), 404, /Дом с ФИАС 00000000-0000-4000-8000-000000000000 не найден/);
    expectError(await client.request('POST', deviceUrl(data.mac, '/house'), { payload: { fiasId: address.fiasId, porchNum: 999 } }), 400, /porchNum: в доме нет подъезда № 999/);
    expectError(await client.request('POST', deviceUrl(data.mac, '/house'), { payload: { fiasId: address.fiasId, porchNum: 0 } }), 400, /porchNum/);
    expectError(await client.request('POST', deviceUrl(data.mac, '/house'), { payload: { fiasId: '' } }), 400, /fiasId/);
    expectError(await client.request('POST', deviceUrl(testMac(9001), '/house'), { payload: { fiasId: address.fiasId } }), 404, /не найдено/);
    expectError(await client.request('POST', deviceUrl('not-a-mac', '/house'), { payload: { fiasId: address.fiasId } }), 400, /id/);
  });

  it('binds relay 1 to the entrance the installer chose (porchNum) over the one the port gave', async () => {
    // The superuser: the small seed may give the installer's buyer no house with a second main entrance.
    const client = await loginAs(app(), 'admin');
    const [house] = await queryRows<{ fias: string; uid: string; entranceUid: string; entranceNum: number }>(
      app().database.drizzle,
      sql`select h.fias, h.uid, e.uid as "entranceUid", e.entrance_num as "entranceNum" from houses h join entrances e on e.house_uid = h.uid
          where h.fias is not null and e.type = 1 and e.entrance_num > 1 order by h.uid limit 1`,
    );
    const { data } = expectShape(AdjusterDeviceResponse, (await client.request('POST', CREATE, { payload: { name: 'BS-KZN-0001', portNum: 11 } })).json());
    const response = await client.request('POST', deviceUrl(data.mac, '/house'), { payload: { fiasId: house.fias, porchNum: house.entranceNum } });
    expect(response.statusCode, response.body).toBe(200);
    const device = await row(data.mac);
    expect(device!.options).toMatchObject({ billing_fiasId: house.fias, billing_porchNum: String(house.entranceNum) });
    const relays = await queryRows<{ entranceUid: string }>(app().database.drizzle, sql`select entrance_uid as "entranceUid" from device_relays where device_id = ${device!.id}`);
    expect(relays).toEqual([{ entranceUid: house.entranceUid }]);
  });

  it('adds a device by MAC with its preset, sets up DDNS, and shows both flags in the device data', async () => {
    const client = await loginAs(app(), 'installer');
    const mac = testMac(7001);
    const added = await client.request('POST', ADD, { payload: { mac: mac.toLowerCase().replace(/:/g, '-'), url: 'http://10.20.30.40', type: 6 } });
    expect(added.statusCode, added.body).toBe(200);
    const body = expectShape(AdjusterDeviceResponse, added.json());
    // The Russian text, and what names it for a client in another language (contract/server-texts.ts).
    expect(body).toMatchObject({
      result: 'success',
      message: 'Пресет для ISCOM_X1 загружен',
      messageCode: 'preset.done',
      messageParams: { deviceType: 'ISCOM_X1' },
      data: { mac, ip: '10.20.30.40' },
    });
    expect(await row(mac)).toMatchObject({ type: 6, statusCode: 0, buyerId: 1, options: expect.objectContaining({ url: 'http://10.20.30.40', presetUploaded: true }) });

    const before = expectShape(AdjusterDeviceResponse, (await client.get(deviceUrl(mac))).json());
    expect(before.data.message).toBe('DDNS: не настроен; пресет: загружен');

    const ddns = await client.request('POST', DDNS, { payload: { mac, ip: '10.20.30.41' } });
    expect(ddns.statusCode, ddns.body).toBe(200);
    expect(expectShape(AdjusterPlainResponse, ddns.json())).toEqual({
      result: 'success',
      message: `DDNS настроен: 020000001b59.ddns.intercom.local`,
      messageCode: 'ddns.done',
      messageParams: { host: '020000001b59.ddns.intercom.local' },
    });
    const after = expectShape(AdjusterDeviceResponse, (await client.get(deviceUrl(mac))).json());
    expect(after.data).toMatchObject({ mac, ip: '10.20.30.41', message: 'DDNS: настроен (020000001b59.ddns.intercom.local); пресет: загружен' });

    expectError(await client.request('POST', DDNS, { payload: { mac, ip: '10.20.30' } }), 400, /ip/);
    expectError(await client.request('POST', DDNS, { payload: { mac: testMac(7999), ip: '10.0.0.1' } }), 404, /не найдено/);
    expectError(await client.request('POST', ADD, { payload: { mac, url: '', type: 6 } }), 400, /url/);
    expectError(await client.request('POST', ADD, { payload: { mac, url: 'http://x', type: 16 } }), 400, /type/);
    expectError(await client.request('POST', ADD, { payload: { mac: 'zz', url: 'http://x', type: 1 } }), 400, /mac/);
    expectError(await client.get(deviceUrl(testMac(7999))), 404, /не найдено/);
  });

  it("hides another buyer's device from an installer and refuses its MAC", async () => {
    const [foreign] = await queryRows<{ mac: string }>(app().database.drizzle, sql`select mac from devices where buyer_id <> 1 order by id limit 1`);
    const installer = await loginAs(app(), 'installer');
    expectError(await installer.get(deviceUrl(foreign.mac)), 404, /не найдено/);
    expectError(await installer.request('POST', DDNS, { payload: { mac: foreign.mac, ip: '10.0.0.1' } }), 404);
    expectError(await installer.request('POST', ADD, { payload: { mac: foreign.mac, url: 'http://x', type: 1 } }), 409, /уже зарегистрировано/);
    const admin = await loginAs(app(), 'admin');
    expect((await admin.get(deviceUrl(foreign.mac))).statusCode).toBe(200);
  });

  it('is for installers, management and the superuser', async () => {
    const mac = testMac(7002);
    const anonymous = new TestClient(app());
    const support = await loginAs(app(), 'support');
    const calls: [('GET' | 'POST'), string, object | undefined][] = [
      ['POST', ADD, { mac, url: 'http://10.1.1.1', type: 1 }],
      ['POST', CREATE, { name: 'BS-MSK-0001', portNum: 9 }],
      ['POST', DDNS, { mac, ip: '10.1.1.1' }],
      ['GET', deviceUrl(mac), undefined],
    ];
    for (const [method, url, payload] of calls) {
      expectError(await anonymous.request(method, url, { payload }), 401);
      expectError(await support.request(method, url, { payload }), 403);
      for (const account of ['installer', 'operator', 'admin'] as AccountName[]) {
        const response = await (await loginAs(app(), account)).request(method, url, { payload });
        expect(response.statusCode, `${account} ${url}: ${response.body}`).toBe(200);
      }
    }
  });
});

describe.each(BACKENDS)('adjuster: equipment that fails, on %s', (backend) => {
  const app = useApp(backend, { jobs: { enabled: false }, network: { timeScale: 0, failureShare: 1 } });

  it('answers 502 with the reason and saves nothing when the preset upload or DDNS fails', async () => {
    const client = await loginAs(app(), 'installer');
    const mac = testMac(7101);
    const refused = await client.request('POST', ADD, { payload: { mac, url: 'http://10.9.9.9', type: 1 } });
    expectError(refused, 502, /Пресет не загружен: устройство http:\/\/10\.9\.9\.9 не ответило/);
    expect(refused.json()).toMatchObject({ messageCode: 'preset.failed', messageParams: { url: 'http://10.9.9.9' } });
    const [count] = await queryRows<{ n: number }>(app().database.drizzle, sql`select count(*)::int as n from devices where mac = ${mac}`);
    expect(count.n).toBe(0);
    const { data } = expectShape(AdjusterDeviceResponse, (await client.request('POST', CREATE, { payload: { name: 'BS-MSK-0001', portNum: 8 } })).json());
    expectError(await client.request('POST', DDNS, { payload: { mac: data.mac, ip: '10.9.9.9' } }), 502, /DDNS не настроен/);
    expect(expectShape(AdjusterDeviceResponse, (await client.get(deviceUrl(data.mac))).json()).data.message).toBe('DDNS: не настроен; пресет: не загружен');
  });
});
