import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FLAT_STATUS } from '@contract/flats';
import type { BlockedFlat, FlatRef, FlatsBulkStatusResponse } from '@contract/flat-blocks';
import { notify } from '@/components/notifications/notify';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { errorMessage } from '@/lib/http';
import { setFlatStatuses } from './api';
import { BLOCKED_LIST_STATE, blockedFlatsQuery, flatRefs, pageRange, sortedOutcomes } from './model';
import { accessQueries } from './queries';

export type StatusChange = 'block' | 'unblock';

/** A bulk call's answer as the result dialog shows it: each flat with its house's address where known. */
export interface StatusResult {
  change: StatusChange;
  succeeded: number;
  failed: number;
  rows: (FlatsBulkStatusResponse['data'][number] & { address: string | null })[];
}

export interface StatusRequest {
  change: StatusChange;
  flats: FlatRef[];
  reason?: string;
  /** Addresses the caller knows, by house uid, so the result names houses rather than uids. */
  addresses?: ReadonlyMap<string, string>;
}

const PAGE_SIZE = 20;

/**
 * The blocked flats tab's logic: the URL-bound filtered, paged list; the selection (kept with its
 * rows, so it may span pages); the bulk block / unblock and its per-flat result, after which the
 * list reloads.
 */
export function useBlockedFlats() {
  const client = useQueryClient();
  const list = useUrlListState(BLOCKED_LIST_STATE);
  const query = useQuery(accessQueries.blocked(blockedFlatsQuery(list)));
  const [selected, setSelected] = useState<ReadonlyMap<number, BlockedFlat>>(new Map());
  const [result, setResult] = useState<StatusResult | null>(null);
  const rows = useMemo(() => query.data?.data ?? [], [query.data]);
  const pagination = query.data?.pagination;
  const range = pageRange(pagination?.page ?? list.page, pagination?.pageSize || PAGE_SIZE, pagination?.totalCount ?? 0, rows.length);
  const pageCount = pagination?.pageCount ?? 0;

  const changeStatus = useMutation({
    mutationFn: ({ change, flats, reason }: StatusRequest) =>
      setFlatStatuses({ flats, status: change === 'block' ? FLAT_STATUS.blocked : FLAT_STATUS.active, ...(reason ? { reason } : {}) }),
    onSuccess: (answer, { change, addresses }) => {
      const known = new Map(addresses);
      for (const row of [...rows, ...selected.values()]) known.set(row.houseUid, row.address);
      setResult({
        change,
        succeeded: answer.succeeded,
        failed: answer.failed,
        rows: sortedOutcomes(answer.data).map((outcome) => ({ ...outcome, address: known.get(outcome.houseUid) ?? null })),
      });
      // What was unblocked leaves the list; what failed stays selected, to be tried again.
      if (change === 'unblock') {
        const done = new Set(answer.data.filter((outcome) => outcome.result).map((outcome) => `${outcome.houseUid}:${outcome.flatNum}`));
        setSelected((current) => new Map([...current].filter(([, row]) => !done.has(`${row.houseUid}:${row.flatNum}`))));
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: accessQueries.blockedLists() }),
  });

  const pageSelected = rows.filter((row) => selected.has(row.flatId)).length;
  return {
    list,
    rows,
    totalCount: pagination?.totalCount ?? 0,
    range,
    hasPrevious: list.page > list.config.firstPage,
    hasNext: list.page < pageCount,
    previousPage: () => list.setPage(list.page - 1),
    nextPage: () => list.setPage(list.page + 1),
    loading: query.isFetching,
    error: query.error ? errorMessage(query.error) : null,
    empty: !query.isPending && !query.error && rows.length === 0,
    filtered: Object.values(list.filters).some((value) => value !== ''),
    selected,
    pageSelected,
    toggle: (row: BlockedFlat) =>
      setSelected((current) => {
        const next = new Map(current);
        if (!next.delete(row.flatId)) next.set(row.flatId, row);
        return next;
      }),
    /** Like a grid's header checkbox: selects or clears this page's rows, keeping the others. */
    togglePage: () =>
      setSelected((current) => {
        const next = new Map(current);
        const all = rows.every((row) => next.has(row.flatId));
        for (const row of rows) {
          if (all) next.delete(row.flatId);
          else next.set(row.flatId, row);
        }
        return next;
      }),
    clearSelection: () => setSelected(new Map()),
    /** Unblocks the selection; a refused call is told in a toast (the per-flat outcomes in the result). */
    unblock: (onDone: () => void) =>
      changeStatus.mutate(
        { change: 'unblock', flats: flatRefs(selected.values()) },
        { onError: (error) => notify(errorMessage(error), { variant: 'error' }), onSettled: onDone },
      ),
    /** Blocks flats; throws what the server refused, for the dialog to show at its fields. */
    block: (request: StatusRequest) => changeStatus.mutateAsync(request),
    pending: changeStatus.isPending,
    result,
    closeResult: () => setResult(null),
  };
}

export type BlockedFlats = ReturnType<typeof useBlockedFlats>;
