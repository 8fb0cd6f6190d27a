import { sql, type SQL } from 'drizzle-orm';
import type { DeviceListRow } from '../../contract/devices';
import { preparedRows, type Db } from '../db/client';
import { JsonText } from '../http/json-text';
import { OUT_OF_SYNC_SQL } from './device-sync';

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
  /** Only devices with changes owed or a differing read-back (docs/api.md "Device sync"). */
  outOfSync?: boolean;
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
  if (filter.outOfSync) conditions.push(OUT_OF_SYNC_SQL);
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
}

export interface DevicePage {
  rows: JsonText<DeviceListRow[]>;
  count: number;
}

/**
 * One page of the device list. The page's ids are cut first (an index-only walk in sort order,
 * see the devices schema), then each row is read as the JSON text the list sends, kept in
 * device_list_rows by triggers (migration 0012), and the page comes back as one JSON array text:
 * no per-row formatting in PostgreSQL or Node. A device without a row (written with the triggers
 * off) is formatted here by device_list_row_of(id), as the triggers would have. The sort key
 * travels with each id so the page keeps its order.
 */
export async function listDevicePage(db: Db, scope: DeviceScope, filter: DeviceListFilter, sort: DeviceSort, page: number, pageSize: number): Promise<DevicePage> {
  const column = sql.raw(SORT_COLUMNS[sort.field]);
  const direction = sql.raw(sort.descending ? 'desc' : 'asc');
  const innerOrder = sort.field === 'DEVICE_ID' ? sql`d.id ${direction}` : sql`d.${column} ${direction}, d.id ${direction}`;
  const order = sort.field === 'DEVICE_ID' ? sql`ids.id ${direction}` : sql`ids.sort_key ${direction}, ids.id ${direction}`;
  const [row] = await preparedRows<{ rows: string; count: number }>(
    db,
    'device_list',
    sql`with ids as materialized (
          select d.id, d.${column} as sort_key from devices d
          where ${whereOf(scope, filter)}
          order by ${innerOrder}
          limit ${pageSize} offset ${(page - 1) * pageSize}
        )
        select '[' || coalesce(string_agg(coalesce(r.row_json, device_list_row_of(ids.id)), ',' order by ${order}), '') || ']' as rows,
               count(*)::int as count
        from ids
        left join device_list_rows r on r.device_id = ids.id`,
  );
  return { rows: new JsonText<DeviceListRow[]>(row?.rows ?? '[]'), count: Number(row?.count ?? 0) };
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
