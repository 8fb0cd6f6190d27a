import { describe, expect, it } from 'vitest';
import { DecodeError } from '@contract/common';
import { adjusterEndpoints } from '@contract/adjuster';
import { houseEndpoints } from '@contract/houses';
import {
  addJob,
  applyJobEvent,
  SENT_JOB_KEPT_MS,
  countAgedSent,
  countUnsent,
  exportJobs,
  isQueuePaused,
  jobDevices,
  listJobs,
  nextDueAt,
  outboxRequest,
  pauseQueue,
  planQueue,
  pruneAgedSent,
  readJobPage,
  resumeQueue,
} from '@/offline/outbox-queue';
import type { OutboxJob } from '@/offline/db';
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
    fias: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5',
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
    // #1 sent; #2 (device A) first in line, #5 behind it; #3 (device B) needs attention, #4 (B) held by it. Another user's #6.
    const a = (n: number) => ({ idempotencyKey: `k${n}`, target: { mac: 'AA:BB:CC:DD:EE:0A' } });
    const b = (n: number) => ({ idempotencyKey: `k${n}`, target: { mac: 'AA:BB:CC:DD:EE:0B' } });
    for (const overrides of [
      { ...a(1), status: 'sent' as const },
      a(2),
      { ...b(3), status: 'needs-attention' as const },
      b(4),
      a(5),
      { idempotencyKey: 'k6', userId: 8 },
    ]) {
      const { id: _id, ...row } = makeJob(overrides);
      await db.outbox.add(row as never);
    }
    const first = await readJobPage(db, 7, 0, 2);
    expect(first.jobs.map((job) => job.id)).toEqual([5, 4]);
    expect(first.total).toBe(5);
    expect(first.counts).toEqual({ queued: 3, sending: 0, sent: 1, 'needs-attention': 1, paused: 0 });
    // The heads they wait for are on the next pages.
    expect(first.waitingFor).toEqual(
      new Map([
        [5, 2],
        [4, 3],
      ]),
    );
    const last = await readJobPage(db, 7, 4, 2);
    expect(last.jobs.map((job) => job.id)).toEqual([1]);
    expect(last.waitingFor.size).toBe(0);
    expect((await readJobPage(db, 7, 2, 2)).waitingFor.size).toBe(0);
  });

  it('counts unsent jobs: waiting (queued, sending, paused) apart from needing attention, which will not go by itself', async () => {
    const db = openTestDb();
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push((await addJob(db, input(), clock)).id);
    await applyJobEvent(db, ids[0], { type: 'begin-send' }, clock);
    await applyJobEvent(db, ids[0], { type: 'sent', status: 200 }, clock);
    await applyJobEvent(db, ids[1], { type: 'begin-send' }, clock);
    await applyJobEvent(db, ids[2], { type: 'begin-send' }, clock);
    await applyJobEvent(db, ids[2], { type: 'http-error', status: 422, message: 'porch' }, clock);
    expect(await countUnsent(db, 7)).toEqual({ waiting: 3, attention: 1 });
    expect(await countUnsent(db, 8)).toEqual({ waiting: 0, attention: 0 });
  });

  it('reads a page of one filter’s statuses, newest first, counted apart from the rest', async () => {
    const db = openTestDb();
    for (const status of ['sent', 'queued', 'needs-attention', 'sent', 'queued'] as const) {
      const { id: _id, ...row } = makeJob({ idempotencyKey: `k-${Math.random()}`, status, target: {} });
      await db.outbox.add(row as never);
    }
    const sent = await readJobPage(db, 7, 0, 10, ['sent']);
    expect(sent.jobs.map((job) => job.id)).toEqual([4, 1]);
    expect(sent).toMatchObject({ total: 5, matching: 2 });
    const waiting = await readJobPage(db, 7, 1, 1, ['queued', 'sending', 'paused']);
    expect(waiting.jobs.map((job) => job.id)).toEqual([2]);
    expect(waiting.matching).toBe(2);
    // #2 is first in line, #5 waits behind it, the job needing attention holds nothing of theirs.
    expect((await readJobPage(db, 7, 0, 10, ['queued', 'needs-attention'])).waitingFor).toEqual(new Map([[5, 2]]));
  });

  it('removes only sent jobs older than the server keeps their keys', async () => {
    const db = openTestDb();
    const NOW = T0 + 30 * 86_400_000;
    const rows = [
      { idempotencyKey: 'old-sent', status: 'sent' as const, sentAt: NOW - SENT_JOB_KEPT_MS - 1 },
      { idempotencyKey: 'young-sent', status: 'sent' as const, sentAt: NOW - SENT_JOB_KEPT_MS + 60_000 },
      { idempotencyKey: 'old-refused', status: 'needs-attention' as const },
      { idempotencyKey: 'old-queued', status: 'queued' as const },
      { idempotencyKey: 'other-user', status: 'sent' as const, sentAt: T0, userId: 8 },
    ];
    for (const overrides of rows) {
      const { id: _id, ...row } = makeJob(overrides);
      await db.outbox.add(row as never);
    }
    expect(SENT_JOB_KEPT_MS).toBe(7 * 86_400_000);
    expect(await countAgedSent(db, 7, NOW)).toBe(1);
    expect(await pruneAgedSent(db, 7, NOW)).toBe(1);
    expect((await db.outbox.toArray()).map((job) => job.idempotencyKey).sort()).toEqual(['old-queued', 'old-refused', 'other-user', 'young-sent']);
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

describe('planQueue: one queue per user', () => {
  const A = 'AA:BB:CC:DD:EE:0A';
  const B = 'AA:BB:CC:DD:EE:0B';
  const on = (mac: string | null, overrides: Partial<OutboxJob> = {}) => makeJob({ target: mac ? { mac } : {}, ...overrides });

  it('the oldest unsent job is first in line; it goes when due, and every later job of any device waits for it', () => {
    const jobs = [on(B, { id: 4 }), on(A, { id: 2, nextAttemptAt: T0 + 1 }), on(A, { id: 1, status: 'sent' }), on(null, { id: 3 })];
    const waiting = planQueue(jobs, T0);
    expect(waiting.head?.id).toBe(2);
    expect(waiting.next).toBeNull();
    expect([...waiting.waitingFor]).toEqual([
      [3, 2],
      [4, 2],
    ]);
    expect(planQueue(jobs, T0 + 1).next?.id).toBe(2);
    // In flight: nothing else goes meanwhile.
    expect(planQueue([on(A, { id: 2, status: 'sending' }), on(B, { id: 3 })], T0).next).toBeNull();
  });

  it('a job that needs attention holds back only the later jobs of its devices; the rest of the queue goes on', () => {
    const jobs = [on(A, { id: 1, status: 'needs-attention' }), on(A.toLowerCase(), { id: 2 }), on(B, { id: 3 }), on(A, { id: 4 }), on(null, { id: 5 })];
    const plan = planQueue(jobs, T0);
    expect(plan.next?.id).toBe(3);
    expect([...plan.waitingFor]).toEqual([
      [2, 1],
      [4, 1],
      [5, 3],
    ]);
  });

  it('a replacement changes both devices: held by the old device’s job, it holds the new device’s jobs in turn', () => {
    const jobs = [
      on(A, { id: 1, status: 'needs-attention' }),
      on(B, { id: 2, target: { mac: B, replacedMac: A } }),
      on(B, { id: 3 }),
      on('AA:BB:CC:DD:EE:0C', { id: 4 }),
    ];
    const plan = planQueue(jobs, T0);
    expect(plan.next?.id).toBe(4);
    expect([...plan.waitingFor]).toEqual([
      [2, 1],
      [3, 1],
    ]);
    expect(jobDevices(jobs[1])).toEqual([`mac:${B}`, `mac:${A}`]);
  });

  it('a paused queue has nobody in line', () => {
    expect(planQueue([on(A, { id: 1, status: 'paused' }), on(B, { id: 2, status: 'paused' })], T0)).toMatchObject({ head: null, next: null });
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
