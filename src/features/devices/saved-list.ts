import { DEVICE_LIST_PAGE_SIZE, type DeviceListQuery, type DeviceListRow } from '@contract/devices';

/*
 * The device list without the server: the rows saved with the houses taken offline
 * (src/offline/snapshot-devices.ts), filtered, sorted and paged here as the server would, as far as
 * the rows tell (the management company and «out of sync» are the server's to know: they filter
 * nothing here, and the screen says the list is saved data).
 */

/** A device as the list reads it from a snapshot: its row (absent when saved by an app that kept MACs only). */
export interface SavedListDevice {
  houseUid: string;
  savedAt: number;
  device: { mac: string; row?: DeviceListRow };
}

/** A house taken offline, as the list names it. */
export interface SavedListHouse {
  houseUid: string;
  address: string;
  savedAt: number;
}

export interface SavedListPage {
  rows: DeviceListRow[];
  totalCount: number;
  /** Devices saved without their row: their house is to be taken offline again. */
  withoutRow: number;
}

function within(value: string, from: string | undefined, to: string | undefined): boolean {
  const time = new Date(value).getTime();
  return (from === undefined || time >= new Date(from).getTime()) && (to === undefined || time <= new Date(to).getTime());
}

function matches(row: DeviceListRow, query: DeviceListQuery): boolean {
  if (query.mac && !row.MAC.replace(/:/g, '').includes(query.mac)) return false;
  if (query.houseUid && !(query.houseUid in row.houses)) return false;
  if (query.status !== undefined && row.STATUS_CODE !== query.status) return false;
  if (query.type !== undefined && row.TYPE !== query.type) return false;
  return within(row.CREATE_DATE, query.createDateFrom, query.createDateTo) && within(row.LAST_CHANGE, query.lastChangeFrom, query.lastChangeTo);
}

function compare(field: keyof DeviceListRow, a: DeviceListRow, b: DeviceListRow): number {
  const left = a[field];
  const right = b[field];
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left).localeCompare(String(right)) || a.DEVICE_ID - b.DEVICE_ID;
}

/** One page of the saved rows for the list's query (the server's default order: most recently changed first). */
export function savedListPage(devices: readonly SavedListDevice[], query: DeviceListQuery): SavedListPage {
  const rows = devices.flatMap((saved) => (saved.device.row ? [saved.device.row] : []));
  const sort = query.sort ?? '-LAST_CHANGE';
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as keyof DeviceListRow;
  const found = rows.filter((row) => matches(row, query)).sort((a, b) => (descending ? -1 : 1) * compare(field, a, b));
  const page = query.page ?? 1;
  return {
    rows: found.slice((page - 1) * DEVICE_LIST_PAGE_SIZE, page * DEVICE_LIST_PAGE_SIZE),
    totalCount: found.length,
    withoutRow: devices.length - rows.length,
  };
}
