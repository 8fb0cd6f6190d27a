import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../server/db/client';
import { McUploadRunner } from '../../server/jobs/mc-upload-runner';
import { claimUploadJobs, startUpload } from '../../server/repositories/mc-uploads';
import { BACKENDS, createTestApp } from './helpers';
import { acrossRestart, raceClaims, runUntil, silentLog, withTwoRunners } from './job-helpers';
import { CountingGateway, createCompanyWithDevices, waitFor } from './mc-upload-fixtures';

type JobRow = { mac: string; status: string; attempts: number; lockedBy: string | null };

async function jobRows(db: Db, uploadId: number): Promise<JobRow[]> {
  return queryRows<JobRow>(db, sql`select mac, status, attempts, locked_by as "lockedBy" from mc_upload_jobs where upload_id = ${uploadId} order by id`);
}

const allEnded = (db: Db, uploadId: number) => async () => (await jobRows(db, uploadId)).every((row) => row.status === 'done' || row.status === 'failed');

async function queueUpload(db: Db, devices: number): Promise<{ uploadId: number; macs: string[] }> {
  const fx = await createCompanyWithDevices(db, { buyerId: 1, devices });
  const outcome = await startUpload(db, fx.companyId, 2, null);
  if (outcome.status !== 'started') throw new Error(`no upload: ${outcome.status}`);
  return { uploadId: outcome.uploadId, macs: fx.macs };
}

describe.each(BACKENDS)('management company upload runner on %s', (backend) => {
  it('never lets two runners upload to the same device: each device gets one gateway call', async () => {
    // One gateway to count on, shared by both runners.
    const gateway = new CountingGateway({ failureShare: 0, uploadMs: 10 });
    const claims: { job: number; runner: string }[] = [];
    const runnerOptions = (id: string) => ({ id, pollMs: 10, concurrency: 8, onClaim: (job: { id: number }, runner: string) => claims.push({ job: job.id, runner }) });
    await withTwoRunners(backend, {
      queue: (db) => queueUpload(db, 120),
      app: (id) => ({ deviceGateway: { driver: gateway }, mcUploads: runnerOptions(id) }),
      runner: (db, id) => new McUploadRunner(db, gateway, { leaseMs: 30_000, ...runnerOptions(id) }, silentLog),
      ended: (db, { uploadId }) => allEnded(db, uploadId),
      check: async (db, { uploadId, macs }) => {
        const rows = await jobRows(db, uploadId);
        expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
        expect(new Set(rows.map((row) => row.lockedBy))).toEqual(new Set(['runner-a', 'runner-b']));
        expect(claims).toHaveLength(macs.length);
        for (const mac of macs) expect(gateway.calls.get(mac), mac).toBe(1);
        expect([...gateway.calls.values()].reduce((sum, calls) => sum + calls, 0)).toBe(macs.length);
      },
    });
  });

  if (backend === 'postgres') {
    it('claims disjoint sets when many claims race on separate connections', async () => {
      const { queued: macs, taken } = await raceClaims(async (db) => (await queueUpload(db, 60)).macs, claimUploadJobs);
      const all = taken.flat();
      expect(new Set(all.map((job) => job.id)).size).toBe(all.length);
      expect(new Set(all.map((job) => job.mac)).size).toBe(all.length);
      expect(all.length).toBeGreaterThan(0);
      expect(all.length).toBeLessThanOrEqual(macs.length);
    });
  }

  it('survives a restart: the devices not reached before are uploaded by the next process, none twice', async () => {
    const gateway = new CountingGateway({ failureShare: 0, uploadMs: 40 });
    await acrossRestart(
      backend,
      {
        options: { deviceGateway: { driver: gateway }, mcUploads: { id: 'before', pollMs: 10, concurrency: 2 } },
        run: async (first) => {
          const queued = await queueUpload(first.database.drizzle, 30);
          first.mcUploads?.wake();
          await waitFor('a few devices to be done', async () => (await jobRows(first.database.drizzle, queued.uploadId)).filter((row) => row.status === 'done').length >= 3);
          return queued;
        },
      },
      {
        options: { deviceGateway: { driver: gateway }, mcUploads: { id: 'after', pollMs: 10 } },
        run: async (second, { uploadId, macs }) => {
          const db = second.database.drizzle;
          const before = (await jobRows(db, uploadId)).filter((row) => row.lockedBy === 'before');
          expect(before.every((row) => row.status === 'done')).toBe(true);
          expect(before.length).toBeLessThan(macs.length);
          await waitFor('the rest to end', allEnded(db, uploadId));
          const rows = await jobRows(db, uploadId);
          expect(rows.every((row) => row.status === 'done')).toBe(true);
          expect(rows.filter((row) => row.lockedBy === 'after').length).toBe(macs.length - before.length);
          for (const mac of macs) expect(gateway.calls.get(mac), mac).toBe(1);
        },
      },
    );
  });

  it('takes over the jobs of a process that died once their lease runs out', async () => {
    const test = await createTestApp(backend, { mcUploads: { enabled: false } });
    try {
      const db = test.app.database.drizzle;
      const { uploadId, macs } = await queueUpload(db, 4);
      // A process claimed two devices and died: its claims stay in the table.
      expect(await claimUploadJobs(db, 'dead-process', 2, 60_000)).toHaveLength(2);
      const gateway = new CountingGateway({ failureShare: 0, uploadMs: 5 });
      const runner = new McUploadRunner(db, gateway, { id: 'survivor', pollMs: 20, leaseMs: 300, concurrency: 4 }, silentLog);
      await runUntil([runner], 'the jobs to end', allEnded(db, uploadId), 10_000);
      expect((await jobRows(db, uploadId)).map((row) => [row.status, row.attempts, row.lockedBy])).toEqual([
        ['done', 2, 'survivor'],
        ['done', 2, 'survivor'],
        ['done', 1, 'survivor'],
        ['done', 1, 'survivor'],
      ]);
      for (const mac of macs) expect(gateway.calls.get(mac)).toBe(1);
    } finally {
      await test.close();
    }
  });

  it('starts the periodic upload of a due company once and moves its nextExecute on by whole intervals', async () => {
    const test = await createTestApp(backend, { mcUploads: { enabled: false } });
    try {
      const db = test.app.database.drizzle;
      const due = await createCompanyWithDevices(db, { buyerId: 1, devices: 3 });
      const disabled = await createCompanyWithDevices(db, { buyerId: 1, devices: 1 });
      const noInterval = await createCompanyWithDevices(db, { buyerId: 1, devices: 1 });
      const week = 604800;
      // Due 10 days ago, weekly: the next one is in 4 days (two intervals on), not 10 days ago + 1 week.
      await db.execute(sql`update management_companies set interval = ${week}, next_execute = now() - interval '10 days' where id = ${due.companyId}`);
      await db.execute(sql`update management_companies set interval = ${week}, next_execute = now() - interval '1 day', active = false where id = ${disabled.companyId}`);
      await db.execute(sql`update management_companies set interval = 0, next_execute = now() - interval '1 day' where id = ${noInterval.companyId}`);
      const [before] = await queryRows<{ at: string }>(db, sql`select next_execute::text as at from management_companies where id = ${due.companyId}`);
      const gateway = new CountingGateway({ failureShare: 0, uploadMs: 1 });
      const runner = new McUploadRunner(db, gateway, { id: 'scheduler', pollMs: 20, leaseMs: 30_000, concurrency: 4, scheduleMs: 20 }, silentLog);
      await runUntil([runner], 'the periodic upload to end and a few more looks', async () => {
        const rows = await queryRows<{ status: string }>(db, sql`select j.status from mc_upload_jobs j join mc_uploads u on u.id = j.upload_id where u.company_id = ${due.companyId}`);
        if (rows.length !== 3 || !rows.every((row) => row.status === 'done')) return false;
        // A few more looks: nothing is due any more.
        await new Promise((resolve) => setTimeout(resolve, 200));
        return true;
      });
      const uploads = await queryRows<{ companyId: number; kind: string; createdBy: number | null }>(
        db,
        sql`select company_id as "companyId", kind, created_by as "createdBy" from mc_uploads where company_id in (${due.companyId}, ${disabled.companyId}, ${noInterval.companyId})`,
      );
      expect(uploads).toEqual([{ companyId: due.companyId, kind: 'all', createdBy: null }]);
      const [moved] = await queryRows<{ days: number }>(
        db,
        sql`select round(extract(epoch from next_execute - ${before.at}::timestamptz) / 86400)::int as days from management_companies where id = ${due.companyId}`,
      );
      expect(Number(moved.days)).toBe(14);
      for (const mac of due.macs) expect(gateway.calls.get(mac)).toBe(1);
    } finally {
      await test.close();
    }
  });

  it('fails a device that the simulator cannot reach with its reason, at the configured share', async () => {
    const test = await createTestApp(backend, { mcUploads: { enabled: false } });
    try {
      const db = test.app.database.drizzle;
      const { uploadId } = await queueUpload(db, 10);
      const gateway = new CountingGateway({ failureShare: 1, uploadMs: 1, timeoutMs: 10 });
      const runner = new McUploadRunner(db, gateway, { id: 'failing', pollMs: 20, leaseMs: 30_000, concurrency: 4 }, silentLog);
      await runUntil([runner], 'the jobs to end', allEnded(db, uploadId), 10_000);
      const reasons = await queryRows<{ reason: string }>(db, sql`select last_error as reason from mc_upload_jobs where upload_id = ${uploadId} and status = 'failed'`);
      expect(reasons).toHaveLength(10);
      for (const { reason } of reasons) expect(reason).toMatch(/^Устройство (отклонило список квартир|не ответило)/);
    } finally {
      await test.close();
    }
  });
});
