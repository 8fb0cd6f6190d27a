import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Every device's `device_list_houses.houses` in one set-based query: what
 * `device_list_houses_of(id)` (migration 0002) computes for one device — house uid → {address,
 * entrances its relays open (mac, entranceUid, title, houseUid; by number, then uid)} over the
 * device's houses and its relays' houses, `{}` without any — for all devices at once, with joins
 * and hash aggregates instead of a function call (and five index lookups) per device.
 */
export const DEVICE_LIST_HOUSES_SELECT = sql`
  select d.id as device_id, coalesce(placed.houses, '{}'::jsonb) as houses
  from devices d
  left join (
    select links.device_id,
           jsonb_object_agg(h.uid, jsonb_build_object('address', h.address, 'entrances', coalesce(opened.entrances, '[]'::jsonb))) as houses
    from (
      select device_id, house_uid from device_houses
      union
      select r.device_id, e.house_uid from device_relays r join entrances e on e.uid = r.entrance_uid
    ) as links
    join houses h on h.uid = links.house_uid
    left join (
      select r.device_id, e.house_uid,
             jsonb_agg(jsonb_build_object('mac', d2.mac, 'entranceUid', e.uid, 'title', e.title, 'houseUid', e.house_uid) order by e.entrance_num, e.uid) as entrances
      from (select distinct device_id, entrance_uid from device_relays where entrance_uid is not null) as r
      join entrances e on e.uid = r.entrance_uid
      join devices d2 on d2.id = r.device_id
      group by r.device_id, e.house_uid
    ) as opened on opened.device_id = links.device_id and opened.house_uid = links.house_uid
    group by links.device_id
  ) as placed on placed.device_id = d.id`;

/** Fills `device_list_houses` for the devices that have no row yet (loaded with the triggers off). */
export async function buildDeviceListHouses(db: Db): Promise<void> {
  await db.execute(sql`insert into device_list_houses (device_id, houses) select device_id, houses from (${DEVICE_LIST_HOUSES_SELECT}) as computed on conflict (device_id) do nothing`);
}

/** Fills `device_list_rows` (migration 0012) for the devices that have no row yet, after `buildDeviceListHouses`. */
export async function buildDeviceListRows(db: Db): Promise<void> {
  await db.execute(
    sql`insert into device_list_rows (device_id, row_json)
        select d.id, device_list_row_of(d.id) from devices d
        where not exists (select 1 from device_list_rows r where r.device_id = d.id)
        on conflict (device_id) do nothing`,
  );
}
