import { sql } from 'drizzle-orm';
import type { CodedText } from '../../contract/server-texts';
import type { ImportCounts, ImportJob, ImportKind, ImportRow } from '../../contract/imports';
import { queryRows, type Db } from '../db/client';
import { ApplyAbandoned, emptyCounts } from './imports-plan';

/**
 * The import jobs in PostgreSQL (server/db/schema/imports.ts): any process answers a job's state and
 * serves its result file; the process holding a job's lease works it, and every batch it writes moves
 * the checkpoint, the counts and the result file in the same transaction, fenced by the lease.
 */

/** What an apply needs to run in any process: the request's mapping and the caller it ran for. */
export interface ImportJobRun {
  mapping: Record<string, string | null>;
  /** The house of a flats import. */
  house?: string;
  caller: { buyerId: number; scope: number | null; login: string };
}

export interface ClaimedImportJob {
  /** The runner's key (import_jobs.seq); `uid` is the job's public id. */
  id: number;
  uid: string;
  kind: ImportKind;
  userId: number;
  uploadId: string | null;
  run: ImportJobRun;
  processed: number;
}

interface JobRow extends Record<string, unknown> {
  id: string;
  kind: ImportKind;
  state: ImportJob['state'];
  processed: number;
  total: number | null;
  counts: ImportCounts;
  failure: CodedText | null;
}

const leaseInterval = (leaseMs: number) => `${Math.max(0, Math.round(leaseMs))} milliseconds`;

/**
 * A new running job, its result file begun with `header` (the byte order mark is added when it is
 * served: a driver's text decoder drops a leading one); the runners find it on their next poll.
 */
export async function createImportJob(db: Db, job: { uid: string; userId: number; kind: ImportKind; uploadId: string; run: ImportJobRun; header: string }): Promise<ImportJob> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ seq: number }>(
      tx,
      sql`insert into import_jobs (id, user_id, kind, upload_id, run, counts)
          values (${job.uid}, ${job.userId}, ${job.kind}, ${job.uploadId}, ${JSON.stringify(job.run)}::jsonb, ${JSON.stringify(emptyCounts())}::jsonb)
          returning seq`,
    );
    if (!row) throw new Error('the import job was not stored');
    await tx.execute(sql`insert into import_result_parts (job_seq, part, lines) values (${row.seq}, 0, ${job.header})`);
    return { id: job.uid, kind: job.kind, state: 'running', processed: 0, total: null, counts: emptyCounts(), message: null };
  });
}

export async function claimImportJobs(db: Db, runner: string, limit: number, leaseMs: number): Promise<ClaimedImportJob[]> {
  const rows = await queryRows<{ seq: number; id: string; kind: ImportKind; user_id: number; upload_id: string | null; run: ImportJobRun; processed: number }>(
    db,
    sql`update import_jobs set locked_by = ${runner}, locked_at = now(), updated_at = now()
        where seq in (
          select seq from import_jobs
          where state = 'running' and (locked_by is null or locked_at is null or locked_at < now() - ${leaseInterval(leaseMs)}::interval)
          order by seq
          limit ${limit}
          for update skip locked
        )
        returning seq, id, kind, user_id, upload_id, run, processed`,
  );
  return rows.map((row) => ({
    id: Number(row.seq),
    uid: row.id,
    kind: row.kind,
    userId: Number(row.user_id),
    uploadId: row.upload_id,
    run: row.run,
    processed: Number(row.processed),
  }));
}

/** Renews the lease; false when it is another runner's now. */
export async function renewImportLease(db: Db, seq: number, runner: string): Promise<boolean> {
  const rows = await queryRows(db, sql`update import_jobs set locked_at = now() where seq = ${seq} and locked_by = ${runner} and state = 'running' returning seq`);
  return rows.length > 0;
}

/**
 * Inside the transaction that wrote `rows`: moves the checkpoint and the counts past them, renews the
 * lease and appends their lines to the result file (the part is named by the rows' offset in the file,
 * so it cannot be written twice). Throws ApplyAbandoned, undoing the batch, when the lease was lost.
 */
export async function checkpointImportJob(tx: Db, seq: number, runner: string, rows: readonly ImportRow[], lines: string): Promise<void> {
  const delta = emptyCounts();
  for (const row of rows) {
    delta.total++;
    delta[row.status]++;
  }
  const counted = (name: keyof ImportCounts) => sql`(counts->>${name})::int + ${delta[name]}`;
  const moved = await queryRows<{ part: number }>(
    tx,
    sql`with moved as (
          update import_jobs set processed = processed + ${rows.length}, locked_at = now(), updated_at = now(),
            counts = jsonb_build_object('total', ${counted('total')}, 'create', ${counted('create')}, 'change', ${counted('change')},
              'unchanged', ${counted('unchanged')}, 'refused', ${counted('refused')}, 'failed', ${counted('failed')})
          where seq = ${seq} and locked_by = ${runner} and state = 'running'
          returning processed - ${rows.length} as before
        )
        insert into import_result_parts (job_seq, part, lines) select ${seq}, before + 1, ${lines} from moved
        returning part`,
  );
  if (moved.length === 0) throw new ApplyAbandoned('the import job is another process’s now');
}

/** Ends a job done (its total is what it processed) or failed; false when the lease was lost meanwhile. */
export async function finishImportJob(db: Db, seq: number, runner: string, failure: CodedText | null): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update import_jobs set state = ${failure ? 'failed' : 'done'}, total = case when ${failure === null} then processed else total end,
          failure = ${failure ? JSON.stringify(failure) : null}::jsonb, locked_at = null, updated_at = now()
        where seq = ${seq} and locked_by = ${runner} and state = 'running' returning seq`,
  );
  return rows.length > 0;
}

/** Hands unfinished jobs back (the process is stopping): another process goes on with them at once. */
export async function releaseImportJobs(db: Db, runner: string, seqs: readonly number[]): Promise<number> {
  if (seqs.length === 0) return 0;
  const rows = await queryRows(
    db,
    sql`update import_jobs set locked_by = null, locked_at = null, updated_at = now()
        where seq in (${sql.join(seqs.map((seq) => sql`${seq}`), sql`, `)}) and locked_by = ${runner} and state = 'running' returning seq`,
  );
  return rows.length;
}

/** The user's job as the API shows it; null for another user's or an unknown one. */
export async function importJobOf(db: Db, uid: string, userId: number): Promise<(ImportJob & { seq: number }) | null> {
  const [row] = await queryRows<JobRow & { seq: number }>(
    db,
    sql`select seq, id, kind, state, processed, total, counts, failure from import_jobs where id = ${uid} and user_id = ${userId}`,
  );
  if (!row) return null;
  const failure = row.failure;
  return {
    seq: Number(row.seq),
    id: row.id,
    kind: row.kind,
    state: row.state,
    processed: Number(row.processed),
    total: row.total === null ? null : Number(row.total),
    counts: row.counts,
    message: failure?.message ?? null,
    ...(failure?.messageCode === undefined ? {} : { messageCode: failure.messageCode, messageParams: failure.messageParams ?? {} }),
  };
}

/** The result file's parts in order, a few at a time (a part is up to a batch's lines). */
export async function* importResultLines(db: Db, seq: number, partsPerRead = 20): AsyncGenerator<string> {
  let after = -1;
  for (;;) {
    const parts = await queryRows<{ part: number; lines: string }>(
      db,
      sql`select part, lines from import_result_parts where job_seq = ${seq} and part > ${after} order by part limit ${partsPerRead}`,
    );
    if (parts.length === 0) return;
    for (const part of parts) yield part.lines;
    after = Number(parts[parts.length - 1]?.part);
  }
}

/** Finished jobs and unused uploads older than `keepMs` go (an upload a running job reads stays). */
export async function sweepImports(db: Db, keepMs: number): Promise<void> {
  const age = sql`now() - ${leaseInterval(keepMs)}::interval`;
  await db.execute(sql`delete from import_jobs where state <> 'running' and updated_at < ${age}`);
  await db.execute(
    sql`delete from import_uploads u where u.created_at < ${age}
          and not exists (select 1 from import_jobs j where j.upload_id = u.id and j.state = 'running')`,
  );
}
