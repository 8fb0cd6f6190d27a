import { array, boolean, enums, integer, nullable, number, object, optional, pattern, size, string, type, type Infer } from 'superstruct';
import { IntegerLike, IsoDateTime, PageQuery, Pagination, ResultResponse, endpoint, withResult } from './common';

// ---------------------------------------------------------------------------
// Support's view of the field (docs/api.md "Field"): each installer's app reports a summary of its
// send queue whenever it has signal; support reads the latest report of every device.

export const FIELD_PAGE_SIZE = 20;
/** A report with no newer one for this many days is stale (the list's default). */
export const FIELD_STALE_DAYS = 1;
export const FIELD_STALE_DAYS_MAX = 365;
/** Drafts not touched for this many days are listed in the report. */
export const FIELD_DRAFT_IDLE_DAYS = 3;
/** The most jobs and drafts one report names (the counts cover all of them). */
export const FIELD_MAX_JOBS = 50;
export const FIELD_MAX_DRAFTS = 20;
/** A report's JSON is cut to this many bytes by the app (lists shortened, counts kept). */
export const FIELD_REPORT_MAX_BYTES = 5120;
/** A device's app makes one install id (a UUID) and keeps it. */
export const FIELD_INSTALL_ID = /^[A-Za-z0-9-]{8,64}$/;

const Text = (max: number) => size(string(), 0, max);
const Count = size(integer(), 0, 1_000_000);

/** A job the server refused (or that waits for a login): what support needs to see, never its body. */
export const FieldJob = object({
  /** The job's number on the device (its outbox id). */
  id: size(integer(), 0, Number.MAX_SAFE_INTEGER),
  kind: Text(60),
  status: enums(['needs-attention', 'paused']),
  mac: nullable(Text(40)),
  house: nullable(Text(300)),
  /** The HTTP status of the server's last answer; null when no answer came. */
  httpStatus: nullable(size(integer(), 0, 999)),
  /** The server's reason, in its words (secrets masked). */
  error: nullable(Text(300)),
  attempts: Count,
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type FieldJob = Infer<typeof FieldJob>;

/** A draft nobody has touched for FIELD_DRAFT_IDLE_DAYS days: its kind, title and target, never its data. */
export const FieldDraft = object({
  kind: Text(40),
  title: Text(200),
  mac: nullable(Text(40)),
  house: nullable(Text(300)),
  updatedAt: IsoDateTime,
});
export type FieldDraft = Infer<typeof FieldDraft>;

/** navigator.storage: `persisted` null when the browser does not say; bytes null likewise. */
export const FieldStorage = object({
  persisted: nullable(boolean()),
  usage: nullable(size(number(), 0, Number.MAX_SAFE_INTEGER)),
  quota: nullable(size(number(), 0, Number.MAX_SAFE_INTEGER)),
});
export type FieldStorage = Infer<typeof FieldStorage>;

export const FieldCounts = object({
  /** Jobs still to be sent on their own (queued or sending). */
  waiting: Count,
  needsAttention: Count,
  /** Jobs held after a 401 until the installer logs in. */
  paused: Count,
  drafts: Count,
  idleDrafts: Count,
});
export type FieldCounts = Infer<typeof FieldCounts>;

/**
 * What the app sends. `generatedAt` names the report: the same report sent twice is stored once.
 * `lastSyncAt`: the last time the app's queue reached the server.
 */
export const FieldReport = object({
  installId: pattern(string(), FIELD_INSTALL_ID),
  appVersion: Text(40),
  generatedAt: IsoDateTime,
  lastSyncAt: nullable(IsoDateTime),
  counts: FieldCounts,
  jobs: size(array(FieldJob), 0, FIELD_MAX_JOBS),
  idleDrafts: size(array(FieldDraft), 0, FIELD_MAX_DRAFTS),
  storage: nullable(FieldStorage),
});
export type FieldReport = Infer<typeof FieldReport>;

/** One installer in the list: the sums over their devices' latest reports. */
export const FieldInstaller = type({
  userId: number(),
  login: string(),
  /** The user's comment (usually the name). */
  name: nullable(string()),
  /** Devices that have reported. */
  installs: number(),
  /** The newest report's arrival; null: never reported. */
  lastReportAt: nullable(string()),
  lastSyncAt: nullable(string()),
  waiting: number(),
  needsAttention: number(),
  idleDrafts: number(),
  /** No report for `staleDays` (or none at all). */
  stale: boolean(),
  /** Some device's storage may be evicted by the browser. */
  storageNotPersistent: boolean(),
});
export type FieldInstaller = Infer<typeof FieldInstaller>;

/**
 * `attention=1`: only installers with jobs needing attention; `staleDays`: only those with no
 * report for that many days (also what "stale" means in the answer, default FIELD_STALE_DAYS);
 * `login`: part of the login or name.
 */
export const FieldListQuery = object({
  page: optional(PageQuery),
  attention: optional(enums(['1', '0'])),
  staleDays: optional(IntegerLike),
  login: optional(string()),
});
export type FieldListQuery = Infer<typeof FieldListQuery>;

/** `totals` count the whole scope, not the filtered page. */
export const FieldListResponse = withResult({
  data: array(FieldInstaller),
  pagination: Pagination,
  totals: type({ installers: number(), needsAttention: number(), stale: number(), storageNotPersistent: number() }),
  staleDays: number(),
});
export type FieldListResponse = Infer<typeof FieldListResponse>;

/** One device of an installer, as its latest report says. */
export const FieldInstall = type({
  installId: string(),
  appVersion: string(),
  userAgent: nullable(string()),
  receivedAt: string(),
  generatedAt: string(),
  lastSyncAt: nullable(string()),
  stale: boolean(),
  counts: FieldCounts,
  jobs: array(FieldJob),
  idleDrafts: array(FieldDraft),
  storage: nullable(FieldStorage),
});
export type FieldInstall = Infer<typeof FieldInstall>;

export const FieldHistoryEntry = type({
  installId: string(),
  receivedAt: string(),
  waiting: number(),
  needsAttention: number(),
});
export type FieldHistoryEntry = Infer<typeof FieldHistoryEntry>;

export const FieldInstallerResponse = withResult({
  data: type({
    userId: number(),
    login: string(),
    name: nullable(string()),
    installs: array(FieldInstall),
    /** The recent reports of every device, newest first. */
    history: array(FieldHistoryEntry),
  }),
  staleDays: number(),
});
export type FieldInstallerResponse = Infer<typeof FieldInstallerResponse>;

export const fieldEndpoints = {
  report: endpoint({ method: 'POST', pattern: '/front/field/report', body: FieldReport, response: ResultResponse }),
  list: endpoint({ method: 'GET', pattern: '/front/field', query: FieldListQuery, response: FieldListResponse }),
  installer: endpoint({ method: 'GET', pattern: '/front/field/:userId', query: object({ staleDays: optional(IntegerLike) }), response: FieldInstallerResponse }),
} as const;
