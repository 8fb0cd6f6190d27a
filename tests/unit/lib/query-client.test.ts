import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError } from '@/lib/http';
import { createQueryClient, shouldRetry } from '@/lib/query-client';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('query client for an app the service worker may answer offline', () => {
  it('always runs queries and mutations, so a cached answer can arrive while offline', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.networkMode).toBe('always');
    expect(defaults.mutations?.networkMode).toBe('always');
  });

  it('retries a network error while the browser is online, not while it knows it is offline', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get');
    onLine.mockReturnValue(true);
    expect(shouldRetry(0, new NetworkError(new TypeError('Failed to fetch')))).toBe(true);
    onLine.mockReturnValue(false);
    expect(shouldRetry(0, new NetworkError(new TypeError('Failed to fetch')))).toBe(false);
  });

  it('still retries a 503 twice and never a 404', () => {
    expect(shouldRetry(1, new HttpError(503, 'down', null))).toBe(true);
    expect(shouldRetry(2, new HttpError(503, 'down', null))).toBe(false);
    expect(shouldRetry(0, new HttpError(404, 'missing', null))).toBe(false);
  });
});
