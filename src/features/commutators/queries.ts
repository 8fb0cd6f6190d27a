import { queryOptions } from '@tanstack/react-query';
import type { CommutatorsResponse } from '@contract/commutators';
import { findCopyTargets, getAbonentUnits, getCommutators, getHouseAddress, getLineLevelCheck } from './api';

export const commutatorQueries = {
  all: () => ['commutators'] as const,
  matrix: (mac: string) =>
    queryOptions({
      queryKey: [...commutatorQueries.all(), 'matrix', mac] as const,
      queryFn: ({ signal }) => getCommutators(mac, signal),
      // The grid is edited from this answer: a background refetch must not pull cells from under the operator.
      staleTime: Infinity,
    }),
  units: (mac: string) =>
    queryOptions({ queryKey: [...commutatorQueries.all(), 'units', mac] as const, queryFn: ({ signal }) => getAbonentUnits(mac, signal) }),
  lineLevelCheck: (mac: string, taskId: string) =>
    queryOptions({
      queryKey: [...commutatorQueries.all(), 'line-level-check', mac, taskId] as const,
      queryFn: ({ signal }) => getLineLevelCheck(mac, taskId, signal),
      refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : 1000),
    }),
  address: (houseUid: string) =>
    queryOptions({
      queryKey: [...commutatorQueries.all(), 'address', houseUid] as const,
      queryFn: ({ signal }) => getHouseAddress(houseUid, signal),
      staleTime: 300_000,
      retry: false,
    }),
  /** Asked afresh each time the copy dialog opens: another operator may have changed a panel meanwhile. */
  copyTargets: (source: CommutatorsResponse) =>
    queryOptions({
      queryKey: [...commutatorQueries.all(), 'copy-targets', source.mac, source.model] as const,
      queryFn: ({ signal }) => findCopyTargets(source, signal),
      staleTime: 0,
      gcTime: 0,
    }),
};
