import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './devices';
import { users } from './users';

/**
 * Bulk import files, kept in the database so that any server process behind a balancer can dry-run,
 * apply, report on and serve them (docs/operations.md, "Several processes"). The file's bytes are in
 * `import_upload_parts`, in order.
 */
export const importUploads = pgTable(
  'import_uploads',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name'),
    size: integer('size').notNull(),
    /** The format, encoding and separator found in the file's head (server/import/detect.ts). */
    detection: jsonb('detection').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_uploads_created_idx').on(t.createdAt), index('import_uploads_user_idx').on(t.userId)],
);

export const importUploadParts = pgTable(
  'import_upload_parts',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => importUploads.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.part] })],
);

/**
 * An import's apply, a job leased like the port jobs (server/jobs/lease-runner.ts). `processed` is the
 * checkpoint: the rows of the file written so far, moved in the same transaction as their writes and
 * their lines of the result file, so a job taken over from a process that died goes on from there and
 * writes no row twice.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    seq: integer('seq').primaryKey().generatedByDefaultAsIdentity(),
    id: uuid('id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    uploadId: uuid('upload_id').references(() => importUploads.id, { onDelete: 'set null' }),
    /** What the apply needs to run anywhere: the mapping, the house, and the caller's scope and login. */
    run: jsonb('run').$type<Record<string, unknown>>().notNull(),
    state: text('state').notNull().default('running'),
    processed: integer('processed').notNull().default(0),
    total: integer('total'),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    /** Why a failed job stopped: { message, messageCode?, messageParams? }. */
    failure: jsonb('failure').$type<Record<string, unknown>>(),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_jobs_running_idx').on(t.createdAt).where(sql`${t.state} = 'running'`), index('import_jobs_updated_idx').on(t.updatedAt)],
);

/** The result file of a job, one part per committed batch (or row), in order. */
export const importResultParts = pgTable(
  'import_result_parts',
  {
    jobSeq: integer('job_seq')
      .notNull()
      .references(() => importJobs.seq, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    lines: text('lines').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobSeq, t.part] })],
);
