import { useEffect, useState, useSyncExternalStore } from 'react';

/*
 * What every logged-in page needs of the offline database without loading Dexie (
 * Dexie and the replay stay off the first load of online-only screens): whether this user has
 * anything in it, the header's unsent count, and whether a screen has loaded Dexie already. The
 * database is only read here, raw and read-only: never created, never upgraded (db.ts does that).
 */

export const OFFLINE_DB_NAME = 'intercom-back-office';
/** Dexie keeps its schema version ×10 as IndexedDB's version: db.ts's latest is 3 (a unit test keeps them equal). */
export const PEEK_IDB_VERSION = 30;
/** As UNSENT_STATUSES in db.ts (a unit test keeps them equal). */
export const PEEK_UNSENT_STATUSES = ['queued', 'sending', 'needs-attention', 'paused'] as const;
/** Dexie's event (this tab) and BroadcastChannel (other tabs) for writes to any of its databases. */
const DEXIE_MUTATED = 'x-storagemutated-1';

/**
 * The user's jobs not yet sent, told apart: those that will go by themselves (queued, sending, or
 * paused until the next login) and those the server refused, which wait for a person to fix them.
 */
export interface OutboxCounts {
  waiting: number;
  attention: number;
}

export const NO_OUTBOX_JOBS: OutboxCounts = { waiting: 0, attention: 0 };

/** The counts from each unsent status's count. */
export function outboxCounts(byStatus: Readonly<Partial<Record<(typeof PEEK_UNSENT_STATUSES)[number], number>>>): OutboxCounts {
  const { queued = 0, sending = 0, paused = 0, 'needs-attention': attention = 0 } = byStatus;
  return { waiting: queued + sending + paused, attention };
}

export interface OfflinePeek extends OutboxCounts {
  /** The user's jobs not yet sent (waiting and needing attention). */
  unsent: number;
  /** The user's jobs of any status, sent ones included. */
  jobs: number;
  drafts: number;
}

const NOTHING: OfflinePeek = { unsent: 0, ...NO_OUTBOX_JOBS, jobs: 0, drafts: 0 };

/** The existing database, or null when there is none (an open that would create one is aborted). */
async function openExisting(name: string): Promise<IDBDatabase | null> {
  const listed = typeof indexedDB.databases === 'function' ? await indexedDB.databases().catch(() => null) : null;
  if (listed && !listed.some((db) => db.name === name)) return null;
  return new Promise((resolve, reject) => {
    let creating = false;
    const request = indexedDB.open(name);
    request.onupgradeneeded = () => {
      creating = true;
      request.transaction?.abort();
    };
    request.onsuccess = () => {
      if (!creating) return resolve(request.result);
      request.result.close();
      resolve(null);
    };
    request.onerror = (event) => {
      if (!creating) return reject(request.error ?? new Error(`Could not open ${name}`));
      event.preventDefault();
      resolve(null);
    };
  });
}

function counted(request: IDBRequest<number>): Promise<number> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB count failed'));
  });
}

/**
 * Counts the user's rows; null when the database is not the shape this code knows (an older
 * version Dexie still has to upgrade): the caller then loads the runtime, which does.
 */
export async function peekOfflineData(userId: number, name: string = OFFLINE_DB_NAME): Promise<OfflinePeek | null> {
  const db = await openExisting(name);
  if (!db) return NOTHING;
  try {
    if (db.version !== PEEK_IDB_VERSION || !db.objectStoreNames.contains('outbox') || !db.objectStoreNames.contains('drafts')) return null;
    const tx = db.transaction(['outbox', 'drafts'], 'readonly');
    const outbox = tx.objectStore('outbox');
    const [jobs, drafts, ...unsent] = await Promise.all([
      counted(outbox.index('userId').count(IDBKeyRange.only(userId))),
      counted(tx.objectStore('drafts').index('userId').count(IDBKeyRange.only(userId))),
      ...PEEK_UNSENT_STATUSES.map((status) => counted(outbox.index('[userId+status]').count(IDBKeyRange.only([userId, status])))),
    ]);
    const counts = outboxCounts(Object.fromEntries(PEEK_UNSENT_STATUSES.map((status, index) => [status, unsent[index]])));
    return { jobs, drafts, unsent: unsent.reduce((sum, count) => sum + count, 0), ...counts };
  } finally {
    db.close();
  }
}

/** Calls `listener` after a write to `name`'s `tables` by Dexie in this tab or another. */
export function onOfflineDbMutated(name: string, tables: readonly string[], listener: () => void): () => void {
  const prefixes = tables.map((table) => `idb://${name}/${table}/`);
  const handle = (parts: unknown) => {
    if (typeof parts === 'object' && parts !== null && Object.keys(parts).some((part) => prefixes.some((prefix) => part.startsWith(prefix)))) listener();
  };
  const onEvent = (event: Event) => handle((event as CustomEvent<unknown>).detail);
  addEventListener(DEXIE_MUTATED, onEvent);
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(DEXIE_MUTATED);
  channel?.addEventListener('message', (event: MessageEvent<unknown>) => handle(event.data));
  return () => {
    removeEventListener(DEXIE_MUTATED, onEvent);
    channel?.close();
  };
}

let dexieLoaded = false;
const listeners = new Set<() => void>();

/** db.ts calls this when it loads: a screen that works offline is open, so the runtime must run. */
export function noteOfflineDbLoaded(): void {
  if (dexieLoaded) return;
  dexieLoaded = true;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isDexieLoaded = () => dexieLoaded;

export function useOfflineDbLoaded(): boolean {
  return useSyncExternalStore(subscribe, isDexieLoaded, isDexieLoaded);
}

/** How often at most the count reads again while jobs change (as OUTBOX_REDRAW_MS in use-outbox.ts). */
const REDRAW_MS = 250;

/**
 * `read()` now and again after each write to `tables` (in any tab), at most once per REDRAW_MS;
 * undefined until the first read ends or when it fails.
 */
export function usePeek<T>(read: (() => Promise<T>) | null, key: string, name: string, tables: readonly string[]): T | undefined {
  const [state, setState] = useState<{ key: string; value: T } | undefined>(undefined);
  useEffect(() => {
    if (read === null) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastRun = 0;
    let latest = 0;
    const run = () => {
      timer = null;
      lastRun = Date.now();
      const mine = ++latest;
      read().then(
        (value) => !cancelled && mine === latest && setState({ key, value }),
        () => undefined,
      );
    };
    const poke = () => {
      if (timer === null && !cancelled) timer = setTimeout(run, Math.max(0, lastRun + REDRAW_MS - Date.now()));
    };
    const off = onOfflineDbMutated(name, tables, poke);
    run();
    return () => {
      cancelled = true;
      off();
      if (timer !== null) clearTimeout(timer);
    };
    // `key` names what `read` reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, name]);
  return state?.key === key ? state.value : undefined;
}

const OUTBOX_TABLES = ['outbox'] as const;

/** The header's counts without Dexie: none while unknown or unreadable. */
export function usePeekedOutboxCounts(userId: number, name: string = OFFLINE_DB_NAME): OutboxCounts {
  const peek = usePeek(() => peekOfflineData(userId, name), `${name}:${userId}`, name, OUTBOX_TABLES);
  return peek ? { waiting: peek.waiting, attention: peek.attention } : NO_OUTBOX_JOBS;
}
