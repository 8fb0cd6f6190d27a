import { array, boolean, enums, integer, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { IntegerLike, MacLike, NonEmptyString, PageQuery, Pagination, ResultResponse, endpoint, withResult } from './common';
import { ServerTextParams } from './server-texts';

// ---------------------------------------------------------------------------
// Interval: seconds on the wire, weeks on screen

export const SECONDS_PER_WEEK = 604800;

/** Weeks as typed → seconds: rounded up to whole weeks; empty (or not a number, or < 0) → 0. */
export function weeksToSeconds(weeks: string | number | null | undefined): number {
  if (weeks === null || weeks === undefined) return 0;
  const text = String(weeks).trim().replace(',', '.');
  if (text === '') return 0;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.ceil(value) * SECONDS_PER_WEEK;
}

/** Seconds → weeks as shown (divided by 604800). */
export function secondsToWeeks(seconds: number | null | undefined): number {
  return seconds ? seconds / SECONDS_PER_WEEK : 0;
}

// ---------------------------------------------------------------------------
// Entity

/**
 * `internalId`: the company's id in the operator's billing; `codeAccess`: the code its uploads are
 * signed with; `flatNum`: the concierge flat number dialled for it (null: none); `nextExecute`: the
 * next periodic upload (ISO); `interval`: seconds between uploads.
 */
export const ManagementCompany = type({
  id: number(),
  internalId: string(),
  name: string(),
  buyerId: number(),
  codeAccess: nullable(string()),
  active: boolean(),
  nextExecute: nullable(string()),
  flatNum: nullable(number()),
  interval: number(),
});
export type ManagementCompany = Infer<typeof ManagementCompany>;

export const MC_LIST_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------
// Requests and responses

export const McPaginationQuery = object({
  page: optional(PageQuery),
  internalId: optional(string()),
  buyerId: optional(IntegerLike),
  name: optional(string()),
  codeAccess: optional(string()),
  flatNum: optional(IntegerLike),
});
export type McPaginationQuery = Infer<typeof McPaginationQuery>;

export const McResponse = withResult({ data: ManagementCompany });
export const McListResponse = withResult({ data: array(ManagementCompany) });
export const McPageResponse = withResult({ data: array(ManagementCompany), pagination: Pagination });

export const McSet = object({
  id: integer(),
  internalId: NonEmptyString,
  name: NonEmptyString,
  buyerId: integer(),
  codeAccess: nullable(string()),
  active: boolean(),
  nextExecute: nullable(string()),
  flatNum: nullable(integer()),
  interval: integer(),
});
export type McSet = Infer<typeof McSet>;
export const McId = object({ id: integer() });
export const McUploadOne = object({ id: integer(), mac: MacLike });
/** `_csrf` is in the spec's body; the header works too, so the field is optional. */
export const McCreate = object({ internalId: NonEmptyString, name: NonEmptyString, _csrf: optional(string()) });
export type McCreate = Infer<typeof McCreate>;
/** How many devices the upload was queued for. */
export const McUploadResponse = withResult({ devices: number() });

// ---------------------------------------------------------------------------
// Uploads (ours: the screen's progress, retry and device picker; docs/api.md)

export const MC_UPLOAD_KINDS = ['all', 'one'] as const;

/**
 * A device the upload could not reach, and why: the gateway's Russian reason, and (ours, optional)
 * its code and parameters for the client to word it in its language (contract/server-texts.ts).
 */
export const McUploadFailure = type({
  deviceId: number(),
  mac: string(),
  reason: string(),
  reasonCode: optional(string()),
  reasonParams: optional(ServerTextParams),
  at: nullable(string()),
});
export type McUploadFailure = Infer<typeof McUploadFailure>;

/**
 * The company's latest upload: `total` devices, of which `done`, `failed`, `left` (queued or
 * running); `running` while `left` > 0; `finishedAt` when the last device ended (null while running).
 */
export const McUpload = type({
  id: number(),
  kind: enums(MC_UPLOAD_KINDS),
  total: number(),
  done: number(),
  failed: number(),
  left: number(),
  running: boolean(),
  startedAt: string(),
  finishedAt: nullable(string()),
  failures: array(McUploadFailure),
});
export type McUpload = Infer<typeof McUpload>;
/** `data` null: the company was never uploaded. */
export const McUploadStatusResponse = withResult({ data: nullable(McUpload) });

/** A device of the company's houses (upload to one device). */
export const McDeviceHouse = type({ uid: string(), address: string() });
export const McDevice = type({ id: number(), mac: string(), type: number(), statusCode: number(), houses: array(McDeviceHouse) });
export type McDevice = Infer<typeof McDevice>;
export const McDevicesQuery = object({ mac: optional(string()) });
/** `data`: at most MC_DEVICES_LIMIT; `totalCount` (ours, optional): how many match in all, e.g. what «upload to all» reaches. */
export const McDevicesResponse = withResult({ data: array(McDevice), totalCount: optional(number()) });
/** How many devices the company's device search answers at most. */
export const MC_DEVICES_LIMIT = 50;

export const mcEndpoints = {
  get: endpoint({ method: 'GET', pattern: '/front/management-company/:id', response: McResponse }),
  all: endpoint({ method: 'GET', pattern: '/front/management-company', response: McListResponse }),
  page: endpoint({ method: 'GET', pattern: '/front/management-company/pagination', query: McPaginationQuery, response: McPageResponse }),
  set: endpoint({ method: 'POST', pattern: '/front/management-company/set', body: McSet, response: McResponse }),
  disable: endpoint({ method: 'POST', pattern: '/front/management-company/disable', body: McId, response: ResultResponse }),
  uploadAll: endpoint({ method: 'POST', pattern: '/front/management-company/upload-all', body: McId, response: McUploadResponse }),
  uploadOne: endpoint({ method: 'POST', pattern: '/front/management-company/upload-one', body: McUploadOne, response: McUploadResponse }),
  create: endpoint({ method: 'POST', pattern: '/front/management-company/create', body: McCreate, response: McResponse }),
  uploadStatus: endpoint({ method: 'GET', pattern: '/front/management-company/:id/upload', response: McUploadStatusResponse }),
  uploadRetry: endpoint({ method: 'POST', pattern: '/front/management-company/upload-retry', body: McId, response: McUploadResponse }),
  devices: endpoint({ method: 'GET', pattern: '/front/management-company/:id/devices', query: McDevicesQuery, response: McDevicesResponse }),
} as const;
