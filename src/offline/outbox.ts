import { canonicalJson } from '@contract/idempotency';
import type { CodedText } from '@contract/server-texts';
import { DEFAULT_BACKOFF, retryDelay, type BackoffPolicy, type Random } from './backoff';
import { deviceKeyOf, type OutboxJob, type OutboxMethod, type OutboxTarget } from './db';

/*
 * The outbox state machine, pure: every change of a job's status goes through `nextState`, so
 * the rules below are the whole story and are tested one transition at a time.
 *
 *   queued ──begin-send──▶ sending ──2xx──▶ sent
 *     ▲                      │
 *     ├──────────────────────┤ no answer, 408, 425, 429, 5xx, 409 + Retry-After: back off
 *     │                      ├──401──▶ paused (and the whole queue pauses)
 *     │                      └──other 4xx, 2xx with result false──▶ needs-attention
 *     └── retry / resume (from paused or needs-attention); recover (a 'sending' left by a closed tab)
 *
 * Nothing leaves the outbox except through 'discard', which only a person's action sends.
 */

/** What one attempt to send a job gave. */
export type SendOutcome =
  | { type: 'sent'; status: number; response?: unknown }
  /** No answer: offline, DNS, timeout, captive portal, an answer that is not our API's. */
  | { type: 'network-error'; message: string }
  | { type: 'http-error'; status: number; message: string | null; coded?: CodedText | null; retryAfter?: string | null }
  /** 2xx with `result: false` (or the adjuster's 'error'): the server read the request and declined it. */
  | { type: 'refused'; status: number; message: string | null; coded?: CodedText | null };

export type OutboxCommand =
  | { type: 'begin-send' }
  | { type: 'send-now' }
  /** From needs-attention or paused. A `body` that differs from the job's (a fixed draft) gets a new key. */
  | { type: 'retry'; body?: unknown }
  | { type: 'pause' }
  | { type: 'resume' }
  /** A job found 'sending' while no tab is sending (its tab closed mid-request). */
  | { type: 'recover' }
  /** The network is back: a job waiting only because it got no answer need not wait out its backoff. */
  | { type: 'expedite' }
  | { type: 'discard' };

export type OutboxEvent = SendOutcome | OutboxCommand;

/** Something beyond the job that the caller must do. */
export type OutboxEffect = 'pause-queue';

export type Transition =
  | { kind: 'update'; job: OutboxJob; effects: readonly OutboxEffect[] }
  | { kind: 'discard' }
  | { kind: 'ignored'; reason: string };

export type NewOutboxJob = Omit<OutboxJob, 'id'>;

export interface EnqueueInput {
  kind: string;
  method: OutboxMethod;
  url: string;
  body: unknown;
  userId: number;
  draftId?: string | null;
  target?: OutboxTarget;
}

/**
 * A v4 UUID. crypto.randomUUID exists only in secure contexts; a back office reached over plain
 * http on a LAN still needs keys, and getRandomValues is available there.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A new job: its idempotency key is made here, once, when it is queued. */
export function enqueue(input: EnqueueInput, now: number, makeKey: () => string = newIdempotencyKey): NewOutboxJob {
  const idempotencyKey = makeKey();
  const target = input.target ?? {};
  return {
    idempotencyKey,
    kind: input.kind,
    method: input.method,
    url: input.url,
    body: input.body,
    status: 'queued',
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    lastStatus: null,
    userId: input.userId,
    draftId: input.draftId ?? null,
    deviceKey: deviceKeyOf(target.mac, idempotencyKey),
    target,
    createdAt: now,
    updatedAt: now,
    sentAt: null,
  };
}

export type HttpVerdict = 'retry' | 'pause' | 'needs-attention';

/**
 * What a non-2xx answer means for the job. A 409 carrying Retry-After is the idempotency layer
 * saying "an attempt with this key is still in progress": waiting is right. A 409 without it is
 * a conflict in the data, which a person must resolve.
 */
export function classifyHttpStatus(status: number, retryAfter?: string | null): HttpVerdict {
  if (status === 401) return 'pause';
  if (status === 408 || status === 425 || status === 429 || status >= 500) return 'retry';
  if (status === 409 && retryAfter !== null && retryAfter !== undefined && retryAfter.trim() !== '') return 'retry';
  return 'needs-attention';
}

export function sameBody(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** True when no attempt under the job's current key can have changed anything on the server. */
export function answeredWithoutEffect(job: OutboxJob): boolean {
  return job.attempts === 0 || job.status === 'needs-attention' || job.lastStatus === 401;
}

function httpMessage(status: number, message: string | null | undefined): string {
  return message && message.trim() !== '' ? message : `HTTP ${status}`;
}

export interface TransitionOptions {
  random?: Random;
  makeKey?: () => string;
  policy?: BackoffPolicy;
}

/** The job after `event` at time `now`. Pure: randomness and key-making are passed in. */
export function nextState(job: OutboxJob, event: OutboxEvent, now: number, options: TransitionOptions = {}): Transition {
  const { random = Math.random, makeKey = newIdempotencyKey, policy = DEFAULT_BACKOFF } = options;
  const update = (patch: Partial<OutboxJob>, effects: readonly OutboxEffect[] = []): Transition => ({
    kind: 'update',
    job: { ...job, ...patch, updatedAt: now },
    effects,
  });
  const ignored = (reason = `${event.type} does not apply to a ${job.status} job`): Transition => ({ kind: 'ignored', reason });
  const backoff = (retryAfter?: string | null) => now + retryDelay(Math.max(1, job.attempts), retryAfter, now, random, policy);

  switch (event.type) {
    case 'begin-send':
      return job.status === 'queued' ? update({ status: 'sending', attempts: job.attempts + 1 }) : ignored();

    case 'sent':
      // The server has it, whatever this tab believed: 'sent' wins over every unsent status.
      if (job.status === 'sent') return ignored();
      return update({ status: 'sent', sentAt: now, lastStatus: event.status, lastError: null, lastErrorCoded: undefined, response: event.response });

    case 'network-error':
      if (job.status !== 'sending') return ignored();
      return update({ status: 'queued', nextAttemptAt: backoff(), lastError: event.message, lastErrorCoded: undefined, lastStatus: null });

    case 'http-error': {
      if (job.status !== 'sending') return ignored();
      const lastError = httpMessage(event.status, event.message);
      const lastErrorCoded = event.coded ?? undefined;
      const verdict = classifyHttpStatus(event.status, event.retryAfter);
      if (verdict === 'retry') {
        return update({ status: 'queued', nextAttemptAt: backoff(event.retryAfter), lastError, lastErrorCoded, lastStatus: event.status });
      }
      if (verdict === 'pause') return update({ status: 'paused', lastError, lastErrorCoded, lastStatus: event.status }, ['pause-queue']);
      return update({ status: 'needs-attention', lastError, lastErrorCoded, lastStatus: event.status });
    }

    case 'refused':
      if (job.status !== 'sending') return ignored();
      return update({ status: 'needs-attention', lastError: httpMessage(event.status, event.message), lastErrorCoded: event.coded ?? undefined, lastStatus: event.status });

    case 'send-now':
      return job.status === 'queued' ? update({ nextAttemptAt: now }) : ignored();

    case 'retry': {
      if (job.status !== 'needs-attention' && job.status !== 'paused') return ignored();
      const changed = event.body !== undefined && !sameBody(event.body, job.body);
      // The same request keeps its key: if an earlier attempt did reach the server, the server
      // answers with what it stored instead of doing the work twice.
      if (!changed) return update({ status: 'queued', nextAttemptAt: now });
      // The server keeps (key → body) and refuses the same key with another body (422), so a
      // fixed draft needs a new key. That is safe only when nothing was done under the old key:
      // never sent, or its last answer was a refusal (4xx, result false) or a 401.
      if (!answeredWithoutEffect(job)) return ignored('the last attempt may have reached the server, so the body cannot change');
      return update({ status: 'queued', nextAttemptAt: now, body: event.body, idempotencyKey: makeKey() });
    }

    case 'pause':
      return job.status === 'queued' ? update({ status: 'paused' }) : ignored();

    case 'resume':
      return job.status === 'paused' ? update({ status: 'queued', nextAttemptAt: now }) : ignored();

    case 'recover':
      // Same key: if the lost attempt did reach the server, it answers with what it stored.
      return job.status === 'sending' ? update({ status: 'queued', nextAttemptAt: now }) : ignored();

    case 'expedite':
      return job.status === 'queued' && job.attempts > 0 && job.lastStatus === null && job.nextAttemptAt > now
        ? update({ nextAttemptAt: now })
        : ignored();

    case 'discard':
      // A job in flight may already be done on the server: its answer must land first.
      return job.status === 'sending' ? ignored() : { kind: 'discard' };
  }
}

export interface JobActions {
  sendNow: boolean;
  retry: boolean;
  openDraft: boolean;
  discard: boolean;
}

/** Which buttons the queue screen offers for a job. */
export function jobActions(job: OutboxJob): JobActions {
  return {
    sendNow: job.status === 'queued',
    retry: job.status === 'needs-attention' || job.status === 'paused',
    openDraft: job.draftId !== null && job.status !== 'sending',
    discard: job.status !== 'sending',
  };
}
