import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { object, optional, string, type } from 'superstruct';
import { DecodeError, ResultResponse, endpoint } from '@contract/common';
import { houseEndpoints } from '@contract/houses';
import { sessionEndpoints } from '@contract/session';
import { setCsrfToken } from '@/lib/csrf';
import { HttpError, NetworkError, buildQueryString, request } from '@/lib/http';
import { isLoggedIn, setLoggedFlag } from '@/lib/logged-flag';
import { onSessionEvent } from '@/lib/session-events';

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockFetch(...answers: Response[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = answers.shift();
      if (!next) throw new Error(`Unexpected call ${init.method} ${url}`);
      return next;
    }),
  );
  return calls;
}

function header(call: Call, name: string): string | undefined {
  return (call.init.headers as Record<string, string>)[name];
}

const houseList = { result: true, pagination: { count: 0, page: 1, pageCount: 0, pageSize: 20, totalCount: 0 }, data: [] };
const rs485Save = endpoint({
  method: 'PUT',
  pattern: '/front/devices/:mac/rs485',
  body: object({ model: string() }),
  response: optional(type({})),
  successStatus: 204,
});

function setMeta(token: string): void {
  document.head.innerHTML = `<meta name="csrf-token" content="${token}">`;
}

beforeEach(() => {
  setCsrfToken(null);
  document.head.innerHTML = '';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request', () => {
  it('sends X-Requested-With and same-origin credentials, and leaves empty filters out of the query', async () => {
    const calls = mockFetch(json(200, houseList));
    await request(houseEndpoints.list, { query: { page: 2, houseUid: '', region: 77, fias: undefined } });
    expect(calls[0].url).toBe('/front/house-list?page=2&region=77');
    expect(header(calls[0], 'X-Requested-With')).toBe('XMLHttpRequest');
    expect(calls[0].init.credentials).toBe('same-origin');
    expect(header(calls[0], 'X-CSRF-Token')).toBeUndefined();
  });

  it('sends the token of the meta tag on a mutation, with a JSON body', async () => {
    setMeta('meta-token');
    const calls = mockFetch(json(200, { result: true, message: null }));
    await request(sessionEndpoints.login, { body: { login: 'admin', password: 'admin' } });
    expect(calls[0].init.method).toBe('POST');
    expect(header(calls[0], 'X-CSRF-Token')).toBe('meta-token');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ login: 'admin', password: 'admin' });
  });

  it('fetches a token from GET /site/csrf when the page has none', async () => {
    const calls = mockFetch(json(200, { result: true, token: 'fresh' }), json(200, { result: true }));
    await request(sessionEndpoints.logout, { body: {} });
    expect(calls.map((call) => call.url)).toEqual(['/site/csrf', '/site/auth/logout']);
    expect(header(calls[1], 'X-CSRF-Token')).toBe('fresh');
    expect(document.querySelector('meta[name="csrf-token"]')).toBeNull();
  });

  it('refreshes a stale token after a CSRF 403 and retries once', async () => {
    setMeta('stale');
    const calls = mockFetch(
      json(403, { result: false, message: 'Отсутствует или неверный CSRF-токен' }),
      json(200, { result: true, token: 'fresh' }),
      json(200, { result: true, message: 'ok' }),
    );
    const answer = await request(sessionEndpoints.login, { body: { login: 'a', password: 'b' } });
    expect(answer.result).toBe(true);
    expect(calls.map((call) => [call.url, header(call, 'X-CSRF-Token')])).toEqual([
      ['/site/auth/login', 'stale'],
      ['/site/csrf', undefined],
      ['/site/auth/login', 'fresh'],
    ]);
    expect(document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content).toBe('fresh');
  });

  it('gives up after one retry and reports the server message', async () => {
    setMeta('stale');
    mockFetch(json(403, { result: false, message: 'CSRF bad' }), json(200, { result: true, token: 'x' }), json(403, { result: false, message: 'CSRF bad' }));
    await expect(request(sessionEndpoints.login, { body: { login: 'a', password: 'b' } })).rejects.toMatchObject({ status: 403, message: 'CSRF bad' });
  });

  it('does not retry a 403 that is not about the token', async () => {
    setMeta('t');
    const calls = mockFetch(json(403, { result: false, message: 'Недостаточно прав' }));
    await expect(request(sessionEndpoints.logout, { body: {} })).rejects.toBeInstanceOf(HttpError);
    expect(calls).toHaveLength(1);
  });

  it('rejects an answer of the wrong shape with a DecodeError listing every failing path', async () => {
    mockFetch(json(200, { result: true, pagination: { count: 'x' }, data: [{ id: 1, address: 'a', region: 77 }] }));
    const error = await request(houseEndpoints.list).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DecodeError);
    const paths = (error as DecodeError).failures.map((failure) => failure.path);
    expect(paths).toEqual(expect.arrayContaining(['pagination.count', 'pagination.page', 'data.0.id']));
  });

  it('accepts 204 as success where the endpoint says so, and nothing else', async () => {
    setMeta('t');
    mockFetch(new Response(null, { status: 204 }));
    await expect(request(rs485Save, { params: { mac: 'AA:BB:CC:DD:EE:FF' }, body: { model: 'x' } })).resolves.toBeUndefined();
    mockFetch(json(200, { result: true }));
    await expect(request(rs485Save, { params: { mac: 'AA:BB:CC:DD:EE:FF' }, body: { model: 'x' } })).rejects.toMatchObject({ status: 200 });
  });

  it('builds the path from params, encoding them', async () => {
    setMeta('t');
    const calls = mockFetch(new Response(null, { status: 204 }));
    await request(rs485Save, { params: { mac: 'AA:BB:CC:DD:EE:FF' }, body: { model: 'x' } });
    expect(calls[0].url).toBe('/front/devices/AA%3ABB%3ACC%3ADD%3AEE%3AFF/rs485');
  });

  it('ends the session on a 401: clears the logged flag and tells the app', async () => {
    setLoggedFlag(true);
    const events: string[] = [];
    const stop = onSessionEvent((event) => events.push(event.type));
    mockFetch(json(401, { result: false, message: 'Требуется вход' }));
    await expect(request(houseEndpoints.list)).rejects.toMatchObject({ status: 401, message: 'Требуется вход' });
    expect(isLoggedIn()).toBe(false);
    expect(localStorage.getItem('logged')).toBe('false');
    expect(events).toEqual(['expired']);
    stop();
  });

  it('does not report an expired session for a visitor who was not logged in', async () => {
    const events: string[] = [];
    const stop = onSessionEvent((event) => events.push(event.type));
    setMeta('t');
    mockFetch(json(401, { result: false, message: 'Неверный логин или пароль' }));
    await expect(request(sessionEndpoints.login, { body: { login: 'a', password: 'b' } }).catch((e: unknown) => e)).resolves.toBeInstanceOf(HttpError);
    expect(events).toEqual([]);
    stop();
  });

  it('throws HttpError with the server message on other errors', async () => {
    mockFetch(json(400, { result: false, message: 'page: ожидается целое число' }));
    await expect(request(houseEndpoints.list)).rejects.toMatchObject({ name: 'HttpError', status: 400, message: 'page: ожидается целое число' });
  });

  it('turns a failed fetch into a NetworkError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(request(houseEndpoints.list)).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('buildQueryString', () => {
  it('repeats array values and skips null, undefined and empty strings', () => {
    expect(buildQueryString({ macs: ['A', 'B'], a: null, b: undefined, c: '', d: 0, e: false })).toBe('?macs=A&macs=B&d=0&e=false');
    expect(buildQueryString({})).toBe('');
  });
});

describe('ResultResponse', () => {
  it('is what most calls answer', () => {
    expect(ResultResponse.is({ result: true })).toBe(true);
  });
});
