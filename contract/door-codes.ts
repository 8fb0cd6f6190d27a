import { array, boolean, enums, integer, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { IsoDateTime, MacLike, PageQuery, Pagination, ResultResponse, endpoint, withResult } from './common';
import { FlatRange } from './commutators';
import { Device } from './devices';
import { ServerTextParams } from './server-texts';

// ---------------------------------------------------------------------------
// Door-open codes of one device (/devices/:mac/codes; docs/api.md "Door codes")

/** A door code is 4 to 8 digits; a generated one has DOOR_CODE_GENERATED_LENGTH. */
export const DOOR_CODE_PATTERN = /^\d{4,8}$/;
export const DOOR_CODE_GENERATED_LENGTH = 6;
export const DOOR_CODE_PAGE_SIZE = 50;
/** A comment is at most this long. */
export const DOOR_CODE_COMMENT_MAX = 200;

/**
 * A code stored but not yet taken by its device (ours, docs/api.md "Door codes"): `reason` is the
 * device's last refusal, null while it was not tried yet; `reasonCode` and `reasonParams` name it
 * for other languages (contract/server-texts.ts).
 */
export const OwedCode = type({ reason: nullable(string()), reasonCode: optional(string()), reasonParams: optional(ServerTextParams) });

/**
 * `flatNum` null: the device's common code. `expired`: `expiresAt` has passed. `owed` (ours,
 * optional; the list answers it): null once the device holds the code as stored.
 */
export const DoorCode = type({
  id: number(),
  flatNum: nullable(number()),
  code: string(),
  expiresAt: nullable(string()),
  expired: boolean(),
  comment: nullable(string()),
  createdBy: nullable(string()),
  createdAt: string(),
  updatedAt: string(),
  owed: optional(nullable(OwedCode)),
});
export type DoorCode = Infer<typeof DoorCode>;

/** `flatNum` filters the per-flat codes by flat. */
export const DoorCodesQuery = object({ page: optional(PageQuery), flatNum: optional(PageQuery) });
/**
 * `common` is the common code (null: none); `data` the per-flat codes, by flat number, 50 a page.
 * `canFlatDoorCode`: the device takes per-flat codes. `flatRange` null when it has no entrance.
 * `address`: the device's first house (null: none).
 */
export const DoorCodesResponse = withResult({
  device: Device,
  address: nullable(string()),
  canFlatDoorCode: boolean(),
  flatRange: nullable(FlatRange),
  common: nullable(DoorCode),
  data: array(DoorCode),
  pagination: Pagination,
});
export type DoorCodesResponse = Infer<typeof DoorCodesResponse>;

/**
 * What every code a user makes carries: `code` (omitted on create: the server generates one),
 * `expiresAt` (null or omitted: never expires) and a comment.
 */
const codeFields = {
  code: optional(string()),
  expiresAt: optional(nullable(IsoDateTime)),
  comment: optional(nullable(string())),
};

export const DoorCodeCreate = object({ flatNum: nullable(integer()), ...codeFields });
export type DoorCodeCreate = Infer<typeof DoorCodeCreate>;
/** Only the fields given change; `regenerate: true` replaces the code with a generated one. */
export const DoorCodeUpdate = object({ ...codeFields, regenerate: optional(boolean()) });
export type DoorCodeUpdate = Infer<typeof DoorCodeUpdate>;
export const DoorCodeResponse = withResult({ data: DoorCode });

// ---------------------------------------------------------------------------
// Keyless access (/device/codes): a service's code put on many devices at once

export const KEYLESS_SERVICES = ['post', 'courier', 'emergency', 'utilities', 'cleaning', 'other'] as const;
export type KeylessService = (typeof KEYLESS_SERVICES)[number];
export const KEYLESS_PAGE_SIZE = 20;
/** At most this many devices in one keyless code. */
export const KEYLESS_MAX_DEVICES = 500;
export const KEYLESS_TARGET_STATUSES = ['pending', 'written', 'failed'] as const;

export const KeylessTarget = type({
  mac: MacLike,
  address: nullable(string()),
  status: enums(KEYLESS_TARGET_STATUSES),
  /** Why writing failed (Russian), null otherwise. */
  message: nullable(string()),
  writtenAt: nullable(string()),
});
export type KeylessTarget = Infer<typeof KeylessTarget>;

export const KeylessCode = type({
  id: number(),
  service: enums(KEYLESS_SERVICES),
  code: string(),
  expiresAt: nullable(string()),
  expired: boolean(),
  comment: nullable(string()),
  createdBy: nullable(string()),
  createdAt: string(),
  /** How many devices it was put on, and how that went. */
  devices: type({ total: number(), written: number(), failed: number(), pending: number() }),
});
export type KeylessCode = Infer<typeof KeylessCode>;
/** One code with every device it was put on. */
export const KeylessCodeDetail = type({ ...KeylessCode.schema, targets: array(KeylessTarget) });
export type KeylessCodeDetail = Infer<typeof KeylessCodeDetail>;

/** `service` filters by service, `mac` by a device it was put on, `active` leaves out expired codes. */
export const KeylessCodesQuery = object({
  page: optional(PageQuery),
  service: optional(enums(KEYLESS_SERVICES)),
  mac: optional(MacLike),
  active: optional(enums(['1', '0'])),
});
export const KeylessCodesResponse = withResult({ data: array(KeylessCode), pagination: Pagination });
export const KeylessCodeCreate = object({ service: enums(KEYLESS_SERVICES), ...codeFields, macs: array(MacLike) });
export type KeylessCodeCreate = Infer<typeof KeylessCodeCreate>;
export const KeylessCodeResponse = withResult({ data: KeylessCodeDetail });

export const doorCodeEndpoints = {
  list: endpoint({ method: 'GET', pattern: '/front/devices/:mac/door-codes', query: DoorCodesQuery, response: DoorCodesResponse }),
  create: endpoint({ method: 'POST', pattern: '/front/devices/:mac/door-codes', body: DoorCodeCreate, response: DoorCodeResponse }),
  update: endpoint({ method: 'PUT', pattern: '/front/devices/:mac/door-codes/:id', body: DoorCodeUpdate, response: DoorCodeResponse }),
  remove: endpoint({ method: 'DELETE', pattern: '/front/devices/:mac/door-codes/:id', response: ResultResponse }),
  keylessList: endpoint({ method: 'GET', pattern: '/front/keyless-codes', query: KeylessCodesQuery, response: KeylessCodesResponse }),
  keylessGet: endpoint({ method: 'GET', pattern: '/front/keyless-codes/:id', response: KeylessCodeResponse }),
  keylessCreate: endpoint({ method: 'POST', pattern: '/front/keyless-codes', body: KeylessCodeCreate, response: KeylessCodeResponse }),
  keylessRetry: endpoint({ method: 'POST', pattern: '/front/keyless-codes/:id/retry', response: KeylessCodeResponse }),
  keylessRemove: endpoint({ method: 'DELETE', pattern: '/front/keyless-codes/:id', response: ResultResponse }),
} as const;
