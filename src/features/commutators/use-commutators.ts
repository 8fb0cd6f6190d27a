import { owedReason } from '@/lib/owed-reason';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import type { CommutatorsUpdate } from '@contract/commutators';
import { ROLES } from '@contract/users';
import { HttpError, errorMessage, isUnreachable } from '@/lib/http';
import { hasRole, useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { getOfflineDb } from '@/offline/db';
import { findSavedDevice } from '@/offline/snapshot-devices';
import { readCommutatorsFromDevice, saveCommutators } from './api';
import { useT } from './messages';
import { checkMatrix, fillSequence, resizeState, sameState, setCell, stateFromServer, type Cell, type FillOptions, type MatrixState } from './model';
import { commutatorQueries } from './queries';
import { matrixDraftId, useMatrixDraft } from './use-matrix-draft';
import { useMatrixJob } from './use-matrix-job';

/** What the save call takes: without a model the device has no commutator, and the server takes no matrices then. */
function updateOf(state: MatrixState): CommutatorsUpdate {
  return { model: state.model, matrix: state.model === null ? [] : state.commutators };
}

type Edit =
  | { kind: 'cell'; position: number; cell: Cell; value: number }
  | { kind: 'resize'; model: number | null; size: number }
  | { kind: 'fill'; position: number; options: FillOptions }
  | { kind: 'replace'; state: MatrixState | null };

interface EditState {
  /** The matrix as edited; null while nothing was changed since the server's. */
  edited: MatrixState | null;
}

function reduce(base: MatrixState | undefined) {
  return (current: EditState, edit: Edit): EditState => {
    if (edit.kind === 'replace') return { edited: edit.state };
    const from = current.edited ?? base;
    if (!from) return current;
    let next: MatrixState;
    switch (edit.kind) {
      case 'cell': {
        const commutator = from.commutators[edit.position];
        if (!commutator) return current;
        const matrix = setCell(commutator.matrix, edit.cell, edit.value);
        if (matrix === commutator.matrix) return current;
        const commutators = from.commutators.slice();
        commutators[edit.position] = { index: commutator.index, matrix };
        next = { ...from, commutators };
        break;
      }
      case 'resize':
        next = resizeState(from, edit.model, edit.size);
        break;
      case 'fill': {
        const commutator = from.commutators[edit.position];
        if (!commutator) return current;
        const commutators = from.commutators.slice();
        commutators[edit.position] = { index: commutator.index, matrix: fillSequence(commutator.matrix, edit.options) };
        next = { ...from, commutators };
        break;
      }
    }
    return { edited: next };
  };
}

/** The commutation matrix screen's logic: the server's matrix, the edits, the checks, the draft, saving and reading from the device. */
export function useCommutators(mac: string) {
  const t = useT();
  const session = useSession();
  const client = useQueryClient();
  const online = useConnectivity().state !== 'offline';
  const query = useQuery(commutatorQueries.matrix(mac));
  // Without the server, the matrix of a house taken offline (src/offline/snapshot-devices.ts) stands in.
  const { userId } = session;
  const saved = useLiveQuery(async () => (userId === null ? null : findSavedDevice(getOfflineDb(), userId, mac)), [userId, mac]);
  const unreachable = !query.data && (!online || isUnreachable(query.error));
  const savedAnswer = unreachable ? (saved?.device.commutators ?? undefined) : undefined;
  const answer = query.data ?? savedAnswer;
  const base = useMemo(() => (answer ? stateFromServer(answer.model, answer.commutators) : undefined), [answer]);
  const reducer = useMemo(() => reduce(base), [base]);
  const [{ edited }, dispatch] = useReducer(reducer, { edited: null });
  const current = edited ?? base;
  const dirty = edited !== null && base !== undefined && !sameState(edited, base);
  const flatRange = answer?.flatRange ?? null;
  const check = useMemo(() => checkMatrix(current?.commutators ?? [], flatRange), [current, flatRange]);

  // The server decides for the adjuster (a device it is setting up); support only reads.
  const canEdit = [ROLES.superuser, ROLES.management, ROLES.adjuster].some((role) => hasRole(session.roles, role));
  const draft = useMatrixDraft({ mac, userId, edited: dirty ? edited : null, baseState: base });
  const job = useMatrixJob({ mac, userId, draftId: userId === null ? '' : matrixDraftId(userId, mac) });
  const house = answer?.device.houses[0] ?? null;

  // A matrix waiting in the queue is the one shown: its draft is taken back without asking.
  const { offer, decide } = draft;
  useEffect(() => {
    if (!job.pending || !offer) return;
    dispatch({ kind: 'replace', state: offer.state });
    decide();
  }, [job.pending, offer, decide]);
  // Sent from the queue while the screen is open: the server's matrix is now that one.
  const sentId = job.sentHere?.id;
  useEffect(() => {
    if (sentId !== undefined) void client.invalidateQueries({ queryKey: commutatorQueries.matrix(mac).queryKey });
  }, [sentId, client, mac]);

  const [taskId, setTaskId] = useState<string | null>(null);
  const queue = useMutation({ mutationFn: (state: MatrixState) => job.queue(updateOf(state), house) });
  const save = useMutation({
    mutationFn: (state: MatrixState) => saveCommutators(mac, updateOf(state)),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: commutatorQueries.matrix(mac).queryKey });
      dispatch({ kind: 'replace', state: null });
    },
    // The network went while saving: the matrix goes to the queue instead, as it would have offline.
    onError: (error, state) => {
      if (isUnreachable(error)) queue.mutate(state);
    },
  });
  const read = useMutation({
    mutationFn: () => readCommutatorsFromDevice(mac),
    onSuccess: (fresh) => {
      client.setQueryData(commutatorQueries.matrix(mac).queryKey, fresh);
      dispatch({ kind: 'replace', state: null });
      setTaskId(fresh.checkLinelevelTaskId);
    },
  });

  const setCellValue = useCallback((position: number, cell: Cell, value: number) => dispatch({ kind: 'cell', position, cell, value }), []);
  const resize = useCallback((model: number | null, size: number) => dispatch({ kind: 'resize', model, size }), []);
  const fill = useCallback((position: number, options: FillOptions) => dispatch({ kind: 'fill', position, options }), []);
  const restoreDraft = useCallback(() => {
    if (draft.offer) dispatch({ kind: 'replace', state: draft.offer.state });
    draft.decide();
  }, [draft]);

  const refusal = (error: unknown): string | null => {
    if (!error) return null;
    if (error instanceof HttpError && error.status === 403) return t('commutators.forbidden', { error: errorMessage(error) });
    return errorMessage(error);
  };

  return {
    query,
    answer,
    /** When the matrix shown was saved for offline work; null when it is the server's. */
    savedAt: savedAnswer && saved ? saved.savedAt : null,
    /** Offline with nothing saved to show (still reading IndexedDB: undefined). */
    missingOffline: unreachable && saved !== undefined && !savedAnswer,
    job,
    current,
    dirty,
    check,
    flatRange,
    canEdit,
    online,
    draft,
    setCellValue,
    resize,
    fill,
    restoreDraft,
    // Offline, or while an earlier matrix waits in the queue, a save is queued behind it.
    save: () => current && (online && !job.pending ? save.mutate(current) : queue.mutate(current)),
    saving: save.isPending || queue.isPending,
    saveError: save.error && isUnreachable(save.error) ? refusal(queue.error) : refusal(save.error ?? queue.error),
    saved: save.isSuccess && !dirty,
    /** Saved, but the device has not taken it yet: its reason ('' none yet; docs/api.md "Device sync"). */
    owed: save.isSuccess && !dirty ? owedReason(save.data) : undefined,
    readFromDevice: () => read.mutate(),
    reading: read.isPending,
    readError: refusal(read.error),
    // A check still running when the screen opened is followed too.
    taskId: taskId ?? answer?.checkLinelevelTaskId ?? null,
  };
}

export type CommutatorsScreen = ReturnType<typeof useCommutators>;
