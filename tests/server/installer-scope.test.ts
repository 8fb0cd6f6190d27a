import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DeviceCardResponse } from '../../contract/device-card';
import { DeviceListResponse, MacsFromHouseResponse } from '../../contract/devices';
import { EntrancesResponse } from '../../contract/entrances';
import { HouseListResponse } from '../../contract/houses';
import { defaultWizardDraft, toWizardSaveBody } from '../../contract/wizard';
import { queryRows } from '../../server/db/client';
import { BACKENDS, expectError, expectShape, loginAs, useApp, type TestClient } from './helpers';
import { PREPARE_URL, countDevices, preparePayload, sampleEntrance, testMac, type SampleEntrance } from './prepare-fixtures';

/** A wizard save of a new device bound to the entrance's house (relay 1 to the entrance). */
function wizardSave(entrance: SampleEntrance, n: number) {
  return toWizardSaveBody({
    ...defaultWizardDraft(testMac(n).toLowerCase()),
    type: 6,
    url: `http://10.41.0.${n % 250}`,
    houses: [entrance.houseUid],
    relays: [{ id: 1, entrance: entrance.entranceUid }],
  });
}

async function listedMacs(client: TestClient, mac: string): Promise<string[]> {
  const response = await client.get(`/front/device-list/get-list?page=1&mac=${encodeURIComponent(mac)}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectShape(DeviceListResponse, response.json()).data.map((row) => row.MAC);
}

describe.each(BACKENDS)('which houses an installer picks and which devices it sees, on %s', (backend) => {
  const app = useApp(backend, { jobs: { enabled: false }, network: { timeScale: 0, failureShare: 0 } });

  it('refuses registering a device in another buyer’s house: 400 naming the field, nothing saved; the superuser may', async () => {
    const installer = await loginAs(app(), 'installer');
    const foreign = await sampleEntrance(app(), { foreign: true });
    expect(foreign.buyerId).not.toBe((await sampleEntrance(app())).buyerId);

    expectError(await installer.request('POST', PREPARE_URL, { payload: preparePayload(foreign, 7001) }), 400, /Некорректное поле fias: дом «.+» относится к другому покупателю/);
    expect(await countDevices(app(), testMac(7001))).toBe(0);
    expectError(await installer.request('POST', '/front/wizard/save', { payload: wizardSave(foreign, 7002) }), 400, /Некорректное поле houses\.0: дом «.+» относится к другому покупателю/);
    expect(await countDevices(app(), testMac(7002))).toBe(0);
    const operator = await loginAs(app(), 'operator');
    const created = await operator.request('POST', '/front/device-list/create-device', { payload: { mac: testMac(7003), type: 6, houses: [foreign.houseUid] } });
    expectError(created, 400, /Некорректное поле houses\.0: дом «.+» относится к другому покупателю/);

    const admin = await loginAs(app(), 'admin');
    const byAdmin = await admin.request('POST', PREPARE_URL, { payload: preparePayload(foreign, 7004) });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const [row] = await queryRows<{ buyerId: number }>(app().database.drizzle, sql`select buyer_id as "buyerId" from devices where mac = ${testMac(7004)}`);
    expect(row.buyerId).toBe(foreign.buyerId);
  });

  it('lists, picks and snapshots only its own buyer’s houses, and the devices of its buyer in them', async () => {
    const installer = await loginAs(app(), 'installer');
    const foreign = await sampleEntrance(app(), { foreign: true });
    const own = await sampleEntrance(app());
    const houses = expectShape(HouseListResponse, (await installer.get(`/front/house-list?page=1&houseUid=${encodeURIComponent(foreign.houseUid)}`)).json());
    expect(houses.data).toEqual([]);
    expect(expectShape(HouseListResponse, (await installer.get(`/front/house-list?page=1&houseUid=${encodeURIComponent(own.houseUid)}`)).json()).data).toHaveLength(1);

    const entrances = await installer.request('POST', '/front/wizard/entrances', { payload: { houseUids: [foreign.houseUid, own.houseUid] } });
    const houseUids = new Set(expectShape(EntrancesResponse, entrances.json()).data.map((entrance) => entrance.houseUid));
    expect([...houseUids]).toEqual([own.houseUid]);

    // A device of another buyer bound to the installer's house is not among the house's MACs.
    const admin = await loginAs(app(), 'admin');
    const [otherBuyer] = await queryRows<{ id: number }>(app().database.drizzle, sql`select id from buyers where id <> ${own.buyerId} order by id limit 1`);
    const foreignDevice = await admin.request('POST', '/front/device-list/create-device', {
      payload: { mac: testMac(7010), type: 6, buyerId: otherBuyer.id, houses: [own.houseUid] },
    });
    expect(foreignDevice.statusCode, foreignDevice.body).toBe(200);
    const macs = expectShape(MacsFromHouseResponse, (await installer.get(`/front/devices/get-macs-from-house?houseUid=${encodeURIComponent(own.houseUid)}`)).json()).data;
    expect(macs).not.toContain(testMac(7010));
    expect((await admin.get(`/front/devices/get-macs-from-house?houseUid=${encodeURIComponent(own.houseUid)}`)).json<{ data: string[] }>().data).toContain(testMac(7010));
  });

  it('lists and opens every device it made, through every wizard', async () => {
    const installer = await loginAs(app(), 'installer');
    const own = await sampleEntrance(app());
    const made: string[] = [];
    for (const n of [7020, 7021]) {
      const response = await installer.request('POST', PREPARE_URL, { payload: preparePayload(own, n) });
      expect(response.statusCode, response.body).toBe(200);
      made.push(testMac(n));
    }
    for (const n of [7022, 7023]) {
      const response = await installer.request('POST', '/front/wizard/save', { payload: wizardSave(own, n) });
      expect(response.statusCode, response.body).toBe(200);
      made.push(testMac(n));
    }
    const added = await installer.request('POST', '/adjuster/api/device', { payload: { mac: testMac(7024), type: 6, url: 'http://10.41.1.24' } });
    expect(added.statusCode, added.body).toBe(200);
    made.push(testMac(7024));
    const byPort = await installer.request('POST', '/adjuster/api/device/create', { payload: { name: 'BS-MSK-0001', portNum: 9 } });
    expect(byPort.statusCode, byPort.body).toBe(200);
    made.push(byPort.json<{ data: { mac: string } }>().data.mac);

    for (const mac of made) {
      expect(await listedMacs(installer, mac), mac).toEqual([mac]);
      const card = await installer.get(`/front/device-card/device/${encodeURIComponent(mac)}`);
      expect(card.statusCode, `${mac}: ${card.body}`).toBe(200);
      expect(expectShape(DeviceCardResponse, card.json()).device.mac).toBe(mac);
    }
  });
});
