import { array, boolean, enums, integer, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { OptionalDeviceAddress } from './device-fields';
import {
  BooleanLike,
  coerceWhen,
  IntegerLike,
  MacLike,
  NonEmptyString,
  PageQuery,
  Pagination,
  Scalar,
  endpoint,
  listLike,
  map,
  withResult,
} from './common';

// ---------------------------------------------------------------------------
// Enumerations

/** Device type names; the numeric type is the index (0..15). */
export const DEVICE_TYPE_NAMES = [
  'IMD1_B',
  'SPUTNIK',
  'BEWARD',
  'BEWARD_SD06M',
  'HIKVISION',
  'ISCOM_X0',
  'ISCOM_X1',
  'HIKVISION_KV8113',
  'HIKVISION_KV6113_WPE1_B',
  'HIKVISION_DS_KD8103_E6',
  'BEWARD_ISCOM',
  'ISCOM_RWE',
  'ISCOM_S2',
  'BEWARD_DKS977957',
  'ISCOM_CLOUD',
  'RUBETEK_RV_3434',
] as const;
export type DeviceTypeName = (typeof DEVICE_TYPE_NAMES)[number];
export const DEVICE_TYPE_IDS: readonly number[] = DEVICE_TYPE_NAMES.map((_name, index) => index);
export const DeviceType = enums(DEVICE_TYPE_IDS);

export function deviceTypeName(type: number): DeviceTypeName | null {
  return DEVICE_TYPE_NAMES[type] ?? null;
}

export function deviceTypeId(name: DeviceTypeName): number {
  return DEVICE_TYPE_NAMES.indexOf(name);
}

/** Extra settings are allowed for these types only. */
export const EXTRA_SETTINGS_TYPES: readonly number[] = [deviceTypeId('ISCOM_X1'), deviceTypeId('BEWARD_ISCOM')];
export function hasExtraSettings(type: number): boolean {
  return EXTRA_SETTINGS_TYPES.includes(type);
}

/** Hardware revision values, kept in the option `systemInfo.revision`. */
export const HARDWARE_REVISIONS = [2, 5] as const;
export const HardwareRevision = enums(HARDWARE_REVISIONS);

/**
 * Device status codes. The spec fixes only 3 (brought / reset); the others are ours
 * (docs/api.md).
 */
export const DEVICE_STATUS = { new: 0, active: 1, disabled: 2, reset: 3 } as const;
export const DEVICE_STATUS_CODES = [0, 1, 2, 3] as const;
export const DeviceStatusCode = enums(DEVICE_STATUS_CODES);

/** Relay status codes (ours): 1 in service, 0 out of service. */
export const RELAY_STATUS = { inactive: 0, active: 1 } as const;

/** Capabilities a device may list; each gates one feature of the card. Others are tolerated. */
export const DEVICE_CAPABILITIES = [
  'keys',
  'rsKeys',
  'codes',
  'commutators',
  'power',
  'dialings',
  'rs485',
  'audio',
  'display',
  'levels',
  'echoCancellation',
  'mifare',
  'autoCollectKeys',
  'camera',
  'firmware',
  'history',
] as const;
export type DeviceCapability = (typeof DEVICE_CAPABILITIES)[number];

// ---------------------------------------------------------------------------
// Device option values

/** Audio volumes of a device, 0..100. */
export const AudioSettings = type({
  musicVolume: number(),
  analogVolume: number(),
  uartVolume: number(),
  panelVolume: number(),
});
export type AudioSettings = Infer<typeof AudioSettings>;

/** The device's text screen. */
export const DisplaySettings = type({
  welcomeText: string(),
  infoText: string(),
  brightness: number(),
});
export type DisplaySettings = Infer<typeof DisplaySettings>;
export const DISPLAY_OPTION_NAMES = ['welcomeText', 'infoText', 'brightness'] as const;
export const DisplayOptionName = enums(DISPLAY_OPTION_NAMES);

/** Line voltage thresholds of the analogue handsets (shown as "voltage levels"). */
export const VoltageLevels = type({
  panelCall: number(),
  panelTalk: number(),
  thCall: number(),
  thTalk: number(),
  handsetUpLevel: number(),
  handsetDownLevel: number(),
  doorOpenLevel: number(),
});
export type VoltageLevels = Infer<typeof VoltageLevels>;

/**
 * Device options: a map, so every key is optional and unknown keys are kept. An empty
 * map may arrive as `[]`.
 */
const DeviceOptionsShape = type({
  url: optional(string()),
  login: optional(string()),
  password: optional(string()),
  SHIFT: optional(nullable(number())),
  VENDOR: optional(nullable(string())),
  billing_bsName: optional(nullable(string())),
  billing_bsPort: optional(nullable(string())),
  billing_ponName: optional(nullable(string())),
  billing_ponMac: optional(nullable(string())),
  billing_fiasId: optional(nullable(string())),
  billing_porchNum: optional(nullable(string())),
  billing_executorId: optional(nullable(string())),
  devicePurpose: optional(nullable(number())),
  deviceOwner: optional(nullable(string())),
  apiPort: optional(nullable(number())),
  rtspPort: optional(nullable(number())),
  sipPort: optional(nullable(number())),
  isMifare: optional(boolean()),
  autoCollectKeys: optional(boolean()),
  sos: optional(string()),
  conciergeApartment: optional(number()),
  audio: optional(nullable(AudioSettings)),
  display: optional(nullable(DisplaySettings)),
  voltage: optional(nullable(VoltageLevels)),
  echoCancellationType: optional(nullable(number())),
  streamType: optional(nullable(number())),
  'systemInfo.revision': optional(nullable(HardwareRevision)),
});
export const DeviceOptions = coerceWhen(DeviceOptionsShape, Array.isArray, () => ({}));
export type DeviceOptions = Infer<typeof DeviceOptions>;

/** The billing option keys the card lists as billingOptions. */
export const BILLING_OPTION_KEYS = [
  'billing_bsName',
  'billing_bsPort',
  'billing_ponName',
  'billing_ponMac',
  'billing_fiasId',
  'billing_porchNum',
  'billing_executorId',
] as const;

/** An option update: the changed keys only, flat scalars (nested values go through their own calls). */
export const OptionsUpdate = map(Scalar);

// ---------------------------------------------------------------------------
// Entities

/** SIP account. The password is the account's secret ({key}). */
export const SipAccount = type({
  id: number(),
  login: string(),
  password: string(),
  domain: string(),
  port: number(),
  type: string(),
  flat_num: nullable(number()),
  house_uid: nullable(string()),
  userId: nullable(number()),
  buyer_id: number(),
});
export type SipAccount = Infer<typeof SipAccount>;
/** SIP transports we accept as `type`. */
export const SIP_TYPES = ['udp', 'tcp', 'tls'] as const;

/** `entrance` is an entrance uid, or '' for a relay not bound to an entrance. */
export const Relay = type({ id: number(), statusCode: number(), entrance: string() });
export type Relay = Infer<typeof Relay>;

/** Device. `houses` are house uids. */
export const Device = type({
  mac: MacLike,
  buyerId: number(),
  type: DeviceType,
  statusCode: number(),
  createDate: string(),
  updateDate: string(),
  options: DeviceOptions,
  houses: array(string()),
  capabilities: array(string()),
  sipAccount: nullable(SipAccount),
  relays: array(Relay),
});
export type Device = Infer<typeof Device>;

/** Device status. `externalExists` is null when the external system was not asked. */
export const DeviceStatus = type({
  liveStatus: boolean(),
  sipStatus: boolean(),
  rtspStatus: boolean(),
  externalExists: nullable(boolean()),
});
export type DeviceStatus = Infer<typeof DeviceStatus>;

export const DeviceListEntrance = type({ mac: MacLike, entranceUid: string(), title: string(), houseUid: string() });
export const DeviceListHouse = type({ address: string(), entrances: array(DeviceListEntrance) });

/** A device list row; BUYER_NAME is ours (the buyer's name, so the list need not show a number). */
export const DeviceListRow = type({
  DEVICE_ID: number(),
  MAC: MacLike,
  BUYER_ID: number(),
  BUYER_NAME: optional(string()),
  STATUS_CODE: number(),
  CREATE_DATE: string(),
  LAST_CHANGE: string(),
  TYPE: DeviceType,
  houses: map(DeviceListHouse),
});
export type DeviceListRow = Infer<typeof DeviceListRow>;

// ---------------------------------------------------------------------------
// Requests

export const DEVICE_LIST_PAGE_SIZE = 20;
export const DEVICE_LIST_SORT_FIELDS = ['DEVICE_ID', 'MAC', 'BUYER_ID', 'STATUS_CODE', 'CREATE_DATE', 'LAST_CHANGE', 'TYPE'] as const;
/** A sort field, '-' in front for descending (`-LAST_CHANGE`). */
export const DeviceListSort = enums([...DEVICE_LIST_SORT_FIELDS, ...DEVICE_LIST_SORT_FIELDS.map((field) => `-${field}` as const)]);

/** Device list filters. `mac` matches a part of the address; dates are ISO. */
export const DeviceListQuery = object({
  page: optional(PageQuery),
  sort: optional(DeviceListSort),
  mac: optional(string()),
  houseUid: optional(string()),
  status: optional(IntegerLike),
  mcId: optional(IntegerLike),
  type: optional(IntegerLike),
  createDateFrom: optional(string()),
  createDateTo: optional(string()),
  lastChangeFrom: optional(string()),
  lastChangeTo: optional(string()),
  /** Only the devices out of sync: changes owed, or the last read-back differed (docs/api.md "Device sync"). */
  outOfSync: optional(BooleanLike),
});
export type DeviceListQuery = Infer<typeof DeviceListQuery>;
export const DeviceListResponse = withResult({ data: array(DeviceListRow), pagination: Pagination });
export type DeviceListResponse = Infer<typeof DeviceListResponse>;

export const DeviceStatusesQuery = object({ macs: listLike(MacLike) });
/** MAC → status. */
export const DeviceStatusesResponse = withResult({ data: map(DeviceStatus) });

/** The create-device body is not shown in the spec (docs/api.md). */
export const DeviceCreate = object({
  mac: MacLike,
  type: DeviceType,
  buyerId: optional(integer()),
  url: optional(OptionalDeviceAddress),
  login: optional(string()),
  password: optional(string()),
  revision: optional(HardwareRevision),
  houses: optional(array(NonEmptyString)),
});
export type DeviceCreate = Infer<typeof DeviceCreate>;
export const DeviceCreateResponse = withResult({ data: optional(Device) });

export const MultipleSetGroups = object({ macs: array(MacLike), groups: array(integer()), clearOld: BooleanLike });
export type MultipleSetGroups = Infer<typeof MultipleSetGroups>;

export const MacsFromHouseQuery = object({ houseUid: NonEmptyString });
export const MacsFromHouseResponse = withResult({ data: array(MacLike) });

export const deviceEndpoints = {
  list: endpoint({ method: 'GET', pattern: '/front/device-list/get-list', query: DeviceListQuery, response: DeviceListResponse }),
  statuses: endpoint({ method: 'GET', pattern: '/front/device-list/get-statuses', query: DeviceStatusesQuery, response: DeviceStatusesResponse }),
  create: endpoint({ method: 'POST', pattern: '/front/device-list/create-device', body: DeviceCreate, response: DeviceCreateResponse }),
  multipleSetGroups: endpoint({
    method: 'POST',
    pattern: '/front/device-list/multiple-set-groups',
    body: MultipleSetGroups,
    response: withResult({ updated: optional(number()) }),
  }),
  macsFromHouse: endpoint({ method: 'GET', pattern: '/front/devices/get-macs-from-house', query: MacsFromHouseQuery, response: MacsFromHouseResponse }),
} as const;
