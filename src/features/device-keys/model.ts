import {
  KEY_INNER,
  KEY_SCENARIO_MAX,
  KEY_SCENARIO_MIN,
  isInnerKey,
  normalizeKeyValue,
  type DeviceKeyCreate,
  type DeviceKeyRow,
  type DeviceKeysRequest,
  type DeviceKeysResponse,
  type MultipleKeyAction,
} from '@contract/keys';
import { PERMISSIONS, ROLES } from '@contract/users';
import type { KeyKind } from '@/components/key-value/model';
import type { ListState, ListStateConfig } from '@/components/list-table/list-state-model';
import { isFlatNumber } from '@/lib/flat-number';
import { hasPermission, hasRole, type AuthItemMap } from '@/lib/session';

export type KeyFilterKey = 'key' | 'panelCode';

/** The search kept in the URL (the API's names); the list starts at page 1. */
export const KEY_LIST_STATE: ListStateConfig<KeyFilterKey> = { filterKeys: ['key', 'panelCode'], firstPage: 1 };

interface Access {
  permissions: AuthItemMap;
  roles: AuthItemMap;
}

/** The server's rule for key changes: the keys permission or management (the superuser passes); support reads only. */
export function canEditKeys({ permissions, roles }: Access): boolean {
  return hasPermission(permissions, PERMISSIONS.keysList) || hasRole(roles, ROLES.management) || hasRole(roles, ROLES.superuser);
}

/** The URL's search as the list call's body; a panel code that is not a flat number (a hand-edited URL) is left out. */
export function keyListRequest(mac: string, rs: boolean, state: ListState<KeyFilterKey>): DeviceKeysRequest {
  const { key, panelCode } = state.filters;
  return {
    mac,
    page: state.page,
    ...(key ? { key } : {}),
    ...(isFlatNumber(panelCode) ? { panelCode: Number(panelCode) } : {}),
    ...(rs ? { rs: true } : {}),
  };
}

// ---------------------------------------------------------------------------
// Rows

/** What picks one key on a device: an RS controller may hold one value twice, inner and outer. */
export interface KeyItem {
  value: string;
  inner: 0 | 1;
}

export function keyItem(row: Pick<DeviceKeyRow, 'VALUE' | 'INNER'>): KeyItem {
  return { value: row.VALUE, inner: isInnerKey(row.INNER) ? KEY_INNER : 0 };
}

export function keyId(item: KeyItem): string {
  return `${item.inner}:${item.value}`;
}

export const rowId = (row: Pick<DeviceKeyRow, 'VALUE' | 'INNER'>): string => keyId(keyItem(row));

/** Encode and decode swap the key's IS_SECURITY once the server said yes; the other rows stay as they are. */
export function withSecuritySwapped(answer: DeviceKeysResponse, item: KeyItem): DeviceKeysResponse {
  const id = keyId(item);
  return { ...answer, data: answer.data.map((row) => (rowId(row) === id ? { ...row, IS_SECURITY: row.IS_SECURITY === 1 ? 0 : 1 } : row)) };
}

/** The RS screen keeps inner and outer keys apart: the page's rows in two groups, inner first. */
export function splitBySide<T extends Pick<DeviceKeyRow, 'INNER'>>(rows: readonly T[]): { inner: T[]; outer: T[] } {
  return { inner: rows.filter((row) => isInnerKey(row.INNER)), outer: rows.filter((row) => !isInnerKey(row.INNER)) };
}

// ---------------------------------------------------------------------------
// Selection: kept across pages, dropped when the search changes

export interface KeySelection {
  /** The search the keys were picked under. */
  scope: string;
  items: ReadonlyMap<string, KeyItem>;
}

export const EMPTY_SELECTION: KeySelection = { scope: '', items: new Map() };

export function selectionScope(filters: Record<KeyFilterKey, string>): string {
  return `${filters.key}\u0000${filters.panelCode}`;
}

/** The selection as seen under `scope`: empty once the search changed. */
export function selectionIn(selection: KeySelection, scope: string): KeySelection {
  return selection.scope === scope ? selection : { scope, items: new Map() };
}

export function toggleKey(selection: KeySelection, item: KeyItem): KeySelection {
  const items = new Map(selection.items);
  const id = keyId(item);
  if (items.has(id)) items.delete(id);
  else items.set(id, item);
  return { ...selection, items };
}

/** The page's checkbox: picks every row of the page, or, when all are picked already, drops them. */
export function togglePage(selection: KeySelection, rows: readonly Pick<DeviceKeyRow, 'VALUE' | 'INNER'>[]): KeySelection {
  const items = new Map(selection.items);
  const all = rows.length > 0 && rows.every((row) => items.has(rowId(row)));
  for (const row of rows) {
    if (all) items.delete(rowId(row));
    else items.set(rowId(row), keyItem(row));
  }
  return { ...selection, items };
}

export function pageState(selection: KeySelection, rows: readonly Pick<DeviceKeyRow, 'VALUE' | 'INNER'>[]): 'none' | 'some' | 'all' {
  const picked = rows.filter((row) => selection.items.has(rowId(row))).length;
  if (picked === 0) return 'none';
  return picked === rows.length ? 'all' : 'some';
}

/** After a multi-select action the failed keys stay picked (to try again), the processed ones are let go. */
export function keepFailed(selection: KeySelection, failed: readonly KeyItem[]): KeySelection {
  const ids = new Set(failed.map(keyId));
  return { ...selection, items: new Map([...selection.items].filter(([id]) => ids.has(id))) };
}

// ---------------------------------------------------------------------------
// Multi-select actions

export const SCENARIOS: readonly number[] = Array.from({ length: KEY_SCENARIO_MAX - KEY_SCENARIO_MIN + 1 }, (_, index) => KEY_SCENARIO_MIN + index);

export function needsScenario(action: MultipleKeyAction): boolean {
  return action !== 'deleteKeys';
}

// ---------------------------------------------------------------------------
// Create

export interface KeyCreateValues {
  keyType: KeyKind | '';
  value: string;
  flatNum: string;
  inner: 0 | 1;
}

export type KeyCreateField = 'keyType' | 'value' | 'flatNum';

/** The first type the device takes, so the form opens filled. */
export function emptyKeyCreate(keyTypes: readonly KeyKind[]): KeyCreateValues {
  return { keyType: keyTypes[0] ?? '', value: '', flatNum: '', inner: 0 };
}

export type CreateProblem = 'typeRequired' | 'flatNumber';

export function checkKeyCreate(values: KeyCreateValues): Partial<Record<Exclude<KeyCreateField, 'value'>, CreateProblem>> {
  const problems: Partial<Record<Exclude<KeyCreateField, 'value'>, CreateProblem>> = {};
  if (values.keyType === '') problems.keyType = 'typeRequired';
  if (values.flatNum.trim() !== '' && !isFlatNumber(values.flatNum)) problems.flatNum = 'flatNumber';
  return problems;
}

/** The create-key body; call only once the values passed their checks. */
export function keyCreateBody(values: KeyCreateValues & { keyType: KeyKind }, rs: boolean): DeviceKeyCreate {
  const flat = values.flatNum.trim();
  return {
    VALUE: normalizeKeyValue(values.keyType, values.value) ?? values.value.trim(),
    FLAT_NUM: flat === '' ? null : Number(flat),
    INNER: values.inner,
    KEY_TYPE: values.keyType,
    ...(rs ? { RS: 1 as const } : {}),
  };
}

const CREATE_PATHS: Record<string, KeyCreateField> = { VALUE: 'value', FLAT_NUM: 'flatNum', KEY_TYPE: 'keyType' };

/** The form field a refused create's path names (`VALUE` → value), or null. */
export function createFieldOf(path: string): KeyCreateField | null {
  return CREATE_PATHS[path.replace(/^data\./, '')] ?? null;
}
