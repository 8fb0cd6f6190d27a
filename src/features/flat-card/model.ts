import type { AccessAction, AccessOptions, AccessReason, AccessServiceEntry } from '@contract/access';
import { FLAT_SETTING_RULES, TEMPORARY_CODE_MAX_SECONDS, type FlatDeviceSettingsInput, type FlatPermissionsUpdate } from '@contract/flat-card';
import {
  FLAT_DEVICE_SETTING_KEYS,
  FLAT_STATUS,
  type BlockHistoryResponse,
  type DeviceFlatData,
  type Flat,
  type PendingMoveOut,
  type TemporaryCode,
} from '@contract/flats';
import { CARD_TYPES, KEY_TYPES, KEY_VALUE_LENGTHS, type CardType, type FlatKey, type KeyCreate, type KeyType } from '@contract/keys';

/* Pure logic of the flat card: no React, no requests. */

// ---------------------------------------------------------------------------
// Keys

export type FlatKeyKind = KeyType | CardType;
export const FLAT_KEY_KINDS: readonly FlatKeyKind[] = [...KEY_TYPES, ...CARD_TYPES];

/** What an operator types from a label (`04:a2 1f-…`) as the device stores it: bare upper-case hex. */
export function normalizeKeyValue(value: string): string {
  return value.replace(/[\s:.-]/g, '').toUpperCase();
}

export type KeyValueProblem = { kind: 'required' } | { kind: 'hex' } | { kind: 'length'; lengths: string };

/** The server's rule (contract KEY_VALUE_LENGTHS), told in parts so the field can say what is wrong. */
export function checkKeyValue(kind: FlatKeyKind, value: string): KeyValueProblem | null {
  const normalized = normalizeKeyValue(value);
  if (normalized === '') return { kind: 'required' };
  if (!/^[0-9A-F]+$/.test(normalized)) return { kind: 'hex' };
  const lengths = KEY_VALUE_LENGTHS[kind];
  if (!lengths.includes(normalized.length)) return { kind: 'length', lengths: describeLengths(lengths) };
  return null;
}

/** `4–16` for an even run, `8, 14, 20` otherwise. */
export function describeLengths(lengths: readonly number[]): string {
  const run = lengths.every((length, index) => index === 0 || length - lengths[index - 1] === 2);
  return run && lengths.length > 2 ? `${lengths[0]}–${lengths[lengths.length - 1]}` : lengths.join(', ');
}

/** One key of the flat: the same value written to several devices. */
export interface FlatKeyGroup {
  value: string;
  blocked: boolean;
  devices: { mac: string | null; deviceId: string | null; keyId: string | null }[];
}

export function groupFlatKeys(keys: readonly FlatKey[]): FlatKeyGroup[] {
  const groups = new Map<string, FlatKeyGroup>();
  for (const key of keys) {
    const value = key.VALUE ?? '';
    let group = groups.get(value);
    if (!group) {
      group = { value, blocked: false, devices: [] };
      groups.set(value, group);
    }
    group.blocked ||= key.BLOCKED === '1' || key.BLOCKED === 'true';
    group.devices.push({ mac: key.mac, deviceId: key.DEVICE_ID, keyId: key.KEY_ID });
  }
  return [...groups.values()].sort((a, b) => a.value.localeCompare(b.value));
}

/** One keys/create per device of the flat; behind a commutator the key goes to the flat's panel code. */
export function keyCreateRequests(devices: readonly DeviceFlatData[], kind: FlatKeyKind, value: string, flatNum: number): KeyCreate[] {
  const normalized = normalizeKeyValue(value);
  return devices.map((device) => ({
    mac: device.mac,
    value: normalized,
    keyType: kind,
    flatNum,
    ...(device.panelCode === null ? {} : { panelCode: device.panelCode }),
  }));
}

/** The flat's keys without the ones removed from these devices (a removal is applied locally). */
export function withoutKeys(keys: readonly FlatKey[], removed: readonly { deviceId: string | null; keyId: string | null }[]): FlatKey[] {
  return keys.filter((key) => !removed.some((gone) => gone.deviceId === key.DEVICE_ID && gone.keyId === key.KEY_ID));
}

// ---------------------------------------------------------------------------
// Temporary access code

export const HOUR = 3600;
export const DAY = 24 * HOUR;
/** The server refuses a duration over a year (docs/api.md "Flats"). */
export const MAX_CODE_DURATION = TEMPORARY_CODE_MAX_SECONDS;

export const DURATION_PRESETS = [
  { key: 'hour', seconds: HOUR },
  { key: 'day', seconds: DAY },
  { key: 'week', seconds: 7 * DAY },
  { key: 'month', seconds: 30 * DAY },
] as const;
export type DurationPreset = (typeof DURATION_PRESETS)[number]['key'];
export type DurationChoice = DurationPreset | 'custom';
export type DurationUnit = 'hours' | 'days';

/** Seconds of a custom duration; null when it is not a whole positive amount or over a year. */
export function customDuration(amount: string, unit: DurationUnit): number | null {
  if (!/^\d+$/.test(amount.trim())) return null;
  const seconds = Number(amount.trim()) * (unit === 'hours' ? HOUR : DAY);
  return seconds > 0 && seconds <= MAX_CODE_DURATION ? seconds : null;
}

export function durationOf(choice: DurationChoice, amount: string, unit: DurationUnit): number | null {
  if (choice === 'custom') return customDuration(amount, unit);
  return DURATION_PRESETS.find((preset) => preset.key === choice)?.seconds ?? null;
}

export function codeExpiresAt(code: TemporaryCode): number | null {
  const created = Date.parse(code.created);
  return Number.isNaN(created) ? null : created + code.duration * 1000;
}

/** Whole seconds the code has left at `now` (0 once it expired). */
export function codeSecondsLeft(code: TemporaryCode, now: number): number {
  const expires = codeExpiresAt(code);
  return expires === null ? 0 : Math.max(0, Math.floor((expires - now) / 1000));
}

export interface Span {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function splitSeconds(total: number): Span {
  const whole = Math.max(0, Math.floor(total));
  return { days: Math.floor(whole / DAY), hours: Math.floor((whole % DAY) / HOUR), minutes: Math.floor((whole % HOUR) / 60), seconds: whole % 60 };
}

/** `2 д 03:04:05`, `03:04:05`, `04:05`: a countdown that keeps its width while it ticks. */
export function formatCountdown(total: number, dayMark: string): string {
  const { days, hours, minutes, seconds } = splitSeconds(total);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = days > 0 || hours > 0 ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
  return days > 0 ? `${days} ${dayMark} ${clock}` : clock;
}

// ---------------------------------------------------------------------------
// Block history

export interface HistoryRow {
  id: string;
  date: string;
  /** 'flat': the flat's status; 'cms': a CMS block on one device. */
  kind: 'flat' | 'cms';
  /** The operator's login; null for a scheduled or billing change. */
  login: string | null;
  scheduled: boolean;
  mac: string | null;
  /** Null when the record does not say. */
  blocked: boolean | null;
  reason: string | null;
}

function rowsOf(answer: BlockHistoryResponse | undefined, kind: HistoryRow['kind']): HistoryRow[] {
  if (!answer) return [];
  const manual = answer.blockData.map((record, index) => ({
    id: `${kind}-m-${index}`,
    date: record.date,
    kind,
    login: record.login,
    scheduled: false,
    mac: record.mac,
    blocked: record.blocked ?? null,
    reason: record.reason ?? null,
  }));
  const scheduled = answer.scheduleBlockData.map((record, index) => ({
    id: `${kind}-s-${index}`,
    date: record.date,
    kind,
    login: null,
    scheduled: true,
    mac: record.mac,
    blocked: record.blockCms,
    reason: null,
  }));
  return [...manual, ...scheduled];
}

/** Both histories in one list, newest first. */
export function mergeHistory(flat: BlockHistoryResponse | undefined, cms: BlockHistoryResponse | undefined): HistoryRow[] {
  const time = (row: HistoryRow) => Date.parse(row.date) || 0;
  return [...rowsOf(flat, 'flat'), ...rowsOf(cms, 'cms')].sort((a, b) => time(b) - time(a));
}

export function isBlocked(flat: Pick<Flat, 'status'>): boolean {
  return flat.status === FLAT_STATUS.blocked;
}

// ---------------------------------------------------------------------------
// Per-device settings

export type SettingKey = (typeof FLAT_DEVICE_SETTING_KEYS)[number];
export type SettingGroup = 'codes' | 'volumes' | 'levels' | 'handset';

const GROUPS: readonly { group: SettingGroup; keys: readonly SettingKey[]; shown: (device: DeviceFlatData) => boolean }[] = [
  {
    group: 'codes',
    keys: ['doorCode', 'regCode'],
    shown: (device) => device.canFlatDoorCode || device.canFlatRegCode,
  },
  { group: 'volumes', keys: ['musicVolume', 'analogVolume', 'uartVolume', 'panelVolume'], shown: (device) => device.canIndividualLevels },
  { group: 'levels', keys: ['panelCall', 'panelTalk', 'doorOpenLevel', 'uartFrom', 'uartTo'], shown: (device) => device.canIndividualLevels },
  {
    group: 'handset',
    keys: ['thCall', 'thTalk', 'handsetUpLevel', 'handsetDownLevel'],
    shown: (device) => device.canIndividualLevels && device.canCallToHandset,
  },
];

/** The settings a device lets this flat change, by group: its flags decide. */
export function visibleSettings(device: DeviceFlatData): { group: SettingGroup; keys: SettingKey[] }[] {
  return GROUPS.filter(({ shown }) => shown(device))
    .map(({ group, keys }) => ({
      group,
      keys: keys.filter((key) => (key === 'doorCode' ? device.canFlatDoorCode : key === 'regCode' ? device.canFlatRegCode : true)),
    }))
    .filter(({ keys }) => keys.length > 0);
}

export type SettingsForm = Record<SettingKey, string>;

export function settingsForm(device: DeviceFlatData): SettingsForm {
  return Object.fromEntries(FLAT_DEVICE_SETTING_KEYS.map((key) => [key, device[key] ?? ''])) as SettingsForm;
}

export type SettingProblem = { kind: 'digits'; minLength: number; maxLength: number } | { kind: 'range'; min: number; max: number };

/** The server's rule of the field (contract FLAT_SETTING_RULES): codes are digits, the rest whole numbers in a range. Empty clears. */
export function checkSetting(key: SettingKey, value: string): SettingProblem | null {
  const text = value.trim();
  if (text === '') return null;
  const rule = FLAT_SETTING_RULES[key];
  if (rule.kind === 'digits') {
    return /^\d+$/.test(text) && text.length >= rule.minLength && text.length <= rule.maxLength ? null : { kind: 'digits', minLength: rule.minLength, maxLength: rule.maxLength };
  }
  const number = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  return number >= rule.min && number <= rule.max ? null : { kind: 'range', min: rule.min, max: rule.max };
}

/** Only what changed (only keys sent change, docs/api.md); null when nothing did. */
export function settingsChanges(device: DeviceFlatData, form: SettingsForm, shown: readonly SettingKey[]): FlatDeviceSettingsInput | null {
  const changes: FlatDeviceSettingsInput = { mac: device.mac };
  let changed = false;
  for (const key of shown) {
    const next = form[key].trim();
    if (next !== (device[key] ?? '')) {
      changes[key] = next === '' ? null : next;
      changed = true;
    }
  }
  return changed ? changes : null;
}

export function applySettings(device: DeviceFlatData, changes: FlatDeviceSettingsInput): DeviceFlatData {
  const next = { ...device };
  for (const key of FLAT_DEVICE_SETTING_KEYS) if (changes[key] !== undefined) next[key] = changes[key] ?? null;
  return next;
}

// ---------------------------------------------------------------------------
// Access services and permissions

/** A missing label reads «Не определено». */
export function nameOf(list: readonly (AccessReason | AccessAction)[], id: number | null, missing: string): string {
  if (id === null) return missing;
  return list.find((entry) => entry.id === id)?.name ?? missing;
}

export function sourceName(options: AccessOptions, key: string): string {
  return options.sources.find((source) => source.key === key)?.description ?? key;
}

export interface ServiceRow {
  serviceId: number;
  name: string;
  description: string | null;
  access: boolean;
  actionId: number | null;
  reasonId: number | null;
  source: string | null;
}

export interface PermissionRow {
  permissionName: string;
  access: boolean;
  reasonId: number | null;
  comment: string;
}

export interface AccessForm {
  services: ServiceRow[];
  permissions: PermissionRow[];
}

export function accessForm(flat: Pick<Flat, 'accessServices' | 'permissions'>): AccessForm {
  return {
    services: flat.accessServices.map((entry: AccessServiceEntry) => ({
      serviceId: entry.service.id,
      name: entry.service.name,
      description: entry.service.description,
      access: entry.access,
      actionId: entry.action.id,
      reasonId: entry.reason.id,
      source: entry.source,
    })),
    permissions: flat.permissions.map((permission) => ({
      permissionName: permission.permissionName,
      access: permission.access,
      reasonId: permission.reason,
      comment: permission.comment ?? '',
    })),
  };
}

/** A service needs an action and a reason to be sent; answers the first row that lacks one. */
export function incompleteService(form: AccessForm): ServiceRow | null {
  return form.services.find((row) => row.actionId === null || row.reasonId === null) ?? null;
}

export function accessBody(form: AccessForm): FlatPermissionsUpdate {
  return {
    permissions: form.permissions.map((row) => ({
      permissionName: row.permissionName,
      access: row.access,
      reason: row.reasonId,
      comment: row.comment.trim() === '' ? null : row.comment.trim(),
    })),
    accessServices: form.services.map((row) => ({
      service: { id: row.serviceId },
      action: { id: row.actionId ?? 0 },
      reason: { id: row.reasonId ?? 0 },
      access: row.access,
    })),
  };
}

/** The flat as the server keeps it after the save (source becomes the operator's). */
export function applyAccess(flat: Flat, form: AccessForm): Flat {
  return {
    ...flat,
    accessServices: form.services.map((row) => ({
      service: { id: row.serviceId, name: row.name, description: row.description },
      entityId: flat.id,
      reason: { id: row.reasonId ?? 0 },
      action: { id: row.actionId ?? 0 },
      access: row.access,
      source: row.source ?? 'operator',
    })),
    permissions: form.permissions.map((row) => ({
      access: row.access,
      comment: row.comment.trim() === '' ? null : row.comment.trim(),
      flatId: flat.id,
      permissionName: row.permissionName,
      reason: row.reasonId,
    })),
  };
}

// ---------------------------------------------------------------------------
// Move out undo

export interface PendingUndo {
  moveOutId: number;
  undoUntil: string;
  users: number;
  keys: number;
}

/**
 * The server's pending undo with its deadline moved onto this browser's clock: `secondsLeft` from
 * when the answer arrived, so a browser whose clock is off still counts down what the server accepts.
 */
export function onLocalClock(pending: PendingMoveOut, receivedAt: number): PendingMoveOut {
  return { ...pending, undoUntil: new Date(receivedAt + pending.secondsLeft * 1000).toISOString() };
}

/** What the banner says of a pending undo: how many residents and keys it puts back. */
export function pendingUndoOf(pending: PendingMoveOut): PendingUndo {
  return { moveOutId: pending.moveOutId, undoUntil: pending.undoUntil, users: pending.removed.users.length, keys: distinctKeyCount(pending.removed.keys) };
}

/** Keys by value: one key on three devices is one key (the summary lists it once per device). */
export function distinctKeyCount(keys: readonly { value: string }[]): number {
  return new Set(keys.map((key) => key.value)).size;
}

/** How many devices the keys are on. */
export function keyDeviceCount(keys: readonly { mac: string }[]): number {
  return new Set(keys.map((key) => key.mac)).size;
}

export function undoSecondsLeft(undo: Pick<PendingUndo, 'undoUntil'>, now: number): number {
  const until = Date.parse(undo.undoUntil);
  return Number.isNaN(until) ? 0 : Math.max(0, Math.floor((until - now) / 1000));
}
