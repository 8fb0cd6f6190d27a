import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DeviceListResponse, type DeviceListRow } from '../../contract/devices';
import { queryRows } from '../../server/db/client';
import { BACKENDS, expectShape, loginAs, useApp } from './helpers';

/*
 * device_list_rows (migration 0012) holds each device's list row as JSON text, kept by triggers.
 * Every change the list shows must reach it: the device's own fields, its houses and entrances,
 * a house's address, an entrance's title, the buyer's name; and a device without a row (written
 * with the triggers off) must still be listed, formatted when it is read.
 */

const LIST = '/front/device-list/get-list';

describe.each(BACKENDS)('device list rows on %s', (backend) => {
  const app = useApp(backend, { deviceGateway: { failureShare: 0 }, deviceCountTtlMs: 0 });
  const db = () => app().database.drizzle;
  const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(db(), query);

  /** The superuser's list row of one device, found by MAC. */
  async function listed(mac: string): Promise<DeviceListRow> {
    const client = await loginAs(app(), 'admin');
    const response = await client.get(`${LIST}?mac=${encodeURIComponent(mac)}`);
    expect(response.statusCode, response.body).toBe(200);
    const row = expectShape(DeviceListResponse, response.json()).data.find((candidate) => candidate.MAC === mac);
    if (!row) throw new Error(`${mac} is not listed`);
    return row;
  }

  /** A device of buyer 1 bound to a house, with a relay opening an entrance. */
  async function placedDevice() {
    const [device] = await rows<{ id: number; mac: string; house: string; entrance: string }>(
      sql`select d.id, d.mac, dh.house_uid as house, r.entrance_uid as entrance
          from devices d join device_houses dh on dh.device_id = d.id
          join device_relays r on r.device_id = d.id and r.entrance_uid is not null
          join entrances e on e.uid = r.entrance_uid and e.house_uid = dh.house_uid
          where d.buyer_id = 1 order by d.id limit 1`,
    );
    if (!device) throw new Error('the seed has no placed device of buyer 1');
    return device;
  }

  it('rebuilds nothing for an update that leaves the listed fields as they were', async () => {
    const device = await placedDevice();
    await db().execute(sql`update device_list_rows set row_json = 'untouched' where device_id = ${device.id}`);
    await db().execute(sql`update devices set status_code = status_code where id = ${device.id}`);
    await db().execute(sql`insert into device_relays (device_id, relay_num, entrance_uid, status_code) values (${device.id}, 9, null, 0)`);
    const [kept] = await rows<{ row_json: string }>(sql`select row_json from device_list_rows where device_id = ${device.id}`);
    expect(kept.row_json).toBe('untouched');
    await db().execute(sql`update device_list_rows set row_json = device_list_row_of(device_id) where device_id = ${device.id}`);
  });

  it('holds one row per device, each the text the list sends', async () => {
    const [counts] = await rows<{ devices: number; projected: number }>(
      sql`select (select count(*)::int from devices) as devices, (select count(*)::int from device_list_rows) as projected`,
    );
    expect(counts.projected).toBe(counts.devices);
    const stale = await rows<{ id: number }>(sql`select r.device_id as id from device_list_rows r where r.row_json <> device_list_row_of(r.device_id)`);
    expect(stale).toEqual([]);
  });

  it("follows the device's status, type and change date", async () => {
    const device = await placedDevice();
    await db().execute(sql`update devices set status_code = 3, type = 2, update_date = '2030-01-02T03:04:05.678Z' where id = ${device.id}`);
    const row = await listed(device.mac);
    expect(row).toMatchObject({ STATUS_CODE: 3, TYPE: 2, LAST_CHANGE: '2030-01-02T03:04:05.678Z' });
  });

  it("follows a house's address and an entrance's title", async () => {
    const device = await placedDevice();
    await db().execute(sql`update houses set address = 'ул. Проверочная, 1' where uid = ${device.house}`);
    await db().execute(sql`update entrances set title = 'Подъезд «проверка»' where uid = ${device.entrance}`);
    const row = await listed(device.mac);
    expect(row.houses[device.house].address).toBe('ул. Проверочная, 1');
    expect(row.houses[device.house].entrances).toContainEqual(expect.objectContaining({ entranceUid: device.entrance, title: 'Подъезд «проверка»' }));
  });

  it('follows relays moved off an entrance and houses unbound', async () => {
    const device = await placedDevice();
    await db().execute(sql`update device_relays set entrance_uid = null where device_id = ${device.id}`);
    await db().execute(sql`delete from device_houses where device_id = ${device.id}`);
    expect((await listed(device.mac)).houses).toEqual({});
  });

  it("follows the buyer's name, with quotes and backslashes written as JSON", async () => {
    const device = await placedDevice();
    const name = 'ООО "Домофон\\Сервис"\tплюс';
    await db().execute(sql`update buyers set name = ${name} where id = 1`);
    expect((await listed(device.mac)).BUYER_NAME).toBe(name);
  });

  it('lists a device that has no row, formatted when read, and gives it one on its next change', async () => {
    const device = await placedDevice();
    await db().execute(sql`delete from device_list_rows where device_id = ${device.id}`);
    const row = await listed(device.mac);
    expect(row.DEVICE_ID).toBe(device.id);
    expect(Object.keys(row.houses)).toContain(device.house);
    await db().execute(sql`update devices set status_code = case when status_code = 2 then 3 else 2 end where id = ${device.id}`);
    const [kept] = await rows<{ n: number }>(sql`select count(*)::int as n from device_list_rows where device_id = ${device.id}`);
    expect(kept.n).toBe(1);
  });

  it('lists a new bare device, gives it a row with its first change, and drops the row with it', async () => {
    const [device] = await rows<{ id: number }>(
      sql`insert into devices (mac, buyer_id, type, status_code) values ('02:AB:CD:00:00:99', 1, 6, 0) returning id`,
    );
    expect((await listed('02:AB:CD:00:00:99')).houses).toEqual({});
    await db().execute(sql`update devices set status_code = 1 where id = ${device.id}`);
    const [made] = await rows<{ row_json: string }>(sql`select row_json from device_list_rows where device_id = ${device.id}`);
    expect(JSON.parse(made.row_json)).toMatchObject({ DEVICE_ID: device.id, MAC: '02:AB:CD:00:00:99', STATUS_CODE: 1, houses: {} });
    await db().execute(sql`delete from devices where id = ${device.id}`);
    expect(await rows(sql`select 1 from device_list_rows where device_id = ${device.id}`)).toEqual([]);
  });
});
