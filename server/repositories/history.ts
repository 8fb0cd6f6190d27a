import { sql, type SQL } from 'drizzle-orm';
import { historyImagePath, type HistoryEvent } from '../../contract/history';
import { preparedRows, queryRows, type Db } from '../db/client';

/**
 * What a history request reads, checked by the route: the buyer it may see (null: every buyer, the
 * superuser), the devices (null: every device in scope), the ISO bounds and the identity filters.
 */
export interface HistoryFilter {
  buyerId: number | null;
  deviceIds: readonly number[] | null;
  dateFrom?: string;
  dateTo?: string;
  eventType?: string;
  rfid?: string;
  login?: string;
  flatNum?: number;
  openCode?: string;
  userId?: number;
}

/** Where a list continues: the last row's date (as PostgreSQL wrote it, to the microsecond) and id. */
export interface HistoryCursor {
  date: string;
  id: number;
}

interface EventRow extends Record<string, unknown> {
  id: number | string;
  deviceId: number;
  mac: string;
  eventDate: Date | string;
  cursorDate: string;
  eventType: string;
  identity: string | null;
  params: Record<string, unknown> | string | null;
  image: string | null;
  imageId: number | null;
  flatNum: number | null;
  userId: number | null;
  login: string | null;
  rfid: string | null;
  openCode: string | null;
  houseUid: string | null;
  address: string | null;
}

/** An event as the export writes it: the answer's fields and the cursor of the next batch. */
export type StoredEvent = HistoryEvent & { id: number; deviceId: number; cursor: HistoryCursor };

/**
 * Newest first. The indexes are built `event_date desc nulls last, id desc nulls last`
 * (migration 0011): the order must say the same for a scan to give it without a sort.
 */
const NEWEST_FIRST = sql.raw('e.event_date desc nulls last, e.id desc nulls last');

/** Whether device `id` exists and `buyerId` may see it (any buyer's for null). */
export async function deviceInScope(db: Db, buyerId: number | null, id: number): Promise<boolean> {
  const rows = await preparedRows<{ id: number }>(db, 'history_device', sql`select id from devices where id = ${id} ${buyerId === null ? sql`` : sql`and buyer_id = ${buyerId}`}`);
  return rows.length > 0;
}

/** The devices of `macs` that `buyerId` may see (all of them for null). */
export async function devicesByMac(db: Db, buyerId: number | null, macs: readonly string[]): Promise<number[]> {
  if (macs.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from devices where mac in (${sql.join(
      macs.map((mac) => sql`${mac}`),
      sql`, `,
    )}) ${buyerId === null ? sql`` : sql`and buyer_id = ${buyerId}`} order by id`,
  );
  return rows.map((row) => Number(row.id));
}

function whereOf(filter: HistoryFilter, after?: HistoryCursor): SQL {
  const parts: SQL[] = [];
  if (filter.buyerId !== null) parts.push(sql`e.buyer_id = ${filter.buyerId}`);
  if (filter.deviceIds !== null && filter.deviceIds.length === 0) return sql`false`;
  if (filter.deviceIds !== null) {
    parts.push(
      filter.deviceIds.length === 1
        ? sql`e.device_id = ${filter.deviceIds[0]}`
        : sql`e.device_id in (${sql.join(
            filter.deviceIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }
  if (filter.dateFrom !== undefined) parts.push(sql`e.event_date >= ${filter.dateFrom}::timestamptz`);
  // dateTo is the day's 23:59:59: the whole of that second is in, also its milliseconds.
  if (filter.dateTo !== undefined) parts.push(sql`e.event_date < date_trunc('second', ${filter.dateTo}::timestamptz) + interval '1 second'`);
  if (filter.eventType !== undefined) parts.push(sql`e.event_type = ${filter.eventType}`);
  if (filter.rfid !== undefined) parts.push(sql`e.rfid = ${filter.rfid}`);
  if (filter.login !== undefined) parts.push(sql`e.login = ${filter.login}`);
  if (filter.flatNum !== undefined) parts.push(sql`e.flat_num = ${filter.flatNum}`);
  if (filter.openCode !== undefined) parts.push(sql`e.open_code = ${filter.openCode}`);
  if (filter.userId !== undefined) parts.push(sql`e.user_id = ${filter.userId}`);
  if (after) parts.push(sql`(e.event_date, e.id) < (${after.date}::timestamptz, ${after.id})`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/**
 * The rows of the events whose ids `idsQuery` selects, in its order: the device's MAC and its
 * first house (by uid, as the device list shows it). The ids come first from an index alone
 * (the page's offset walks index entries, not table rows); only the page's rows are read whole.
 */
async function eventRows(db: Db, idsQuery: SQL): Promise<EventRow[]> {
  return preparedRows<EventRow>(
    db,
    'history_events',
    sql`select e.id, e.device_id as "deviceId", d.mac, e.event_date as "eventDate", e.event_date::text as "cursorDate", e.event_type as "eventType",
               e.identity, e.params, e.image, e.image_id as "imageId", e.flat_num as "flatNum", e.user_id as "userId", e.login, e.rfid,
               e.open_code as "openCode", h.uid as "houseUid", h.address
        from (${idsQuery}) as page
        join device_history_events e on e.id = page.id
        join devices d on d.id = e.device_id
        left join lateral (
          select hs.uid, hs.address from device_houses dh join houses hs on hs.uid = dh.house_uid where dh.device_id = e.device_id order by dh.house_uid limit 1
        ) h on true
        order by ${NEWEST_FIRST}`,
  );
}

function toEvent(row: EventRow): StoredEvent {
  const params = typeof row.params === 'string' ? (JSON.parse(row.params) as Record<string, unknown>) : (row.params ?? {});
  const scalars: Record<string, string | number | boolean | null> = {};
  for (const [name, value] of Object.entries(params)) {
    scalars[name] = value === null || ['string', 'number', 'boolean'].includes(typeof value) ? (value as string | number | boolean | null) : JSON.stringify(value);
  }
  const id = Number(row.id);
  return {
    id,
    deviceId: Number(row.deviceId),
    mac: row.mac,
    eventDate: new Date(row.eventDate).toISOString(),
    eventType: row.eventType,
    identity: row.identity,
    params: scalars,
    image: row.imageId !== null ? historyImagePath(Number(row.imageId)) : row.image,
    address: row.address,
    houseUid: row.houseUid,
    flatNum: row.flatNum,
    userId: row.userId === null ? null : Number(row.userId),
    login: row.login,
    rfid: row.rfid,
    openCode: row.openCode,
    cursor: { date: row.cursorDate, id },
  };
}

/** One page (from 0) of the matching events, newest first. */
export async function historyPage(db: Db, filter: HistoryFilter, page: number, perPage: number): Promise<StoredEvent[]> {
  const ids = sql`select e.id, e.event_date from device_history_events e where ${whereOf(filter)} order by ${NEWEST_FIRST} limit ${perPage} offset ${page * perPage}`;
  return (await eventRows(db, ids)).map(toEvent);
}

/** The matching events counted up to `limit` (limit + 1 when there are more): never a count of millions. */
export async function countHistory(db: Db, filter: HistoryFilter, limit: number): Promise<number> {
  const [row] = await preparedRows<{ total: number | string }>(
    db,
    'history_count',
    sql`select count(*)::int as total from (select 1 from device_history_events e where ${whereOf(filter)} limit ${limit + 1}) as capped`,
  );
  return Number(row?.total ?? 0);
}

/** The next `size` matching events after `after` (from the newest when absent): the export's keyset batches. */
export async function historyBatch(db: Db, filter: HistoryFilter, size: number, after?: HistoryCursor): Promise<StoredEvent[]> {
  const ids = sql`select e.id, e.event_date from device_history_events e where ${whereOf(filter, after)} order by ${NEWEST_FIRST} limit ${size}`;
  return (await eventRows(db, ids)).map(toEvent);
}

/** The user's time zone option (an IANA name), or null. */
export async function userTimeZone(db: Db, userId: number): Promise<string | null> {
  const [row] = await queryRows<{ value: string | null }>(db, sql`select value from user_options where user_id = ${userId} and option_name = 'timezone'`);
  return row?.value || null;
}

/** A stored snapshot the buyer may see (any for null), with what its caching headers need. */
export async function findEventImage(db: Db, buyerId: number | null, id: number): Promise<{ contentType: string; body: Buffer; createdAt: Date } | null> {
  const [row] = await queryRows<{ contentType: string; body: Uint8Array | string; createdAt: Date | string }>(
    db,
    sql`select i.content_type as "contentType", i.body, i.created_at as "createdAt"
        from event_images i join devices d on d.id = i.device_id
        where i.id = ${id} ${buyerId === null ? sql`` : sql`and d.buyer_id = ${buyerId}`}`,
  );
  if (!row) return null;
  const body = typeof row.body === 'string' ? Buffer.from(row.body.replace(/^\\x/, ''), 'hex') : Buffer.from(row.body);
  return { contentType: row.contentType, body, createdAt: new Date(row.createdAt) };
}
