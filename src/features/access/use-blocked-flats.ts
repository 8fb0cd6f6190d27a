import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GridRowId } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { FLAT_STATUS } from '@contract/flats';
import type { BlockedFlat, BlockedFlatsResponse, FlatRef, FlatsBulkStatusResponse } from '@contract/flat-blocks';
import { notify } from '@/components/notifications/notify';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { errorMessage } from '@/lib/http';
import { setFlatStatuses } from './api';
import { BLOCKED_LIST_STATE, blockedFlatsQuery, selectedRefs, sortedOutcomes } from './model';
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

/**
 * The blocked flats tab's logic: the URL-bound filtered, paged list; the selection (it may span
 * pages, so the rows it was made from are remembered); the bulk block / unblock and its per-flat
 * result, after which the list reloads.
 */
export function useBlockedFlats() {
  const client = useQueryClient();
  const list = useUrlListState(BLOCKED_LIST_STATE);
  const query = useQuery(accessQueries.blocked(blockedFlatsQuery(list)));
  const [selection, setSelection] = useState<GridRowId[]>([]);
  const [result, setResult] = useState<StatusResult | null>(null);
  const rows = useMemo(() => query.data?.data ?? [], [query.data]);
  /** Every row of the pages still cached, by flat id: the selection may span pages. */
  const seen = () => {
    const found = new Map<number, BlockedFlat>();
    for (const [, page] of client.getQueriesData<BlockedFlatsResponse>({ queryKey: accessQueries.blockedLists() })) {
      for (const row of page?.data ?? []) found.set(row.flatId, row);
    }
    return found;
  };

  const changeStatus = useMutation({
    mutationFn: ({ change, flats, reason }: StatusRequest) =>
      setFlatStatuses({ flats, status: change === 'block' ? FLAT_STATUS.blocked : FLAT_STATUS.active, ...(reason ? { reason } : {}) }),
    onSuccess: (answer, { change, addresses }) => {
      const known = new Map(addresses);
      const rowsSeen = seen();
      for (const row of rowsSeen.values()) known.set(row.houseUid, row.address);
      setResult({
        change,
        succeeded: answer.succeeded,
        failed: answer.failed,
        rows: sortedOutcomes(answer.data).map((outcome) => ({ ...outcome, address: known.get(outcome.houseUid) ?? null })),
      });
      // What was unblocked leaves the list; what failed stays selected, to be tried again.
      if (change === 'unblock') {
        const done = new Set(answer.data.filter((outcome) => outcome.result).map((outcome) => `${outcome.houseUid}:${outcome.flatNum}`));
        setSelection((ids) => ids.filter((id) => {
          const row = rowsSeen.get(Number(id));
          return !row || !done.has(`${row.houseUid}:${row.flatNum}`);
        }));
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: accessQueries.blockedLists() }),
  });

  const filtered = Object.values(list.filters).some((value) => value !== '');
  return {
    list,
    rows,
    totalCount: query.data?.pagination.totalCount ?? 0,
    pageSize: query.data?.pagination.pageSize || 20,
    loading: query.isFetching,
    error: query.error ? errorMessage(query.error) : null,
    empty: !query.isPending && !query.error && rows.length === 0,
    filtered,
    selection,
    setSelection,
    /** Unblocks the selection; a refused call is told in a toast (the per-flat outcomes in the result). */
    unblock: (onDone: () => void) =>
      changeStatus.mutate(
        { change: 'unblock', flats: selectedRefs(selection, seen()) },
        { onError: (error) => notify(errorMessage(error), { variant: 'error' }), onSettled: onDone },
      ),
    /** Blocks flats; throws what the server refused, for the dialog to show at its fields. */
    block: (request: StatusRequest) => changeStatus.mutateAsync(request),
    pending: changeStatus.isPending,
    result,
    closeResult: () => setResult(null),
  };
}
