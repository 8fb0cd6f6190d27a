import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { nullable, number, string, type, validate } from 'superstruct';
import { flatKey } from '@contract/flats';
import type { FlatRef } from './api';
import { moveOut, undoMoveOut } from './api';
import { useT } from './messages';
import { undoSecondsLeft, type PendingUndo } from './model';
import { flatCardQueries } from './queries';
import { useFlat, useFlatMutation } from './use-flat-card';
import { useFlatLabel } from './use-flat-status';
import { useNow } from './use-now';

/*
 * The undo of a move-out outlives the page: it is kept per flat in localStorage until `undoUntil`,
 * so an operator who reloads or comes back still sees «Отменить».
 */
const STORAGE_PREFIX = 'flat-move-out:';
const StoredUndo = type({ moveOutId: number(), undoUntil: string(), users: nullable(number()), keys: nullable(number()) });
export type StoredUndo = PendingUndo & { users: number | null; keys: number | null };

const listeners = new Set<() => void>();
const storageKey = (flat: FlatRef) => STORAGE_PREFIX + flatKey(flat.houseUid, flat.flatNum);

function readUndo(flat: FlatRef): string | null {
  try {
    return globalThis.localStorage?.getItem(storageKey(flat)) ?? null;
  } catch {
    return null;
  }
}

function writeUndo(flat: FlatRef, undo: StoredUndo | null): void {
  try {
    if (undo) globalThis.localStorage?.setItem(storageKey(flat), JSON.stringify(undo));
    else globalThis.localStorage?.removeItem(storageKey(flat));
  } catch {
    // Private mode or a full quota: the banner lives as long as the page does.
  }
  listeners.forEach((listener) => listener());
}

function parseUndo(raw: string | null): StoredUndo | null {
  if (!raw) return null;
  try {
    const [failure, value] = validate(JSON.parse(raw), StoredUndo);
    return failure ? null : value;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The pending undo of this flat's move-out, with its seconds left (ticking); null once it lapsed. */
export function usePendingUndo() {
  const { flat } = useFlat();
  const raw = useSyncExternalStore(subscribe, () => readUndo(flat));
  const undo = parseUndo(raw);
  const now = useNow();
  const left = undo ? undoSecondsLeft(undo, now) : 0;
  return { undo: undo && left > 0 ? undo : null, left };
}

/** «Выезд жильцов»: the summary first, then the move-out; and its undo while the server allows it. */
export function useMoveOut() {
  const t = useT();
  const { flat } = useFlat();
  const label = useFlatLabel();
  const client = useQueryClient();
  const reload = () => client.refetchQueries({ queryKey: flatCardQueries.flat(flat) });

  const run = useFlatMutation({
    send: () => moveOut(flat),
    done: () => t('flat.moveOut.done', { flat: label }),
    onDone: async (_vars, answer) => {
      writeUndo(flat, { moveOutId: answer.moveOutId, undoUntil: answer.undoUntil, users: answer.removed.users.length, keys: answer.removed.keys.length });
      await reload();
    },
  });
  const undo = useFlatMutation({
    send: (moveOutId: number) => undoMoveOut(flat, moveOutId),
    done: () => t('flat.moveOut.undone'),
    onDone: async () => {
      writeUndo(flat, null);
      await reload();
    },
  });
  return { run, undo };
}

/** The summary of what a move-out would take, read when the dialog opens. */
export function useMoveOutPreview() {
  const { flat } = useFlat();
  return useQuery(flatCardQueries.moveOutPreview(flat));
}
