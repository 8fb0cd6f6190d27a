import { describe, expect, it, vi } from 'vitest';
import { createFetchSender, outcomeOf } from '@/offline/send';
import { makeJob } from './helpers';

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

describe('outcomeOf', () => {
  it('2xx JSON → sent, with the answer', async () => {
    expect(await outcomeOf(json(200, { result: 'success', data: { deviceId: 5 } }))).toEqual({
      type: 'sent',
      status: 200,
      response: { result: 'success', data: { deviceId: 5 } },
    });
  });

  it('204 without a body → sent', async () => {
    expect(await outcomeOf(new Response(null, { status: 204 }))).toEqual({ type: 'sent', status: 204, response: undefined });
  });

  it('2xx with result false or the adjuster’s "error" → refused with the message', async () => {
    expect(await outcomeOf(json(200, { result: false, message: 'Уже есть' }))).toEqual({ type: 'refused', status: 200, message: 'Уже есть' });
    expect(await outcomeOf(json(200, { result: 'error', message: 'Нет порта' }))).toEqual({ type: 'refused', status: 200, message: 'Нет порта' });
  });

  it('keeps a refusal’s code and values, so the queue can word it in the reader’s language', async () => {
    const refusal = { message: 'Базовая станция BS-X не найдена', messageCode: 'port.stationUnknown', messageParams: { station: 'BS-X' } };
    expect(await outcomeOf(json(404, { result: false, ...refusal }))).toMatchObject({ type: 'http-error', status: 404, coded: refusal });
    expect(await outcomeOf(json(200, { result: 'error', ...refusal }))).toEqual({ type: 'refused', status: 200, message: refusal.message, coded: refusal });
  });

  it('an HTML page with 200 (captive portal, SPA fallback) is not an answer from the API', async () => {
    const outcome = await outcomeOf(new Response('<!doctype html><html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    expect(outcome.type).toBe('network-error');
  });

  it('a redirect is not an answer from the API', async () => {
    expect((await outcomeOf(new Response(null, { status: 302, headers: { Location: '/login' } }))).type).toBe('network-error');
  });

  it('an error status → http-error with the message and Retry-After', async () => {
    expect(await outcomeOf(json(429, { result: false, message: 'Слишком часто' }, { 'Retry-After': '30' }))).toEqual({
      type: 'http-error',
      status: 429,
      message: 'Слишком часто',
      retryAfter: '30',
    });
    expect(await outcomeOf(new Response('Bad gateway', { status: 502 }))).toEqual({ type: 'http-error', status: 502, message: null, retryAfter: null });
  });
});

describe('createFetchSender', () => {
  it('sends the job with its key, a fresh CSRF token, X-Requested-With and JSON', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => json(200, { result: 'success' }));
    const csrfToken = vi.fn(async () => 'fresh-token');
    const send = createFetchSender({ fetch, csrfToken });
    const job = makeJob({ idempotencyKey: 'k-1', body: { mac: 'AA:BB:CC:DD:EE:01', deviceOwner: null } });

    expect((await send(job)).type).toBe('sent');
    expect(csrfToken).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/adjuster/api/prepare-device');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"mac":"AA:BB:CC:DD:EE:01","deviceOwner":null}');
    expect(init.headers).toMatchObject({
      'Idempotency-Key': 'k-1',
      'X-CSRF-Token': 'fresh-token',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
      Accept: 'application/json',
    });
  });

  it('reuses one token for later jobs, and asks again after a minute', async () => {
    const fetch = vi.fn(async () => json(503, {}));
    let n = 0;
    let clock = 1_000;
    const send = createFetchSender({ fetch, csrfToken: async () => `t${(n += 1)}`, now: () => clock });
    await send(makeJob());
    await send(makeJob());
    clock += 60_001;
    await send(makeJob());
    const tokens = fetch.mock.calls.map((call) => ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)['X-CSRF-Token']);
    expect(tokens).toEqual(['t1', 't1', 't2']);
  });

  it('jobs sent at once share one token request', async () => {
    const fetch = vi.fn(async () => json(200, { result: 'success' }));
    const csrfToken = vi.fn(async () => 'tok');
    const send = createFetchSender({ fetch, csrfToken });
    await Promise.all([send(makeJob()), send(makeJob()), send(makeJob())]);
    expect(csrfToken).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('a CSRF refusal drops the kept token: the retry and later jobs use a new one', async () => {
    const fetch = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(json(403, { result: false, message: 'Invalid CSRF token' }))
      .mockImplementation(async () => json(200, { result: 'success' }));
    let n = 0;
    const send = createFetchSender({ fetch, csrfToken: async () => `t${(n += 1)}` });
    expect((await send(makeJob())).type).toBe('sent');
    expect((await send(makeJob())).type).toBe('sent');
    const tokens = fetch.mock.calls.map((call) => (call[1].headers as Record<string, string>)['X-CSRF-Token']);
    expect(tokens).toEqual(['t1', 't2', 't2']);
  });

  it('a token request that failed is not kept', async () => {
    const fetch = vi.fn(async () => json(200, { result: 'success' }));
    const csrfToken = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue('tok');
    const send = createFetchSender({ fetch, csrfToken });
    expect((await send(makeJob())).type).toBe('network-error');
    expect((await send(makeJob())).type).toBe('sent');
    expect(csrfToken).toHaveBeenCalledTimes(2);
  });

  it('a CSRF refusal is retried once with another token', async () => {
    const fetch = vi
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockResolvedValueOnce(json(403, { result: false, message: 'Invalid CSRF token' }))
      .mockResolvedValueOnce(json(200, { result: 'success' }));
    const send = createFetchSender({ fetch, csrfToken: async () => 'tok' });
    expect((await send(makeJob())).type).toBe('sent');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('another 403 is not retried', async () => {
    const fetch = vi.fn(async () => json(403, { result: false, message: 'Недостаточно прав' }));
    const send = createFetchSender({ fetch, csrfToken: async () => 'tok' });
    expect(await send(makeJob())).toMatchObject({ type: 'http-error', status: 403, message: 'Недостаточно прав' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('no token (offline) or a failed fetch → no answer, never a throw', async () => {
    const offline = createFetchSender({ fetch: vi.fn(), csrfToken: async () => Promise.reject(new TypeError('Failed to fetch')) });
    expect((await offline(makeJob())).type).toBe('network-error');
    const broken = createFetchSender({
      fetch: async () => Promise.reject(new TypeError('Failed to fetch')),
      csrfToken: async () => 'tok',
    });
    expect((await broken(makeJob())).type).toBe('network-error');
  });

  it('a timeout is no answer, with a message that says so', async () => {
    const send = createFetchSender({
      fetch: async () => Promise.reject(new DOMException('timed out', 'TimeoutError')),
      csrfToken: async () => 'tok',
      timeoutMs: 20_000,
    });
    const outcome = await send(makeJob());
    expect(outcome.type).toBe('network-error');
    if (outcome.type === 'network-error') expect(outcome.message).toContain('20');
  });
});
