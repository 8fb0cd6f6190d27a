import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DeviceCardResponse, deviceCardEndpoints } from '../../contract/device-card';
import { KEY_LIST_PAGE_SIZE, keyEndpoints } from '../../contract/keys';
import { createFlat, useFlatSetup } from './flat-fixtures';
import { queryRows } from '../../server/db/client';
import { BACKENDS, TestClient, expectError, expectShape, loginAs } from './helpers';
import { KeyGateway, createDeviceKey, foreignKeyDevice, insertKeys, listKeys } from './keys-fixtures';

const TAG = 0x41;
const LIST = keyEndpoints.list.path({});
const FOREIGN_MAC = '02:41:FF:00:00:01';

describe.each(BACKENDS)('key list on %s', (backend) => {
  const gateway = new KeyGateway();
  const { app, fx, operator } = useFlatSetup(backend, TAG, { deviceGateway: { driver: gateway } });

  beforeAll(async () => {
    await createFlat(operator(), fx().houseUid, 7);
    await createFlat(operator(), fx().houseUid, 8);
    // 25 old keys on the ISCOM panel, then three made through the API (the newest), and two RS keys.
    await insertKeys(app(), fx().iscomMac, 25, 'B0');
    await createDeviceKey(operator(), fx().iscomMac, { VALUE: 'a1:b2:c3:d4:e5:f6', FLAT_NUM: 7, KEY_TYPE: 'Metakom' });
    await createDeviceKey(operator(), fx().iscomMac, { VALUE: 'A1B2C3D4E5F7', FLAT_NUM: 8, INNER: 1, IS_SECURITY: 1 });
    await createDeviceKey(operator(), fx().iscomMac, { VALUE: '04A1B2C3D4E5F6', FLAT_NUM: null });
    await createDeviceKey(operator(), fx().iscomMac, { VALUE: 'C0C0C0C0C0C0', FLAT_NUM: 7, RS: 1 });
    await createDeviceKey(operator(), fx().iscomMac, { VALUE: 'C0C0C0C0C0C0', FLAT_NUM: null, RS: 1, INNER: 1 });
    await createDeviceKey(operator(), fx().bewardMac, { VALUE: 'A1B2C3D4E5', FLAT_NUM: 7 });
    await foreignKeyDevice(app(), FOREIGN_MAC, fx().foreignHouseUid, 'A1B2C3D4E5F6');
    // A SIP account and options on the panel, so its Device has every part to compare with the card's.
    await queryRows(
      app().database.drizzle,
      sql`insert into sip_accounts (login, password, domain, port, buyer_id, device_id) select 'keys-list-sip', 'secret', 'sip.test', 5060, 1, id from devices where mac = ${fx().iscomMac}`,
    );
    await queryRows(app().database.drizzle, sql`update devices set options = '{"isMifare": true, "VENDOR": "ISCOM"}' where mac = ${fx().iscomMac}`);
  });

  it('answers the device as the device card does', async () => {
    const card = expectShape(DeviceCardResponse, (await operator().get(deviceCardEndpoints.card.path({ mac: fx().iscomMac }))).json());
    const listed = await listKeys(operator(), { mac: fx().iscomMac, page: 5 });
    expect(listed.device).toEqual(card.device);
    expect(listed.device?.sipAccount).toMatchObject({ login: 'keys-list-sip', type: 'udp' });
    expect(listed.data).toEqual([]);
    expect(listed.pagination).toMatchObject({ page: 5, totalCount: 28, pageCount: 2 });
  });

  it('lists a device’s panel keys 20 a page, newest first, with the device, its live status and the key types it takes', async () => {
    const first = await listKeys(operator(), { mac: fx().iscomMac });
    expect(first).toHaveProperty('message', null);
    expect(first.device?.mac).toBe(fx().iscomMac);
    expect(typeof first.deviceLiveStatus).toBe('boolean');
    expect(first.keyTypes).toEqual(['Factorial', 'Metakom', 'Cyfral', 'Eltis', 'Vizit', 'MIFARE', 'RFID']);
    expect(first.pagination).toEqual({ count: KEY_LIST_PAGE_SIZE, page: 1, pageCount: 2, pageSize: KEY_LIST_PAGE_SIZE, totalCount: 28 });
    expect(first.data.slice(0, 3).map((row) => [row.VALUE, row.FLAT_NUM, row.INNER, row.IS_SECURITY, row.KEY_TYPE, row.RS])).toEqual([
      ['04A1B2C3D4E5F6', null, 0, 0, 'MIFARE', 0],
      ['A1B2C3D4E5F7', 8, 1, 1, 'Factorial', 0],
      ['A1B2C3D4E5F6', 7, 0, 0, 'Metakom', 0],
    ]);
    const row = first.data[2];
    expect(row).toMatchObject({ MAC: fx().iscomMac, HOUSE_UID: fx().houseUid, USER_LOGIN: 'operator', SCENARIOS: [], AUTHENTIC: 1, BLOCKED: 0 });
    expect(row.ADDRESS).toMatch(/Квартирная/);
    expect(row.KEY_ID).toBeGreaterThan(0);
    expect(first.addresses[fx().iscomMac]).toMatch(/Квартирная/);
    const second = await listKeys(operator(), { mac: fx().iscomMac, page: 2 });
    expect(second.data.map((item) => item.VALUE)).toEqual(Array.from({ length: 8 }, (_item, index) => `B0${(8 - index).toString(16).toUpperCase().padStart(10, '0')}`));
    expect((await listKeys(operator(), { mac: fx().iscomMac, page: 3 })).data).toEqual([]);
  });

  it('searches by value prefix (separators and case ignored) and by flat number; rs lists the RS485 controllers’ keys', async () => {
    const found = await listKeys(operator(), { mac: fx().iscomMac, key: 'a1-b2 c3' });
    expect(found.data.map((row) => row.VALUE)).toEqual(['A1B2C3D4E5F7', 'A1B2C3D4E5F6']);
    expect((await listKeys(operator(), { mac: fx().iscomMac, panelCode: 8 })).data.map((row) => row.VALUE)).toEqual(['A1B2C3D4E5F7']);
    const rs = await listKeys(operator(), { mac: fx().iscomMac, rs: true });
    expect(rs.data.map((row) => [row.VALUE, row.INNER, row.RS])).toEqual([
      ['C0C0C0C0C0C0', 1, 1],
      ['C0C0C0C0C0C0', 0, 1],
    ]);
    expect(rs.keyTypes).toEqual(['Factorial', 'Metakom', 'Cyfral', 'Eltis', 'Vizit', 'MIFARE']);
    const beward = await listKeys(operator(), { mac: fx().bewardMac });
    expect(beward.keyTypes).toEqual(['MIFARE', 'RFID']);
    expect(beward.data.map((row) => [row.VALUE, row.KEY_TYPE])).toEqual([['A1B2C3D4E5', 'RFID']]);
  });

  it('lists every key of the caller’s buyer without a mac (support reads it too); the superuser sees every buyer’s', async () => {
    const all = await listKeys(operator(), { key: 'A1B2C3' });
    expect(all.device).toBeNull();
    expect(all.keyTypes).toBeNull();
    expect(all.countCapped).toBeUndefined();
    expect(all.data.map((row) => [row.VALUE, row.MAC])).toEqual([
      ['A1B2C3D4E5', fx().bewardMac],
      ['A1B2C3D4E5F7', fx().iscomMac],
      ['A1B2C3D4E5F6', fx().iscomMac],
    ]);
    expect(Object.keys(all.addresses).sort()).toEqual([fx().bewardMac, fx().iscomMac].sort());
    const support = await listKeys(await loginAs(app(), 'support'), { key: 'A1B2C3', panelCode: 7 });
    expect(support.data.map((row) => row.VALUE)).toEqual(['A1B2C3D4E5', 'A1B2C3D4E5F6']);
    const admin = await listKeys(await loginAs(app(), 'admin'), { key: 'A1B2C3' });
    expect(admin.data.map((row) => row.MAC)).toContain(FOREIGN_MAC);
  });

  it('refuses bad input (400 naming the field), no session (401), the installer (403), a missing CSRF token and another buyer’s device (404)', async () => {
    const post = (payload: object, client = operator(), csrf?: boolean) => client.request('POST', LIST, { payload, csrf });
    expectError(await post({ page: 0 }), 400, /page/);
    expectError(await post({ key: 'XYZ' }), 400, /key/);
    expectError(await post({ panelCode: 0 }), 400, /panelCode/);
    expectError(await post({ mac: '00:1A' }), 400, /mac/);
    expectError(await post({ rs: 'yes' }), 400, /rs/);
    expectError(await post({ other: 1 }), 400, /other/);
    expectError(await post({}, new TestClient(app())), 401);
    expectError(await post({}, await loginAs(app(), 'installer')), 403);
    expectError(await post({}, operator(), false), 403, /CSRF/);
    expectError(await post({ mac: FOREIGN_MAC }), 404, /не найдено/);
    expectError(await post({ mac: '02:41:EE:00:00:01' }), 404);
  });

  it('counts the cross-device list only up to 10,000 (countCapped) and still pages newest first', async () => {
    await insertKeys(app(), fx().gateMac, 10_050, 'D');
    const capped = await listKeys(operator(), {});
    expect(capped.countCapped).toBe(true);
    expect(capped.pagination.totalCount).toBe(10_000);
    expect(capped.data).toHaveLength(KEY_LIST_PAGE_SIZE);
    const ids = capped.data.map((row) => row.KEY_ID ?? 0);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const searched = await listKeys(operator(), { key: 'D' });
    expect(searched.countCapped).toBe(true);
    expect(searched.data[0].VALUE).toBe('D00000002742');
    const exact = await listKeys(operator(), { key: 'D000000027' });
    expect(exact.countCapped).toBeUndefined();
    expect(exact.pagination.totalCount).toBe(67);
  });
});
