import { useCallback, useEffect, useRef, useState } from 'react';
import { normalizeMac } from '@contract/common';
import { useLanguage } from '@/lib/preferences';
import { draftTitle } from '@/offline/draft-names';
import type { CommutatorsDraft } from '@/offline/draft-schemas/commutators';
import { deleteDraft } from '@/offline/drafts';
import { getOfflineDb, type OfflineDb } from '@/offline/db';
import { useDraft } from '@/offline/use-draft';
import { sameState, type MatrixState } from './model';

/** One matrix draft per user and device: the screen finds it by the MAC. */
export function matrixDraftId(userId: number, mac: string): string {
  return `commutators:${userId}:${normalizeMac(mac) ?? mac}`;
}

export function draftData(mac: string, state: MatrixState, base: string): CommutatorsDraft {
  return { mac, model: state.model, size: state.size, commutators: state.commutators, base };
}

export function stateOfDraft(data: CommutatorsDraft): MatrixState {
  return { model: data.model, size: data.size, commutators: data.commutators };
}

/** A stored draft the person has not yet restored or discarded. */
export interface DraftOffer {
  state: MatrixState;
  updatedAt: number;
  /** The server's matrix is no longer the one the draft was made from. */
  serverChanged: boolean;
}

interface MatrixDraftOptions {
  mac: string;
  userId: number | null;
  /** The matrix as edited, null while it equals the server's. */
  edited: MatrixState | null;
  /** The server's matrix the edits started from; undefined until it loaded. */
  baseState: MatrixState | undefined;
  db?: OfflineDb;
}

/**
 * The unsaved matrix in IndexedDB: offered back when the screen opens, then autosaved while it
 * differs from the server's and deleted when it no longer does (saved, read from the device,
 * edited back) or when the person discards it.
 */
export function useMatrixDraft({ mac, userId, edited, baseState, db = getOfflineDb() }: MatrixDraftOptions) {
  const language = useLanguage();
  const base = baseState === undefined ? undefined : JSON.stringify(baseState);
  const id = userId === null ? '' : matrixDraftId(userId, mac);
  const { loaded, save, flush } = useDraft({ kind: 'commutators', id, userId, db });
  const [decided, setDecided] = useState(false);
  const stored = useRef(false);
  const chain = useRef<Promise<void>>(Promise.resolve());

  const draft = loaded?.status === 'ok' ? loaded.draft : null;
  const offer: DraftOffer | null =
    !decided && draft && baseState !== undefined && !sameState(stateOfDraft(draft.data), baseState)
      ? { state: stateOfDraft(draft.data), updatedAt: draft.updatedAt, serverChanged: draft.data.base !== base }
      : null;
  const settled = loaded !== undefined && (decided || offer === null);

  useEffect(() => {
    // An unreadable draft is left for the drafts page to show; only a readable one is ours to delete.
    if (loaded?.status === 'ok') stored.current = true;
  }, [loaded]);

  const remove = useCallback(() => {
    stored.current = false;
    chain.current = chain.current.then(async () => {
      await flush();
      if (!stored.current && id) await deleteDraft(db, id);
    });
    return chain.current;
  }, [db, flush, id]);

  useEffect(() => {
    if (!settled || base === undefined || userId === null) return;
    if (edited) {
      stored.current = true;
      const data = draftData(mac, edited, base);
      save({ title: draftTitle(language, 'commutators', data), target: { mac }, data });
    } else if (stored.current) {
      void remove();
    }
  }, [settled, edited, base, mac, language, userId, save, remove]);

  const decide = useCallback(() => setDecided(true), []);
  const discard = useCallback(async () => {
    setDecided(true);
    await remove();
  }, [remove]);

  return { offer, settled, decide, discard, remove };
}
