import { array, boolean, enums, nullable, number, optional, string, type, type Infer } from 'superstruct';
import { MacLike, withResult, type PathParams } from './common';
import { AccessOptions, AccessServiceEntry } from './access';
import { AbonentUnit } from './commutators';
import { Entrance } from './entrances';
import { House } from './houses';
import { FlatKey } from './keys';

// ---------------------------------------------------------------------------
// The flat path parameter: `{house}:{flat}` joined by a colon

/** `houseUid:flatNum`, the value of the `:flat` path parameter. */
export function flatKey(houseUid: string, flatNum: number | string): string {
  return `${houseUid}:${flatNum}`;
}

/** Path parameters for the flat calls: `flatEndpoints.get.path(flatParams(houseUid, 12))`. */
export function flatParams(houseUid: string, flatNum: number | string): { flat: string } {
  return { flat: flatKey(houseUid, flatNum) };
}

/** Splits at the last colon: a house uid may hold one, a flat number never does. */
function splitFlatKey(key: string): { house: string; flat: string } | null {
  const at = key.lastIndexOf(':');
  if (at <= 0 || at === key.length - 1) return null;
  return { house: key.slice(0, at), flat: key.slice(at + 1) };
}

/** Encodes each side and keeps the joining colon literal: `дом 1:12` → `%D0%B4…%201:12`. */
export function encodeFlatKey(key: string): string {
  const parts = splitFlatKey(key);
  if (!parts) throw new Error(`Not a flat key "{house}:{flat}": "${key}"`);
  return `${encodeURIComponent(parts.house)}:${encodeURIComponent(parts.flat)}`;
}

/** The server's reading of the (already URL-decoded) `:flat` parameter; null when malformed. */
export function parseFlatKey(param: string): { houseUid: string; flatNum: number } | null {
  const parts = splitFlatKey(param);
  if (!parts || !/^\d+$/.test(parts.flat)) return null;
  const flatNum = Number(parts.flat);
  return flatNum > 0 && Number.isSafeInteger(flatNum) ? { houseUid: parts.house, flatNum } : null;
}

/** A path builder for patterns holding `:flat`: the flat key keeps its colon, other params are encoded. */
export function flatPath<P extends string>(pattern: P): (params: PathParams<P>) => string {
  return (params) => {
    const values = params as Record<string, string | number>;
    return pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
      const value = values[name];
      if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${pattern}`);
      return name === 'flat' ? encodeFlatKey(String(value)) : encodeURIComponent(String(value));
    });
  };
}

// ---------------------------------------------------------------------------
// Enumerations (the spec does not show them; docs/api.md)

export const FLAT_STATUS = { active: 0, blocked: 1 } as const;
export const FLAT_STATUS_CODES = [0, 1] as const;
export const FlatStatus = enums(FLAT_STATUS_CODES);

/** The `{history-kind}` segment: operator and scheduled blocks, or CMS blocks of the flat's devices. */
export const FLAT_HISTORY_KINDS = ['block-history', 'cms-block-history'] as const;
export type FlatHistoryKind = (typeof FLAT_HISTORY_KINDS)[number];
export const FlatHistoryKindStruct = enums(FLAT_HISTORY_KINDS);

// ---------------------------------------------------------------------------
// Entities

export const FlatUserAccount = type({ id: number(), login: string(), password: string(), domain: string(), port: number() });
export const FlatUser = type({
  id: number(),
  buyerId: number(),
  login: string(),
  password: string(),
  accounts: array(FlatUserAccount),
});
export type FlatUser = Infer<typeof FlatUser>;

export const FlatPermission = type({
  access: boolean(),
  comment: nullable(string()),
  flatId: number(),
  permissionName: string(),
  reason: nullable(number()),
});
export type FlatPermission = Infer<typeof FlatPermission>;

/** `duration` in seconds; `entrances`: uids the code opens. */
export const TemporaryCode = type({
  flatId: number(),
  tempCode: string(),
  created: string(),
  duration: number(),
  entrances: array(string()),
});
export type TemporaryCode = Infer<typeof TemporaryCode>;

/** `entrances`: uids of the entrances the flat belongs to. */
export const Flat = type({
  id: number(),
  buyerId: number(),
  flatNum: number(),
  letter: nullable(string()),
  houseUid: string(),
  status: number(),
  users: array(FlatUser),
  abonentUnits: array(AbonentUnit),
  entrances: array(string()),
  permissions: array(FlatPermission),
  accessServices: array(AccessServiceEntry),
  temporaryCode: nullable(TemporaryCode),
});
export type Flat = Infer<typeof Flat>;

const nullableString = () => nullable(string());
export const DeviceFlatData = type({
  mac: MacLike,
  blockCMS: boolean(),
  type: number(),
  panelCode: nullable(number()),
  canFlatBlockCms: boolean(),
  canFlatDoorCode: boolean(),
  canFlatRegCode: boolean(),
  canCallToHandset: boolean(),
  canIndividualLevels: boolean(),
  canSendPush: boolean(),
  canSaveRealtime: boolean(),
  isGate: boolean(),
  doorCode: nullableString(),
  musicVolume: nullableString(),
  analogVolume: nullableString(),
  uartVolume: nullableString(),
  panelVolume: nullableString(),
  handsetDownLevel: nullableString(),
  panelCall: nullableString(),
  panelTalk: nullableString(),
  thTalk: nullableString(),
  thCall: nullableString(),
  uartFrom: nullableString(),
  uartTo: nullableString(),
  doorOpenLevel: nullableString(),
  handsetUpLevel: nullableString(),
  regCode: nullableString(),
});
export type DeviceFlatData = Infer<typeof DeviceFlatData>;
/** The per-device settings a flat may change (the nullable strings of DeviceFlatData). */
export const FLAT_DEVICE_SETTING_KEYS = [
  'doorCode',
  'musicVolume',
  'analogVolume',
  'uartVolume',
  'panelVolume',
  'handsetDownLevel',
  'panelCall',
  'panelTalk',
  'thTalk',
  'thCall',
  'uartFrom',
  'uartTo',
  'doorOpenLevel',
  'handsetUpLevel',
  'regCode',
] as const;

// ---------------------------------------------------------------------------
// Responses

/** `message`: the reference server always sends it (null on success), as the flat card's answer lists it. */
export const FlatDataResponse = withResult({
  users: array(FlatUser),
  deviceData: array(DeviceFlatData),
  entrances: array(Entrance),
  flat: Flat,
  house: House,
  hasSchedule: boolean(),
  /** When the next scheduled block starts (ISO); null without a schedule. */
  scheduleNext: nullable(string()),
  keys: array(FlatKey),
  accessOptions: AccessOptions,
  temporaryCode: nullable(TemporaryCode),
});
export type FlatDataResponse = Infer<typeof FlatDataResponse>;

export const ScheduleBlockRecord = type({ mac: nullable(string()), date: string(), blockCms: boolean() });
/** `blocked` and `reason` (ours, optional): whether the record blocked or unblocked, and why. */
export const BlockRecord = type({
  mac: nullable(string()),
  date: string(),
  login: nullable(string()),
  userId: nullable(number()),
  blocked: optional(boolean()),
  reason: optional(nullable(string())),
});
/** `mac`: the device asked about (query mac), null for the whole flat. */
export const BlockHistoryResponse = withResult({
  mac: nullable(string()),
  scheduleBlockData: array(ScheduleBlockRecord),
  blockData: array(BlockRecord),
});
export type BlockHistoryResponse = Infer<typeof BlockHistoryResponse>;
