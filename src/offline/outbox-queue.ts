import { decode, type Endpoint, type PathParams } from '@contract/common';
import type { Random } from './backoff';
import { OUTBOX_STATUSES, UNSENT_STATUSES, type OfflineDb, type OutboxJob, type OutboxMethod, type OutboxStatus } from './db';
import { enqueue, nextState, type EnqueueInput, type OutboxEvent, type Transition } from './outbox';
import { withQuotaRetry } from './quota';

/*
 * The outbox table, read and written only through the state machine (outbox.ts). Each change
 * is one read-modify-write transaction, so two tabs acting on the same job cannot both win.
 */

export interface QueueClock {
  now?: () => number;
  random?: Random;
  makeKey?: () => string;
}

/**
 * The method, URL and body of a contract call, the body checked by the endpoint's struct now:
 * a body the server would refuse must not wait in the outbox for days to be refused.
 */
export function outboxRequest<P extends string, Q, B, R>(
  endpoint: Endpoint<P, Q, B, R>,
  options: { params?: PathParams<P>; body: B },
): { method: OutboxMethod; url: string; body: B } {
  if (endpoint.method === 'GET') throw new Error(`${endpoint.pattern}: only mutations go through the outbox`);
  const body = endpoint.body ? decode(endpoint.body, options.body, `${endpoint.method} ${endpoint.pattern}`) : options.body;
  return { method: endpoint.method, url: endpoint.path((options.params ?? {}) as PathParams<P>), body };
}

async function unsentJobs(db: OfflineDb, userId: number): Promise<OutboxJob[]> {
  const jobs = await db.outbox
    .where('[userId+status]')
    .anyOf(UNSENT_STATUSES.map((status) => [userId, status]))
    .toArray();
  return jobs.sort((a, b) => a.id - b.id);
}

export async function isQueuePaused(db: OfflineDb, userId: number): Promise<boolean> {
  return (await db.outbox.where('[userId+status]').equals([userId, 'paused']).count()) > 0;
}

/** Queues a job. While the user's queue is paused (a 401), the new job waits paused with it. */
export async function addJob(db: OfflineDb, input: EnqueueInput, clock: QueueClock = {}): Promise<OutboxJob> {
  const now = (clock.now ?? Date.now)();
  const fresh = enqueue(input, now, clock.makeKey);
  return withQuotaRetry(() =>
    db.transaction('rw', db.outbox, async () => {
      const paused = await isQueuePaused(db, input.userId);
      const row = paused ? { ...fresh, status: 'paused' as const } : fresh;
      const id = await db.outbox.add(row);
      return { ...row, id };
    }),
  );
}

export type AppliedTransition = Transition & { before: OutboxJob | null };

/** Applies one event to one stored job and saves the result. A missing job is 'ignored'. */
export async function applyJobEvent(db: OfflineDb, id: number, event: OutboxEvent, clock: QueueClock = {}): Promise<AppliedTransition> {
  const now = (clock.now ?? Date.now)();
  return withQuotaRetry(() =>
    db.transaction('rw', db.outbox, async () => {
      const job = await db.outbox.get(id);
      if (!job) return { kind: 'ignored', reason: `job ${id} is not in the outbox`, before: null } satisfies AppliedTransition;
      const transition = nextState(job, event, now, { random: clock.random, makeKey: clock.makeKey });
      if (transition.kind === 'update') await db.outbox.put(transition.job);
      if (transition.kind === 'discard') await db.outbox.delete(id);
      return { ...transition, before: job };
    }),
  );
}

/** Applies one event to every unsent job of the user it applies to; returns the changed jobs. */
async function applyToAll(db: OfflineDb, userId: number, event: OutboxEvent, clock: QueueClock): Promise<OutboxJob[]> {
  const now = (clock.now ?? Date.now)();
  return db.transaction('rw', db.outbox, async () => {
    const changed: OutboxJob[] = [];
    for (const job of await unsentJobs(db, userId)) {
      const transition = nextState(job, event, now, { random: clock.random, makeKey: clock.makeKey });
      if (transition.kind !== 'update') continue;
      await db.outbox.put(transition.job);
      changed.push(transition.job);
    }
    return changed;
  });
}

/** A 401: every queued job of the user waits until they log in again. */
export function pauseQueue(db: OfflineDb, userId: number, clock: QueueClock = {}): Promise<OutboxJob[]> {
  return applyToAll(db, userId, { type: 'pause' }, clock);
}

/** After a login: the paused jobs are due at once, each with its own key. */
export function resumeQueue(db: OfflineDb, userId: number, clock: QueueClock = {}): Promise<OutboxJob[]> {
  return applyToAll(db, userId, { type: 'resume' }, clock);
}

/**
 * Jobs left 'sending' by a tab that closed mid-request. Call only while holding the replay lock:
 * then no other tab is sending, so every 'sending' job is an orphan.
 */
export function recoverInterrupted(db: OfflineDb, userId: number, clock: QueueClock = {}): Promise<OutboxJob[]> {
  return applyToAll(db, userId, { type: 'recover' }, clock);
}

/** The network is back: jobs that got no answer are due now instead of at the end of their backoff. */
export function expediteUnanswered(db: OfflineDb, userId: number, clock: QueueClock = {}): Promise<OutboxJob[]> {
  return applyToAll(db, userId, { type: 'expedite' }, clock);
}

/**
 * The first unsent job of each device (FIFO per deviceKey), oldest first. A device whose first
 * job is sending, paused or needs attention has no head: its later jobs wait behind it.
 */
export function deviceHeads(unsent: readonly OutboxJob[]): OutboxJob[] {
  const heads = new Map<string, OutboxJob>();
  for (const job of unsent) {
    const head = heads.get(job.deviceKey);
    if (!head || job.id < head.id) heads.set(job.deviceKey, job);
  }
  return [...heads.values()].sort((a, b) => a.id - b.id);
}

/**
 * The unsent jobs of each device in order, for the devices whose first unsent job is queued and
 * due; lanes ordered by their first job. A lane is sent in order and stops at the first job that
 * is not sent, so a later job never overtakes an earlier one.
 */
export function dueLanes(unsent: readonly OutboxJob[], now: number): OutboxJob[][] {
  const lanes = new Map<string, OutboxJob[]>();
  for (const job of [...unsent].sort((a, b) => a.id - b.id)) {
    const lane = lanes.get(job.deviceKey);
    if (lane) lane.push(job);
    else lanes.set(job.deviceKey, [job]);
  }
  return [...lanes.values()].filter(([head]) => head.status === 'queued' && head.nextAttemptAt <= now);
}

/** For each job waiting behind an earlier unsent job of its device: that earlier job's id. */
export function waitingBehind(unsent: readonly OutboxJob[]): Map<number, number> {
  const heads = new Map<string, number>();
  const behind = new Map<number, number>();
  for (const job of [...unsent].filter((row) => row.status !== 'sent').sort((a, b) => a.id - b.id)) {
    const head = heads.get(job.deviceKey);
    if (head === undefined) heads.set(job.deviceKey, job.id);
    else behind.set(job.id, head);
  }
  return behind;
}

/** The lanes of the user's jobs that can be sent now. */
export async function dueJobLanes(db: OfflineDb, userId: number, now: number): Promise<OutboxJob[][]> {
  return dueLanes(await unsentJobs(db, userId), now);
}

/** When the next job becomes due (epoch ms), or null when nothing is waiting to be sent. */
export async function nextDueAt(db: OfflineDb, userId: number): Promise<number | null> {
  const waiting = deviceHeads(await unsentJobs(db, userId)).filter((job) => job.status === 'queued');
  return waiting.length === 0 ? null : Math.min(...waiting.map((job) => job.nextAttemptAt));
}

/** The user's jobs, newest first (the queue screen). */
export async function listJobs(db: OfflineDb, userId: number): Promise<OutboxJob[]> {
  const jobs = await db.outbox.where('userId').equals(userId).toArray();
  return jobs.sort((a, b) => b.id - a.id);
}

/** One page of the queue screen: its jobs, the user's totals, and whom each unsent job there waits for. */
export interface OutboxJobPage {
  /** Newest first. */
  jobs: OutboxJob[];
  /** Every job of the user. */
  total: number;
  counts: Record<OutboxStatus, number>;
  /** For each job of the page waiting behind an earlier unsent job of its device (on any page): that job's id. */
  waitingFor: Map<number, number>;
}

/**
 * A page of the user's jobs, newest first, read through the indexes: a queue of thousands is never
 * read whole on every change (the screen stays live while a long replay writes twice per job).
 */
export async function readJobPage(db: OfflineDb, userId: number, offset: number, limit: number): Promise<OutboxJobPage> {
  const [jobs, total, ...statusCounts] = await Promise.all([
    db.outbox.where('userId').equals(userId).reverse().offset(offset).limit(limit).toArray(),
    db.outbox.where('userId').equals(userId).count(),
    ...OUTBOX_STATUSES.map((status) => db.outbox.where('[userId+status]').equals([userId, status]).count()),
  ]);
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((status, index) => [status, statusCounts[index] ?? 0])) as Record<OutboxStatus, number>;
  const waitingFor = new Map<number, number>();
  const heads = await Promise.all(
    jobs.map((job) =>
      job.status === 'sent'
        ? undefined
        : db.outbox
            .where('deviceKey')
            .equals(job.deviceKey)
            .filter((other) => other.userId === userId && other.status !== 'sent')
            .first(),
    ),
  );
  jobs.forEach((job, index) => {
    const head = heads[index];
    if (head && head.id < job.id) waitingFor.set(job.id, head.id);
  });
  return { jobs, total, counts, waitingFor };
}

/** Jobs not yet sent: the header's counter, and the warning before a logout. */
export async function countUnsent(db: OfflineDb, userId: number): Promise<number> {
  // One native index count per status: Dexie counts `anyOf` with a cursor over every row, and the
  // header recounts on each outbox write, which made a long replay quadratic.
  const counts = await Promise.all(UNSENT_STATUSES.map((status) => db.outbox.where('[userId+status]').equals([userId, status]).count()));
  return counts.reduce((sum, count) => sum + count, 0);
}

/** One job or all jobs as a JSON file's text, for support staff. */
export function exportJobs(jobs: OutboxJob | readonly OutboxJob[]): string {
  return JSON.stringify(jobs, null, 2);
}
