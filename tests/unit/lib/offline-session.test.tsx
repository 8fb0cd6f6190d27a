import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '@/lib/csrf';
import { HttpError, NetworkError } from '@/lib/http';
import { setLoggedFlag } from '@/lib/logged-flag';
import {
  OFFLINE_FALLBACK_TIMEOUT_MS,
  SESSION_CACHE_KEY,
  clearSavedSession,
  getOfflineSession,
  loadPermissions,
  logout,
  markLoggedIn,
  readSavedSession,
  sessionQueries,
  useSession,
} from '@/lib/session';
import { emitSessionEvent } from '@/lib/session-events';
import { authItems, jsonResponse, testQueryClient } from '../helpers/render';

const PERMISSIONS = { result: true, userId: 5, buyerId: 1, roles: authItems('adjuster'), permissions: authItems('DEVICES') };
const USER = {
  result: true,
  message: null,
  data: {
    id: 5,
    login: 'installer',
    password: '',
    buyerId: 1,
    comment: null,
    externalUser: null,
    dateCreated: '2024-05-01 10:00:00',
    roles: ['adjuster'],
    dontUnlinkFromFlats: false,
    operatorId: null,
    sipAccounts: [],
    groups: [],
    devices: [],
    flats: [],
    access: [],
    newRoles: [],
  },
};

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

function stubFetch(handler: Handler) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const offline: Handler = () => {
  throw new TypeError('Failed to fetch');
};

function online(): Handler {
  return (url) => {
    if (url === '/front/user/get-permissions') return jsonResponse(200, PERMISSIONS);
    if (url === '/front/user/5') return jsonResponse(200, USER);
    return jsonResponse(404, { result: false, message: 'not found' });
  };
}

function saveSession(savedAt = Date.UTC(2025, 0, 2, 3, 4, 5), login: string | null = 'installer') {
  localStorage.setItem(SESSION_CACHE_KEY, JSON.stringify({ userId: 5, savedAt, login, permissions: PERMISSIONS }));
  return savedAt;
}

function wrapperFor(client = testQueryClient()) {
  return {
    client,
    wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  };
}

beforeEach(() => {
  clearSavedSession();
  setCsrfToken('token');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('saving the session of the last online load', () => {
  it('keeps the permissions answer with the time it arrived, and the user name', async () => {
    setLoggedFlag(true);
    stubFetch(online());
    const { wrapper } = wrapperFor();
    const before = Date.now();
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.login).toBe('installer'));
    const saved = readSavedSession();
    expect(saved?.userId).toBe(5);
    expect(saved?.login).toBe('installer');
    expect(saved?.permissions).toEqual(PERMISSIONS);
    expect(saved?.savedAt).toBeGreaterThanOrEqual(before);
    expect(result.current.offlineSession).toBeNull();
  });

  it('does not lend one user the saved name of another', async () => {
    localStorage.setItem(SESSION_CACHE_KEY, JSON.stringify({ userId: 9, savedAt: 1, login: 'someone', permissions: { ...PERMISSIONS, userId: 9 } }));
    setLoggedFlag(true);
    stubFetch(online());
    await loadPermissions();
    expect(readSavedSession()).toMatchObject({ userId: 5, login: null });
  });
});

describe('opening the app offline with the logged flag "true"', () => {
  it('gets in with the saved permissions, roles and name, and says since when', async () => {
    const savedAt = saveSession();
    setLoggedFlag(true);
    stubFetch(offline);
    const { wrapper } = wrapperFor();
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current).toMatchObject({
      logged: true,
      userId: 5,
      buyerId: 1,
      login: 'installer',
      offlineSession: { savedAt },
    });
    expect(Object.keys(result.current.roles)).toEqual(['adjuster']);
    expect(Object.keys(result.current.permissions)).toEqual(['DEVICES']);
  });

  it('also stands in when a proxy answers 502/503/504 for the server', async () => {
    const savedAt = saveSession();
    setLoggedFlag(true);
    stubFetch(() => jsonResponse(503, { message: 'Service Unavailable' }));
    await expect(loadPermissions()).resolves.toEqual(PERMISSIONS);
    expect(getOfflineSession()).toEqual({ savedAt });
  });

  it('stands in when the server stays silent past the timeout', async () => {
    vi.useFakeTimers();
    const savedAt = saveSession();
    setLoggedFlag(true);
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const loading = loadPermissions();
    await vi.advanceTimersByTimeAsync(OFFLINE_FALLBACK_TIMEOUT_MS);
    await expect(loading).resolves.toEqual(PERMISSIONS);
    expect(getOfflineSession()).toEqual({ savedAt });
  });

  it('drops the offline note once the server answers again', async () => {
    saveSession();
    setLoggedFlag(true);
    stubFetch(offline);
    await loadPermissions();
    expect(getOfflineSession()).not.toBeNull();
    stubFetch(online());
    await loadPermissions();
    expect(getOfflineSession()).toBeNull();
  });

  it('does not let a logged-out visitor in, saved session or not', async () => {
    saveSession();
    setLoggedFlag(false);
    stubFetch(offline);
    await expect(loadPermissions()).rejects.toBeInstanceOf(NetworkError);
    expect(getOfflineSession()).toBeNull();
  });

  it('fails as before without a saved session', async () => {
    setLoggedFlag(true);
    stubFetch(offline);
    await expect(loadPermissions()).rejects.toBeInstanceOf(NetworkError);
  });

  it('ignores a saved session of the wrong shape', async () => {
    localStorage.setItem(SESSION_CACHE_KEY, JSON.stringify({ userId: '5', savedAt: 'yesterday' }));
    setLoggedFlag(true);
    stubFetch(offline);
    await expect(loadPermissions()).rejects.toBeInstanceOf(NetworkError);
  });

  it('does not stand in for a real refusal (403) from the server', async () => {
    saveSession();
    setLoggedFlag(true);
    stubFetch(() => jsonResponse(403, { result: false, message: 'Доступ запрещён' }));
    await expect(loadPermissions()).rejects.toBeInstanceOf(HttpError);
  });
});

describe('clearing the saved session', () => {
  it('a 401 from the permissions call deletes it and logs out', async () => {
    saveSession();
    setLoggedFlag(true);
    stubFetch(() => jsonResponse(401, { result: false, message: 'Требуется вход' }));
    await expect(loadPermissions()).rejects.toBeInstanceOf(HttpError);
    expect(localStorage.getItem(SESSION_CACHE_KEY)).toBeNull();
    expect(localStorage.getItem('logged')).toBe('false');
  });

  it('a 401 from any call (the "expired" event) deletes it', () => {
    saveSession();
    emitSessionEvent({ type: 'expired' });
    expect(localStorage.getItem(SESSION_CACHE_KEY)).toBeNull();
  });

  it('a new login starts without the previous saved session', () => {
    saveSession();
    markLoggedIn(testQueryClient());
    expect(localStorage.getItem(SESSION_CACHE_KEY)).toBeNull();
  });

  it("logout deletes it and the user's runtime caches, offline too", async () => {
    const names = ['api-5-dictionaries', 'api-5-house-lists', 'api-50-house-lists', 'workbox-precache-v2-x', 'sw-state'];
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => names,
      delete: async (name: string) => {
        deleted.push(name);
        return true;
      },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    saveSession();
    setLoggedFlag(true);
    stubFetch(offline);
    const client = testQueryClient();
    client.setQueryData(sessionQueries.permissions().queryKey, PERMISSIONS);
    const goToLogin = vi.fn();
    await logout(client, goToLogin);
    expect(goToLogin).toHaveBeenCalledOnce();
    expect(localStorage.getItem(SESSION_CACHE_KEY)).toBeNull();
    expect(localStorage.getItem('logged')).toBe('false');
    expect(deleted.sort()).toEqual(['api-5-dictionaries', 'api-5-house-lists']);
  });
});
