import { codedMessageOf, type CodedText } from '@contract/server-texts';
import { CSRF_HEADER, IDEMPOTENCY_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@contract/common';
import { refreshCsrfToken } from '@/lib/csrf';
import type { OutboxJob } from './db';
import { offlineT } from './offline-strings';
import type { SendOutcome } from './outbox';

/*
 * The HTTP side of a replay: one attempt of one job, turned into a SendOutcome for the state
 * machine. It never throws. Only a JSON answer from our API counts as an answer: an HTML page
 * (a captive portal, the SPA fallback) or a redirect means the server was not reached.
 */

export type JobSender = (job: OutboxJob) => Promise<SendOutcome>;

export interface FetchSenderOptions {
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /**
   * Fetches a fresh anti-forgery token (a token from a cached shell may be stale). The sender asks
   * once and reuses the answer for later jobs, and asks again after a refusal that names CSRF.
   */
  csrfToken?: () => Promise<string>;
  /** An attempt that takes longer is abandoned (and retried later with the same key). */
  timeoutMs?: number;
  /** A token older than this is not reused. */
  tokenMaxAgeMs?: number;
  now?: () => number;
}

export const TOKEN_MAX_AGE_MS = 60_000;

export const DEFAULT_SEND_TIMEOUT_MS = 30_000;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

function messageOf(body: unknown): string | null {
  const message = field(body, 'message');
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** The refusal's coded message, when the server named it (contract/server-texts.ts). */
function codedOf(body: unknown): { coded?: CodedText } {
  const coded = codedMessageOf(body);
  return coded ? { coded } : {};
}

/** `result: false` (front API) or `result: 'error'` (adjuster API). */
function isRefusal(body: unknown): boolean {
  const result = field(body, 'result');
  return result === false || result === 'error';
}

/** The outcome of one answer. */
export async function outcomeOf(response: Response): Promise<SendOutcome> {
  if (response.type === 'opaqueredirect' || response.status === 0 || (response.status >= 300 && response.status < 400)) {
    return { type: 'network-error', message: offlineT('offline.error.notApi', { status: response.status }) };
  }
  let text = '';
  try {
    text = await response.text();
  } catch {
    return { type: 'network-error', message: offlineT('offline.error.network') };
  }
  const parsed = parseJson(text);
  if (response.ok) {
    if (!parsed.ok) return { type: 'network-error', message: offlineT('offline.error.notApi', { status: response.status }) };
    if (isRefusal(parsed.value)) return { type: 'refused', status: response.status, message: messageOf(parsed.value), ...codedOf(parsed.value) };
    return { type: 'sent', status: response.status, response: parsed.value };
  }
  return {
    type: 'http-error',
    status: response.status,
    message: parsed.ok ? messageOf(parsed.value) : null,
    ...(parsed.ok ? codedOf(parsed.value) : {}),
    retryAfter: response.headers.get('Retry-After'),
  };
}

function failureMessage(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return offlineT('offline.error.timeout', { seconds: Math.round(timeoutMs / 1000) });
  }
  return offlineT('offline.error.network');
}

/**
 * Sends a job with fetch: its method, URL and body, its Idempotency-Key, a CSRF token fetched by
 * this sender. One GET /site/csrf per job was half of a long replay's requests; the token is now
 * reused for a minute, and fetched again at once when the server refuses it (a login in another tab).
 */
export function createFetchSender(options: FetchSenderOptions = {}): JobSender {
  const doFetch = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  const csrfToken = options.csrfToken ?? refreshCsrfToken;
  const timeoutMs = options.timeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
  const tokenMaxAgeMs = options.tokenMaxAgeMs ?? TOKEN_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  let current: Promise<string> | null = null;
  let askedAt = 0;

  const attempt = async (job: OutboxJob, fresh: boolean): Promise<{ response: Response } | { outcome: SendOutcome }> => {
    let token: string;
    try {
      if (fresh || now() - askedAt > tokenMaxAgeMs) current = null;
      if (current === null) askedAt = now();
      const asked = (current ??= csrfToken());
      try {
        token = await asked;
      } catch (error) {
        // A failed fetch is not reused: the next job asks again.
        if (current === asked) current = null;
        throw error;
      }
    } catch (error) {
      return { outcome: { type: 'network-error', message: failureMessage(error, timeoutMs) } };
    }
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
      [CSRF_HEADER]: token,
      [IDEMPOTENCY_HEADER]: job.idempotencyKey,
    };
    if (job.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await doFetch(job.url, {
        method: job.method,
        credentials: 'same-origin',
        headers,
        body: job.body === undefined ? undefined : JSON.stringify(job.body),
        cache: 'no-store',
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { response };
    } catch (error) {
      return { outcome: { type: 'network-error', message: failureMessage(error, timeoutMs) } };
    }
  };

  return async (job) => {
    const first = await attempt(job, false);
    if ('outcome' in first) return first.outcome;
    const outcome = await outcomeOf(first.response);
    if (outcome.type === 'http-error' && outcome.status === 403 && /csrf/i.test(outcome.message ?? '')) {
      // A token that went stale (a login in another tab, a new session): a fresh one, once more.
      const second = await attempt(job, true);
      return 'outcome' in second ? second.outcome : outcomeOf(second.response);
    }
    return outcome;
  };
}
