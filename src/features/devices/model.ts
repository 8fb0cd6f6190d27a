import { normalizeMac } from '@contract/common';
import {
  DEVICE_LIST_SORT_FIELDS,
  DEVICE_STATUS_CODES,
  DEVICE_TYPE_NAMES,
  HARDWARE_REVISIONS,
  type DeviceCreate,
  type DeviceListQuery,
  type DeviceListRow,
  type DeviceStatus,
} from '@contract/devices';
import { ROLES } from '@contract/users';
import type { ListState, ListStateConfig } from '@/components/list-table/list-state-model';
import { hasRole, type AuthItemMap } from '@/lib/session';

/** Device list filters; the date ranges are two URL parameters each. */
export const DEVICE_FILTER_KEYS = [
  'mac',
  'houseUid',
  'status',
  'mcId',
  'type',
  'createDateFrom',
  'createDateTo',
  'lastChangeFrom',
  'lastChangeTo',
  // '1': only the devices out of sync (docs/api.md "Device sync").
  'outOfSync',
] as const;
export type DeviceFilterKey = (typeof DEVICE_FILTER_KEYS)[number];
export type DeviceFilters = Record<DeviceFilterKey, string>;
export const DATE_FILTER_KEYS = ['createDateFrom', 'createDateTo', 'lastChangeFrom', 'lastChangeTo'] as const satisfies readonly DeviceFilterKey[];

/** The server's default order (most recently changed first) is the list's default too, so the plain list has a plain URL. */
export const DEVICE_LIST_STATE: ListStateConfig<DeviceFilterKey> = {
  filterKeys: DEVICE_FILTER_KEYS,
  firstPage: 1,
  sortableFields: DEVICE_LIST_SORT_FIELDS,
  defaultSort: { field: 'LAST_CHANGE', direction: 'desc' },
};

export const EMPTY_DEVICE_FILTERS: DeviceFilters = Object.fromEntries(DEVICE_FILTER_KEYS.map((key) => [key, ''])) as DeviceFilters;

/** Filters a phone folds away under «Фильтры» (everything but the MAC), counted on that button. */
export function foldedFilterCount(filters: DeviceFilters): number {
  return DEVICE_FILTER_KEYS.filter((key) => key !== 'mac' && filters[key] !== '').length;
}

/** A part of a MAC as the server accepts it: up to 12 hex digits once separators are dropped. */
export function macPart(text: string): string | null {
  const hex = text.replace(/[\s:.-]/g, '').toUpperCase();
  return /^[0-9A-F]{0,12}$/.test(hex) ? hex : null;
}

function integerIn(text: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

function isoInstant(text: string): string | undefined {
  return text !== '' && !Number.isNaN(new Date(text).getTime()) ? text : undefined;
}

/**
 * The URL state as the API query. A value a hand-edited URL made impossible (a status the server
 * does not know, a MAC with letters beyond F, a date that is not one) is left out rather than
 * turned into a 400 the operator cannot fix from the screen.
 */
export function deviceListQuery(state: ListState<DeviceFilterKey>): DeviceListQuery {
  const { filters } = state;
  const query: DeviceListQuery = { page: state.page };
  if (state.sort) query.sort = (state.sort.direction === 'desc' ? `-${state.sort.field}` : state.sort.field) as DeviceListQuery['sort'];
  const mac = macPart(filters.mac);
  if (mac) query.mac = mac;
  if (filters.houseUid) query.houseUid = filters.houseUid;
  const status = integerIn(filters.status, 0, Number.MAX_SAFE_INTEGER);
  if (status !== undefined && (DEVICE_STATUS_CODES as readonly number[]).includes(status)) query.status = status;
  const mcId = integerIn(filters.mcId, 1, 2_147_483_647);
  if (mcId !== undefined) query.mcId = mcId;
  const type = integerIn(filters.type, 0, DEVICE_TYPE_NAMES.length - 1);
  if (type !== undefined) query.type = type;
  for (const key of DATE_FILTER_KEYS) {
    const value = isoInstant(filters[key]);
    if (value) query[key] = value;
  }
  if (filters.outOfSync === '1') query.outOfSync = true;
  return query;
}

const EARLIEST_YEAR = 2000;

/** A date filter value worth asking the server about: a real instant from this century on (not a year still being typed). */
export function plausibleDate(iso: string): boolean {
  const time = new Date(iso).getTime();
  return !Number.isNaN(time) && new Date(iso).getUTCFullYear() >= EARLIEST_YEAR;
}

/** Filters as typed → filters for the URL: trimmed, the MAC part upper-cased without separators. */
export function cleanFilters(filters: DeviceFilters): DeviceFilters {
  const clean = { ...filters };
  for (const key of DEVICE_FILTER_KEYS) clean[key] = clean[key].trim();
  clean.mac = macPart(clean.mac) ?? clean.mac;
  return clean;
}

/** The device card (/devices/:mac/update). */
export function cardPath(mac: string): string {
  return `/devices/${encodeURIComponent(mac)}/update`;
}

/** The set-up wizard (/devices/:mac/wizard). */
export function wizardPath(mac: string): string {
  return `/devices/${encodeURIComponent(mac)}/wizard`;
}

// ---------------------------------------------------------------------------
// Who may do what on the list (the server decides; the screen only leaves out what a role cannot use)

export interface DeviceListAccess {
  /** The plain create dialog (create-device: management). */
  create: boolean;
  /** The wizards, new and for a listed device (management and adjuster). */
  wizards: boolean;
  /** Multi-select and group assignment (multiple-set-groups: management). */
  assignGroups: boolean;
  /** A full re-sync of the selected devices (POST /front/devices/sync/full: management). */
  resync: boolean;
  /** Every buyer's devices are listed, so each row says whose it is. */
  allBuyers: boolean;
  /** The company filter picks from the company list (GET /front/management-company: management, support). */
  companies: boolean;
}

/**
 * What the list offers to a user's roles. Support (read-only) holds neither management nor
 * adjuster, so it gets the rows and their cards and nothing that changes a device. The
 * superuser's role map holds every role (docs/api.md); it is named here too so a server that
 * sends the superuser alone still gets everything.
 */
export function deviceListAccess(roles: AuthItemMap | undefined): DeviceListAccess {
  const superuser = hasRole(roles, ROLES.superuser);
  const management = superuser || hasRole(roles, ROLES.management);
  const adjuster = superuser || hasRole(roles, ROLES.adjuster);
  const companies = management || hasRole(roles, ROLES.support);
  return { create: management, wizards: management || adjuster, assignGroups: management, resync: management, allBuyers: superuser, companies };
}

/** The ways to add a device offered under «Добавить устройство», in the menu's order. */
export type AddDeviceWay = 'serialNumber' | 'port' | 'replace' | 'dialog';

/** The wizards' routes; the dialog has none. */
export const ADD_DEVICE_PATHS: Record<Exclude<AddDeviceWay, 'dialog'>, string> = {
  serialNumber: '/devices/serial-number-wizard',
  port: '/devices/wizard',
  replace: '/devices/replace-wizard',
};

export function addDeviceWays(access: DeviceListAccess): AddDeviceWay[] {
  const ways: AddDeviceWay[] = access.wizards ? ['serialNumber', 'port', 'replace'] : [];
  if (access.create) ways.push('dialog');
  return ways;
}

export function typeName(type: number): string {
  return DEVICE_TYPE_NAMES[type] ?? String(type);
}

export const TYPE_OPTIONS = DEVICE_TYPE_NAMES.map((name, index) => ({ value: String(index), label: name }));

export type StatusTone = 'default' | 'success' | 'warning' | 'error';
const STATUS_TONES: Record<number, StatusTone> = { 0: 'warning', 1: 'success', 2: 'default', 3: 'error' };
export function statusTone(code: number): StatusTone {
  return STATUS_TONES[code] ?? 'default';
}
export function isKnownStatus(code: number): code is (typeof DEVICE_STATUS_CODES)[number] {
  return (DEVICE_STATUS_CODES as readonly number[]).includes(code);
}

export interface RowHouse {
  uid: string;
  address: string;
  /** Entrance titles of this device in this house, in the order the server gave. */
  entrances: string[];
}

/** List row `houses` (uid → address and entrances) as a list ordered by address. */
export function rowHouses(row: Pick<DeviceListRow, 'houses'>): RowHouse[] {
  return Object.entries(row.houses)
    .map(([uid, house]) => ({ uid, address: house.address, entrances: house.entrances.map((entrance) => entrance.title) }))
    .sort((a, b) => a.address.localeCompare(b.address, 'ru'));
}

/** The buyer of a row: its name when the server sends one (BUYER_NAME), else its number. */
export function rowBuyer(row: Pick<DeviceListRow, 'BUYER_ID' | 'BUYER_NAME'>): { name: string | null; id: number } {
  const name = row.BUYER_NAME?.trim();
  return { name: name ? name : null, id: row.BUYER_ID };
}

/** A phone card shows this many addresses; the rest are counted. */
export const CARD_HOUSES = 3;

/** What a device's phone card shows, besides the live status that arrives apart. */
export interface DeviceCardSummary {
  mac: string;
  type: string;
  statusCode: number;
  /** null when the user sees one buyer's devices only. */
  buyer: { name: string | null; id: number } | null;
  houses: RowHouse[];
  /** Addresses left off the card. */
  moreHouses: number;
}

export function deviceCardSummary(row: DeviceListRow, allBuyers: boolean, shown: number = CARD_HOUSES): DeviceCardSummary {
  const houses = rowHouses(row);
  return {
    mac: row.MAC,
    type: typeName(row.TYPE),
    statusCode: row.STATUS_CODE,
    buyer: allBuyers ? rowBuyer(row) : null,
    houses: houses.slice(0, shown),
    moreHouses: Math.max(0, houses.length - shown),
  };
}

export type LiveState = 'online' | 'offline' | 'unknown';
export function liveState(status: DeviceStatus | undefined): LiveState {
  if (!status) return 'unknown';
  return status.liveStatus ? 'online' : 'offline';
}

/**
 * Keeps only the statuses of the MACs still on screen: an answer for a page the operator has
 * paged away from must not paint rows it was not asked for.
 */
export function visibleStatuses(answer: Record<string, DeviceStatus>, visible: readonly string[]): Record<string, DeviceStatus> {
  const kept: Record<string, DeviceStatus> = {};
  for (const mac of visible) {
    const status = answer[mac];
    if (status) kept[mac] = status;
  }
  return kept;
}

/** A stable key of the visible MACs, so a re-render with the same page does not restart polling. */
export function macsKey(macs: readonly string[]): string {
  return [...macs].sort().join(',');
}

// ---------------------------------------------------------------------------
// Create a device (create-device; the body is ours: contract DeviceCreate)

export interface DeviceFormValues {
  mac: string;
  type: string;
  url: string;
  login: string;
  password: string;
  revision: string;
  houseUid: string;
}

export const EMPTY_DEVICE_FORM: DeviceFormValues = { mac: '', type: '', url: '', login: '', password: '', revision: '', houseUid: '' };

export type DeviceFormErrors = Partial<Record<'mac' | 'type' | 'url', 'mac' | 'type' | 'url'>>;

export function validateDeviceForm(values: DeviceFormValues): DeviceFormErrors {
  const errors: DeviceFormErrors = {};
  if (!normalizeMac(values.mac)) errors.mac = 'mac';
  if (integerIn(values.type, 0, DEVICE_TYPE_NAMES.length - 1) === undefined) errors.type = 'type';
  const url = values.url.trim();
  if (url !== '' && !/^https?:\/\/\S+$/i.test(url)) errors.url = 'url';
  return errors;
}

/** The form as the create body; empty optional fields are left out so the server applies its defaults (login admin, factory password). */
export function deviceCreateBody(values: DeviceFormValues): DeviceCreate {
  const mac = normalizeMac(values.mac);
  if (!mac) throw new Error('deviceCreateBody: validate the form first');
  const body: DeviceCreate = { mac, type: Number(values.type) };
  if (values.url.trim()) body.url = values.url.trim();
  if (values.login.trim()) body.login = values.login.trim();
  if (values.password) body.password = values.password;
  const revision = Number(values.revision);
  if ((HARDWARE_REVISIONS as readonly number[]).includes(revision)) body.revision = revision as DeviceCreate['revision'];
  if (values.houseUid) body.houses = [values.houseUid];
  return body;
}

/** The one buyer of the selected devices, when all of them are on this page and share it. */
export function buyerOfSelection(selection: readonly (string | number)[], rows: readonly DeviceListRow[]): number | undefined {
  const buyers = new Set<number>();
  for (const mac of selection) {
    const row = rows.find((each) => each.MAC === mac);
    if (!row) return undefined;
    buyers.add(row.BUYER_ID);
  }
  return buyers.size === 1 ? [...buyers][0] : undefined;
}
