import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { JobStatusResponse, PortJobsResponse } from '../../contract/adjuster';
import { queryRows, type Db } from '../../server/db/client';
import { NetworkSimulator } from '../../server/gateways/network/simulator';
import { PortJobRunner } from '../../server/jobs/port-job-runner';
import { claimJobs, startPortJobs } from '../../server/repositories/adjuster-jobs';
import { BACKENDS, createTestApp, expectShape, loginAs } from './helpers';
import { acrossRestart, raceClaims, runUntil, silentLog, withTwoRunners } from './job-helpers';
import { waitFor } from './mc-upload-fixtures';

type JobRow = { id: number; status: string; completed: boolean; attempts: number; lockedBy: string | null; lastError: string | null };

async function jobRows(db: Db, ids: readonly number[]): Promise<JobRow[]> {
  return queryRows<JobRow>(
    db,
    sql`select id, status, completed, attempts, locked_by as "lockedBy", last_error as "lastError" from adjuster_jobs
        where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id`,
  );
}

/** Creates the three jobs of `ports` ports on BS-MSK-0001 (as the port call does) and answers their ids. */
async function createJobs(db: Db, ports: readonly number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const portNum of ports) {
    const { jobs } = await db.transaction((tx) => startPortJobs(tx as unknown as Db, 'BS-MSK-0001', portNum, 3));
    ids.push(jobs.changeVlanPort, jobs.disablePort, jobs.enablePort);
  }
  return ids;
}

/** Ports whose jobs succeed when nothing fails at random (port 19 fails each kind's first job). */
const SUCCEEDING_PORTS = [...Array.from({ length: 18 }, (_v, n) => n + 1), 21, 22];

describe.each(BACKENDS)('port-job runner on %s', (backend) => {
  it('runs the jobs of a port one after another to success, through queued and running, and the status call shows it', async () => {
    const test = await createTestApp(backend, { network: { timeScale: 0.2, failureShare: 0 }, jobs: { pollMs: 50 } });
    try {
      const client = await loginAs(test.app, 'installer');
      const { jobs } = expectShape(PortJobsResponse, (await client.request('POST', '/adjuster/api/device/port', { payload: { bsName: 'BS-MSK-0001', portNum: 3 } })).json());
      const seen = new Map<number, string[]>();
      await waitFor('the jobs to finish', async () => {
        let done = true;
        for (const id of Object.values(jobs)) {
          const status = expectShape(JobStatusResponse, (await client.get(`/adjuster/api/job/${id}/status`)).json());
          const list = seen.get(id) ?? [];
          if (list.at(-1) !== status.status) list.push(status.status);
          seen.set(id, list);
          done &&= status.completed;
        }
        return done;
      });
      const order = ['unknown', 'queued', 'running', 'success'];
      for (const [id, statuses] of seen) {
        expect(statuses.at(-1), String(id)).toBe('success');
        // In order, each status at most once.
        expect(statuses.map((status) => order.indexOf(status)), statuses.join('>')).toEqual([...new Set(statuses.map((status) => order.indexOf(status)))].sort());
      }
      expect([...seen.values()].some((statuses) => statuses.includes('running'))).toBe(true);
      const rows = await jobRows(test.app.database.drizzle, Object.values(jobs));
      for (const row of rows) expect(row).toMatchObject({ status: 'success', completed: true, attempts: 1, lastError: null, lockedBy: test.app.portJobs!.id });
      // One at a time: each job ended before the next one started.
      const times = await queryRows<{ id: number; startedAfter: boolean }>(
        test.app.database.drizzle,
        sql`select j.id, j.updated_at >= p.updated_at as "startedAfter" from adjuster_jobs j join adjuster_jobs p on p.id = j.id - 1
            where j.id in (${jobs.disablePort}, ${jobs.enablePort}) order by j.id`,
      );
      expect(times.map((row) => row.startedAfter)).toEqual([true, true]);
      const firstRunning = (id: number) => seen.get(id)!.indexOf('running');
      expect(firstRunning(jobs.changeVlanPort)).toBeGreaterThanOrEqual(0);
    } finally {
      await test.close();
    }
  });

  it('shows a failed job as error with its reason; a new port call restarts it', async () => {
    const test = await createTestApp(backend, { network: { timeScale: 0.01, failureShare: 1 }, jobs: { pollMs: 50 } });
    try {
      const client = await loginAs(test.app, 'installer');
      const start = () => client.request('POST', '/adjuster/api/device/port', { payload: { bsName: 'BS-SPB-0001', portNum: 9 } });
      const started = expectShape(PortJobsResponse, (await start()).json());
      expect(started).toMatchObject({ message: 'Задания на порту запущены', messageCode: 'portJob.started' });
      const { jobs } = started;
      const status = await waitFor('the VLAN job to fail', async () => {
        const answer = expectShape(JobStatusResponse, (await client.get(`/adjuster/api/job/${jobs.changeVlanPort}/status`)).json());
        return answer.completed ? answer : null;
      });
      expect(status).toMatchObject({ result: 'success', status: 'error', completed: true, message: 'Коммутатор отклонил смену VLAN на порту' });
      // What names the reason for a client in another language (contract/server-texts.ts).
      expect(status).toMatchObject({ messageCode: 'portJob.vlanRefused', messageParams: {} });
      await waitFor('all three to end', async () => (await jobRows(test.app.database.drizzle, Object.values(jobs))).every((row) => row.completed));
      const again = expectShape(PortJobsResponse, (await start()).json());
      for (const kind of ['changeVlanPort', 'disablePort', 'enablePort'] as const) expect(again.jobs[kind]).toBeGreaterThan(jobs.enablePort);
    } finally {
      await test.close();
    }
  });

  it('never lets two runners take the same job', async () => {
    const gateway = new NetworkSimulator({ timeScale: 0.02, failureShare: 0, addressBook: async () => [] });
    const claims: { job: number; runner: string }[] = [];
    const runnerOptions = (id: string) => ({ id, pollMs: 20, concurrency: 4, onClaim: (job: { id: number }, runner: string) => claims.push({ job: job.id, runner }) });
    await withTwoRunners(backend, {
      queue: (db) => createJobs(db, backend === 'postgres' ? SUCCEEDING_PORTS : SUCCEEDING_PORTS.slice(0, 10)),
      app: (id) => ({ network: { timeScale: 0.02, failureShare: 0 }, jobs: runnerOptions(id) }),
      runner: (db, id) => new PortJobRunner(db, gateway, { leaseMs: 30_000, ...runnerOptions(id) }, silentLog),
      ended: (db, ids) => async () => (await jobRows(db, ids)).every((row) => row.completed),
      check: async (db, ids) => {
        const rows = await jobRows(db, ids);
        expect(rows.every((row) => row.status === 'success' && row.attempts === 1)).toBe(true);
        if (backend === 'postgres') expect(new Set(rows.map((row) => row.lockedBy))).toEqual(new Set(['runner-a', 'runner-b']));
        expect(claims.map((claim) => claim.job).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      },
    });
  });

  if (backend === 'postgres') {
    it('claims disjoint sets when many claims race on separate connections', async () => {
      const { queued: ids, taken } = await raceClaims(
        (db) => createJobs(db, Array.from({ length: 20 }, (_v, n) => n + 1)),
        claimJobs,
      );
      const all = taken.flat().map((job) => job.id);
      expect(new Set(all).size).toBe(all.length);
      // A port does one job at a time: only each port's first job is due.
      expect(all.sort((a, b) => a - b)).toEqual(ids.filter((_id, index) => index % 3 === 0));
    });
  }

  it('survives a restart: a closed app hands its jobs back and a new app on the same database finishes them', async () => {
    const claimedBefore = new Set<number>();
    await acrossRestart(
      backend,
      {
        // Slow jobs (a run takes 3–7.5 s), so the app closes in the middle of one.
        options: { network: { timeScale: 3, failureShare: 0 }, jobs: { id: 'before-restart', pollMs: 20, onClaim: (job) => claimedBefore.add(job.id) } },
        run: async (first) => {
          const client = await loginAs(first, 'installer');
          const { jobs } = expectShape(PortJobsResponse, (await client.request('POST', '/adjuster/api/device/port', { payload: { bsName: 'BS-KZN-0001', portNum: 12 } })).json());
          const ids = Object.values(jobs);
          await waitFor('a job to run', async () => (await jobRows(first.database.drizzle, ids)).some((row) => row.status === 'running'));
          return ids;
        },
      },
      {
        options: { network: { timeScale: 0.02, failureShare: 0 }, jobs: { id: 'after-restart', pollMs: 20 } },
        run: async (second, ids) => {
          expect(claimedBefore.size).toBeGreaterThan(0);
          const db = second.database.drizzle;
          await waitFor('the jobs to finish', async () => (await jobRows(db, ids)).every((row) => row.completed));
          const rows = await jobRows(db, ids);
          for (const row of rows) expect(row.status).toBe('success');
          const resumed = rows.filter((row) => row.lockedBy === 'after-restart');
          expect(resumed.length).toBeGreaterThan(0);
          // The job the first app had in hand was handed back and claimed again.
          for (const row of resumed) expect(row.attempts, String(row.id)).toBe(claimedBefore.has(row.id) ? 2 : 1);
          expect(resumed.some((row) => claimedBefore.has(row.id))).toBe(true);
        },
      },
    );
  });

  it('takes over the jobs of a process that died once their lease runs out', async () => {
    const test = await createTestApp(backend, { jobs: { enabled: false } });
    try {
      const db = test.app.database.drizzle;
      const ids = await createJobs(db, [20]);
      // A process claimed the port's first job and died: its claim stays in the table.
      expect((await claimJobs(db, 'dead-process', 10, 60_000)).map((job) => job.id)).toEqual([ids[0]]);
      const gateway = new NetworkSimulator({ timeScale: 0.02, failureShare: 0, addressBook: async () => [] });
      const runner = new PortJobRunner(db, gateway, { id: 'survivor', pollMs: 20, leaseMs: 300, concurrency: 4 }, silentLog);
      await runUntil([runner], 'the jobs to finish', async () => (await jobRows(db, ids)).every((row) => row.completed), 10_000);
      expect((await jobRows(db, ids)).map((row) => [row.status, row.attempts, row.lockedBy])).toEqual([
        ['success', 2, 'survivor'],
        ['success', 1, 'survivor'],
        ['success', 1, 'survivor'],
      ]);
    } finally {
      await test.close();
    }
  });
});
