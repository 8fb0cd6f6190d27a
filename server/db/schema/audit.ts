import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** One changed field of an audit record: a dotted path (`options.audio.volume`), masked where secret. */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The audit trail (docs/api.md "Audit"): one row per mutating request, written in the request's
 * transaction where it has one. Append-only: a trigger (migration 0014) refuses UPDATE, TRUNCATE
 * and DELETE except the retention job's, which may remove only rows older than its cut-off.
 * No foreign keys on purpose: a deleted user, device or buyer keeps its history.
 * Every index ends with (at desc nulls last, id desc nulls last), the list's order (repositories/audit.ts
 * orders exactly so, or PostgreSQL sorts the whole match). Migration 0018 also holds audit_diff(), the
 * snapshot diff the recording computes in its INSERT (plugins/audit.ts).
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    userLogin: text('user_login'),
    /** The user's roles at the time, comma-joined. */
    userRoles: text('user_roles'),
    buyerId: integer('buyer_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Sent by the offline outbox (it carries an Idempotency-Key). */
    outbox: boolean('outbox').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    method: text('method').notNull(),
    /** `METHOD /pattern` as registered, e.g. `PUT /front/devices/:mac/status`. */
    route: text('route').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    /** Every id the request named: `{ device: 'AA:…', flat: 'uid:12', user: '5' }`. */
    targets: jsonb('targets').$type<Record<string, string>>().notNull().default({}),
    /** What changed; null for a refused request, and where nothing could be compared. */
    diff: jsonb('diff').$type<AuditChange[]>(),
    /** 'snapshot': the target read before and after; 'request': the request's fields only. */
    diffSource: text('diff_source'),
    status: smallint('status').notNull(),
    /** The refusal's message (400/403/409 …), null when accepted. */
    message: text('message'),
  },
  (t) => [
    index('audit_records_user_idx').on(t.userLogin, t.at.desc(), t.id.desc()),
    index('audit_records_buyer_idx').on(t.buyerId, t.at.desc(), t.id.desc()),
    index('audit_records_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_records_route_idx').on(t.route, t.at.desc(), t.id.desc()),
  ],
);

/**
 * What a request changed, one row per object, written by the code that made the change
 * (server/audit/record-change.ts) and inserted with its record: the object (its kind, id and its
 * name as a person reads it), the action, the changed fields before and after, and the object it
 * was done in (a key's flat, a permission's user). Append-only like the records (migration 0020).
 */
export const auditChanges = pgTable(
  'audit_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    auditId: bigint('audit_id', { mode: 'number' }).notNull(),
    /** The record's time (the retention job removes both together). */
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id').notNull(),
    label: text('label').notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    parentKind: text('parent_kind'),
    parentId: text('parent_id'),
    parentLabel: text('parent_label'),
    /** Made from the route's target's state before and after, where the route said nothing itself (hidden once it says something). */
    fromSnapshot: boolean('from_snapshot').notNull().default(false),
  },
  (t) => [index('audit_changes_audit_idx').on(t.auditId)],
);

/**
 * Every object a record concerns, once per record: the route's target, each change's object and
 * the object it was done in. The list's «what» filter reads it: an index range on (kind, id) or
 * (kind) in the list's order, then the records by id.
 */
export const auditSubjects = pgTable(
  'audit_subjects',
  {
    auditId: bigint('audit_id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    subjectId: text('subject_id').notNull(),
  },
  (t) => [
    index('audit_subjects_target_idx').on(t.kind, t.subjectId, t.at.desc(), t.auditId.desc()),
    index('audit_subjects_kind_idx').on(t.kind, t.at.desc(), t.auditId.desc()),
    // The retention job removes by time.
    index('audit_subjects_at_idx').on(t.at),
  ],
);
