import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ServerTextParams } from '../../../contract/server-texts';
import { managementCompanies } from './buyers';
import { devices } from './devices';
import { users } from './users';

/**
 * An upload of a management company's flats to its devices (upload-all, upload-one): one row per
 * request; its progress is counted from its jobs. A retry puts the failed jobs of the same upload
 * back in the queue.
 */
export const mcUploads = pgTable(
  'mc_uploads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => managementCompanies.id, { onDelete: 'cascade' }),
    /** 'all' (every device of the company's houses) or 'one'. */
    kind: text('kind').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mc_uploads_company_idx').on(t.companyId, t.id)],
);

/**
 * One device of an upload, worked by the upload runners (server/jobs/mc-upload-runner.ts) like the
 * port jobs: claimed with `FOR UPDATE SKIP LOCKED`, the claim a lease (`locked_by`, `locked_at`).
 * `status` is 'queued', 'running', 'done' or 'failed'; `last_error` the device's reason in Russian,
 * `last_error_code` and `last_error_params` what names it for other languages (contract/server-texts.ts).
 */
export const mcUploadJobs = pgTable(
  'mc_upload_jobs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => mcUploads.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    mac: text('mac').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorCode: text('last_error_code'),
    lastErrorParams: jsonb('last_error_params').$type<ServerTextParams>(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mc_upload_jobs_upload_device_idx').on(t.uploadId, t.deviceId),
    index('mc_upload_jobs_device_idx').on(t.deviceId),
    // The runners' queue: unfinished jobs in order.
    index('mc_upload_jobs_pending_idx').on(t.runAt, t.id).where(sql`${t.status} in ('queued', 'running')`),
  ],
);
