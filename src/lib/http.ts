import {
  CSRF_HEADER,
  DecodeError,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  decode,
  type Endpoint,
  type PathParams,
} from '@contract/common';
import { codedMessageOf, type CodedText } from '@contract/server-texts';
import { serverTextIn, t } from '@/i18n/i18n';
import { getPreferences } from './preferences';
import { getCsrfToken, refreshCsrfToken } from './csrf';
import { isLoggedIn, setLoggedFlag } from './logged-flag';
import { clearUserCaches } from './runtime-cache';
import { emitSessionEvent } from './session-events';

/** The server answered with a status that is not the endpoint's success status. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The answer's message with its code, to word in the user's language; null when the server coded none. */
  readonly text: CodedText | null;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.text = codedMessageOf(body);
  }
}

/** The request never got an answer (offline, DNS, server down). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(t('common.networkError'), { cause });
    this.name = 'NetworkError';
  }
}

/** No answer, or a proxy saying the server is gone: data saved for offline work may stand in. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof HttpError && [502, 503, 504].includes(error.status));
}

/** The server answered 2xx with `result: false`. */
export class ResultError extends Error {
  /** The answer's message with its code, to word in the user's language; null when the server coded none. */
  readonly text: CodedText | null;

  constructor(message: string | null | undefined, answer?: unknown) {
    super(message || t('common.requestFailed'));
    this.name = 'ResultError';
    this.text = codedMessageOf(answer);
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

interface BaseOptions<Q, B> {
  query?: Q;
  body?: B;
  signal?: AbortSignal;
  /** Extra headers, e.g. the Idempotency-Key of an outbox replay. */
  headers?: Record<string, string>;
}

export type RequestOptions<P extends string, Q, B> = BaseOptions<Q, B> &
  (PathParams<P> extends Record<string, never> ? { params?: PathParams<P> } : { params: PathParams<P> });

type RequestArgs<P extends string, Q, B> =
  PathParams<P> extends Record<string, never> ? [options?: RequestOptions<P, Q, B>] : [options: RequestOptions<P, Q, B>];

/** Empty values are left out, so a cleared filter does not reach the server as `houseUid=`. */
export function buildQueryString(query: object | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue>)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => search.append(key, String(item)));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function isCsrfFailure(status: number, body: unknown): boolean {
  if (status !== 403) return false;
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && /csrf/i.test(message);
}

function messageOf(body: unknown, status: number): string {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : `${t('common.requestFailed')} (HTTP ${status})`;
}

async function readBody(response: Response, context: string): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (!response.ok) return text;
    throw new DecodeError(context, [{ path: '', message: 'The answer is not JSON' }]);
  }
}

function freshToken(): Promise<string> {
  return refreshCsrfToken().catch((error: unknown) => {
    throw error instanceof TypeError ? new NetworkError(error) : error;
  });
}

/**
 * Calls one endpoint of the contract: builds the URL, sends the headers every call needs
 * and the anti-forgery token on mutations, decodes the answer with the endpoint's
 * struct (a mismatch throws DecodeError listing the failing paths).
 */
export async function request<P extends string, Q, B, R>(endpoint: Endpoint<P, Q, B, R>, ...args: RequestArgs<P, Q, B>): Promise<R> {
  const options = (args[0] ?? {}) as BaseOptions<Q, B> & { params?: PathParams<P> };
  const url = endpoint.path((options.params ?? {}) as PathParams<P>) + buildQueryString(options.query as object | undefined);
  const context = `${endpoint.method} ${endpoint.pattern}`;
  const mutation = endpoint.method !== 'GET';

  const send = async (): Promise<Response> => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
      ...options.headers,
    };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (mutation) headers[CSRF_HEADER] = getCsrfToken() ?? (await freshToken());
    try {
      return await fetch(url, {
        method: endpoint.method,
        credentials: 'same-origin',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new NetworkError(error);
    }
  };

  let response = await send();
  let body = await readBody(response, context);

  if (mutation && isCsrfFailure(response.status, body)) {
    // The token went stale (a cached shell, a back end that rotates it): refresh once, retry once.
    await freshToken();
    response = await send();
    body = await readBody(response, context);
  }

  if (response.status === 401) {
    // Whoever the service worker kept answers for, that session is over: they must not be served on.
    void clearUserCaches(null);
    if (isLoggedIn()) {
      setLoggedFlag(false);
      emitSessionEvent({ type: 'expired' });
    }
    throw new HttpError(401, messageOf(body, 401), body);
  }

  const success = endpoint.successStatus === undefined ? response.ok : response.status === endpoint.successStatus;
  if (!success) throw new HttpError(response.status, messageOf(body, response.status), body);

  return decode(endpoint.response, body, context);
}

/** For answers that carry `result`: throws ResultError with the server's message when it is false. */
export function expectResult<T extends { result: boolean; message?: string | null }>(answer: T): T {
  if (!answer.result) throw new ResultError(answer.message, answer);
  return answer;
}

/** The text to show for any error thrown by `request` or a screen's logic. */
export function errorMessage(error: unknown): string {
  if (error instanceof DecodeError) return `${t('common.requestFailed')}: ${error.message}`;
  if ((error instanceof HttpError || error instanceof ResultError) && error.text) return serverTextIn(getPreferences().language, error.text);
  if (error instanceof Error && error.message) return error.message;
  return t('common.requestFailed');
}
