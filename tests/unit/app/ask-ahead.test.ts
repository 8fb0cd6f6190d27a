import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { askAheadOfCode, buildRoutes } from '@/app/router';
import { setLoggedFlag } from '@/lib/logged-flag';
import { SESSION_CACHE_KEY, clearSavedSession } from '@/lib/session';
import { authItems, testQueryClient } from '../helpers/render';

const FLAT_CARD = { pathname: '/houses/h1/flats/12/update', search: '' };

/** Requests that never answer: the test looks only at what was asked, and in which order. */
function recordRequests(): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      return new Promise<Response>(() => undefined);
    }),
  );
  return urls;
}

function saveSession(roles: string[]): void {
  const permissions = { result: true, userId: 7, buyerId: 1, roles: authItems(...roles), permissions: authItems() };
  localStorage.setItem(SESSION_CACHE_KEY, JSON.stringify({ userId: 7, savedAt: Date.now(), login: 'operator', permissions }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSavedSession();
  setLoggedFlag(false);
});

describe('asking for the first screen ahead of its code', () => {
  it('asks for the permissions first, then the flat the URL names', async () => {
    setLoggedFlag(true);
    saveSession(['management']);
    const urls = recordRequests();
    askAheadOfCode(testQueryClient(), FLAT_CARD);
    expect(urls[0]).toBe('/front/user/get-permissions');
    await waitFor(() => expect(urls.some((url) => /^\/front\/flats\/h1(:|%3A)12$/.test(url))).toBe(true));
  });

  it('asks for the device keys page the URL names, with its filters', async () => {
    setLoggedFlag(true);
    // The shell carries the anti-forgery token the list's POST needs.
    const meta = Object.assign(document.createElement('meta'), { name: 'csrf-token', content: 'token' });
    document.head.append(meta);
    const urls = recordRequests();
    const fetchMock = vi.mocked(fetch);
    askAheadOfCode(testQueryClient(), { pathname: '/devices/E4:5A:D4:00:00:06/keys', search: '?page=2&key=ABC' });
    await waitFor(() => expect(urls).toContain('/front/device-keys'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/front/device-keys');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ mac: 'E4:5A:D4:00:00:06', page: 2, key: 'ABC' });
    meta.remove();
  });

  it('asks for nothing of a screen the last online session may not open', async () => {
    setLoggedFlag(true);
    saveSession(['adjuster']);
    const urls = recordRequests();
    askAheadOfCode(testQueryClient(), FLAT_CARD);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(urls).toEqual(['/front/user/get-permissions']);
  });

  it('asks for nothing when logged out', () => {
    const urls = recordRequests();
    askAheadOfCode(testQueryClient(), FLAT_CARD);
    expect(urls).toEqual([]);
  });

  it('has the route loader ask for the screen\'s data on a navigation too', async () => {
    setLoggedFlag(true);
    const urls = recordRequests();
    const flatRoute = buildRoutes(testQueryClient())[0].children?.find((route) => route.path === '/houses/:houseUid/flats/:flatNum/update');
    const loader = flatRoute?.loader;
    if (typeof loader !== 'function') throw new Error('the flat card route has no loader');
    const url = new URL('http://localhost/houses/h2/flats/3/update');
    await loader({ request: new Request(url), url, pattern: '/houses/:houseUid/flats/:flatNum/update', params: { houseUid: 'h2', flatNum: '3' }, context: undefined });
    await waitFor(() => expect(urls.some((url) => /^\/front\/flats\/h2(:|%3A)3$/.test(url))).toBe(true));
  });
});
