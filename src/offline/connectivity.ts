import { useSyncExternalStore } from 'react';
import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, decode } from '@contract/common';
import { CsrfResponse, sessionEndpoints } from '@contract/session';
import { setCsrfToken } from '@/lib/csrf';

/*
 * Online means "our server answers", not navigator.onLine: a phone on a basement's Wi-Fi without
 * uplink, a captive portal or a server that is down all claim onLine = true. The store probes
 * GET /site/csrf (cheap, no session needed, never cached by the service worker) with a timeout;
 * navigator.onLine = false is believed at once, since the browser knows it has no network.
 */

export type ConnectivityState = 'online' | 'offline' | 'syncing';

export interface ConnectivitySnapshot {
  state: ConnectivityState;
  /** The last probe's result; null until the first probe ends (the state is then navigator's guess). */
  reachable: boolean | null;
  checkedAt: number | null;
}

export type Probe = (signal: AbortSignal) => Promise<boolean>;

export interface ConnectivityOptions {
  probe?: Probe;
  navigatorOnline?: () => boolean;
  timeoutMs?: number;
  /** How often to probe while online, and while offline (to notice the way back). */
  onlineIntervalMs?: number;
  offlineIntervalMs?: number;
  now?: () => number;
}

export interface ConnectivityStore {
  getSnapshot(): ConnectivitySnapshot;
  subscribe(listener: () => void): () => void;
  /** Probes now; concurrent callers share one probe. Resolves whether the server answered. */
  check(): Promise<boolean>;
  /** The replay engine is sending: shown as 'syncing' while the server is reachable. */
  setSyncing(syncing: boolean): void;
  /** Listens to online/offline and visibility, and probes now and then. */
  start(): void;
  stop(): void;
}

/** The probe: the anti-forgery token call, whose fresh token is kept as a bonus. */
export const csrfProbe: Probe = async (signal) => {
  try {
    const response = await fetch(sessionEndpoints.csrf.path({}), {
      method: 'GET',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json', [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
      signal,
    });
    if (!response.ok) return false;
    const { token } = decode(CsrfResponse, await response.json(), 'GET /site/csrf');
    setCsrfToken(token);
    return true;
  } catch {
    return false;
  }
};

export function createConnectivityStore(options: ConnectivityOptions = {}): ConnectivityStore {
  const {
    probe = csrfProbe,
    navigatorOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false,
    timeoutMs = 5_000,
    onlineIntervalMs = 60_000,
    offlineIntervalMs = 10_000,
    now = Date.now,
  } = options;

  const listeners = new Set<() => void>();
  let reachable: boolean | null = null;
  let checkedAt: number | null = null;
  let syncing = false;
  let inFlight: Promise<boolean> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let detach: (() => void) | null = null;

  const derive = (): ConnectivitySnapshot => {
    const online = navigatorOnline() && reachable !== false;
    return { state: !online ? 'offline' : syncing ? 'syncing' : 'online', reachable, checkedAt };
  };
  let snapshot = derive();

  const update = () => {
    const next = derive();
    if (next.state === snapshot.state && next.reachable === snapshot.reachable && next.checkedAt === snapshot.checkedAt) return;
    snapshot = next;
    listeners.forEach((listener) => listener());
  };

  const scheduleNext = () => {
    if (!detach) return;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => void check(), snapshot.state === 'offline' ? offlineIntervalMs : onlineIntervalMs);
  };

  const check = (): Promise<boolean> => {
    if (!navigatorOnline()) {
      reachable = false;
      checkedAt = now();
      update();
      scheduleNext();
      return Promise.resolve(false);
    }
    inFlight ??= (async () => {
      const controller = new AbortController();
      const timeout = setTimeout(() => controller.abort(), timeoutMs);
      try {
        return await probe(controller.signal).catch(() => false);
      } finally {
        clearTimeout(timeout);
      }
    })().then((result) => {
      inFlight = null;
      reachable = result;
      checkedAt = now();
      update();
      scheduleNext();
      return result;
    });
    return inFlight;
  };

  const onOnline = () => void check();
  const onOffline = () => {
    update();
    void check();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') void check();
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    check,
    setSyncing(value) {
      syncing = value;
      update();
    },
    start() {
      if (detach) return;
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      document.addEventListener('visibilitychange', onVisibility);
      detach = () => {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
        document.removeEventListener('visibilitychange', onVisibility);
      };
      void check();
    },
    stop() {
      detach?.();
      detach = null;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}

let shared: ConnectivityStore | null = null;

/** The app's store (one per page). */
export function getConnectivityStore(): ConnectivityStore {
  shared ??= createConnectivityStore();
  return shared;
}

export function useConnectivity(store: ConnectivityStore = getConnectivityStore()): ConnectivitySnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
