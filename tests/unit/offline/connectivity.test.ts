import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCsrfToken, setCsrfToken } from '@/lib/csrf';
import { createConnectivityStore, csrfProbe, useConnectivity, type Probe } from '@/offline/connectivity';

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('connectivity store', () => {
  it('is online only once the server answered', async () => {
    const store = createConnectivityStore({ probe: async () => true, navigatorOnline: () => true, now: () => 5 });
    expect(store.getSnapshot()).toMatchObject({ reachable: null, checkedAt: null });
    expect(await store.check()).toBe(true);
    expect(store.getSnapshot()).toEqual({ state: 'online', reachable: true, checkedAt: 5 });
  });

  it('is offline when the server does not answer, although the browser says online', async () => {
    const store = createConnectivityStore({ probe: async () => false, navigatorOnline: () => true });
    await store.check();
    expect(store.getSnapshot().state).toBe('offline');
  });

  it('believes navigator.onLine = false at once, without a probe', async () => {
    const probe = vi.fn<Probe>(async () => true);
    const store = createConnectivityStore({ probe, navigatorOnline: () => false });
    expect(store.getSnapshot().state).toBe('offline');
    expect(await store.check()).toBe(false);
    expect(probe).not.toHaveBeenCalled();
  });

  it('a probe that hangs is cut off by the timeout', async () => {
    const probe: Probe = (signal) =>
      new Promise((resolve) => {
        signal.addEventListener('abort', () => resolve(false));
      });
    const store = createConnectivityStore({ probe, navigatorOnline: () => true, timeoutMs: 10 });
    expect(await store.check()).toBe(false);
    expect(store.getSnapshot().state).toBe('offline');
  });

  it('a probe that throws means offline', async () => {
    const store = createConnectivityStore({ probe: async () => Promise.reject(new Error('x')), navigatorOnline: () => true });
    expect(await store.check()).toBe(false);
  });

  it('concurrent checks share one probe', async () => {
    const probe = vi.fn<Probe>(async () => true);
    const store = createConnectivityStore({ probe, navigatorOnline: () => true });
    await Promise.all([store.check(), store.check(), store.check()]);
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('shows syncing while the replay sends, only when reachable', async () => {
    let reachable = true;
    const store = createConnectivityStore({ probe: async () => reachable, navigatorOnline: () => true });
    await store.check();
    store.setSyncing(true);
    expect(store.getSnapshot().state).toBe('syncing');
    reachable = false;
    await store.check();
    expect(store.getSnapshot().state).toBe('offline');
    store.setSyncing(false);
    reachable = true;
    await store.check();
    expect(store.getSnapshot().state).toBe('online');
  });

  it('keeps the same snapshot object while nothing changes (useSyncExternalStore)', async () => {
    const store = createConnectivityStore({ probe: async () => true, navigatorOnline: () => true, now: () => 1 });
    await store.check();
    const first = store.getSnapshot();
    await store.check();
    expect(store.getSnapshot()).toBe(first);
  });

  it('notifies subscribers on a change', async () => {
    const store = createConnectivityStore({ probe: async () => false, navigatorOnline: () => true });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    await store.check();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.setSyncing(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('start() probes at once and again on `online`; `offline` is believed at once', async () => {
    let browserOnline = true;
    const probe = vi.fn<Probe>(async () => true);
    const store = createConnectivityStore({ probe, navigatorOnline: () => browserOnline });
    store.start();
    await vi.waitFor(() => expect(store.getSnapshot()).toMatchObject({ state: 'online', reachable: true }));
    browserOnline = false;
    window.dispatchEvent(new Event('offline'));
    expect(store.getSnapshot().state).toBe('offline');
    browserOnline = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(store.getSnapshot()).toMatchObject({ state: 'online', reachable: true }));
    expect(probe).toHaveBeenCalledTimes(2);
    store.stop();
  });

  it('useConnectivity follows the store', async () => {
    let reachable = true;
    const store = createConnectivityStore({ probe: async () => reachable, navigatorOnline: () => true });
    const { result } = renderHook(() => useConnectivity(store));
    await act(async () => {
      await store.check();
    });
    expect(result.current.state).toBe('online');
    reachable = false;
    await act(async () => {
      await store.check();
    });
    expect(result.current.state).toBe('offline');
  });
});

describe('csrfProbe', () => {
  it('asks GET /site/csrf without cache and keeps the fresh token', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ result: true, token: 'tok-9' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await csrfProbe(new AbortController().signal)).toBe(true);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/site/csrf');
    expect(init.cache).toBe('no-store');
    expect(getCsrfToken()).toBe('tok-9');
  });

  it('an HTML page (captive portal) or an error status is not our server', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html></html>', { status: 200 })));
    expect(await csrfProbe(new AbortController().signal)).toBe(false);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 502 })));
    expect(await csrfProbe(new AbortController().signal)).toBe(false);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await csrfProbe(new AbortController().signal)).toBe(false);
  });
});
