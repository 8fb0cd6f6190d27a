import { describe, expect, it, vi } from 'vitest';
import type { OfflineDb, OutboxJob } from '@/offline/db';
import type { EnqueueInput, SendOutcome } from '@/offline/outbox';
import { addJob, applyJobEvent } from '@/offline/outbox-queue';
import { createReplayEngine, type ReplayEngineOptions, type ReplayEvent } from '@/offline/replay';
import { createClock, createFakeLocks, createManualTimers, deferred, openTestDb } from './helpers';

const USER = 7;
const START = Date.UTC(2025, 0, 15, 9, 0, 0);

/** Queues a job at the time every test clock starts from. */
function queue(db: OfflineDb, input: EnqueueInput): Promise<OutboxJob> {
  return addJob(db, input, { now: () => START });
}

function job(mac: string | null, extra: Partial<EnqueueInput> = {}): EnqueueInput {
  return {
    kind: 'prepare-device',
    method: 'POST',
    url: '/adjuster/api/prepare-device',
    body: { mac, n: Math.random() },
    userId: USER,
    target: mac ? { mac } : {},
    ...extra,
  };
}

const ok = (): SendOutcome => ({ type: 'sent', status: 200, response: { result: 'success' } });

function setup(overrides: Partial<ReplayEngineOptions> & { db?: OfflineDb } = {}) {
  const db = overrides.db ?? openTestDb();
  const clock = createClock(START);
  const timers = createManualTimers(clock);
  const sent: OutboxJob[] = [];
  const send = vi.fn(async (sending: OutboxJob): Promise<SendOutcome> => {
    sent.push(sending);
    return ok();
  });
  const events: ReplayEvent[] = [];
  const engine = createReplayEngine({
    db,
    currentUserId: () => USER,
    send,
    now: clock.now,
    random: () => 0.5,
    locks: createFakeLocks(),
    isOnline: () => true,
    ...timers,
    ...overrides,
  });
  engine.subscribe((event) => events.push(event));
  return { db, clock, timers, send, sent, events, engine };
}

async function statuses(db: OfflineDb): Promise<string[]> {
  return (await db.outbox.orderBy('id').toArray()).map((row) => row.status);
}

describe('replay: basics', () => {
  it('sends every due job once and marks it sent', async () => {
    const { db, engine, sent } = setup();
    await queue(db, job('AA:BB:CC:DD:EE:01'));
    await queue(db, job(null));
    const run = await engine.trigger('manual');
    expect(run).toMatchObject({ outcome: 'done', sent: 2, failed: 0 });
    expect(sent).toHaveLength(2);
    expect(await statuses(db)).toEqual(['sent', 'sent']);
  });

  it('stops draining when the signal goes during a run: the jobs after that wait for the way back online', async () => {
    let online = true;
    const { db, engine, sent, send } = setup({ isOnline: () => online });
    send.mockImplementation(async (sending) => {
      sent.push(sending);
      online = false;
      return ok();
    });
    await queue(db, job(null));
    await queue(db, job(null));
    await engine.trigger('manual');
    expect(sent).toHaveLength(1);
    expect(await statuses(db)).toEqual(['sent', 'queued']);
    online = true;
    await engine.trigger('online');
    expect(await statuses(db)).toEqual(['sent', 'sent']);
  });

  it('marks the job sending (saved) before the request goes out', async () => {
    const { db, engine, send } = setup();
    const seen: string[] = [];
    send.mockImplementation(async (sending) => {
      seen.push((await db.outbox.get(sending.id))!.status);
      return ok();
    });
    await queue(db, job(null));
    await engine.trigger('manual');
    expect(seen).toEqual(['sending']);
  });

  it('sends only the logged-in user’s jobs, and nothing without a user', async () => {
    const { db, engine, sent } = setup();
    await queue(db, job(null, { userId: 99 }));
    await engine.trigger('manual');
    expect(sent).toHaveLength(0);

    const nobody = setup({ db, currentUserId: () => null });
    expect((await nobody.engine.trigger('manual')).outcome).toBe('no-user');
    expect(nobody.sent).toHaveLength(0);
  });

  it('does not send while offline, except on "send now"', async () => {
    const { db, engine, sent } = setup({ isOnline: () => false });
    const queued = await queue(db, job(null));
    expect((await engine.trigger('timer')).outcome).toBe('offline');
    expect(sent).toHaveLength(0);
    await engine.sendNow(queued.id);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
  });

  it('a job queued while a run is in progress is sent by the same trigger', async () => {
    const { db, engine, send, sent } = setup();
    const gate = deferred();
    send.mockImplementationOnce(async (sending) => {
      sent.push(sending);
      await gate.promise;
      return ok();
    });
    await queue(db, job(null));
    const run = engine.trigger('manual');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await queue(db, job(null));
    void engine.trigger('enqueue');
    gate.resolve();
    expect((await run).sent).toBe(2);
    expect(await statuses(db)).toEqual(['sent', 'sent']);
  });
});

describe('replay: one queue, in the order the jobs were made', () => {
  /** A sender that holds each request until released, and records what was in flight. */
  function heldSender() {
    let inFlight = 0;
    const widest = { all: 0 };
    const order: string[] = [];
    const held: (() => void)[] = [];
    const send = async (sending: OutboxJob): Promise<SendOutcome> => {
      inFlight += 1;
      widest.all = Math.max(widest.all, inFlight);
      order.push((sending.body as { name: string }).name);
      await new Promise<void>((release) => held.push(release));
      inFlight -= 1;
      return ok();
    };
    return { send, widest, order, held };
  }

  const A = 'AA:BB:CC:DD:EE:0A';
  const B = 'AA:BB:CC:DD:EE:0B';
  const C = 'AA:BB:CC:DD:EE:0C';
  const names = (send: { mock: { calls: [OutboxJob][] } }) => send.mock.calls.map(([sending]) => (sending.body as { name: string }).name);

  it('sends one job at a time, every device and none, strictly in the order they were queued', async () => {
    const sender = heldSender();
    const { db, engine } = setup({ send: sender.send });
    // Interleaved, as wizards on three panels and a job without a device would queue them.
    for (let n = 1; n <= 3; n += 1) {
      for (const [d, mac] of [A, B, C].entries()) await queue(db, job(n === 2 && d === 0 ? mac.toLowerCase() : mac, { body: { name: `${'ABC'[d]}${n}` } }));
      await queue(db, job(null, { body: { name: `X${n}` } }));
    }
    const run = engine.trigger('manual');
    const releasing = setInterval(() => sender.held.splice(0).forEach((release) => release()), 1);
    try {
      expect(await run).toMatchObject({ outcome: 'done', sent: 12 });
    } finally {
      clearInterval(releasing);
    }
    expect(sender.widest.all).toBe(1);
    expect(sender.order).toEqual(['A1', 'B1', 'C1', 'X1', 'A2', 'B2', 'C2', 'X2', 'A3', 'B3', 'C3', 'X3']);
    expect(await statuses(db)).toEqual(Array(12).fill('sent'));
  });

  it('a job waiting for its next attempt holds back every later job, of any device', async () => {
    const { db, engine, send, clock } = setup();
    send.mockImplementation(async (sending) =>
      (sending.body as { name: string }).name === 'A1' && sending.attempts === 1 ? { type: 'http-error', status: 503, message: null } : ok(),
    );
    await queue(db, job(A, { body: { name: 'A1' } }));
    await queue(db, job(B, { body: { name: 'B1' } }));
    await queue(db, job(A, { body: { name: 'A2' } }));
    await engine.trigger('manual');
    expect(await statuses(db)).toEqual(['queued', 'queued', 'queued']);
    expect(names(send)).toEqual(['A1']);
    clock.advance(60_000);
    await engine.trigger('timer');
    expect(await statuses(db)).toEqual(['sent', 'sent', 'sent']);
    expect(names(send)).toEqual(['A1', 'A1', 'B1', 'A2']);
  });

  it('a job that needs attention holds back the later jobs of its device only; the rest goes on in order', async () => {
    const { db, engine, send } = setup();
    send.mockImplementation(async (sending) => ((sending.body as { name: string }).name === 'A1' ? { type: 'http-error', status: 422, message: 'mac: неверный формат' } : ok()));
    const first = await queue(db, job(A, { body: { name: 'A1' } }));
    await queue(db, job(A, { body: { name: 'A2' } }));
    await queue(db, job(B, { body: { name: 'B1' } }));
    await queue(db, job(null, { body: { name: 'X1' } }));
    await engine.trigger('manual');
    expect(await statuses(db)).toEqual(['needs-attention', 'queued', 'sent', 'sent']);
    expect(names(send)).toEqual(['A1', 'B1', 'X1']);
    await engine.discard(first.id);
    await engine.trigger('manual');
    expect(await statuses(db)).toEqual(['sent', 'sent', 'sent']);
  });

  it('a replacement holds and is held by the jobs of the device it replaces as well as of the new one', async () => {
    const { db, engine, send } = setup();
    const OLD = 'AA:BB:CC:DD:EE:01';
    const NEW = 'AA:BB:CC:DD:EE:02';
    send.mockImplementation(async (sending) => ((sending.body as { name: string }).name === 'key on old' ? { type: 'http-error', status: 400, message: 'key: неверный' } : ok()));
    // A key queued offline for the old device, then the replacement: the replacement must not overtake it.
    await queue(db, job(OLD, { body: { name: 'key on old' } }));
    const replace = await queue(db, job(NEW, { body: { name: 'replace' }, target: { mac: NEW, replacedMac: OLD.toLowerCase() } }));
    await queue(db, job(NEW, { body: { name: 'key on new' } }));
    await queue(db, job(B, { body: { name: 'other device' } }));
    await engine.trigger('manual');
    expect(names(send)).toEqual(['key on old', 'other device']);
    expect(await statuses(db)).toEqual(['needs-attention', 'queued', 'queued', 'sent']);

    // Once the key job is dealt with, the replacement goes, then what waited behind it.
    const [keyJob] = await db.outbox.orderBy('id').toArray();
    await engine.discard(keyJob.id);
    await engine.trigger('manual');
    expect(names(send)).toEqual(['key on old', 'other device', 'replace', 'key on new']);
    expect((await db.outbox.get(replace.id))?.status).toBe('sent');
  });

  it('a replacement that needs attention holds back the later jobs of both devices', async () => {
    const { db, engine, send } = setup();
    const OLD = 'AA:BB:CC:DD:EE:01';
    const NEW = 'AA:BB:CC:DD:EE:02';
    send.mockImplementation(async (sending) => ((sending.body as { name: string }).name === 'replace' ? { type: 'refused', status: 200, message: 'Старое устройство не найдено' } : ok()));
    await queue(db, job(NEW, { body: { name: 'replace' }, target: { mac: NEW, replacedMac: OLD } }));
    await queue(db, job(OLD, { body: { name: 'key on old' } }));
    await queue(db, job(NEW, { body: { name: 'key on new' } }));
    await queue(db, job(B, { body: { name: 'other device' } }));
    await engine.trigger('manual');
    expect(names(send)).toEqual(['replace', 'other device']);
    expect(await statuses(db)).toEqual(['needs-attention', 'queued', 'queued', 'sent']);
  });
});

describe('replay: two tabs', () => {
  it('sends each job exactly once when two engines share one database and one lock manager', async () => {
    const db = openTestDb();
    const locks = createFakeLocks();
    const calls = new Map<string, number>();
    const slowSend = async (sending: OutboxJob): Promise<SendOutcome> => {
      calls.set(sending.idempotencyKey, (calls.get(sending.idempotencyKey) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return ok();
    };
    const tabA = setup({ db, locks, send: slowSend });
    const tabB = setup({ db, locks, send: slowSend });
    for (let i = 0; i < 20; i += 1) await queue(db, job(`AA:BB:CC:DD:EE:${String(i % 5).padStart(2, '0')}`));
    const [a, b] = await Promise.all([tabA.engine.trigger('start'), tabB.engine.trigger('start')]);
    expect([a.outcome, b.outcome].sort()).toEqual(['busy', 'done']);
    expect(calls.size).toBe(20);
    expect([...calls.values()].every((count) => count === 1)).toBe(true);
    expect(new Set(await statuses(db))).toEqual(new Set(['sent']));
  });

  it('a tab that finds the lock taken looks again a little later', async () => {
    const db = openTestDb();
    const locks = createFakeLocks();
    const gate = deferred();
    const holder = setup({ db, locks });
    holder.send.mockImplementationOnce(async () => {
      await gate.promise;
      return ok();
    });
    const other = setup({ db, locks, busyRetryMs: 3_000 });
    await queue(db, job(null));
    const held = holder.engine.trigger('manual');
    await vi.waitFor(() => expect(holder.send).toHaveBeenCalled());
    expect((await other.engine.trigger('online')).outcome).toBe('busy');
    expect(other.timers.delays()).toEqual([3_000]);
    gate.resolve();
    await held;
  });

  it('even without a shared lock, the saved "sending" mark keeps two engines off the same job', async () => {
    const db = openTestDb();
    const calls: string[] = [];
    const slowSend = async (sending: OutboxJob): Promise<SendOutcome> => {
      calls.push(sending.idempotencyKey);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return ok();
    };
    const tabA = setup({ db, locks: createFakeLocks(), sharedLocks: false, send: slowSend });
    const tabB = setup({ db, locks: createFakeLocks(), sharedLocks: false, send: slowSend });
    for (let i = 0; i < 10; i += 1) await queue(db, job(null));
    await Promise.all([tabA.engine.trigger('start'), tabB.engine.trigger('start')]);
    expect(calls).toHaveLength(10);
    expect(new Set(calls).size).toBe(10);
  });
});

describe('replay: failures', () => {
  it('500, 500, 500, 200: sent once, after growing delays, always with the same key', async () => {
    const { db, engine, send, clock, timers } = setup();
    const answers: SendOutcome[] = [
      { type: 'http-error', status: 500, message: null },
      { type: 'http-error', status: 500, message: null },
      { type: 'http-error', status: 500, message: null },
      ok(),
    ];
    send.mockImplementation(async () => answers.shift()!);
    const queued = await queue(db, job('AA:BB:CC:DD:EE:01'));

    const delays: number[] = [];
    await engine.trigger('start');
    for (let i = 0; i < 3; i += 1) {
      const row = (await db.outbox.get(queued.id))!;
      expect(row.status).toBe('queued');
      delays.push(row.nextAttemptAt - clock.now());
      // The engine wakes itself when the job is due (here well within the 15 s poll).
      expect(timers.delays()).toEqual([row.nextAttemptAt - clock.now()]);
      timers.advance(row.nextAttemptAt - clock.now());
      await vi.waitFor(async () => expect((await db.outbox.get(queued.id))!.attempts).toBe(i + 2));
      await engine.trigger('manual');
    }

    const final = (await db.outbox.get(queued.id))!;
    expect(final).toMatchObject({ status: 'sent', attempts: 4, lastStatus: 200, lastError: null });
    expect(send).toHaveBeenCalledTimes(4);
    expect(new Set(send.mock.calls.map(([sending]) => sending.idempotencyKey))).toEqual(new Set([queued.idempotencyKey]));
    expect(delays).toEqual([750, 1_500, 3_000]);
    expect(timers.delays()).toEqual([]);
  });

  it('a long backoff is still looked at every 15 s (a timer, not only events)', async () => {
    const { db, engine, send, timers } = setup({ pollMs: 15_000 });
    send.mockImplementation(async () => ({ type: 'http-error', status: 429, message: null, retryAfter: '120' }));
    await queue(db, job(null));
    await engine.trigger('manual');
    expect(timers.delays()).toEqual([15_000]);
  });

  it('401: the job is kept and paused, the queue pauses, the app is told once; after login it is sent', async () => {
    const { db, engine, send, events } = setup();
    send.mockImplementationOnce(async () => ({ type: 'http-error', status: 401, message: 'Требуется вход' }));
    const sent = () => send.mock.calls.map(([sending]) => sending);
    await queue(db, job('AA:BB:CC:DD:EE:01'));
    await queue(db, job('AA:BB:CC:DD:EE:02'));
    const run = await engine.trigger('manual');
    expect(run.outcome).toBe('paused');
    expect(await statuses(db)).toEqual(['paused', 'paused']);
    expect(events.filter((event) => event.type === 'login-needed')).toHaveLength(1);
    expect(sent()).toHaveLength(1);

    // Paused means paused: timers, `online`, new jobs do not send.
    expect((await engine.trigger('online')).outcome).toBe('paused');
    const later = await engine.enqueue(job(null));
    expect(later.status).toBe('paused');
    await engine.trigger('timer');
    expect(sent()).toHaveLength(1);

    await engine.resume();
    await vi.waitFor(async () => expect(await statuses(db)).toEqual(['sent', 'sent', 'sent']));
    // The paused job went again with its original key.
    expect(sent()[0].idempotencyKey).toBe(sent()[1].idempotencyKey);
  });

  it('retry on a paused job resumes the whole queue', async () => {
    const { db, engine, send } = setup();
    send.mockImplementationOnce(async () => ({ type: 'http-error', status: 401, message: null }));
    const first = await queue(db, job(null));
    await queue(db, job(null));
    await engine.trigger('manual');
    expect(await statuses(db)).toEqual(['paused', 'paused']);
    await engine.retry(first.id);
    await vi.waitFor(async () => expect(await statuses(db)).toEqual(['sent', 'sent']));
  });

  it('422: needs attention with the server message; fixed and retried with a new key, it is sent', async () => {
    const { db, engine, send } = setup();
    send.mockImplementationOnce(async () => ({ type: 'http-error', status: 422, message: 'Поле mac: неверный формат' }));
    const sent = () => send.mock.calls.map(([sending]) => sending);
    const queued = await queue(db, job('AA:BB:CC:DD:EE:01', { draftId: 'draft-1', body: { mac: 'bad' } }));
    await engine.trigger('manual');
    const stuck = (await db.outbox.get(queued.id))!;
    expect(stuck).toMatchObject({ status: 'needs-attention', lastStatus: 422, lastError: 'Поле mac: неверный формат', draftId: 'draft-1' });

    // Nothing retries it on its own.
    await engine.trigger('timer');
    expect(sent()).toHaveLength(1);

    const retried = await engine.retry(queued.id, { mac: 'AA:BB:CC:DD:EE:01' });
    expect(retried.kind).toBe('update');
    await vi.waitFor(async () => expect((await db.outbox.get(queued.id))!.status).toBe('sent'));
    expect(sent()[1].body).toEqual({ mac: 'AA:BB:CC:DD:EE:01' });
    expect(sent()[1].idempotencyKey).not.toBe(queued.idempotencyKey);
  });

  it('a send that throws counts as no answer', async () => {
    const { db, engine, send } = setup();
    send.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    const queued = await queue(db, job(null));
    await engine.trigger('manual');
    expect(await db.outbox.get(queued.id)).toMatchObject({ status: 'queued', lastStatus: null, lastError: 'Failed to fetch', attempts: 1 });
  });

  it('each job is tried at most once per run, even with a zero backoff', async () => {
    const { db, engine, send } = setup({ random: () => 0 });
    send.mockImplementation(async () => ({ type: 'network-error', message: 'offline' }));
    await queue(db, job(null));
    await engine.trigger('manual');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('coming back online sends jobs that got no answer without waiting out their backoff', async () => {
    const { db, engine, send } = setup();
    send.mockImplementationOnce(async () => ({ type: 'network-error', message: 'offline' }));
    const queued = await queue(db, job(null));
    await engine.trigger('manual');
    expect((await db.outbox.get(queued.id))!.status).toBe('queued');
    await engine.trigger('online');
    expect((await db.outbox.get(queued.id))!.status).toBe('sent');
  });
});

describe('replay: crash recovery', () => {
  it('a job left "sending" by a closed tab is sent again, with the same key', async () => {
    const { db, engine, sent } = setup();
    const queued = await queue(db, job(null));
    await applyJobEvent(db, queued.id, { type: 'begin-send' });
    expect((await db.outbox.get(queued.id))!.status).toBe('sending');

    await engine.trigger('start');
    expect(sent).toHaveLength(1);
    expect(sent[0].idempotencyKey).toBe(queued.idempotencyKey);
    expect((await db.outbox.get(queued.id))!).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('with a per-tab lock only, start() recovers once and runs', async () => {
    const { db, engine, sent } = setup({ sharedLocks: false });
    const queued = await queue(db, job(null));
    await applyJobEvent(db, queued.id, { type: 'begin-send' });
    engine.start();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    engine.stop();
  });
});

describe('replay: wiring', () => {
  it('start() runs at once, on `online`, and when the page becomes visible; stop() detaches', async () => {
    const { db, engine, sent } = setup();
    engine.start();
    await vi.waitFor(async () => expect(sent).toHaveLength(0));
    await queue(db, job(null));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sent).toHaveLength(1));

    await queue(db, job(null));
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(sent).toHaveLength(2));

    engine.stop();
    await queue(db, job(null));
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(2);
  });

  it('reports syncing while it sends', async () => {
    const { db, engine, events } = setup();
    await queue(db, job(null));
    await engine.trigger('manual');
    expect(events.filter((event) => event.type === 'syncing')).toEqual([
      { type: 'syncing', syncing: true },
      { type: 'syncing', syncing: false },
    ]);
    expect(engine.isSyncing()).toBe(false);
  });

  it('an empty queue sets no timer', async () => {
    const { engine, timers } = setup();
    await engine.trigger('start');
    expect(timers.delays()).toEqual([]);
  });
});
