import { useQuery, useQueryClient } from '@tanstack/react-query';
import { moveOut, undoMoveOut } from './api';
import { useT } from './messages';
import { pendingUndoOf, undoSecondsLeft } from './model';
import { flatCardQueries } from './queries';
import { useFlat, useFlatMutation } from './use-flat-card';
import { useFlatLabel } from './use-flat-status';
import { useNow } from './use-now';

/**
 * The pending undo of this flat's move-out, read from the server with the card (so another browser
 * or a reload shows it too), with its seconds left (ticking); null once it lapsed.
 */
export function usePendingUndo() {
  const { data } = useFlat();
  const undo = data.moveOut ? pendingUndoOf(data.moveOut) : null;
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
    // The card read again carries the pending undo.
    onDone: reload,
  });
  const undo = useFlatMutation({
    send: (moveOutId: number) => undoMoveOut(flat, moveOutId),
    done: () => t('flat.moveOut.undone'),
    onDone: reload,
  });
  return { run, undo };
}

/** The summary of what a move-out would take, read when the dialog opens. */
export function useMoveOutPreview() {
  const { flat } = useFlat();
  return useQuery(flatCardQueries.moveOutPreview(flat));
}
