import { NUMBER_SYSTEMS, normalizeKeyValue, type DeviceKeysRequest, type DuplicateKey, type KeyCreate, type KeyDeleteResult } from '@contract/keys';
import { PERMISSIONS, ROLES } from '@contract/users';
import { normalizeMac } from '@contract/common';
import { checkKeyValue, hexDigits, isHexSearch, type KeyKind, type KeyValueProblem } from '@/components/key-value/model';
import type { ListState, ListStateConfig } from '@/components/list-table/list-state-model';
import { isFlatNumber } from '@/lib/flat-number';
import { hasPermission, hasRole, type AuthItemMap } from '@/lib/session';

/* Pure logic of the keys screen: no React, no requests. */

interface Access {
  permissions: AuthItemMap;
  roles: AuthItemMap;
}

/** The server's rule for key changes: KEYS_LIST_PERMISSION or management (the superuser passes); support reads only. */
export function canEditKeys(access: Access): boolean {
  return hasRole(access.roles, ROLES.superuser) || hasRole(access.roles, ROLES.management) || hasPermission(access.permissions, PERMISSIONS.keysList);
}

// ---------------------------------------------------------------------------
// The list

export type KeyFilterKey = 'key' | 'panelCode' | 'mac';

/** The list's search in the URL (the API's names); pages start at 1. */
export const KEY_LIST_STATE: ListStateConfig<KeyFilterKey> = { filterKeys: ['key', 'panelCode', 'mac'], firstPage: 1 };

/** The URL state as the list call's body; a hand-edited filter the server would refuse is left out. */
export function keyListBody(state: ListState<KeyFilterKey>): DeviceKeysRequest {
  const { key, panelCode, mac } = state.filters;
  const value = hexDigits(key);
  const device = normalizeMac(mac);
  return {
    page: state.page,
    ...(value !== '' && isHexSearch(key) ? { key: value } : {}),
    ...(isFlatNumber(panelCode) ? { panelCode: Number(panelCode) } : {}),
    ...(device ? { mac: device } : {}),
  };
}

/** The list's call as the keys export's query: the same filters, no page. */
export function exportFilters({ key, panelCode, mac }: DeviceKeysRequest): Record<string, string | number | undefined> {
  return { key, panelCode: panelCode ?? undefined, mac };
}

// ---------------------------------------------------------------------------
// Create

/** Where the key goes: a panel code (a flat behind a commutator) or the device's controller. */
export type KeyTarget = 'panel' | 'controller';

export interface KeyCreateDraft {
  /** The devices chosen, normalised MACs in the order picked. */
  macs: string[];
  /** A MAC being typed, not yet added. */
  macText: string;
  kind: KeyKind;
  value: string;
  target: KeyTarget;
  panelCode: string;
  flatNum: string;
  inner: boolean;
}

export const EMPTY_KEY_DRAFT: KeyCreateDraft = { macs: [], macText: '', kind: 'Metakom', value: '', target: 'panel', panelCode: '', flatNum: '', inner: false };

export type KeyDraftField = 'macs' | 'value' | 'panelCode' | 'flatNum';

export type KeyDraftProblem = KeyValueProblem | { kind: 'noDevice' } | { kind: 'panelCode' } | { kind: 'flatNum' };

/** `8, 14 или 20` — the hex digits a value of the kind holds. */
export function describeLengths(lengths: readonly number[]): string {
  return lengths.join(', ');
}

/** What the form refuses before sending, field by field. */
export function checkKeyDraft(draft: KeyCreateDraft): Partial<Record<KeyDraftField, KeyDraftProblem>> {
  const problems: Partial<Record<KeyDraftField, KeyDraftProblem>> = {};
  if (draft.macs.length === 0) problems.macs = { kind: 'noDevice' };
  const value = checkKeyValue(draft.kind, draft.value);
  if (value) problems.value = value;
  if (draft.target === 'panel' && !isFlatNumber(draft.panelCode.trim())) problems.panelCode = { kind: 'panelCode' };
  if (draft.flatNum.trim() !== '' && !isFlatNumber(draft.flatNum.trim())) problems.flatNum = { kind: 'flatNum' };
  return problems;
}

/** One keys/create per chosen device (docs/api.md "Keys"); without a panel code the key goes to the controller. */
export function keyCreateBodies(draft: KeyCreateDraft): KeyCreate[] {
  const value = normalizeKeyValue(draft.kind, draft.value) ?? hexDigits(draft.value);
  const flatNum = draft.flatNum.trim();
  return draft.macs.map((mac) => ({
    mac,
    value,
    keyType: draft.kind,
    ...(draft.target === 'panel' ? { panelCode: Number(draft.panelCode.trim()) } : {}),
    ...(flatNum !== '' ? { flatNum: Number(flatNum) } : {}),
    ...(draft.inner ? { inner: 1 as const } : {}),
  }));
}

/** Adds typed or picked MACs (normalised) that are not chosen yet; answers the list and what could not be read. */
export function addMacs(chosen: readonly string[], texts: readonly string[]): { macs: string[]; unreadable: string[] } {
  const macs = [...chosen];
  const unreadable: string[] = [];
  for (const text of texts) {
    if (text.trim() === '') continue;
    const mac = normalizeMac(text);
    if (mac === null) unreadable.push(text.trim());
    else if (!macs.includes(mac)) macs.push(mac);
  }
  return { macs, unreadable };
}

// ---------------------------------------------------------------------------
// Duplicates

export type NumberSystem = (typeof NUMBER_SYSTEMS)[number];
/** The most values one duplicate search, and one delete call, take (docs/api.md "Keys"). */
export const DUPLICATE_SEARCH_MAX = 1000;

export interface PastedValues {
  /** Each value once, as sent (hex: upper case without separators; dec: digits, or EM-Marine «series,number»), in the order pasted. */
  values: string[];
  /** Values pasted more than once (sent once). */
  repeated: string[];
  /** Lines that are no value of the number system: their 1-based number and text. */
  invalid: { line: number; text: string }[];
  /** More values than one search takes. */
  overCap: boolean;
}

/** The longest stored value: a 10-byte MIFARE UID. */
const MAX_HEX_DIGITS = 20;
/** EM-Marine's printed «series,number» (0–255, 0–65535), the server's other decimal form. */
const EM_MARINE = /^(\d{1,3})\s*[,/]\s*(\d{1,5})$/;

/** A pasted line as the search sends it, or null when it is no value of the system. */
function readValue(line: string, system: NumberSystem): string | null {
  if (system === 'hex') {
    const hex = hexDigits(line);
    return /^[0-9A-F]+$/.test(hex) && hex.length <= MAX_HEX_DIGITS ? hex : null;
  }
  const em = EM_MARINE.exec(line);
  if (em) return Number(em[1]) <= 0xff && Number(em[2]) <= 0xffff ? `${Number(em[1])},${Number(em[2])}` : null;
  const digits = line.replace(/\s/g, '');
  if (!/^\d{1,25}$/.test(digits)) return null;
  const value = digits.replace(/^0+(?=\d)/, '');
  return BigInt(value).toString(16).length <= MAX_HEX_DIGITS ? value : null;
}

/** One a line: trimmed, blank lines skipped, each value once, lines of another number system set apart. */
export function parsePastedValues(text: string, system: NumberSystem): PastedValues {
  const values: string[] = [];
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const invalid: PastedValues['invalid'] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const value = readValue(line, system);
    if (value === null) invalid.push({ line: index + 1, text: line });
    else if (seen.has(value)) repeated.add(value);
    else {
      seen.add(value);
      values.push(value);
    }
  });
  return { values, repeated: [...repeated], invalid, overCap: values.length > DUPLICATE_SEARCH_MAX };
}

/** A value as hex digits without leading zeros: how a pasted value and a stored one are compared (the server pads to each stored length). */
export function hexKey(value: string, system: NumberSystem): string {
  let hex: string;
  if (system === 'hex') hex = hexDigits(value);
  else {
    const em = EM_MARINE.exec(value);
    hex = em
      ? Number(em[1]).toString(16).padStart(2, '0') + Number(em[2]).toString(16).padStart(4, '0')
      : BigInt(value).toString(16);
  }
  return hex.toUpperCase().replace(/^0+(?=.)/, '');
}

export interface DuplicateGroup {
  /** The value as pasted (normalised). */
  pasted: string;
  /** Where it lives; empty when nowhere. */
  rows: DuplicateKey[];
}

/**
 * The search's answer grouped by the pasted value, in the pasted order, values found nowhere included;
 * a stored row the server matched some other way is listed under its own value at the end.
 */
export function groupDuplicates(values: readonly string[], system: NumberSystem, rows: readonly DuplicateKey[]): DuplicateGroup[] {
  const groups = values.map((pasted): DuplicateGroup => ({ pasted, rows: [] }));
  const byHex = new Map(groups.map((group) => [hexKey(group.pasted, system), group]));
  const extra = new Map<string, DuplicateGroup>();
  for (const row of rows) {
    const key = hexKey(row.value, 'hex');
    const group = byHex.get(key) ?? extra.get(key);
    if (group) group.rows.push(row);
    else extra.set(key, { pasted: row.value, rows: [row] });
  }
  return [...groups, ...extra.values()];
}

/** A stored key as the delete call names it, and as the selection keeps it. */
export function keyRef(row: { value: string; mac: string }): string {
  return `${row.mac}|${row.value}`;
}

/** The chosen rows as the delete call's keys, each once. */
export function deleteTargets(groups: readonly DuplicateGroup[], chosen: ReadonlySet<string>): { value: string; mac: string }[] {
  const targets = new Map<string, { value: string; mac: string }>();
  for (const row of groups.flatMap((group) => group.rows)) {
    const ref = keyRef(row);
    if (chosen.has(ref) && !targets.has(ref)) targets.set(ref, { value: row.value, mac: row.mac });
  }
  return [...targets.values()];
}

/** The outcome per key: the server's `results`, or, from an older server, the count over the keys sent. */
export function deleteOutcomes(sent: readonly { value: string; mac: string }[], answer: { deleted: number; results?: KeyDeleteResult[] }): Map<string, KeyDeleteResult> {
  const outcomes = new Map<string, KeyDeleteResult>();
  if (answer.results) for (const result of answer.results) outcomes.set(keyRef(result), result);
  else if (answer.deleted === sent.length) for (const key of sent) outcomes.set(keyRef(key), { ...key, deleted: true, message: null });
  return outcomes;
}
