import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PrepareDeviceResponse } from '../../contract/adjuster';
import { FACTORY_PASSWORD } from '../../contract/wizard';
import { queryRows } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp, type AccountName } from './helpers';
import { PREPARE_URL, countDevices, preparePayload, sampleEntrance, testMac } from './prepare-fixtures';

type DeviceRow = {
  id: number;
  mac: string;
  buyerId: number;
  type: number;
  statusCode: number;
  serialNumber: string;
  options: Record<string, unknown>;
  capabilities: string[];
};

describe.each(BACKENDS)('POST /adjuster/api/prepare-device on %s', (backend) => {
  const app = useApp(backend);

  async function deviceRow(mac: string): Promise<DeviceRow | undefined> {
    const [row] = await queryRows<DeviceRow>(
      app().database.drizzle,
      sql`select id, mac, buyer_id as "buyerId", type, status_code as "statusCode", serial_number as "serialNumber", options, capabilities
          from devices where mac = ${mac}`,
    );
    return row;
  }

  it('creates the device bound to the house of the FIAS id and to the entrance number, with its default options', async () => {
    const client = await loginAs(app(), 'installer');
    const entrance = await sampleEntrance(app());
    const payload = preparePayload(entrance, 101, { mac: '02-00-00-aa-bb-01', deviceOwner: null, type: 6, relayNum: 2, leftBorder: 1, rightBorder: 40, commutators: 40 });
    const response = await client.request('POST', PREPARE_URL, { payload });
    expect(response.statusCode, response.body).toBe(200);
    const answer = expectShape(PrepareDeviceResponse, response.json());
    expect(answer).toMatchObject({ result: 'success', data: { mac: '02:00:00:AA:BB:01', serialNumber: 'TEST-SN-101' } });

    const device = await deviceRow('02:00:00:AA:BB:01');
    expect(device).toMatchObject({ id: answer.data!.deviceId, buyerId: entrance.buyerId, type: 6, statusCode: 0, serialNumber: 'TEST-SN-101' });
    expect(device!.capabilities).toEqual(expect.arrayContaining(['keys', 'commutators', 'rs485', 'camera']));
    expect(device!.options).toMatchObject({
      url: 'intercom-101.example.net',
      login: 'root',
      password: FACTORY_PASSWORD,
      VENDOR: 'ISCom',
      model: 'ISCom',
      billing_fiasId: entrance.fias,
      billing_porchNum: String(entrance.entranceNum),
      devicePurpose: 1,
      deviceOwner: null,
      sos: 'SOS',
      conciergeApartment: 999,
      'systemInfo.revision': 2,
      leftBorder: 1,
      rightBorder: 40,
      commutatorSize: 40,
    });

    const houses = await queryRows<{ houseUid: string }>(app().database.drizzle, sql`select house_uid as "houseUid" from device_houses where device_id = ${device!.id}`);
    expect(houses).toEqual([{ houseUid: entrance.houseUid }]);
    const relays = await queryRows<{ relayNum: number; entranceUid: string | null; statusCode: number }>(
      app().database.drizzle,
      sql`select relay_num as "relayNum", entrance_uid as "entranceUid", status_code as "statusCode" from device_relays where device_id = ${device!.id} order by relay_num`,
    );
    expect(relays).toEqual([
      { relayNum: 1, entranceUid: entrance.entranceUid, statusCode: 1 },
      { relayNum: 2, entranceUid: null, statusCode: 0 },
    ]);

    // Its device-list row, built by the triggers of the one insert statement, holds the relay's entrance.
    const [listRow] = await queryRows<{ stored: string; fresh: string }>(
      app().database.drizzle,
      sql`select row_json as stored, device_list_row_of(device_id) as fresh from device_list_rows where device_id = ${device!.id}`,
    );
    expect(listRow?.stored).toBe(listRow?.fresh);
    expect(listRow?.stored).toContain(entrance.entranceUid);

    // The house's MAC list and entrances now show it.
    const macs = await client.get(`/front/devices/get-macs-from-house?houseUid=${encodeURIComponent(entrance.houseUid)}`);
    expect(macs.json<{ data: string[] }>().data).toContain('02:00:00:AA:BB:01');
  });

  it('keeps the owner typed, and stores a blank owner as null', async () => {
    const client = await loginAs(app(), 'installer');
    const entrance = await sampleEntrance(app());
    expect((await client.request('POST', PREPARE_URL, { payload: preparePayload(entrance, 102, { deviceOwner: '  УК «Дом»  ' }) })).statusCode).toBe(200);
    expect((await deviceRow(testMac(102)))!.options.deviceOwner).toBe('УК «Дом»');
    expect((await client.request('POST', PREPARE_URL, { payload: preparePayload(entrance, 103, { deviceOwner: '   ' }) })).statusCode).toBe(200);
    expect((await deviceRow(testMac(103)))!.options.deviceOwner).toBeNull();
  });

  it('refuses a second, different prepare for a registered MAC or serial number: 409 in Russian', async () => {
    const client = await loginAs(app(), 'installer');
    const entrance = await sampleEntrance(app());
    const first = preparePayload(entrance, 104);
    expect((await client.request('POST', PREPARE_URL, { payload: first })).statusCode).toBe(200);
    expectError(
      await client.request('POST', PREPARE_URL, { payload: preparePayload(entrance, 105, { mac: first.mac.toLowerCase() }) }),
      409,
      /Устройство с MAC-адресом 02:00:00:00:00:68 уже зарегистрировано/,
    );
    expectError(
      await client.request('POST', PREPARE_URL, { payload: preparePayload(entrance, 106, { serialNumber: first.serialNumber }) }),
      409,
      /серийным номером TEST-SN-104 уже зарегистрировано/,
    );
    const [seeded] = await queryRows<{ mac: string }>(app().database.drizzle, sql`select mac from devices order by id limit 1`);
    expectError(await client.request('POST', PREPARE_URL, { payload: preparePayload(entrance, 107, { mac: seeded.mac }) }), 409, /уже зарегистрировано/);
    expect(await countDevices(app(), testMac(105))).toBe(0);
    expect(await countDevices(app(), testMac(106))).toBe(0);
    expect(await countDevices(app(), testMac(107))).toBe(0);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['a bad MAC', { mac: '00:1A' }, /mac/],
    ['no serial number', { serialNumber: undefined }, /serialNumber: обязательное поле/],
    ['a blank serial number', { serialNumber: '  ' }, /serialNumber/],
    ['an unknown device type', { type: 99 }, /type/],
    ['a porch that is not a number', { porch: 'один' }, /porch/],
    ['an unknown field', { color: 'red' }, /color: неизвестное поле/],
    ['an owner that is not a string', { deviceOwner: 5 }, /deviceOwner/],
    ['no relay', { relayNum: 0 }, /relayNum/],
    ['a commutator size that does not exist', { commutators: 7 }, /commutators/],
    ['borders the wrong way round', { leftBorder: 20, rightBorder: 10 }, /leftBorder/],
    ['an over-long URL', { url: `http://${'a'.repeat(300)}` }, /url/],
    ['an unknown FIAS id', { fias: '00000000-0000-4000-8000-000000000000' }, /fias: дом с ФИАС/],
    ['an entrance the house does not have', { porch: 998 }, /porch: в доме нет подъезда № 998/],
  ])('refuses %s: 400 naming the field', async (_name, change, message) => {
    const client = await loginAs(app(), 'installer');
    const payload: Record<string, unknown> = { ...preparePayload(await sampleEntrance(app()), 110), ...change };
    for (const [field, value] of Object.entries(change)) if (value === undefined) delete payload[field];
    expectError(await client.request('POST', PREPARE_URL, { payload }), 400, message);
    expect(await countDevices(app(), testMac(110))).toBe(0);
  });

  it('is for adjusters, management and the superuser: 401 without a session, 403 for support', async () => {
    const entrance = await sampleEntrance(app());
    expectError(await new TestClient(app()).request('POST', PREPARE_URL, { payload: preparePayload(entrance, 120) }), 401, /Требуется вход/);
    expectError(await (await loginAs(app(), 'support')).request('POST', PREPARE_URL, { payload: preparePayload(entrance, 120) }), 403, /Недостаточно прав/);
    const allowed: AccountName[] = ['installer', 'operator', 'admin'];
    for (const [index, account] of allowed.entries()) {
      const response = await (await loginAs(app(), account)).request('POST', PREPARE_URL, { payload: preparePayload(entrance, 121 + index) });
      expect(response.statusCode, `${account}: ${response.body}`).toBe(200);
    }
    expect(await countDevices(app(), testMac(120))).toBe(0);
  });

  it('needs the CSRF token: 403 naming CSRF', async () => {
    const client = await loginAs(app(), 'installer');
    const payload = preparePayload(await sampleEntrance(app()), 130);
    expectError(await client.request('POST', PREPARE_URL, { payload, csrf: false }), 403, /CSRF/);
    expectError(await client.request('POST', PREPARE_URL, { payload, csrf: false, headers: { 'X-CSRF-Token': 'forged' } }), 403, /CSRF/);
    expect(await countDevices(app(), payload.mac)).toBe(0);
  });
});
