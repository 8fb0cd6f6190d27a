import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The adjuster's port jobs (change VLAN port, disable port, enable port): a
 * DB-backed queue that workers take with SKIP LOCKED. `id` is the jobNum; status starts 'unknown'.
 */
export const adjusterJobs = pgTable(
  'adjuster_jobs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    bsName: text('bs_name').notNull(),
    portNum: integer('port_num').notNull(),
    deviceMac: text('device_mac'),
    status: text('status').notNull().default('unknown'),
    completed: boolean('completed').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('adjuster_jobs_pending_idx').on(t.runAt).where(sql`not ${t.completed}`),
    index('adjuster_jobs_port_idx').on(t.bsName, t.portNum),
    index('adjuster_jobs_created_by_idx').on(t.createdBy),
  ],
);
