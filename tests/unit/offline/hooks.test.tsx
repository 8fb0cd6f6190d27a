import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSerialNumberDraft } from '@contract/adjuster-wizard';
import { loadedDraftSchemaVersion } from '@/offline/draft-kinds';
import { prefetchDraft, saveDraft } from '@/offline/drafts';
import { addJob } from '@/offline/outbox-queue';
import { useDraft, useDraftList } from '@/offline/use-draft';
import { useOutboxJobs, useUnsentCount } from '@/offline/use-outbox';
import { openTestDb } from './helpers';

const data = () => ({ ...defaultSerialNumberDraft(), serialNumber: 'SN-1' });

describe('useDraft', () => {
  it('a new draft reads as missing; typing is saved after the pause', async () => {
    const db = openTestDb();
    const { result } = renderHook(() => useDraft({ kind: 'serial-number', id: 'd1', userId: 7, db, delayMs: 10 }));
    await waitFor(() => expect(result.current.loaded).toEqual({ status: 'missing' }));
    act(() => result.current.save({ title: 'ул. Ленина, 1', data: data() }));
    await waitFor(async () => expect(await db.drafts.get('d1')).toMatchObject({ title: 'ул. Ленина, 1', userId: 7, kind: 'serial-number' }));
  });

  it('resumes a saved draft', async () => {
    const db = openTestDb();
    await saveDraft(db, { id: 'd1', kind: 'serial-number', userId: 7, title: 't', data: data() });
    const { result } = renderHook(() => useDraft({ kind: 'serial-number', id: 'd1', userId: 7, db }));
    await waitFor(() => expect(result.current.loaded?.status).toBe('ok'));
    const loaded = result.current.loaded;
    expect(loaded?.status === 'ok' && loaded.draft.data.serialNumber).toBe('SN-1');
  });

  it('has a draft read ahead of the screen on its first render', async () => {
    const db = openTestDb();
    await saveDraft(db, { id: 'd1', kind: 'serial-number', userId: 7, title: 't', data: data() });
    await prefetchDraft(db, 'd1');
    const renders: (string | undefined)[] = [];
    const { result } = renderHook(() => {
      const draft = useDraft({ kind: 'serial-number', id: 'd1', userId: 7, db });
      renders.push(draft.loaded?.status);
      return draft;
    });
    expect(renders[0]).toBe('ok');
    const loaded = result.current.loaded;
    expect(loaded?.status === 'ok' && loaded.draft.data.serialNumber).toBe('SN-1');
  });

  it('writes on pagehide, when the page is hidden, and on unmount, without waiting for the pause', async () => {
    const db = openTestDb();
    const { result, unmount } = renderHook(() => useDraft({ kind: 'serial-number', id: 'd1', userId: 7, db, delayMs: 60_000 }));
    act(() => result.current.save({ title: 'a', data: data() }));
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(async () => expect((await db.drafts.get('d1'))?.title).toBe('a'));

    act(() => result.current.save({ title: 'b', data: data() }));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await waitFor(async () => expect((await db.drafts.get('d1'))?.title).toBe('b'));

    act(() => result.current.save({ title: 'c', data: data() }));
    unmount();
    await waitFor(async () => expect((await db.drafts.get('d1'))?.title).toBe('c'));
  });
});

describe('useDraft, leaving the page', () => {
  it('starts the pagehide write in the pagehide task itself: a page gone right after keeps every keystroke', async () => {
    const db = openTestDb();
    const { result } = renderHook(() => useDraft({ kind: 'serial-number', id: 'd1', userId: 7, db, delayMs: 60_000 }));
    await waitFor(() => expect(result.current.loaded?.status).toBe('missing'));
    await waitFor(() => expect(loadedDraftSchemaVersion('serial-number')).toBeDefined());
    act(() => result.current.save({ title: 'typed just now', data: data() }));
    window.dispatchEvent(new Event('pagehide'));
    // Nothing runs after the pagehide task of a closing tab.
    db.close();
    const reopened = openTestDb(db.name);
    await waitFor(async () => expect((await reopened.drafts.get('d1'))?.title).toBe('typed just now'));
  });
});

describe('live lists', () => {
  it('useDraftList and the outbox hooks follow the database', async () => {
    const db = openTestDb();
    const drafts = renderHook(() => useDraftList(7, db));
    const jobs = renderHook(() => useOutboxJobs(7, db));
    const count = renderHook(() => useUnsentCount(7, db));
    await waitFor(() => expect(drafts.result.current).toEqual([]));
    await saveDraft(db, { id: 'd1', kind: 'serial-number', userId: 7, title: 't', data: data() });
    await addJob(db, { kind: 'k', method: 'POST', url: '/x', body: {}, userId: 7 });
    await waitFor(() => expect(drafts.result.current).toHaveLength(1));
    await waitFor(() => expect(jobs.result.current).toHaveLength(1));
    await waitFor(() => expect(count.result.current).toEqual({ waiting: 1, attention: 0 }));
  });
});
