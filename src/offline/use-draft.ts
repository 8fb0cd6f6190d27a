import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { loadDraftSchema, type DraftData } from './draft-kinds';
import { awaitEarlyDraft, createDraftSaver, forgetEarlyDraft, listDrafts, loadDraft, takeEarlyDraft, type DraftLoad, type ReadDraft } from './drafts';
import { getOfflineDb, type DraftKind, type DraftTarget, type OfflineDb } from './db';

export interface DraftFields<K extends DraftKind> {
  title: string;
  target?: DraftTarget;
  data: DraftData<K>;
}

export interface UseDraftOptions<K extends DraftKind> {
  kind: K;
  /** Made by the screen (newDraftId) for a new draft, or taken from the URL to resume one. */
  id: string;
  userId: number | null;
  db?: OfflineDb;
  delayMs?: number;
}

export interface UseDraftResult<K extends DraftKind> {
  /** undefined while reading; 'missing' for a new draft. */
  loaded: DraftLoad<K> | undefined;
  /** Call on every change: saved after a short pause, on pagehide, when hidden, and on unmount. */
  save(fields: DraftFields<K>): void;
  flush(): Promise<void>;
}

/** A wizard's draft: read once when opened, then autosaved as the user types. */
export function useDraft<K extends DraftKind>({ kind, id, userId, db: givenDb, delayMs = 400 }: UseDraftOptions<K>): UseDraftResult<K> {
  const db = givenDb ?? getOfflineDb();
  const saver = useMemo(() => createDraftSaver(delayMs, { db }), [db, delayMs]);
  // A draft read ahead at the app's start (startDraftsEarly) is there for the first render.
  const [loaded, setLoaded] = useState<{ id: string; value: DraftLoad<K> } | null>(() => {
    if (userId === null) return null;
    const early = takeEarlyDraft(db, id, { kind, userId });
    return early ? { id, value: early } : null;
  });
  const loadedId = loaded?.id;
  // Let go of the read-ahead only once this screen is on the page (a discarded render may have taken it).
  useEffect(() => forgetEarlyDraft(id), [id]);

  useEffect(() => {
    if (userId === null || loadedId === id) return;
    let current = true;
    // A read-ahead still running (the screen came first) is waited for instead of reading twice.
    void awaitEarlyDraft(db, id, { kind, userId })
      .then((early) => early ?? loadDraft(db, id, { kind, userId }))
      .then((value) => {
        performance.mark?.('intercom:draft-loaded');
        if (current) setLoaded({ id, value });
      });
    return () => {
      current = false;
    };
  }, [db, id, kind, userId, loadedId]);

  // The saver starts a write at once (in the pagehide task itself) only for a draft whose stored
  // state it knows and whose kind's schema is loaded: both are known here before anyone types.
  useEffect(() => {
    void loadDraftSchema(kind).catch(() => undefined);
  }, [kind]);
  const known = loaded?.id === id ? loaded.value : undefined;
  useEffect(() => {
    if (known === undefined || known.status === 'unreadable') return;
    saver.know(id, known.status === 'ok' ? known.draft.createdAt : null);
  }, [saver, id, known]);

  useEffect(() => {
    const onPageHide = () => void saver.flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void saver.flush();
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      void saver.flush();
    };
  }, [saver]);

  const save = useCallback(
    (fields: DraftFields<K>) => {
      if (userId === null) return;
      saver.schedule({ id, kind, userId, ...fields });
    },
    [saver, id, kind, userId],
  );

  return { loaded: loaded?.id === id ? loaded.value : undefined, save, flush: saver.flush };
}

/** The user's drafts for the "resume" list, live. */
export function useDraftList(userId: number | null, db: OfflineDb = getOfflineDb()): ReadDraft[] | undefined {
  return useLiveQuery(() => (userId === null ? [] : listDrafts(db, userId)), [db, userId]);
}
