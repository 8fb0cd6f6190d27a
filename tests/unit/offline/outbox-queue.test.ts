import { describe, expect, it } from 'vitest';
import { DecodeError } from '@contract/common';
import { adjusterEndpoints } from '@contract/adjuster';
import { houseEndpoints } from '@contract/houses';
import {
  addJob,
  applyJobEvent,
  countUnsent,
  dueLanes,
  exportJobs,
  isQueuePaused,
  listJobs,
  nextDueAt,
  outboxRequest,
  pauseQueue,
  readJobPage,
  resumeQueue,
  waitingBehind,
} from '@/offline/outbox-queue';
import { makeJob, openTestDb } from './helpers';

const T0 = Date.UTC(2025, 0, 15, 9, 0, 0);
const clock = { now: () => T0 };
const input = (userId = 7, mac?: string) => ({
  kind: 'k',
  method: 'POST' as const,
  url: '/x',
  body: { n: 1 },
  userId,
  target: mac ? { mac } : {},
});

describe('outboxRequest', () => {
  const body = {
    mac: 'aa-bb-cc-dd-ee-01',
    url: 'panel.local',
    type: 1,
    model: 'ISCom',
    serialNumber: 'SN',
    fias: 'fias-1',
    porch: 1,
    deviceOwner: null,
  };

  it('builds method and URL from the contract and checks (and normalises) the body', () => {
    const request = outboxRequest(adjusterEndpoints.prepareDevice, { body });
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/adjuster/api/prepare-device');
    expect(request.body.mac).toBe('AA:BB:CC:DD:EE:01');
  });

  it('refuses a body the server would refuse, naming the field', () => {
    expect(() => outboxRequest(adjusterEndpoints.prepareDevice, { body: { ...body, serialNumber: '' } })).toThrow(DecodeError);
  });

  it('refuses a GET', () => {
    expect(() => outboxRequest(houseEndpoints.list as never, { body: undefined as never })).toThrow(/only mutations/);
  });
});

describe('the outbox table', () => {
  it('adds jobs with increasing ids and lists the user’s newest first', async () => {
    const db = openTestDb();
    const a = await addJob(db, input(), clock);
    const b = await addJob(db, input(), clock);
    await addJob(db, input(8), clock);
    expect(b.id).toBeGreaterThan(a.id);
    expect((await listJobs(db, 7)).map((job) => job.id)).toEqual([b.id, a.id]);
  });

  it('reads a page of the user’s jobs, newest first, with the totals and whom each job waits for across pages', async () => {
    const db = openTestDb();
    // Device A: #1 sent, #2 queued (its head), #5 behind #2. Device B: #3 needs attention, #4 behind it. Another user's #6.
    const a = (n: number) => ({ idempotencyKey: `k${n}`, deviceKey: 'mac:A' });
    const b = (n: number) => ({ idempotencyKey: `k${n}`, deviceKey: 'mac:B' });
    for (const overrides of [
      { ...a(1), status: 'sent' as const },
      a(2),
      { ...b(3), status: 'needs-attention' as const },
      b(4),
      a(5),
      { idempotencyKey: 'k6', deviceKey: 'mac:A', userId: 8 },
    ]) {
      const { id: _id, ...row } = makeJob(overrides);
      await db.outbox.add(row as never);
    }
    const first = await readJobPage(db, 7, 0, 2);
    expect(first.jobs.map((job) => job.id)).toEqual([5, 4]);
    expect(first.total).toBe(5);
    expect(first.counts).toEqual({ queued: 3, sending: 0, sent: 1, 'needs-attention': 1, paused: 0 });
    // The heads they wait for are on the next pages.
    expect([...first.waitingFor]).toEqual([
      [5, 2],
      [4, 3],
    ]);
    const last = await readJobPage(db, 7, 4, 2);
    expect(last.jobs.map((job) => job.id)).toEqual([1]);
    expect(last.waitingFor.size).toBe(0);
    expect((await readJobPage(db, 7, 2, 2)).waitingFor.size).toBe(0);
  });

  it('counts unsent jobs (queued, sending, paused, needs attention)', async () => {
    const db = openTestDb();
    const ids = [];
    for (let i = 0; i < 4; i += 1) ids.push((await addJob(db, input(), clock)).id);
    await applyJobEvent(db, ids[0], { type: 'begin-send' }, clock);
    await applyJobEvent(db, ids[0], { type: 'sent', status: 200 }, clock);
    await applyJobEvent(db, ids[1], { type: 'begin-send' }, clock);
    expect(await countUnsent(db, 7)).toBe(3);
    expect(await countUnsent(db, 8)).toBe(0);
  });

  it('pauses and resumes the user’s queue; jobs added meanwhile wait paused', async () => {
    const db = openTestDb();
    await addJob(db, input(), clock);
    await addJob(db, input(8), clock);
    await pauseQueue(db, 7, clock);
    expect(await isQueuePaused(db, 7)).toBe(true);
    expect(await isQueuePaused(db, 8)).toBe(false);
    expect((await addJob(db, input(), clock)).status).toBe('paused');
    const resumed = await resumeQueue(db, 7, { now: () => T0 + 1 });
    expect(resumed.map((job) => job.status)).toEqual(['queued', 'queued']);
    expect(resumed.every((job) => job.nextAttemptAt === T0 + 1)).toBe(true);
  });

  it('a discarded job is gone; an event for a missing job is ignored', async () => {
    const db = openTestDb();
    const job = await addJob(db, input(), clock);
    expect((await applyJobEvent(db, job.id, { type: 'discard' }, clock)).kind).toBe('discard');
    expect(await db.outbox.count()).toBe(0);
    expect((await applyJobEvent(db, job.id, { type: 'send-now' }, clock)).kind).toBe('ignored');
  });

  it('nextDueAt gives the earliest due time of the waiting jobs', async () => {
    const db = openTestDb();
    expect(await nextDueAt(db, 7)).toBeNull();
    const job = await addJob(db, input(), clock);
    await applyJobEvent(db, job.id, { type: 'begin-send' }, clock);
    await applyJobEvent(db, job.id, { type: 'http-error', status: 503, message: null, retryAfter: '40' }, clock);
    expect(await nextDueAt(db, 7)).toBe(T0 + 40_000);
  });
});

describe('dueLanes', () => {
  it('groups by device in queue order and keeps only devices whose first job is due', () => {
    const jobs = [
      makeJob({ id: 4, deviceKey: 'a' }),
      makeJob({ id: 1, deviceKey: 'a' }),
      makeJob({ id: 2, deviceKey: 'b', status: 'needs-attention' }),
      makeJob({ id: 3, deviceKey: 'b' }),
      makeJob({ id: 5, deviceKey: 'c', nextAttemptAt: T0 + 1 }),
      makeJob({ id: 6, deviceKey: 'd' }),
    ];
    expect(dueLanes(jobs, T0).map((lane) => lane.map((job) => job.id))).toEqual([[1, 4], [6]]);
  });
});

describe('waitingBehind', () => {
  it('names the earlier unsent job each later job of a device waits for; sent jobs hold nothing back', () => {
    const jobs = [
      makeJob({ id: 1, deviceKey: 'a', status: 'sent' }),
      makeJob({ id: 2, deviceKey: 'a', status: 'needs-attention' }),
      makeJob({ id: 3, deviceKey: 'a' }),
      makeJob({ id: 4, deviceKey: 'b' }),
      makeJob({ id: 5, deviceKey: 'a' }),
    ];
    expect([...waitingBehind(jobs)]).toEqual([
      [3, 2],
      [5, 2],
    ]);
  });
});

describe('exportJobs', () => {
  it('gives one job or all jobs as readable JSON', () => {
    const job = makeJob();
    expect(JSON.parse(exportJobs(job))).toEqual(job);
    expect(JSON.parse(exportJobs([job, job]))).toHaveLength(2);
    expect(exportJobs(job)).toContain('\n  "idempotencyKey"');
  });
});
