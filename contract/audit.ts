import { array, boolean, define, is, nullable, number, object, optional, record, string, type, unknown, type Infer } from 'superstruct';
import { IsoDateTime, endpoint, fromString, parseQueryNumber, withResult } from './common';

// ---------------------------------------------------------------------------
// The audit trail (docs/api.md "Audit"): one record per mutating request, with the changes it made.

/** The kinds of object a record or a change names (the list's «what» filter). */
export const AUDIT_TARGET_KINDS = [
  'device',
  'flat',
  'user',
  'house',
  'entrance',
  'group',
  'buyer',
  'key',
  'door-code',
  'keyless-code',
  'temporary-code',
  'access-action',
  'access-reason',
  'management-company',
  'permission',
  'session',
] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/**
 * What a change did to its object: created, changed fields, deleted; a permission granted or
 * revoked; a user or key added to or removed from a flat; a flat moved out of; an import applied;
 * a code or key sent to a device again.
 */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'grant', 'revoke', 'add', 'remove', 'move-out', 'import', 'resend'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 100;
/** What a masked secret reads as, before and after. */
export const AUDIT_MASK = '••••••';
/** The records' default lifetime (AUDIT_RETENTION_DAYS). */
export const AUDIT_DEFAULT_RETENTION_DAYS = 400;

/** `2026-11-27T10:00:00.123456Z_42`: the last record of a page (time and id), the next page starts after it. */
const CURSOR_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z_\d{1,18}$/;
export const AuditCursor = define<string>(
  'AuditCursor',
  // The time part is a real instant PostgreSQL takes (no 30 February, no year 0).
  (value) => typeof value === 'string' && CURSOR_PATTERN.test(value) && is(value.slice(0, value.lastIndexOf('_')), IsoDateTime),
);
const TextFilter = (name: string, max: number) =>
  define<string>(name, (value) => typeof value === 'string' && value.trim().length > 0 && value.length <= max && !value.includes('\u0000'));
const PerPage = define<number>('PerPage', (value) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= AUDIT_MAX_PAGE_SIZE);

/**
 * The list's filters: `login` who (exact, any case), `targetKind` + `targetId` what, `route` the
 * route as recorded (`PUT /front/devices/:mac/status`), dates as ISO instants (the history's
 * date filter), `cursor` the page after the previous one's `nextCursor`.
 */
export const AuditQuery = object({
  login: optional(TextFilter('Login', 100)),
  targetKind: optional(TextFilter('TargetKind', 40)),
  targetId: optional(TextFilter('TargetId', 200)),
  route: optional(TextFilter('Route', 200)),
  dateFrom: optional(IsoDateTime),
  dateTo: optional(IsoDateTime),
  cursor: optional(AuditCursor),
  perPage: optional(fromString(PerPage, parseQueryNumber)),
});
export type AuditQuery = Infer<typeof AuditQuery>;

/** One changed field: a dotted path; secrets read AUDIT_MASK on both sides. */
export const AuditChange = type({ field: string(), before: unknown(), after: unknown() });
export type AuditChange = Infer<typeof AuditChange>;

const AuditObjectRef = type({ kind: string(), id: string(), label: string() });

/**
 * One change a request made, said by the code that made it: the object by kind, id and name, the
 * action, the changed fields before and after (`field` → value; null where the object did not
 * exist before or is gone after; secrets read AUDIT_MASK), and the object it was done in (a key's
 * flat, a permission's user), null when none.
 */
export const AuditChangeRow = type({
  kind: string(),
  id: string(),
  label: string(),
  action: string(),
  before: nullable(record(string(), unknown())),
  after: nullable(record(string(), unknown())),
  parent: nullable(AuditObjectRef),
});
export type AuditChangeRow = Infer<typeof AuditChangeRow>;

export const AuditRecord = type({
  id: number(),
  at: string(),
  userId: nullable(number()),
  userLogin: nullable(string()),
  userRoles: nullable(string()),
  buyerId: nullable(number()),
  ip: nullable(string()),
  userAgent: nullable(string()),
  outbox: boolean(),
  idempotencyKey: nullable(string()),
  method: string(),
  route: string(),
  targetKind: nullable(string()),
  targetId: nullable(string()),
  targets: record(string(), string()),
  /** What the request changed, in the order it was done; empty for a refusal and for records of routes that say nothing. */
  changes: array(AuditChangeRow),
  /** Only where the request recorded no changes: the target's fields compared (null for a refusal, or where nothing could be compared). */
  diff: nullable(array(AuditChange)),
  /** 'changes': see `changes`; 'snapshot': the target's stored fields read before and after; 'request': the request's fields only. */
  diffSource: nullable(string()),
  status: number(),
  message: nullable(string()),
});
export type AuditRecord = Infer<typeof AuditRecord>;

export const AuditResponse = withResult({ data: array(AuditRecord), nextCursor: nullable(string()) });
export type AuditResponse = Infer<typeof AuditResponse>;

export const auditEndpoints = {
  list: endpoint({ method: 'GET', pattern: '/front/audit', query: AuditQuery, response: AuditResponse }),
} as const;
