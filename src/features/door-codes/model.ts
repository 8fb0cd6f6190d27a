import { normalizeMac } from '@contract/common';
import type { FlatRange } from '@contract/commutators';
import { DOOR_CODE_COMMENT_MAX, DOOR_CODE_PATTERN, KEYLESS_MAX_DEVICES, KEYLESS_SERVICES, type DoorCode, type KeylessService } from '@contract/door-codes';
import { PERMISSIONS, ROLES } from '@contract/users';
import type { ListState, ListStateConfig } from '@/components/list-table/list-state-model';
import { fromWallTime, toWallTime } from '@/lib/dates';
import { isFlatNumber } from '@/lib/flat-number';
import { hasPermission, hasRole, type AuthItemMap } from '@/lib/session';
import type { DoorCodesFilter, KeylessFilter } from './api';
import type { FeatureMessageKey } from './messages';

interface Access {
  permissions: AuthItemMap;
  roles: AuthItemMap;
}

/** The server's rule for code changes: the keys permission or management (the superuser passes); support reads only. */
export function canEditCodes({ permissions, roles }: Access): boolean {
  return hasPermission(permissions, PERMISSIONS.keysList) || hasRole(roles, ROLES.management) || hasRole(roles, ROLES.superuser);
}

export function deviceCodesPath(mac: string): string {
  return `/devices/${encodeURIComponent(mac)}/codes`;
}

// ---------------------------------------------------------------------------
// Expiry: the form's `datetime-local` text is a wall time in the user's time zone.

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in `timeZone` ('' for none). */
export function isoToLocalInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const wall = toWallTime(new Date(iso), timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** A `datetime-local` value read in `timeZone` as an ISO instant; null for '' and undefined when it is no date. */
export function localInputToIso(text: string, timeZone: string): string | null | undefined {
  if (text.trim() === '') return null;
  const match = LOCAL_INPUT.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  const instant = fromWallTime({ year, month, day, hour, minute, second: Number.isNaN(second) ? 0 : second }, timeZone);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

// ---------------------------------------------------------------------------
// The door-code form

export interface CodeDraft {
  flatNum: string;
  code: string;
  expires: string;
  comment: string;
}

export const EMPTY_DRAFT: CodeDraft = { flatNum: '', code: '', expires: '', comment: '' };

/** What the form is for: a new common code, a new flat code, or a change of `code`. */
export type CodeFormMode = { kind: 'common' } | { kind: 'flat' } | { kind: 'edit'; code: DoorCode };

export type DraftErrors = Partial<Record<keyof CodeDraft, { key: FeatureMessageKey; values?: Record<string, string | number> }>>;

export function draftOf(code: DoorCode, timeZone: string): CodeDraft {
  return { flatNum: code.flatNum === null ? '' : String(code.flatNum), code: code.code, expires: isoToLocalInput(code.expiresAt, timeZone), comment: code.comment ?? '' };
}

/** The checks the server makes, before sending: the code's digits, the flat of the range, an expiry ahead (on create). */
export function checkDraft(draft: CodeDraft, mode: CodeFormMode, range: FlatRange | null, timeZone: string, now: Date): DraftErrors {
  const errors: DraftErrors = {};
  const code = draft.code.trim();
  if ((code !== '' || mode.kind === 'edit') && !DOOR_CODE_PATTERN.test(code)) errors.code = { key: 'doorCodes.error.code' };
  if (mode.kind === 'flat') {
    const flat = draft.flatNum.trim();
    if (!isFlatNumber(flat)) errors.flatNum = { key: 'doorCodes.error.flat' };
    else if (range && (Number(flat) < range.firstFlat || Number(flat) > range.lastFlat)) {
      errors.flatNum = { key: 'doorCodes.error.flatRange', values: { first: range.firstFlat, last: range.lastFlat } };
    }
  }
  const expiresAt = localInputToIso(draft.expires, timeZone);
  if (expiresAt === undefined) errors.expires = { key: 'doorCodes.error.expires' };
  else if (expiresAt !== null && mode.kind !== 'edit' && Date.parse(expiresAt) <= now.getTime()) errors.expires = { key: 'doorCodes.error.expiresPast' };
  if (draft.comment.trim().length > DOOR_CODE_COMMENT_MAX) errors.comment = { key: 'doorCodes.error.comment', values: { max: DOOR_CODE_COMMENT_MAX } };
  return errors;
}

/** The create body of a checked draft: an empty code is left to the server to generate. */
export function createBody(draft: CodeDraft, mode: CodeFormMode, timeZone: string) {
  const code = draft.code.trim();
  return {
    flatNum: mode.kind === 'flat' ? Number(draft.flatNum.trim()) : null,
    ...(code === '' ? {} : { code }),
    expiresAt: localInputToIso(draft.expires, timeZone) ?? null,
    comment: draft.comment.trim() === '' ? null : draft.comment.trim(),
  };
}

/** The update body: only what changed. */
export function updateBody(draft: CodeDraft, current: DoorCode, timeZone: string) {
  const code = draft.code.trim();
  const expiresAt = localInputToIso(draft.expires, timeZone) ?? null;
  const comment = draft.comment.trim() === '' ? null : draft.comment.trim();
  const sameExpiry = expiresAt === null ? current.expiresAt === null : current.expiresAt !== null && isoToLocalInput(current.expiresAt, timeZone) === draft.expires.trim();
  return {
    ...(code === current.code ? {} : { code }),
    ...(sameExpiry ? {} : { expiresAt }),
    ...(comment === current.comment ? {} : { comment }),
  };
}

/**
 * One Idempotency-Key per draft: the same on every attempt at the same body (a lost answer is not a
 * second code), a new one once the body changed or the server took it.
 */
export class DraftKeys {
  private last: { body: string; key: string } | null = null;

  constructor(private readonly make: () => string) {}

  keyFor(body: unknown): string {
    const text = JSON.stringify(body);
    if (this.last?.body !== text) this.last = { body: text, key: this.make() };
    return this.last.key;
  }

  taken(): void {
    this.last = null;
  }
}

// ---------------------------------------------------------------------------
// The flat filter of the device's codes (in the URL)

export const FLAT_FILTER_KEYS = ['flatNum'] as const;
export const CODES_LIST_STATE: ListStateConfig<(typeof FLAT_FILTER_KEYS)[number]> = { filterKeys: FLAT_FILTER_KEYS, firstPage: 1 };

export function doorCodesFilter(state: ListState<(typeof FLAT_FILTER_KEYS)[number]>): DoorCodesFilter {
  const flat = state.filters.flatNum.trim();
  return { page: state.page, ...(isFlatNumber(flat) ? { flatNum: Number(flat) } : {}) };
}

// ---------------------------------------------------------------------------
// Keyless access

export const KEYLESS_FILTER_KEYS = ['service', 'active', 'mac'] as const;
export type KeylessFilterKey = (typeof KEYLESS_FILTER_KEYS)[number];
export const KEYLESS_LIST_STATE: ListStateConfig<KeylessFilterKey> = { filterKeys: KEYLESS_FILTER_KEYS, firstPage: 1 };

export function isKeylessService(value: string): value is KeylessService {
  return (KEYLESS_SERVICES as readonly string[]).includes(value);
}

export function serviceKey(service: KeylessService): FeatureMessageKey {
  return `keyless.service.${service}`;
}

/** The URL's filters as the list query; values a hand-edited URL got wrong are left out. */
export function keylessFilter(state: ListState<KeylessFilterKey>): KeylessFilter {
  const { service, active, mac } = state.filters;
  const normalized = normalizeMac(mac);
  return {
    page: state.page,
    ...(isKeylessService(service) ? { service } : {}),
    ...(active === '1' || active === '0' ? { active } : {}),
    ...(normalized ? { mac: normalized } : {}),
  };
}

/** MACs typed or pasted (spaces, commas, semicolons or lines between them): the good ones normalised, the rest as typed. */
export function parseMacList(text: string): { macs: string[]; bad: string[] } {
  const macs: string[] = [];
  const bad: string[] = [];
  for (const part of text.split(/[\s,;]+/).filter(Boolean)) {
    const mac = normalizeMac(part);
    if (mac === null) bad.push(part);
    else if (!macs.includes(mac)) macs.push(mac);
  }
  return { macs, bad };
}

/** A chosen device of the keyless form, with the house it came from (null: typed). */
export interface ChosenDevice {
  mac: string;
  address: string | null;
}

/** Adds devices once each, keeping the order; at most KEYLESS_MAX_DEVICES. */
export function addDevices(current: readonly ChosenDevice[], added: readonly ChosenDevice[]): { devices: ChosenDevice[]; overflow: boolean } {
  const seen = new Set(current.map((device) => device.mac));
  const devices = [...current];
  let overflow = false;
  for (const device of added) {
    if (seen.has(device.mac)) continue;
    if (devices.length >= KEYLESS_MAX_DEVICES) {
      overflow = true;
      break;
    }
    seen.add(device.mac);
    devices.push(device);
  }
  return { devices, overflow };
}

export interface KeylessDraft {
  service: KeylessService;
  generate: boolean;
  code: string;
  expires: string;
  comment: string;
  devices: ChosenDevice[];
}

export const EMPTY_KEYLESS: KeylessDraft = { service: 'post', generate: true, code: '', expires: '', comment: '', devices: [] };

export type KeylessErrors = Partial<Record<'code' | 'expires' | 'comment' | 'devices', { key: FeatureMessageKey; values?: Record<string, string | number> }>>;

export function checkKeyless(draft: KeylessDraft, timeZone: string, now: Date): KeylessErrors {
  const errors: KeylessErrors = {};
  if (!draft.generate && !DOOR_CODE_PATTERN.test(draft.code.trim())) errors.code = { key: 'doorCodes.error.code' };
  const expiresAt = localInputToIso(draft.expires, timeZone);
  if (expiresAt === undefined) errors.expires = { key: 'doorCodes.error.expires' };
  else if (expiresAt !== null && Date.parse(expiresAt) <= now.getTime()) errors.expires = { key: 'doorCodes.error.expiresPast' };
  if (draft.comment.trim().length > DOOR_CODE_COMMENT_MAX) errors.comment = { key: 'doorCodes.error.comment', values: { max: DOOR_CODE_COMMENT_MAX } };
  if (draft.devices.length === 0) errors.devices = { key: 'keyless.form.noDevices' };
  return errors;
}

export function keylessBody(draft: KeylessDraft, timeZone: string) {
  return {
    service: draft.service,
    ...(draft.generate ? {} : { code: draft.code.trim() }),
    expiresAt: localInputToIso(draft.expires, timeZone) ?? null,
    comment: draft.comment.trim() === '' ? null : draft.comment.trim(),
    macs: draft.devices.map((device) => device.mac),
  };
}
