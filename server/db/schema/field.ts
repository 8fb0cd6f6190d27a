import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The latest queue report of each installer's device (docs/api.md "Field"): one row per user and
 * install id, replaced by every newer report. The counts stand apart from the report for the list's
 * filters and sums; `persisted` null when the browser did not say.
 */
export const fieldReports = pgTable(
  'field_reports',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    installId: text('install_id').notNull(),
    appVersion: text('app_version').notNull(),
    userAgent: text('user_agent'),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    waiting: integer('waiting').notNull(),
    needsAttention: integer('needs_attention').notNull(),
    idleDrafts: integer('idle_drafts').notNull(),
    persisted: boolean('persisted'),
    /** The report as sent (contract/field.ts FieldReport). */
    report: jsonb('report').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.installId] }), index('field_reports_received_idx').on(t.receivedAt)],
);

/** The last few reports of each device, for the detail's short history; a report sent again is stored once. */
export const fieldReportHistory = pgTable(
  'field_report_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    installId: text('install_id').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    waiting: integer('waiting').notNull(),
    needsAttention: integer('needs_attention').notNull(),
  },
  (t) => [uniqueIndex('field_report_history_report_idx').on(t.userId, t.installId, t.generatedAt), index('field_report_history_user_idx').on(t.userId, t.id)],
);
