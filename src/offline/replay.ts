import type { Random } from './backoff';
import type { OfflineDb, OutboxJob } from './db';
import type { EnqueueInput, SendOutcome } from './outbox';
import {
  addJob,
  applyJobEvent,
  createHolds,
  expediteUnanswered,
  isQueuePaused,
  nextDueAt,
  pauseQueue,
  readQueue,
  recoverInterrupted,
  resumeQueue,
  type AppliedTransition,
  type QueueClock,
} from './outbox-queue';
import { browserLocks, type LockManagerLike } from './locks';
import { createFetchSender, type JobSender } from './send';

/*
 * The replay engine sends the outbox. One tab at a time holds the Web Lock 'outbox-replay'
 * (ifAvailable: a tab that finds it taken leaves the work to its holder and looks again a bit
 * later). Each job goes queued → sending (saved before the request) → its outcome, through the
 * state machine. The user's jobs form one queue, sent one at a time in the order they were made
 * (planQueue in outbox-queue.ts says which job waits for which): a job never overtakes an earlier
 * one it could depend on, as a key written to a device before its replacement moved the keys.
 *
 * Exactly once is the server's promise, given the same Idempotency-Key on every attempt; the
 * lock and the 'sending' mark only keep two tabs from spending requests on the same job.
 */

export const REPLAY_LOCK = 'outbox-replay';
export const DEFAULT_POLL_MS = 15_000;
export const DEFAULT_BUSY_RETRY_MS = 3_000;

export type ReplayReason = 'start' | 'online' | 'visible' | 'timer' | 'send-now' | 'enqueue' | 'resume' | 'manual';

export type ReplayEvent =
  /** The server answered 401: the queue is paused until the user logs in and `resume()` is called. */
  | { type: 'login-needed'; userId: number; job: OutboxJob }
  | { type: 'job-changed'; job: OutboxJob }
  | { type: 'syncing'; syncing: boolean }
  | { type: 'error'; error: unknown };

export interface ReplayRun {
  outcome: 'done' | 'busy' | 'paused' | 'no-user' | 'offline' | 'stopped';
  sent: number;
  failed: number;
}

interface Tally {
  sent: number;
  failed: number;
  paused: boolean;
}

export interface ReplayEngineOptions {
  db: OfflineDb;
  /** The logged-in user: only their jobs are sent, with their session. */
  currentUserId: () => number | null;
  send?: JobSender;
  now?: () => number;
  random?: Random;
  makeKey?: () => string;
  /** Defaults to navigator.locks (or a per-tab stand-in). */
  locks?: LockManagerLike;
  /**
   * True when `locks` is shared by every tab. Only then may a run treat a 'sending' job as left
   * by a closed tab; with the per-tab stand-in such jobs are recovered once, at start().
   */
  sharedLocks?: boolean;
  /** A run is skipped while this says offline (except "send now"): failing attempts would only grow the backoff. */
  isOnline?: () => boolean;
  pollMs?: number;
  busyRetryMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface ReplayEngine {
  /** Runs the queue now (or right after the run in progress). Never rejects. */
  trigger(reason: ReplayReason): Promise<ReplayRun>;
  /** Listens to `online` and to the page becoming visible, starts the timer, and runs once. */
  start(): void;
  stop(): void;
  subscribe(listener: (event: ReplayEvent) => void): () => void;
  isSyncing(): boolean;
  enqueue(input: EnqueueInput): Promise<OutboxJob>;
  sendNow(id: number): Promise<AppliedTransition>;
  /** A paused job resumes the whole queue (a pause is the queue's, after a 401). */
  retry(id: number, body?: unknown): Promise<AppliedTransition>;
  /** After a login: paused jobs go back to the queue. */
  resume(): Promise<void>;
  /** Only after a person confirmed it. */
  discard(id: number): Promise<AppliedTransition>;
}

export function createReplayEngine(options: ReplayEngineOptions): ReplayEngine {
  const { db, currentUserId } = options;
  const send = options.send ?? createFetchSender();
  const now = options.now ?? Date.now;
  const clock: QueueClock = { now, random: options.random, makeKey: options.makeKey };
  const detected = options.locks ? { locks: options.locks, shared: options.sharedLocks ?? true } : browserLocks();
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const busyRetryMs = options.busyRetryMs ?? DEFAULT_BUSY_RETRY_MS;
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));

  const listeners = new Set<(event: ReplayEvent) => void>();
  const emit = (event: ReplayEvent) => listeners.forEach((listener) => listener(event));

  let stopped = false;
  let syncing = false;
  let timer: unknown = null;
  let running: Promise<ReplayRun> | null = null;
  let rerun: ReplayReason | null = null;
  let detach: (() => void) | null = null;

  const setSyncing = (value: boolean) => {
    if (syncing === value) return;
    syncing = value;
    emit({ type: 'syncing', syncing });
  };

  const schedule = (ms: number) => {
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => {
      timer = null;
      void trigger('timer');
    }, ms);
  };

  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  /** Sends one job; returns its status afterwards, or null when it was not ours to send. */
  const process = async (job: OutboxJob, userId: number, tally: Tally): Promise<OutboxJob['status'] | null> => {
    const begun = await applyJobEvent(db, job.id, { type: 'begin-send' }, clock);
    if (begun.kind !== 'update') return null;
    emit({ type: 'job-changed', job: begun.job });
    let outcome: SendOutcome;
    try {
      outcome = await send(begun.job);
    } catch (error) {
      outcome = { type: 'network-error', message: error instanceof Error ? error.message : String(error) };
    }
    const settled = await applyJobEvent(db, job.id, outcome, clock);
    if (settled.kind !== 'update') return null;
    emit({ type: 'job-changed', job: settled.job });
    if (settled.job.status === 'sent') tally.sent += 1;
    else tally.failed += 1;
    if (settled.effects.includes('pause-queue')) {
      tally.paused = true;
      await pauseQueue(db, userId, clock);
      emit({ type: 'login-needed', userId, job: settled.job });
    }
    return settled.job.status;
  };

  const drain = async (userId: number, reason: ReplayReason): Promise<ReplayRun> => {
    const tally: Tally = { sent: 0, failed: 0, paused: false };
    const result = (outcome: ReplayRun['outcome']): ReplayRun => ({ outcome, sent: tally.sent, failed: tally.failed });
    if (detected.shared) await recoverInterrupted(db, userId, clock);
    if (reason === 'online' || reason === 'start') await expediteUnanswered(db, userId, clock);
    if (await isQueuePaused(db, userId)) return result('paused');
    // One attempt per job per run: a job that failed waits for its backoff, even a zero one.
    const attempted = new Set<number>();
    /**
     * One walk through the queue as read once (planQueue's rule, acted on): returns true when it
     * reached the end having sent something, so jobs queued meanwhile get a walk of their own.
     */
    const walk = async (): Promise<boolean> => {
      const holds = createHolds();
      let progressed = false;
      for (const job of await readQueue(db, userId)) {
        if (stopped || tally.paused) return false;
        // The signal may go while a run drains: the jobs after that wait for the way back online.
        if (!isOnline() && reason !== 'send-now') return false;
        if (job.status === 'needs-attention') {
          holds.hold(job);
          continue;
        }
        if (holds.holder(job) !== undefined || job.status === 'paused') continue;
        // The first job in line: everything after it waits until it is sent or needs attention.
        if (job.status !== 'queued' || job.nextAttemptAt > now() || attempted.has(job.id)) return false;
        attempted.add(job.id);
        setSyncing(true);
        const status = await process(job, userId, tally);
        if (status === 'needs-attention') holds.hold(job);
        else if (status !== 'sent') return false;
        progressed = true;
      }
      return progressed;
    };
    try {
      while (!stopped && !tally.paused && (await walk()));
      return result(tally.paused ? 'paused' : stopped ? 'stopped' : 'done');
    } finally {
      setSyncing(false);
    }
  };

  const runOnce = async (reason: ReplayReason): Promise<ReplayRun> => {
    const userId = currentUserId();
    if (userId === null) return { outcome: 'no-user', sent: 0, failed: 0 };
    if (!isOnline() && reason !== 'send-now') {
      // `online` will trigger a run; while jobs wait, the timer still looks now and then in case it is missed.
      if ((await nextDueAt(db, userId)) === null) cancelTimer();
      else schedule(pollMs);
      return { outcome: 'offline', sent: 0, failed: 0 };
    }
    const run = await detected.locks.request(REPLAY_LOCK, { ifAvailable: true }, async (lock) =>
      lock ? drain(userId, reason) : ({ outcome: 'busy', sent: 0, failed: 0 } satisfies ReplayRun),
    );
    if (stopped) return run;
    if (run.outcome === 'busy') {
      schedule(busyRetryMs);
    } else if (run.outcome === 'done') {
      const due = await nextDueAt(db, userId);
      if (due === null) cancelTimer();
      else schedule(Math.min(pollMs, Math.max(50, due - now())));
    } else {
      cancelTimer();
    }
    return run;
  };

  const trigger = (reason: ReplayReason): Promise<ReplayRun> => {
    if (running) {
      // Whatever asked for this run may have changed the queue after the current run read it.
      rerun = rerun === 'online' || rerun === 'start' ? rerun : reason;
      return running;
    }
    running = (async () => {
      let next: ReplayReason | null = reason;
      let last: ReplayRun = { outcome: 'done', sent: 0, failed: 0 };
      const total = { sent: 0, failed: 0 };
      while (next !== null) {
        rerun = null;
        try {
          last = await runOnce(next);
        } catch (error) {
          emit({ type: 'error', error });
          schedule(pollMs);
          last = { outcome: 'done', sent: 0, failed: 0 };
        }
        total.sent += last.sent;
        total.failed += last.failed;
        next = stopped ? null : rerun;
      }
      return { ...last, ...total };
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const requireUser = (): number => {
    const userId = currentUserId();
    if (userId === null) throw new Error('No user is logged in');
    return userId;
  };

  const onOnline = () => void trigger('online');
  const onVisibility = () => {
    if (document.visibilityState === 'visible') void trigger('visible');
  };

  return {
    trigger,
    start() {
      if (detach) return;
      stopped = false;
      if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
      if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
      detach = () => {
        if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
        if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
      };
      void (async () => {
        const userId = currentUserId();
        if (!detected.shared && userId !== null) await recoverInterrupted(db, userId, clock).catch(() => undefined);
        await trigger('start');
      })();
    },
    stop() {
      stopped = true;
      detach?.();
      detach = null;
      cancelTimer();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isSyncing: () => syncing,
    async enqueue(input) {
      const job = await addJob(db, input, clock);
      void trigger('enqueue');
      return job;
    },
    async sendNow(id) {
      const result = await applyJobEvent(db, id, { type: 'send-now' }, clock);
      void trigger('send-now');
      return result;
    },
    async retry(id, body) {
      const result = await applyJobEvent(db, id, { type: 'retry', body }, clock);
      if (result.kind === 'update' && result.before?.status === 'paused') await resumeQueue(db, result.job.userId, clock);
      void trigger('resume');
      return result;
    },
    async resume() {
      await resumeQueue(db, requireUser(), clock);
      void trigger('resume');
    },
    discard(id) {
      return applyJobEvent(db, id, { type: 'discard' }, clock);
    },
  };
}
