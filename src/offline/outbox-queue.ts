import { decode, normalizeMac, type Endpoint, type PathParams } from '@contract/common';
import { IDEMPOTENCY_TTL_SECONDS } from '@contract/idempotency';
import type { Random } from './backoff';
import { OUTBOX_STATUSES, UNSENT_STATUSES, type OfflineDb, type OutboxJob, type OutboxMethod, type OutboxStatus, type OutboxTarget } from './db';
import { enqueue, nextState, type EnqueueInput, type OutboxEvent, type Transition } from './outbox';
import { withQuotaRetry } from './quota';
import { outboxCounts, type OutboxCounts } from './runtime-demand';

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

/** The devices a job changes, as `mac:<MAC>` keys: its target's and, for a replacement, the replaced device's. */
export function jobDevices(job: Pick<OutboxJob, 'target'>): string[] {
  // A row written by an older version or by hand may have no target: it changes no known device.
  const { mac: target, replacedMac } = (job.target as OutboxTarget | undefined) ?? {};
  const macs = [target, replacedMac].map((mac) => (mac ? normalizeMac(mac) : null));
  return [...new Set(macs.filter((mac): mac is string => mac !== null).map((mac) => `mac:${mac}`))];
}

/**
 * The queue's one rule about holding back, shared by the replay and the queue screen. A job that
 * needs attention waits for a person, maybe for days, so it holds back only the later jobs of its
 * devices (a replacement's both), which may depend on it; a job held so holds its own devices too.
 */
export function createHolds() {
  const heldBy = new Map<string, number>();
  return {
    /** The job that needs attention holding `job` back, if any; a held job then holds its own devices too. */
    holder(job: OutboxJob): number | undefined {
      const devices = jobDevices(job);
      const holder = devices.map((device) => heldBy.get(device)).find((id) => id !== undefined);
      if (holder !== undefined) for (const device of devices) if (!heldBy.has(device)) heldBy.set(device, holder);
      return holder;
    },
    /** `job` needs attention: later jobs of its devices wait for it. */
    hold(job: OutboxJob): void {
      for (const device of jobDevices(job)) if (!heldBy.has(device)) heldBy.set(device, job.id);
    },
  };
}

export interface QueuePlan {
  /** The first job in line (queued or sending), or null. */
  head: OutboxJob | null;
  /** The head when it is queued and due: the job to send now. */
  next: OutboxJob | null;
  /** For each job that waits: the earlier job it waits for (the head, or the job needing attention that holds it). */
  waitingFor: Map<number, number>;
}

/**
 * The user's unsent jobs as the replay sends them: one queue, strictly in the order they were made,
 * one job at a time. The first job in line goes when it is due; while it waits for its next attempt
 * (no answer, a 5xx) or is in flight, every later job waits behind it. A job needing attention holds
 * back only the later jobs of its devices (createHolds); the rest of the queue goes on past it.
 */
export function planQueue(unsent: readonly OutboxJob[], now: number): QueuePlan {
  const holds = createHolds();
  const waitingFor = new Map<number, number>();
  let head: OutboxJob | null = null;
  for (const job of [...unsent].sort((a, b) => a.id - b.id)) {
    if (job.status === 'sent') continue;
    if (job.status === 'needs-attention') {
      holds.hold(job);
      continue;
    }
    const holder = holds.holder(job);
    if (holder !== undefined) waitingFor.set(job.id, holder);
    // A paused queue (a 401) is the user's whole queue: nothing is in line until they log in.
    else if (job.status === 'paused') continue;
    else if (head === null) head = job;
    else waitingFor.set(job.id, head.id);
  }
  const next = head !== null && head.status === 'queued' && head.nextAttemptAt <= now ? head : null;
  return { head, next, waitingFor };
}

/** For each unsent job that waits: the earlier job it waits for (planQueue). */
export function waitingBehind(unsent: readonly OutboxJob[]): Map<number, number> {
  return planQueue(unsent, Infinity).waitingFor;
}

/** The user's unsent jobs in the order they are sent. */
export function readQueue(db: OfflineDb, userId: number): Promise<OutboxJob[]> {
  return unsentJobs(db, userId);
}

/** When the first job in line is due (epoch ms), or null when nothing is waiting for a time. */
export async function nextDueAt(db: OfflineDb, userId: number): Promise<number | null> {
  const { head } = planQueue(await unsentJobs(db, userId), Infinity);
  return head?.status === 'queued' ? head.nextAttemptAt : null;
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
  /** The user's jobs of the statuses asked for (what the pages are counted from). */
  matching: number;
  counts: Record<OutboxStatus, number>;
  /** For each unsent job of the page that waits (planQueue): the earlier job, on any page, it waits for. */
  waitingFor: Map<number, number>;
}

/**
 * A page of the user's jobs of `statuses` (all by default), newest first, read through the indexes:
 * a queue of thousands is never read whole on every change (the screen stays live while a long
 * replay writes twice per job); only the ids of the statuses asked for are read to find the page.
 */
export async function readJobPage(
  db: OfflineDb,
  userId: number,
  offset: number,
  limit: number,
  statuses: readonly OutboxStatus[] = OUTBOX_STATUSES,
): Promise<OutboxJobPage> {
  const all = statuses.length === OUTBOX_STATUSES.length;
  const [total, ...statusCounts] = await Promise.all([
    db.outbox.where('userId').equals(userId).count(),
    ...OUTBOX_STATUSES.map((status) => db.outbox.where('[userId+status]').equals([userId, status]).count()),
  ]);
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((status, index) => [status, statusCounts[index] ?? 0])) as Record<OutboxStatus, number>;
  const matching = all ? total : statuses.reduce((sum, status) => sum + counts[status], 0);
  let jobs: OutboxJob[];
  if (all) {
    jobs = await db.outbox.where('userId').equals(userId).reverse().offset(offset).limit(limit).toArray();
  } else {
    const ids = (await Promise.all(statuses.map((status) => db.outbox.where('[userId+status]').equals([userId, status]).primaryKeys()))).flat();
    const page = ids.sort((a, b) => b - a).slice(offset, offset + limit);
    // A job that changed status between the two reads is left for the next read.
    jobs = (await db.outbox.bulkGet(page)).filter((job): job is OutboxJob => job !== undefined && statuses.includes(job.status));
  }
  // Whom a job waits for depends on every earlier unsent job: read them only when the page shows one.
  const behind = jobs.some((job) => job.status !== 'sent') ? waitingBehind(await unsentJobs(db, userId)) : new Map<number, number>();
  const waitingFor = new Map<number, number>();
  for (const job of jobs) {
    const by = behind.get(job.id);
    if (by !== undefined) waitingFor.set(job.id, by);
  }
  return { jobs, total, matching, counts, waitingFor };
}

/** A sent job older than this (ms) is one the server no longer keeps the key of: it protects nothing any more. */
export const SENT_JOB_KEPT_MS = IDEMPOTENCY_TTL_SECONDS * 1000;

function agedSent(db: OfflineDb, userId: number, now: number) {
  return db.outbox
    .where('[userId+status]')
    .equals([userId, 'sent'])
    .filter((job) => job.sentAt !== null && job.sentAt < now - SENT_JOB_KEPT_MS);
}

/** The user's sent jobs whose idempotency key the server has forgotten (sent more than its key lifetime ago). */
export function countAgedSent(db: OfflineDb, userId: number, now: number): Promise<number> {
  return agedSent(db, userId, now).count();
}

/**
 * Deletes the user's sent jobs the server no longer keeps the key of; never a job not yet sent or
 * needing attention. Only for a person's explicit, confirmed action. Returns how many went.
 */
export function pruneAgedSent(db: OfflineDb, userId: number, now: number): Promise<number> {
  return db.transaction('rw', db.outbox, () => agedSent(db, userId, now).delete());
}

/** Jobs not yet sent, those waiting apart from those needing attention: the header's counter, and the warning before a logout. */
export async function countUnsent(db: OfflineDb, userId: number): Promise<OutboxCounts> {
  // One native index count per status: Dexie counts `anyOf` with a cursor over every row, and the
  // header recounts on each outbox write, which made a long replay quadratic.
  const counts = await Promise.all(UNSENT_STATUSES.map((status) => db.outbox.where('[userId+status]').equals([userId, status]).count()));
  return outboxCounts(Object.fromEntries(UNSENT_STATUSES.map((status, index) => [status, counts[index]])));
}

/** One job or all jobs as a JSON file's text, for support staff. */
export function exportJobs(jobs: OutboxJob | readonly OutboxJob[]): string {
  return JSON.stringify(jobs, null, 2);
}
