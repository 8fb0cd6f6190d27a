import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { is } from 'superstruct';
import { ADJUSTER_JOB_KINDS, type AdjusterJobKind } from '../../contract/adjuster';
import { CodedText } from '../../contract/server-texts';
import { queryRows, type Db } from '../db/client';
import { adjusterJobs } from '../db/schema/adjuster';
import type { GatewayOutcome } from '../gateways/network/network-gateway';

export interface JobStatusRow {
  id: number;
  kind: string;
  status: string;
  completed: boolean;
  /** Why the job failed, coded when the gateway names it (kept in `result`); null unless it failed. */
  lastError: CodedText | null;
}

/** A job a runner has claimed: it holds the lease until it finishes or the lease runs out. */
export interface ClaimedJob {
  id: number;
  kind: AdjusterJobKind;
  bsName: string;
  portNum: number;
  attempts: number;
}

export async function findJob(db: Db, id: number): Promise<JobStatusRow | null> {
  const [row] = await db
    .select({
      id: adjusterJobs.id,
      kind: adjusterJobs.kind,
      status: adjusterJobs.status,
      completed: adjusterJobs.completed,
      lastError: adjusterJobs.lastError,
      result: adjusterJobs.result,
    })
    .from(adjusterJobs)
    .where(eq(adjusterJobs.id, id));
  if (!row) return null;
  const { result, lastError, ...job } = row;
  return { ...job, lastError: lastError === null ? null : { ...codedPartOf(result), message: lastError } };
}

/** The code and parameters a finished job's `result` kept of its message, if it has them. */
function codedPartOf(result: Record<string, unknown> | null): Omit<CodedText, 'message'> {
  const coded = is(result, CodedText) ? result : null;
  return coded?.messageCode === undefined ? {} : { messageCode: coded.messageCode, messageParams: coded.messageParams ?? {} };
}

/**
 * The three jobs of a port: per kind, the unfinished job if there is one, otherwise a new one. So
 * a second call while the jobs run answers the same numbers, and a call after a failure (or after
 * success) starts the kinds again. Run it in a transaction: the advisory lock keeps two calls for
 * the same port from both creating jobs.
 */
export async function startPortJobs(db: Db, bsName: string, portNum: number, userId: number): Promise<{ jobs: Record<AdjusterJobKind, number>; created: number }> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`adjuster-port:${bsName}:${portNum}`}, 0))`);
  const open = await db
    .select({ id: adjusterJobs.id, kind: adjusterJobs.kind })
    .from(adjusterJobs)
    .where(and(eq(adjusterJobs.bsName, bsName), eq(adjusterJobs.portNum, portNum), eq(adjusterJobs.completed, false), inArray(adjusterJobs.kind, [...ADJUSTER_JOB_KINDS])))
    .orderBy(asc(adjusterJobs.id));
  const jobs: Partial<Record<AdjusterJobKind, number>> = {};
  for (const row of open) jobs[row.kind as AdjusterJobKind] ??= row.id;
  const missing = ADJUSTER_JOB_KINDS.filter((kind) => jobs[kind] === undefined);
  if (missing.length > 0) {
    // Ids in the wizard's order: runners take due jobs by (run_at, id).
    const inserted = await db
      .insert(adjusterJobs)
      .values(missing.map((kind) => ({ kind, bsName, portNum, status: 'unknown', createdBy: userId })))
      .returning({ id: adjusterJobs.id, kind: adjusterJobs.kind });
    for (const row of inserted) jobs[row.kind as AdjusterJobKind] = row.id;
  }
  return { jobs: jobs as Record<AdjusterJobKind, number>, created: missing.length };
}

/**
 * Claims up to `limit` due jobs for `runner`: unfinished ones nobody holds, or whose holder's
 * lease ran out (that process died). A port does one job at a time, in the order they were made
 * (change VLAN, disable, enable): a job waits while an older one of its port is unfinished.
 * `FOR UPDATE SKIP LOCKED` lets several processes claim at once without waiting for, or taking,
 * each other's rows. A claimed job is 'queued' again.
 */
export async function claimJobs(db: Db, runner: string, limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  const rows = await queryRows<{ id: number; kind: string; bsName: string; portNum: number; attempts: number }>(
    db,
    sql`update adjuster_jobs set status = 'queued', locked_by = ${runner}, locked_at = now(), attempts = attempts + 1, updated_at = now()
        where id in (
          select j.id from adjuster_jobs j
          where not j.completed and j.run_at <= now()
            and (j.locked_by is null or j.locked_at is null or j.locked_at < now() - ${`${Math.max(0, Math.round(leaseMs))} milliseconds`}::interval)
            and not exists (
              select 1 from adjuster_jobs p
              where p.bs_name = j.bs_name and p.port_num = j.port_num and not p.completed and p.id < j.id
            )
          order by j.run_at, j.id
          limit ${limit}
          for update of j skip locked
        )
        returning id, kind, bs_name as "bsName", port_num as "portNum", attempts`,
  );
  return rows
    .map((row) => ({ ...row, id: Number(row.id), portNum: Number(row.portNum), attempts: Number(row.attempts), kind: row.kind as AdjusterJobKind }))
    .sort((a, b) => a.id - b.id);
}

/** Moves a claimed job on; false when the runner lost its claim (its lease ran out and another took it). */
export async function markJobRunning(db: Db, id: number, runner: string): Promise<boolean> {
  const rows = await db
    .update(adjusterJobs)
    .set({ status: 'running', lockedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(adjusterJobs.id, id), eq(adjusterJobs.lockedBy, runner), eq(adjusterJobs.completed, false)))
    .returning({ id: adjusterJobs.id });
  return rows.length > 0;
}

/** Ends a claimed job; `locked_by` stays as the record of who ran it. */
export async function finishJob(db: Db, id: number, runner: string, outcome: GatewayOutcome): Promise<boolean> {
  const rows = await db
    .update(adjusterJobs)
    .set({
      status: outcome.ok ? 'success' : 'error',
      completed: true,
      lockedAt: null,
      lastError: outcome.ok ? null : outcome.message,
      result: { message: outcome.message, ...(outcome.messageCode === undefined ? {} : { messageCode: outcome.messageCode, messageParams: outcome.messageParams ?? {} }) },
      updatedAt: sql`now()`,
    })
    .where(and(eq(adjusterJobs.id, id), eq(adjusterJobs.lockedBy, runner), eq(adjusterJobs.completed, false)))
    .returning({ id: adjusterJobs.id });
  return rows.length > 0;
}

/** Hands unfinished claims back to the queue (the server is stopping): another process takes them at once. */
export async function releaseJobs(db: Db, runner: string, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(adjusterJobs)
    .set({ status: 'queued', lockedBy: null, lockedAt: null, runAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(adjusterJobs.id, [...ids]), eq(adjusterJobs.lockedBy, runner), eq(adjusterJobs.completed, false)))
    .returning({ id: adjusterJobs.id });
  return rows.length;
}
