import type { CommutatorsResponse, FlatRange } from '@contract/commutators';
import { checkMatrix, resizeState, shiftMatrix, stateFromServer, type MatrixCheck, type MatrixState } from './model';

/*
 * Copying a matrix to the other entrances of the house (pure): the target keeps its own
 * commutators and size, takes the source's model and wiring, and is checked against its own range.
 */

/** The flat offset between two entrances' ranges: entrance 2 (41–80) gets flat 1's cell as 41. */
export function rangeOffset(source: FlatRange | null, target: FlatRange | null): number {
  return source && target ? target.firstFlat - source.firstFlat : 0;
}

export interface CopyPlan {
  mac: string;
  state: MatrixState;
  check: MatrixCheck;
}

/** What `target` would hold after the copy; `shift` moves the flat numbers by the ranges' offset. */
export function planCopy(source: MatrixState, sourceRange: FlatRange | null, target: CommutatorsResponse, shift: boolean): CopyPlan {
  const own = stateFromServer(target.model, target.commutators);
  const size = own.model === source.model && own.size > 0 ? own.size : source.size;
  const offset = shift ? rangeOffset(sourceRange, target.flatRange) : 0;
  const byIndex = new Map(source.commutators.map((each) => [each.index, each.matrix]));
  const fallback = source.commutators[0]?.matrix ?? [];
  const copied: MatrixState = {
    model: source.model,
    size: source.size,
    commutators: own.commutators.map((each) => ({ index: each.index, matrix: shiftMatrix(byIndex.get(each.index) ?? fallback, offset) })),
  };
  const state = resizeState(copied, source.model, size);
  return { mac: target.mac, state, check: checkMatrix(state.commutators, target.flatRange) };
}
