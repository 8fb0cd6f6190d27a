import { array, assign, boolean, enums, integer, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { Flag, MacLike, NonEmptyString, PageQuery, Pagination, ResultResponse, endpoint, map, normalizeMac, withResult } from './common';
import { Device } from './devices';
import { CODED_MESSAGE_FIELDS } from './server-texts';

// ---------------------------------------------------------------------------
// Enumerations

/** Key (coordinate-matrix) systems. */
export const KEY_TYPES = ['Factorial', 'Metakom', 'Cyfral', 'Eltis', 'Vizit'] as const;
export type KeyType = (typeof KEY_TYPES)[number];
export const CARD_TYPES = ['MIFARE', 'RFID'] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const KeyKind = enums([...KEY_TYPES, ...CARD_TYPES]);

/** INNER = 1 means an inner key; anything else an outer one. */
export const KEY_INNER = 1;
export function isInnerKey(inner: number | string | null | undefined): boolean {
  return Number(inner) === KEY_INNER;
}

export const KEY_LIST_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------
// Entities

/** Panel key fields: a key stored in a device. Flags are 0 / 1. */
export const PanelKey = type({
  VALUE: string(),
  FLAT_NUM: nullable(number()),
  IS_SECURITY: Flag,
  AUTHENTIC: Flag,
  USER_LOGIN: nullable(string()),
  KEY_ADDED_DATE: nullable(string()),
  INNER: Flag,
  INC_VALUE: nullable(string()),
  BLOCKED: Flag,
  MAC: MacLike,
});
export type PanelKey = Infer<typeof PanelKey>;

/** Key record on a flat: every field a nullable string. */
const nullableString = () => nullable(string());
export const FlatKey = type({
  AUTHENTIC: nullableString(),
  BUYER_ID: nullableString(),
  CIPHER_ID: nullableString(),
  DEVICE_ID: nullableString(),
  FLAT_ID: nullableString(),
  FLAT_NUM: nullableString(),
  KEY_ID: nullableString(),
  VALUE: nullableString(),
  mac: nullableString(),
  INC_VALUE: nullableString(),
  BLOCKED: nullableString(),
});
export type FlatKey = Infer<typeof FlatKey>;

/** Key list item. */
export const KeyListItem = type({
  VALUE: string(),
  FLAT_NUM: nullable(number()),
  IS_SECURITY: Flag,
  AUTHENTIC: Flag,
  MAC: MacLike,
  HOUSE_UID: nullable(string()),
  ADDRESS: nullable(string()),
});
export type KeyListItem = Infer<typeof KeyListItem>;

/**
 * A row of POST /front/device-keys: the list item and the panel key fields together (docs/api.md),
 * plus ours: the key's id and type, its scenarios and whether it sits on an RS485 controller.
 */
export const DeviceKeyRow = assign(
  KeyListItem,
  PanelKey,
  type({
    KEY_ID: optional(number()),
    KEY_TYPE: optional(nullable(string())),
    SCENARIOS: optional(array(number())),
    RS: optional(Flag),
  }),
);
export type DeviceKeyRow = Infer<typeof DeviceKeyRow>;

/** Duplicate key item. */
export const DuplicateKey = type({
  address: string(),
  mac: MacLike,
  value: string(),
  flatNum: nullable(number()),
  authentic: Flag,
  buyerId: number(),
  deviceId: number(),
  keyId: number(),
  cipherId: nullable(number()),
});
export type DuplicateKey = Infer<typeof DuplicateKey>;

// ---------------------------------------------------------------------------
// Requests and responses

/**
 * `mac` limits the list to one device; `key` searches by value (a prefix, hex, case and separators
 * ignored); `panelCode` by flat code. `rs` (ours, with `mac`): the keys of the device's RS485
 * controllers instead of the panel's own.
 */
export const DeviceKeysRequest = object({
  page: optional(PageQuery),
  key: optional(string()),
  panelCode: optional(nullable(integer())),
  mac: optional(MacLike),
  rs: optional(boolean()),
});
export type DeviceKeysRequest = Infer<typeof DeviceKeysRequest>;
/**
 * `device` is null when no mac was given; `addresses`: MAC → house address. `keyTypes` (ours): the
 * key and card types the device takes (null without a mac); `countCapped` (ours): the cross-device
 * list counted only up to `totalCount` (there are more).
 */
export const DeviceKeysResponse = withResult({
  device: nullable(Device),
  deviceLiveStatus: nullable(boolean()),
  data: array(DeviceKeyRow),
  addresses: map(string()),
  pagination: Pagination,
  keyTypes: optional(nullable(array(KeyKind))),
  countCapped: optional(boolean()),
});
export type DeviceKeysResponse = Infer<typeof DeviceKeysResponse>;

/** Adds a key to a panel code (a flat behind a commutator) or, without panelCode, to a controller. */
export const KeyCreate = object({
  mac: MacLike,
  value: NonEmptyString,
  keyType: KeyKind,
  panelCode: optional(nullable(integer())),
  flatNum: optional(nullable(integer())),
  inner: optional(Flag),
});
export type KeyCreate = Infer<typeof KeyCreate>;
/** How many hex digits a key value of each type holds (docs/api.md "Keys"). */
export const KEY_VALUE_LENGTHS: Readonly<Record<KeyType | CardType, readonly number[]>> = {
  Factorial: [12],
  Metakom: [12],
  Cyfral: [12],
  Eltis: [12],
  Vizit: [12],
  MIFARE: [8, 14, 20],
  RFID: [10, 12],
};
/** The value as stored (upper-case hex, spaces, colons, dots and dashes dropped); null when it does not fit the type. */
export function normalizeKeyValue(keyType: KeyType | CardType, value: string): string | null {
  const hex = value.replace(/[\s:.-]/g, '').toUpperCase();
  return /^[0-9A-F]+$/.test(hex) && KEY_VALUE_LENGTHS[keyType].includes(hex.length) ? hex : null;
}
export const KeyCreateResponse = withResult({ data: optional(PanelKey) });

export const KeysDelete = object({ keys: array(object({ value: NonEmptyString, mac: MacLike })) });
/** `results` (ours): one per requested key, in order; `message` says why one was not deleted. */
export const KeyDeleteResult = type({ value: string(), mac: MacLike, deleted: boolean(), message: nullable(string()), ...CODED_MESSAGE_FIELDS });
export type KeyDeleteResult = Infer<typeof KeyDeleteResult>;
export const KeysDeleteResponse = withResult({ deleted: number(), results: optional(array(KeyDeleteResult)) });

export const NUMBER_SYSTEMS = ['dec', 'hex'] as const;
export const KeysDuplicate = object({ values: array(NonEmptyString), numberSystem: enums(NUMBER_SYSTEMS) });
export const KeysDuplicateResponse = withResult({ data: array(DuplicateKey) });

/**
 * create-key: the panel key fields the operator types; `KEY_TYPE` (ours) checks the value's format
 * (docs/api.md "Keys"), `RS` (ours) puts the key on the device's RS485 controllers.
 */
export const DeviceKeyCreate = object({
  VALUE: NonEmptyString,
  FLAT_NUM: nullable(integer()),
  IS_SECURITY: optional(Flag),
  INNER: optional(Flag),
  AUTHENTIC: optional(Flag),
  KEY_TYPE: optional(KeyKind),
  RS: optional(Flag),
});
export type DeviceKeyCreate = Infer<typeof DeviceKeyCreate>;

export const MULTIPLE_KEY_ACTIONS = ['deleteKeys', 'addScenario', 'deleteScenario'] as const;
export type MultipleKeyAction = (typeof MULTIPLE_KEY_ACTIONS)[number];
/** Scenario numbers a key may run (docs/api.md "Keys"). */
export const KEY_SCENARIO_MIN = 1;
export const KEY_SCENARIO_MAX = 16;
/**
 * `scenario`: the scenario number for addScenario / deleteScenario (1–16). `rs` (ours): the items
 * are keys of the RS485 controllers.
 */
export const DeviceKeysMultiple = object({
  action: enums(MULTIPLE_KEY_ACTIONS),
  items: array(object({ value: NonEmptyString, inner: optional(Flag) })),
  scenario: optional(integer()),
  rs: optional(boolean()),
});
export type DeviceKeysMultiple = Infer<typeof DeviceKeysMultiple>;
/** `failed` (ours): the items not processed, each with the reason. */
export const MultipleKeyFailure = type({ value: string(), inner: Flag, message: string() });
export type MultipleKeyFailure = Infer<typeof MultipleKeyFailure>;
export const DeviceKeysMultipleResponse = withResult({ processed: number(), failed: optional(array(MultipleKeyFailure)) });

/** encode / decode: `inner` and `rs` (ours) pick the key where one value sits twice (an RS controller keeps inner and outer apart). */
export const KeyValueBody = object({ value: NonEmptyString, inner: optional(Flag), rs: optional(boolean()) });

/**
 * `DELETE /front/device/{deviceId}/key/{keyId}/delete` and `DELETE /front/device/{mac}/key/{key}/delete`
 * are one route: `device` is a DEVICE_ID (digits) with a KEY_ID, or a MAC with a key VALUE.
 */
export type DeviceKeyTarget = { kind: 'id'; deviceId: number; keyId: number } | { kind: 'mac'; mac: string; value: string };

export function parseDeviceKeyParams(device: string, key: string): DeviceKeyTarget | null {
  if (/^\d+$/.test(device)) return /^\d+$/.test(key) ? { kind: 'id', deviceId: Number(device), keyId: Number(key) } : null;
  const mac = normalizeMac(device);
  return mac !== null && key !== '' ? { kind: 'mac', mac, value: key } : null;
}

export const keyEndpoints = {
  list: endpoint({ method: 'POST', pattern: '/front/device-keys', body: DeviceKeysRequest, response: DeviceKeysResponse }),
  create: endpoint({ method: 'POST', pattern: '/front/keys/create', body: KeyCreate, response: KeyCreateResponse }),
  remove: endpoint({ method: 'DELETE', pattern: '/front/keys/delete', body: KeysDelete, response: KeysDeleteResponse }),
  duplicates: endpoint({ method: 'POST', pattern: '/front/keys/duplicate', body: KeysDuplicate, response: KeysDuplicateResponse }),
  /** Build with `{ device: deviceId, key: keyId }` or `{ device: mac, key: value }`. */
  removeDeviceKey: endpoint({ method: 'DELETE', pattern: '/front/device/:device/key/:key/delete', response: ResultResponse }),
  removeRsKey: endpoint({ method: 'DELETE', pattern: '/front/device/:mac/rs-key/:key/:inner/delete', response: ResultResponse }),
  createDeviceKey: endpoint({
    method: 'POST',
    pattern: '/front/device-keys/:mac/create-key',
    body: DeviceKeyCreate,
    response: withResult({ data: optional(PanelKey) }),
  }),
  multiple: endpoint({ method: 'POST', pattern: '/front/device-keys/:mac/multiple', body: DeviceKeysMultiple, response: DeviceKeysMultipleResponse }),
  decode: endpoint({ method: 'POST', pattern: '/front/device-keys/:mac/decode', body: KeyValueBody, response: ResultResponse }),
  encode: endpoint({ method: 'POST', pattern: '/front/device-keys/:mac/encode', body: KeyValueBody, response: ResultResponse }),
} as const;
