import { sql } from 'drizzle-orm';
import type { McUpload } from '../../contract/mc';
import type { CodedText, ServerTextParams } from '../../contract/server-texts';
import { queryRows, type Db } from '../db/client';
import type { JsonValue } from '../db/schema/devices';
import type { CompanyFlatList, DeviceRef } from '../gateways/device/device-gateway';

/** How many failed devices the status call lists at most (the counts stay exact). */
export const MC_UPLOAD_FAILURES_LIMIT = 500;

export type StartOutcome = { status: 'started'; uploadId: number; devices: number } | { status: 'busy' } | { status: 'no-devices' };

async function lockCompany(db: Db, companyId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mc-upload:${companyId}`}, 0))`);
}

async function latestUploadId(db: Db, companyId: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from mc_uploads where company_id = ${companyId} order by id desc limit 1`);
  return row ? Number(row.id) : null;
}

async function hasUnfinished(db: Db, uploadId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from mc_upload_jobs where upload_id = ${uploadId} and status in ('queued', 'running') limit 1`);
  return rows.length > 0;
}

/**
 * Queues an upload of the company: one job per device of its houses (`mac` given: that device
 * alone, when it is one of them). One upload of a company runs at a time: while the latest has
 * devices left the answer is 'busy'. The advisory lock keeps two calls from both starting one.
 */
export async function startUpload(db: Db, companyId: number, userId: number | null, mac: string | null): Promise<StartOutcome> {
  return db.transaction((tx) => queueUpload(tx as unknown as Db, companyId, userId, mac));
}

/** startUpload's work, inside the caller's transaction. */
async function queueUpload(db: Db, companyId: number, userId: number | null, mac: string | null): Promise<StartOutcome> {
  await lockCompany(db, companyId);
  const latest = await latestUploadId(db, companyId);
  if (latest !== null && (await hasUnfinished(db, latest))) return { status: 'busy' };
  const deviceRows = await queryRows<{ id: number; mac: string }>(
    db,
    sql`select distinct d.id, d.mac from houses h
        join device_houses dh on dh.house_uid = h.uid
        join devices d on d.id = dh.device_id
        where h.management_company_id = ${companyId} ${mac === null ? sql`` : sql`and d.mac = ${mac}`}
        order by d.id`,
  );
  if (deviceRows.length === 0) return { status: 'no-devices' };
  const [upload] = await queryRows<{ id: number }>(
    db,
    sql`insert into mc_uploads (company_id, kind, created_by) values (${companyId}, ${mac === null ? 'all' : 'one'}, ${userId}) returning id`,
  );
  const uploadId = Number(upload.id);
  await db.execute(
    sql`insert into mc_upload_jobs (upload_id, device_id, mac)
        select ${uploadId}, d.id, d.mac from unnest(${`{${deviceRows.map((row) => row.id).join(',')}}`}::int[]) as u(id)
        join devices d on d.id = u.id`,
  );
  return { status: 'started', uploadId, devices: deviceRows.length };
}

/**
 * The periodic uploads, one company a call: takes an active company whose `next_execute` has come
 * (and whose `interval` is set), moves its `next_execute` on by whole intervals past now and queues
 * its upload-all, in one transaction (`SKIP LOCKED`: two processes never take the same company; a
 * failure leaves it due). null when none is due.
 */
export async function startDueUpload(db: Db): Promise<{ companyId: number; outcome: StartOutcome } | null> {
  return db.transaction(async (tx) => {
    const inner = tx as unknown as Db;
    const [due] = await queryRows<{ id: number }>(
      inner,
      sql`select id from management_companies
          where active and interval > 0 and next_execute is not null and next_execute <= now()
          order by next_execute, id limit 1
          for update skip locked`,
    );
    if (!due) return null;
    const companyId = Number(due.id);
    await inner.execute(
      sql`update management_companies
          set next_execute = next_execute + make_interval(secs => interval::double precision * (floor(extract(epoch from now() - next_execute) / interval) + 1))
          where id = ${companyId}`,
    );
    // A company still uploading keeps its turn moved on: the running upload stands for this one.
    return { companyId, outcome: await queueUpload(inner, companyId, null, null) };
  });
}

/** Puts the failed devices of the company's latest upload back in the queue; 'busy' while it runs. */
export async function retryFailed(db: Db, companyId: number): Promise<{ status: 'busy' } | { status: 'retried'; devices: number }> {
  return db.transaction(async (tx) => {
    const inner = tx as unknown as Db;
    await lockCompany(inner, companyId);
    const latest = await latestUploadId(inner, companyId);
    if (latest === null) return { status: 'retried' as const, devices: 0 };
    if (await hasUnfinished(inner, latest)) return { status: 'busy' as const };
    const rows = await queryRows<{ id: number }>(
      inner,
      sql`update mc_upload_jobs set status = 'queued', run_at = now(), locked_by = null, locked_at = null, last_error = null, last_error_code = null, last_error_params = null, finished_at = null
          where upload_id = ${latest} and status = 'failed' returning id`,
    );
    return { status: 'retried' as const, devices: rows.length };
  });
}

/** The company's latest upload with its counts and failed devices; null when it was never uploaded. */
export async function latestUpload(db: Db, companyId: number): Promise<McUpload | null> {
  const [upload] = await queryRows<{ id: number; kind: string; createdAt: Date | string }>(
    db,
    sql`select id, kind, created_at as "createdAt" from mc_uploads where company_id = ${companyId} order by id desc limit 1`,
  );
  if (!upload) return null;
  const uploadId = Number(upload.id);
  const [counts] = await queryRows<{ total: number; done: number; failed: number; left: number; lastAt: Date | string | null }>(
    db,
    sql`select count(*)::int as total,
               count(*) filter (where status = 'done')::int as done,
               count(*) filter (where status = 'failed')::int as failed,
               count(*) filter (where status in ('queued', 'running'))::int as "left",
               max(finished_at) as "lastAt"
        from mc_upload_jobs where upload_id = ${uploadId}`,
  );
  const failures = await queryRows<{ deviceId: number; mac: string; reason: string | null; reasonCode: string | null; reasonParams: ServerTextParams | null; at: Date | string | null }>(
    db,
    sql`select device_id as "deviceId", mac, last_error as reason, last_error_code as "reasonCode", last_error_params as "reasonParams", finished_at as at from mc_upload_jobs
        where upload_id = ${uploadId} and status = 'failed' order by mac limit ${MC_UPLOAD_FAILURES_LIMIT}`,
  );
  const left = Number(counts.left);
  return {
    id: uploadId,
    kind: upload.kind === 'one' ? 'one' : 'all',
    total: Number(counts.total),
    done: Number(counts.done),
    failed: Number(counts.failed),
    left,
    running: left > 0,
    startedAt: isoOf(upload.createdAt) ?? '',
    finishedAt: left > 0 ? null : isoOf(counts.lastAt),
    failures: failures.map((row) => ({
      deviceId: Number(row.deviceId),
      mac: row.mac,
      reason: row.reason ?? '',
      ...(row.reasonCode === null ? {} : { reasonCode: row.reasonCode, reasonParams: row.reasonParams ?? {} }),
      at: isoOf(row.at),
    })),
  };
}

function isoOf(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

// ---------------------------------------------------------------------------
// The runners' side (server/jobs/mc-upload-runner.ts)

/** A job a runner has claimed: it holds the lease until it finishes or the lease runs out. */
export interface ClaimedUploadJob {
  id: number;
  uploadId: number;
  deviceId: number;
  mac: string;
  attempts: number;
}

/**
 * Claims up to `limit` due jobs for `runner`: queued ones, and running ones whose holder's lease
 * ran out (that process died). A device takes one job at a time: a job waits while an older one
 * of the same device is unfinished. `FOR UPDATE SKIP LOCKED` lets several processes claim at once
 * without waiting for, or taking, each other's rows; the claim sets the job running.
 */
export async function claimUploadJobs(db: Db, runner: string, limit: number, leaseMs: number): Promise<ClaimedUploadJob[]> {
  const rows = await queryRows<{ id: number; uploadId: number; deviceId: number; mac: string; attempts: number }>(
    db,
    sql`update mc_upload_jobs set status = 'running', locked_by = ${runner}, locked_at = now(), attempts = attempts + 1
        where id in (
          select j.id from mc_upload_jobs j
          where j.status in ('queued', 'running') and j.run_at <= now()
            and (j.locked_by is null or j.locked_at is null or j.locked_at < now() - ${`${Math.max(0, Math.round(leaseMs))} milliseconds`}::interval)
            and not exists (
              select 1 from mc_upload_jobs p
              where p.device_id = j.device_id and p.status in ('queued', 'running') and p.id < j.id
            )
          order by j.run_at, j.id
          limit ${limit}
          for update of j skip locked
        )
        returning id, upload_id as "uploadId", device_id as "deviceId", mac, attempts`,
  );
  return rows
    .map((row) => ({ id: Number(row.id), uploadId: Number(row.uploadId), deviceId: Number(row.deviceId), mac: row.mac, attempts: Number(row.attempts) }))
    .sort((a, b) => a.id - b.id);
}

/**
 * What a claimed job sends: the device as the gateway needs it and the company's flats in the
 * device's houses. null when the device or the company is gone.
 */
export async function uploadWork(db: Db, job: ClaimedUploadJob): Promise<{ device: DeviceRef; list: CompanyFlatList } | null> {
  const [row] = await queryRows<{
    id: number;
    mac: string;
    type: number;
    statusCode: number;
    capabilities: string[];
    options: Record<string, JsonValue>;
    hasSipAccount: boolean;
    companyId: number;
    internalId: string;
    codeAccess: string | null;
    conciergeFlatNum: number | null;
    flats: number[] | null;
  }>(
    db,
    sql`select d.id, d.mac, d.type, d.status_code as "statusCode", d.capabilities, d.options,
               exists (select 1 from sip_accounts s where s.device_id = d.id) as "hasSipAccount",
               c.id as "companyId", c.internal_id as "internalId", c.code_access as "codeAccess", c.flat_num as "conciergeFlatNum",
               (select array_agg(distinct f.flat_num order by f.flat_num) from device_houses dh
                  join houses h on h.uid = dh.house_uid and h.management_company_id = c.id
                  join flats f on f.house_uid = h.uid
                where dh.device_id = d.id) as flats
        from mc_uploads u
        join management_companies c on c.id = u.company_id
        join devices d on d.id = ${job.deviceId}
        where u.id = ${job.uploadId}`,
  );
  if (!row) return null;
  return {
    device: {
      id: Number(row.id),
      mac: row.mac,
      type: Number(row.type),
      statusCode: Number(row.statusCode),
      capabilities: row.capabilities,
      hasSipAccount: Boolean(row.hasSipAccount),
      options: row.options,
    },
    list: {
      companyId: Number(row.companyId),
      internalId: row.internalId,
      codeAccess: row.codeAccess,
      conciergeFlatNum: row.conciergeFlatNum === null ? null : Number(row.conciergeFlatNum),
      flats: (row.flats ?? []).map(Number),
    },
  };
}

/** Ends a claimed job; false when the runner lost its claim (its lease ran out and another took it). */
export async function finishUploadJob(db: Db, id: number, runner: string, outcome: { ok: true } | { ok: false; reason: CodedText }): Promise<boolean> {
  const reason = outcome.ok ? null : outcome.reason;
  const params = reason?.messageParams === undefined ? null : JSON.stringify(reason.messageParams);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update mc_upload_jobs set status = ${outcome.ok ? 'done' : 'failed'}, last_error = ${reason?.message ?? null},
               last_error_code = ${reason?.messageCode ?? null}, last_error_params = ${params}::jsonb, finished_at = now(), locked_at = null
        where id = ${id} and locked_by = ${runner} and status = 'running' returning id`,
  );
  return rows.length > 0;
}

/** Hands unfinished claims back to the queue (the server is stopping): another process takes them at once. */
export async function releaseUploadJobs(db: Db, runner: string, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update mc_upload_jobs set status = 'queued', locked_by = null, locked_at = null, run_at = now()
        where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and locked_by = ${runner} and status = 'running' returning id`,
  );
  return rows.length;
}
