import { vi } from 'vitest';
import { setCsrfToken } from '@/lib/csrf';
import { setLoggedFlag } from '@/lib/logged-flag';
import { jsonResponse } from './render';

export type Handler = (method: string, url: string, body: unknown) => Response | undefined;

/** What the page sent. */
export interface ApiLog {
  /** Each call as `METHOD url`, in order. */
  calls: string[];
  /** The last body sent to each call. */
  bodies: Record<string, unknown>;
  /** Every body, in order. */
  sent: { call: string; body: unknown }[];
  /** A test's own answers, asked first; `undefined` falls through to the defaults. */
  handle: Handler;
}

export interface StubApiOptions {
  /** Answer the header's user calls (`/front/user/…`) with a refusal instead of failing the test. */
  refuseUserCalls?: boolean;
}

/**
 * Stubs fetch for a logged-in session with a CSRF token: `log.handle` answers first, then
 * `defaults`; the connectivity probe (/site/csrf) answers; any other call fails the test. Undo it
 * with `vi.unstubAllGlobals()`.
 */
export function stubApi(defaults: Handler, options: StubApiOptions = {}): ApiLog {
  const log: ApiLog = { calls: [], bodies: {}, sent: [], handle: () => undefined };
  setCsrfToken('token');
  setLoggedFlag(true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const call = `${method} ${url}`;
      log.calls.push(call);
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      log.bodies[call] = body;
      log.sent.push({ call, body });
      const answer = log.handle(method, url, body) ?? defaults(method, url, body);
      if (answer) return answer;
      if (url === '/site/csrf') return jsonResponse(200, { result: true, token: 'token' });
      if (options.refuseUserCalls && url.startsWith('/front/user/')) return jsonResponse(200, { result: false, message: 'not in this test' });
      throw new Error(`Unexpected ${call}`);
    }),
  );
  return log;
}

/** The bodies sent to one call, in order. */
export const bodiesOf = (log: ApiLog, call: string) => log.sent.filter((entry) => entry.call === call).map((entry) => entry.body);
