import Dexie from 'dexie';
import { afterEach } from 'vitest';
import { createOfflineDb, type CreateOfflineDbOptions, type OfflineDb, type OutboxJob } from '@/offline/db';
import type { LockManagerLike } from '@/offline/locks';

let counter = 0;
const opened: OfflineDb[] = [];

/** A database of its own for each test, deleted afterwards. */
export function freshDbName(): string {
  counter += 1;
  return `offline-test-${counter}-${Math.random().toString(36).slice(2)}`;
}

export function openTestDb(name: string = freshDbName(), options: CreateOfflineDbOptions = {}): OfflineDb {
  const db = createOfflineDb(name, options);
  opened.push(db);
  return db;
}

afterEach(async () => {
  const names = new Set(opened.map((db) => db.name));
  opened.forEach((db) => db.close());
  opened.length = 0;
  await Promise.all([...names].map((name) => Dexie.delete(name)));
});

/** Web Locks as the browser has them, for one "browser": one holder per name; ifAvailable gives null. */
export function createFakeLocks(): LockManagerLike & { held: Set<string> } {
  const held = new Set<string>();
  return {
    held,
    async request(name, options, callback) {
      if (held.has(name)) {
        if (options.ifAvailable) return callback(null);
        throw new Error('the fake only supports ifAvailable');
      }
      held.add(name);
      try {
        return await callback({ name, mode: 'exclusive' });
      } finally {
        held.delete(name);
      }
    },
  };
}

/** A mutable clock. */
export function createClock(start = Date.UTC(2025, 0, 15, 9, 0, 0)) {
  let time = start;
  return {
    now: () => time,
    set: (value: number) => {
      time = value;
    },
    advance: (ms: number) => {
      time += ms;
    },
  };
}

export function makeJob(overrides: Partial<OutboxJob> = {}): OutboxJob {
  const now = Date.UTC(2025, 0, 15, 9, 0, 0);
  return {
    id: 1,
    idempotencyKey: 'key-1',
    kind: 'prepare-device',
    method: 'POST',
    url: '/adjuster/api/prepare-device',
    body: { mac: 'AA:BB:CC:DD:EE:01' },
    status: 'queued',
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    lastStatus: null,
    userId: 7,
    draftId: 'draft-1',
    deviceKey: 'mac:AA:BB:CC:DD:EE:01',
    target: { mac: 'AA:BB:CC:DD:EE:01', house: 'house-1' },
    createdAt: now,
    updatedAt: now,
    sentAt: null,
    ...overrides,
  };
}

/** A promise with its resolve exposed. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Timers driven by hand against a clock, for code that takes setTimer/clearTimer. */
export function createManualTimers(clock: { now: () => number; advance: (ms: number) => void }) {
  const timers = new Map<number, { at: number; callback: () => void }>();
  let sequence = 0;
  return {
    setTimer: (callback: () => void, ms: number): unknown => {
      sequence += 1;
      timers.set(sequence, { at: clock.now() + ms, callback });
      return sequence;
    },
    clearTimer: (handle: unknown) => {
      timers.delete(handle as number);
    },
    /** Delays (from now) of the timers still set. */
    delays: () => [...timers.values()].map((timer) => timer.at - clock.now()),
    /** Moves the clock on, running each timer that comes due (in order). */
    advance(ms: number) {
      const until = clock.now() + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        clock.advance(Math.max(0, due[1].at - clock.now()));
        due[1].callback();
      }
      clock.advance(until - clock.now());
    },
  };
}
