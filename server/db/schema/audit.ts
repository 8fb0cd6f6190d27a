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
    index('audit_records_target_idx').on(t.targetKind, t.targetId, t.at.desc(), t.id.desc()),
    index('audit_records_user_idx').on(t.userLogin, t.at.desc(), t.id.desc()),
    index('audit_records_buyer_idx').on(t.buyerId, t.at.desc(), t.id.desc()),
    index('audit_records_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_records_route_idx').on(t.route, t.at.desc(), t.id.desc()),
  ],
);
