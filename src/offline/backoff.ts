/*
 * How long a failed outbox job waits before its next attempt. The ceiling grows as
 * base · factor^(attempt − 1) up to the cap; the delay is drawn at random below it, so phones
 * that lost the same network do not all come back in the same second.
 */
export interface BackoffPolicy {
  baseMs: number;
  factor: number;
  capMs: number;
  /**
   * 'full': uniform in [0, ceiling] (the classic "full jitter").
   * 'equal': uniform in [ceiling/2, ceiling]. The default: with full jitter a later attempt may
   * draw a shorter wait than an earlier one, so the waits of one job would not visibly grow;
   * the upper half keeps most of the spread and makes every wait at least as long as the last.
   */
  jitter: 'full' | 'equal';
  /** A Retry-After longer than this is shortened to it: a stray header must not park the queue for days. */
  maxRetryAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = {
  baseMs: 1_000,
  factor: 2,
  capMs: 5 * 60_000,
  jitter: 'equal',
  maxRetryAfterMs: 60 * 60_000,
};

export type Random = () => number;

/** The largest wait after `attempt` failed attempts (1-based). */
export function backoffCeiling(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  // Past ~60 doublings the power is Infinity; min() still gives the cap.
  return Math.min(policy.capMs, policy.baseMs * policy.factor ** exponent);
}

/** A random wait for the attempt, within the policy's jitter window. */
export function backoffDelay(attempt: number, random: Random = Math.random, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const ceiling = backoffCeiling(attempt, policy);
  const floor = policy.jitter === 'equal' ? ceiling / 2 : 0;
  const draw = Math.min(Math.max(random(), 0), 1);
  return Math.round(floor + draw * (ceiling - floor));
}

/**
 * Retry-After (RFC 9110 section 10.2.3): delay-seconds or an HTTP date. Returns the wait in ms from
 * `now`, or null when the header is absent or unreadable. A date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (text === '') return null;
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  if (!/[a-z]/i.test(text)) return null;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/** The wait before the next attempt: the backoff, but never less than the server's Retry-After. */
export function retryDelay(
  attempt: number,
  retryAfter: string | null | undefined,
  now: number,
  random: Random = Math.random,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
): number {
  const delay = backoffDelay(attempt, random, policy);
  const floor = parseRetryAfter(retryAfter, now);
  return floor === null ? delay : Math.max(delay, Math.min(floor, policy.maxRetryAfterMs));
}
