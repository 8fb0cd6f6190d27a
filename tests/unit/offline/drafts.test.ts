import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSerialNumberDraft } from '@contract/adjuster-wizard';
import type { DraftRow } from '@/offline/db';
import { loadDraftSchemas } from '@/offline/draft-kinds';
import {
  createDraftSaver,
  deleteDraft,
  flushAllDrafts,
  forgetEarlyDraft,
  forgetEarlyJobs,
  listDrafts,
  loadDraft,
  prefetchDraft,
  readDraft,
  saveDraft,
  takeEarlyDraft,
  takeEarlyJobs,
  type DraftInput,
} from '@/offline/drafts';
import { createClock, createManualTimers, makeJob, openTestDb } from './helpers';

const T0 = Date.UTC(2025, 0, 15, 9, 0, 0);

function serialDraft(id: string, overrides: Partial<DraftInput<'serial-number'>> = {}): DraftInput<'serial-number'> {
  return {
    id,
    kind: 'serial-number',
    userId: 7,
    title: 'ул. Ленина, 1',
    target: { mac: 'AA:BB:CC:DD:EE:01', step: 1 },
    data: { ...defaultSerialNumberDraft(), serialNumber: 'SN-1', mac: 'AA:BB:CC:DD:EE:01' },
    ...overrides,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('save and load', () => {
  it('saves a draft and loads it back validated', async () => {
    const db = openTestDb();
    await saveDraft(db, serialDraft('d1'), T0);
    const loaded = await loadDraft(db, 'd1', { kind: 'serial-number', userId: 7 });
    expect(loaded.status).toBe('ok');
    if (loaded.status !== 'ok') return;
    expect(loaded.draft).toMatchObject({ id: 'd1', kind: 'serial-number', userId: 7, schemaVersion: 1, createdAt: T0, updatedAt: T0 });
    expect(loaded.draft.data.serialNumber).toBe('SN-1');
    expect(loaded.draft.data.pass).toBe(defaultSerialNumberDraft().pass);
  });

  it('an upsert keeps createdAt and moves updatedAt', async () => {
    const db = openTestDb();
    await saveDraft(db, serialDraft('d1'), T0);
    await saveDraft(db, serialDraft('d1', { title: 'new' }), T0 + 5_000);
    const row = await db.drafts.get('d1');
    expect(row).toMatchObject({ title: 'new', createdAt: T0, updatedAt: T0 + 5_000 });
    expect(await db.drafts.count()).toBe(1);
  });

  it('a missing draft and another user’s draft read as missing', async () => {
    const db = openTestDb();
    await saveDraft(db, serialDraft('d1'), T0);
    expect(await loadDraft(db, 'nope')).toEqual({ status: 'missing' });
    expect(await loadDraft(db, 'd1', { userId: 8 })).toEqual({ status: 'missing' });
  });
});

describe('unreadable drafts', () => {
  async function storeRaw(row: Partial<DraftRow> & { id: string }) {
    const db = openTestDb();
    await db.drafts.put({
      kind: 'serial-number',
      userId: 7,
      title: 't',
      target: {},
      data: {},
      schemaVersion: 1,
      createdAt: T0,
      updatedAt: T0,
      ...row,
    } as DraftRow);
    return db;
  }

  it('a draft that fails validation is reported with its raw row and each failing path, and is kept', async () => {
    const data = { ...defaultSerialNumberDraft(), entrance: 'first', relayNum: '1' };
    const db = await storeRaw({ id: 'bad', data });
    const loaded = await loadDraft(db, 'bad');
    expect(loaded.status).toBe('unreadable');
    if (loaded.status !== 'unreadable') return;
    expect(loaded.raw.data).toEqual(data);
    expect(loaded.failures.map((failure) => failure.path).sort()).toEqual(['entrance', 'relayNum']);
    expect(loaded.error).toContain('entrance');
    expect(await db.drafts.get('bad')).toBeDefined();
    // Reading it again (and listing) still does not delete it.
    await listDrafts(db, 7);
    expect(await db.drafts.count()).toBe(1);
  });

  it('a draft of an unknown kind is unreadable, not dropped', async () => {
    const db = await storeRaw({ id: 'x', kind: 'teleporter' as DraftRow['kind'] });
    const loaded = await loadDraft(db, 'x');
    expect(loaded).toMatchObject({ status: 'unreadable' });
    expect(await db.drafts.get('x')).toBeDefined();
  });

  it('a draft saved by a newer app version is unreadable, not dropped', async () => {
    const db = await storeRaw({ id: 'future', data: defaultSerialNumberDraft(), schemaVersion: 99 });
    const loaded = await loadDraft(db, 'future');
    expect(loaded.status).toBe('unreadable');
    if (loaded.status === 'unreadable') expect(loaded.error).toContain('99');
  });

  it('asking for one kind and finding another is unreadable', async () => {
    const db = await storeRaw({ id: 'd', data: defaultSerialNumberDraft() });
    expect((await loadDraft(db, 'd', { kind: 'adjuster' })).status).toBe('unreadable');
  });

  it('readDraft is pure: the row passed in is not changed', async () => {
    const row: DraftRow = { id: 'r', kind: 'serial-number', userId: 1, title: '', target: {}, data: { mac: 1 }, schemaVersion: 1, createdAt: 0, updatedAt: 0 };
    const copy = structuredClone(row);
    readDraft(row, await loadDraftSchemas());
    expect(row).toEqual(copy);
  });
});

describe('a full storage', () => {
  it('frees the runtime caches, never drafts or jobs, and saves on the second try', async () => {
    const db = openTestDb();
    await saveDraft(db, serialDraft('kept'), T0);
    await db.outbox.add({ ...makeJob(), id: undefined } as never);
    const cacheNames = new Set(['api-7-houses', 'runtime-x', 'workbox-precache-v2']);
    vi.stubGlobal('caches', { keys: async () => [...cacheNames], delete: async (name: string) => cacheNames.delete(name) });
    const put = db.drafts.put.bind(db.drafts);
    const full = (() => Promise.reject(new DOMException('full', 'QuotaExceededError'))) as unknown as typeof put;
    vi.spyOn(db.drafts, 'put').mockImplementationOnce(full).mockImplementation(put);
    try {
      await saveDraft(db, serialDraft('new'), T0);
    } finally {
      vi.unstubAllGlobals();
    }
    expect([...cacheNames]).toEqual(['workbox-precache-v2']);
    expect((await db.drafts.toArray()).map((row) => row.id).sort()).toEqual(['kept', 'new']);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('list and delete', () => {
  it('lists the user’s drafts newest first, unreadable ones included', async () => {
    const db = openTestDb();
    await saveDraft(db, serialDraft('old'), T0);
    await saveDraft(db, serialDraft('new'), T0 + 2_000);
    await saveDraft(db, serialDraft('other-user', { userId: 8 }), T0 + 3_000);
    await db.drafts.put({ id: 'broken', kind: 'serial-number', userId: 7, title: '', target: {}, data: null, schemaVersion: 1, createdAt: T0, updatedAt: T0 + 1_000 });
    const list = await listDrafts(db, 7);
    expect(list.map((entry) => (entry.status === 'ok' ? entry.draft.id : entry.raw.id))).toEqual(['new', 'broken', 'old']);
    expect(list.map((entry) => entry.status)).toEqual(['ok', 'unreadable', 'ok']);
  });

  it('deletes only on an explicit call', async () => {
    const db = openTestDb();
    await saveDraft(db, serialDraft('d1'), T0);
    await deleteDraft(db, 'd1');
    expect(await loadDraft(db, 'd1')).toEqual({ status: 'missing' });
  });
});

describe('createDraftSaver', () => {
  it('debounces: many keystrokes, one write with the last value', async () => {
    const clock = createClock(T0);
    const timers = createManualTimers(clock);
    const db = openTestDb();
    const put = vi.spyOn(db.drafts, 'put');
    const saver = createDraftSaver(400, { db, now: clock.now, ...timers });
    for (const serialNumber of ['S', 'SN', 'SN-', 'SN-9']) {
      saver.schedule(serialDraft('d1', { data: { ...defaultSerialNumberDraft(), serialNumber } }));
      timers.advance(100);
    }
    expect(put).not.toHaveBeenCalled();
    timers.advance(400);
    await saver.flush();
    expect(put).toHaveBeenCalledTimes(1);
    const loaded = await loadDraft(db, 'd1', { kind: 'serial-number' });
    expect(loaded.status === 'ok' && loaded.draft.data.serialNumber).toBe('SN-9');
  });

  it('steady typing still saves once maxWait has passed', async () => {
    const clock = createClock(T0);
    const timers = createManualTimers(clock);
    const db = openTestDb();
    const put = vi.spyOn(db.drafts, 'put');
    const saver = createDraftSaver(400, { db, maxWaitMs: 1_000, now: clock.now, ...timers });
    for (let i = 0; i < 6; i += 1) {
      saver.schedule(serialDraft('d1', { title: `t${i}` }));
      timers.advance(200);
    }
    await vi.waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect((await db.drafts.get('d1'))?.title).toBe('t4');
  });

  it('flush writes at once (pagehide) and nothing is left pending', async () => {
    const db = openTestDb();
    const saver = createDraftSaver(60_000, { db });
    saver.schedule(serialDraft('d1'));
    saver.schedule(serialDraft('d2'));
    expect(saver.hasPending()).toBe(true);
    await saver.flush();
    expect(saver.hasPending()).toBe(false);
    expect(await db.drafts.count()).toBe(2);
  });

  it('flushAllDrafts writes what every saver still holds (before an update reload)', async () => {
    const db = openTestDb();
    const a = createDraftSaver(60_000, { db });
    const b = createDraftSaver(60_000, { db });
    a.schedule(serialDraft('a'));
    b.schedule(serialDraft('b'));
    await flushAllDrafts();
    expect((await db.drafts.toArray()).map((row) => row.id).sort()).toEqual(['a', 'b']);
  });

  it('a failed write is reported and kept for the next flush', async () => {
    const db = openTestDb();
    const errors: unknown[] = [];
    const put = vi.spyOn(db.drafts, 'put').mockRejectedValueOnce(new Error('disk on fire'));
    const saver = createDraftSaver(60_000, { db, onError: (error) => errors.push(error) });
    saver.schedule(serialDraft('d1'));
    await saver.flush();
    expect(errors).toHaveLength(1);
    expect(saver.hasPending()).toBe(true);
    put.mockRestore();
    await saver.flush();
    expect(await db.drafts.get('d1')).toBeDefined();
  });

  it('a flush on pagehide has its write started before it returns: nothing after that task is needed', async () => {
    const db = openTestDb();
    await db.open();
    await loadDraftSchemas(['serial-number']);
    const saver = createDraftSaver(400, { db });
    saver.know('d1', null);
    saver.schedule(serialDraft('d1', { title: 'every keystroke' }));
    const flushed = saver.flush();
    // The page is gone: no later task runs, so no later write can start.
    db.close();
    await flushed.catch(() => undefined);
    const reopened = openTestDb(db.name);
    expect((await reopened.drafts.get('d1'))?.title).toBe('every keystroke');
  });

  it('a known draft keeps its createdAt when written at once, and live queries see the write', async () => {
    const db = openTestDb();
    await saveDraft(db, serialDraft('d1', { title: 'first' }), T0);
    await loadDraftSchemas(['serial-number']);
    const seen: string[] = [];
    const subscription = liveQuery(() => db.drafts.get('d1')).subscribe((row) => row && seen.push(row.title));
    try {
      await vi.waitFor(() => expect(seen).toEqual(['first']));
      const saver = createDraftSaver(400, { db, now: () => T0 + 5_000 });
      saver.know('d1', T0);
      saver.schedule(serialDraft('d1', { title: 'second' }));
      await saver.flush();
      expect(await db.drafts.get('d1')).toMatchObject({ title: 'second', createdAt: T0, updatedAt: T0 + 5_000, schemaVersion: 1 });
      await vi.waitFor(() => expect(seen).toEqual(['first', 'second']));
    } finally {
      subscription.unsubscribe();
    }
  });

  it('writes started at once land in order: an older value never overwrites a newer one', async () => {
    const db = openTestDb();
    await db.open();
    await loadDraftSchemas(['serial-number']);
    const errors: unknown[] = [];
    const saver = createDraftSaver(60_000, { db, onError: (error) => errors.push(error) });
    saver.know('d1', null);
    saver.schedule(serialDraft('d1', { title: 'first' }));
    const first = saver.flush();
    saver.schedule(serialDraft('d1', { title: 'second' }));
    await Promise.all([first, saver.flush()]);
    expect((await db.drafts.get('d1'))?.title).toBe('second');
    expect(errors).toEqual([]);
  });

  it('writes land in order: an older value never overwrites a newer one', async () => {
    const db = openTestDb();
    const saver = createDraftSaver(60_000, { db });
    saver.schedule(serialDraft('d1', { title: 'first' }));
    const first = saver.flush();
    saver.schedule(serialDraft('d1', { title: 'second' }));
    const second = saver.flush();
    await Promise.all([first, second]);
    expect((await db.drafts.get('d1'))?.title).toBe('second');
  });
});

describe('a draft read ahead of its screen', () => {
  it('is given until its screen is on the page, checked for its user and kind as loadDraft checks it', async () => {
    const db = openTestDb();
    await saveDraft(db, serialDraft('d1'), T0);
    await prefetchDraft(db, 'd1');
    const early = takeEarlyDraft(db, 'd1', { kind: 'serial-number', userId: 7 });
    expect(early).toEqual(await loadDraft(db, 'd1', { kind: 'serial-number', userId: 7 }));
    // A render React discards and starts again takes it a second time.
    expect(takeEarlyDraft(db, 'd1', { kind: 'serial-number', userId: 7 })).toEqual(early);
    forgetEarlyDraft('d1');
    expect(takeEarlyDraft(db, 'd1', { kind: 'serial-number', userId: 7 })).toBeUndefined();

    await prefetchDraft(db, 'd1');
    expect(takeEarlyDraft(db, 'd1', { kind: 'serial-number', userId: 8 })).toEqual({ status: 'missing' });
    await prefetchDraft(db, 'd1');
    expect(takeEarlyDraft(db, 'd1', { kind: 'replace', userId: 7 })?.status).toBe('unreadable');
  });

  it('reads the outbox jobs of the draft with it, until its wizard is on the page', async () => {
    const db = openTestDb();
    await saveDraft(db, serialDraft('d3'), T0);
    await db.outbox.add({ ...makeJob({ draftId: 'd3' }), id: undefined } as never);
    await db.outbox.add({ ...makeJob({ draftId: 'd4', idempotencyKey: 'other' }), id: undefined } as never);
    await prefetchDraft(db, 'd3');
    expect(takeEarlyJobs(db, 'd3')?.map((row) => row.draftId)).toEqual(['d3']);
    expect(takeEarlyJobs(openTestDb(), 'd3')).toBeUndefined();
    forgetEarlyJobs('d3');
    expect(takeEarlyJobs(db, 'd3')).toBeUndefined();

    await prefetchDraft(db, 'd5');
    expect(takeEarlyJobs(db, 'd5')).toEqual([]);
  });

  it('reads a missing draft as missing, and is not given for another database or after 10 s', async () => {
    const db = openTestDb();
    await prefetchDraft(db, 'none');
    expect(takeEarlyDraft(db, 'none', { userId: 7 })).toEqual({ status: 'missing' });

    await saveDraft(db, serialDraft('d2'), T0);
    await prefetchDraft(db, 'd2');
    expect(takeEarlyDraft(openTestDb(), 'd2', { userId: 7 })).toBeUndefined();

    await prefetchDraft(db, 'd2');
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 10_001);
    expect(takeEarlyDraft(db, 'd2', { userId: 7 })).toBeUndefined();
  });
});
