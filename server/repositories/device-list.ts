import { sql, type SQL } from 'drizzle-orm';
import type { DeviceListRow } from '../../contract/devices';
import { preparedRows, type Db } from '../db/client';
import { JsonText, jsonArray } from '../http/json-text';

/** Whose devices a user sees: one buyer's, or every buyer's (null, the superuser). */
export interface DeviceScope {
  buyerId: number | null;
}

export interface DeviceListFilter {
  /** Hex digits of a part of the MAC, upper case, without separators. */
  macPart?: string;
  houseUid?: string;
  status?: number;
  mcId?: number;
  type?: number;
  createdFrom?: Date;
  createdTo?: Date;
  changedFrom?: Date;
  changedTo?: Date;
}

/** List-row field → column; the id breaks ties so pages never overlap. */
const SORT_COLUMNS = {
  DEVICE_ID: 'id',
  MAC: 'mac',
  BUYER_ID: 'buyer_id',
  STATUS_CODE: 'status_code',
  CREATE_DATE: 'create_date',
  LAST_CHANGE: 'update_date',
  TYPE: 'type',
} as const;
export type DeviceSortField = keyof typeof SORT_COLUMNS;

export interface DeviceSort {
  field: DeviceSortField;
  descending: boolean;
}

/** `-LAST_CHANGE` → LAST_CHANGE descending. */
export function parseDeviceSort(sort: string): DeviceSort {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as DeviceSortField;
  if (!(field in SORT_COLUMNS)) throw new Error(`unknown sort field ${field}`);
  return { field, descending };
}

/** The WHERE of the device list; every condition has an index to start from (see the migration). */
function whereOf(scope: DeviceScope, filter: DeviceListFilter): SQL {
  const conditions: SQL[] = [];
  if (scope.buyerId !== null) conditions.push(sql`d.buyer_id = ${scope.buyerId}`);
  if (filter.status !== undefined) conditions.push(sql`d.status_code = ${filter.status}`);
  if (filter.type !== undefined) conditions.push(sql`d.type = ${filter.type}`);
  if (filter.macPart) {
    if (filter.macPart.length === 12) conditions.push(sql`d.mac = ${filter.macPart.match(/../g)!.join(':')}`);
    else conditions.push(sql`replace(d.mac, ':', '') like ${`%${filter.macPart}%`}`);
  }
  if (filter.houseUid !== undefined) conditions.push(sql`d.id in (select dh.device_id from device_houses dh where dh.house_uid = ${filter.houseUid})`);
  if (filter.mcId !== undefined) {
    conditions.push(
      sql`d.id in (select dh.device_id from device_houses dh join houses h on h.uid = dh.house_uid where h.management_company_id = ${filter.mcId})`,
    );
  }
  if (filter.createdFrom) conditions.push(sql`d.create_date >= ${filter.createdFrom.toISOString()}`);
  if (filter.createdTo) conditions.push(sql`d.create_date <= ${filter.createdTo.toISOString()}`);
  if (filter.changedFrom) conditions.push(sql`d.update_date >= ${filter.changedFrom.toISOString()}`);
  if (filter.changedTo) conditions.push(sql`d.update_date <= ${filter.changedTo.toISOString()}`);
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
}

interface ListRecord extends Record<string, unknown> {
  id: number;
  mac: string;
  buyer_id: number;
  status_code: number;
  create_date: string;
  update_date: string;
  type: number;
  /** The buyer's name (buyers by primary key); null only if the buyer row is gone. */
  buyer_name: string | null;
  /** JSON text of the row's houses. */
  houses: string;
}

/** A timestamptz as `Date.prototype.toISOString()` writes it, in UTC with milliseconds. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One list row as JSON; the houses are JSON text already. BUYER_NAME is ours (docs/api.md). */
function rowJson(row: ListRecord): JsonText<DeviceListRow> {
  const buyerName = row.buyer_name === null ? '' : `"BUYER_NAME":${JSON.stringify(row.buyer_name)},`;
  return new JsonText(
    `{"DEVICE_ID":${row.id},"MAC":${JSON.stringify(row.mac)},"BUYER_ID":${row.buyer_id},${buyerName}"STATUS_CODE":${row.status_code},` +
      `"CREATE_DATE":"${row.create_date}","LAST_CHANGE":"${row.update_date}","TYPE":${row.type},"houses":${row.houses}}`,
  );
}

export interface DevicePage {
  rows: JsonText<DeviceListRow[]>;
  count: number;
}

/**
 * One page of the device list with each row's houses and the entrances its relays open. The
 * page's ids are cut first (an index-only walk in sort order, see the devices schema), then only
 * those rows are read with their houses (device_list_houses) and their buyer's name (by primary
 * key), so the cost does not grow with
 * the match count. The rows come back as JSON text: the houses are stored as JSON, and parsing
 * them only to serialize them again was most of this call's work in Node.
 */
export async function listDevicePage(db: Db, scope: DeviceScope, filter: DeviceListFilter, sort: DeviceSort, page: number, pageSize: number): Promise<DevicePage> {
  const column = sql.raw(SORT_COLUMNS[sort.field]);
  const direction = sql.raw(sort.descending ? 'desc' : 'asc');
  const order = sort.field === 'DEVICE_ID' ? sql`p.id ${direction}` : sql`p.${column} ${direction}, p.id ${direction}`;
  const innerOrder = sort.field === 'DEVICE_ID' ? sql`d.id ${direction}` : sql`d.${column} ${direction}, d.id ${direction}`;
  // The houses come from device_list_houses (kept by triggers, built for bulk loads by the seed
  // and migration 0003); a read only, so the hot path never writes.
  const rows = await preparedRows<ListRecord>(
    db,
    'device_list',
    sql`with ids as materialized (
          select d.id from devices d
          where ${whereOf(scope, filter)}
          order by ${innerOrder}
          limit ${pageSize} offset ${(page - 1) * pageSize}
        )
        select p.id, p.mac, p.buyer_id, p.status_code, ${isoText(sql`p.create_date`)} as create_date,
               ${isoText(sql`p.update_date`)} as update_date, p.type, b.name as buyer_name,
               coalesce(c.houses, device_list_houses_of(p.id))::text as houses
        from ids
        join devices p on p.id = ids.id
        left join buyers b on b.id = p.buyer_id
        left join device_list_houses c on c.device_id = p.id
        order by ${order}`,
  );
  return { rows: jsonArray(rows.map(rowJson)), count: rows.length };
}

export async function countDevices(db: Db, scope: DeviceScope, filter: DeviceListFilter): Promise<number> {
  const [row] = await preparedRows<{ total: number | string }>(db, 'device_list', sql`select count(*)::int as total from devices d where ${whereOf(scope, filter)}`);
  return Number(row?.total ?? 0);
}

/**
 * Totals of recent filters, for a few seconds: counting tens of thousands of matching rows on
 * every page turn and status refresh is what a large fleet cannot afford. A device write made
 * through this process clears it; another process's write shows within the TTL.
 */
export class CountCache {
  private readonly entries = new Map<string, { total: number; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): number | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.total;
  }

  set(key: string, total: number): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the oldest entry goes first.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { total, expires: this.now() + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The cache key of a count: the scope and the filter, in a fixed key order. */
export function countKey(scope: DeviceScope, filter: DeviceListFilter): string {
  const parts: Record<string, unknown> = { buyer: scope.buyerId };
  for (const key of Object.keys(filter).sort()) {
    const value = filter[key as keyof DeviceListFilter];
    if (value !== undefined) parts[key] = value instanceof Date ? value.toISOString() : value;
  }
  return JSON.stringify(parts);
}
