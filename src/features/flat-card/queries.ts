import { queryOptions } from '@tanstack/react-query';
import type { FlatHistoryKind } from '@contract/flats';
import { getAccessServices, getBlockHistory, getFlat, getMoveOutPreview, searchUsers, type FlatRef } from './api';

export const flatCardQueries = {
  all: () => ['flat-card'] as const,
  flat: (flat: FlatRef) => [...flatCardQueries.all(), flat.houseUid, flat.flatNum] as const,
  card: (flat: FlatRef) =>
    queryOptions({
      queryKey: [...flatCardQueries.flat(flat), 'card'] as const,
      queryFn: ({ signal }) => getFlat(flat, signal),
      // The forms are filled from the card: a background refetch must not pull text from under the operator.
      staleTime: Infinity,
    }),
  histories: (flat: FlatRef) => [...flatCardQueries.flat(flat), 'history'] as const,
  history: (flat: FlatRef, kind: FlatHistoryKind) =>
    queryOptions({ queryKey: [...flatCardQueries.histories(flat), kind] as const, queryFn: ({ signal }) => getBlockHistory(flat, kind, signal) }),
  moveOutPreview: (flat: FlatRef) =>
    queryOptions({ queryKey: [...flatCardQueries.flat(flat), 'move-out-preview'] as const, queryFn: ({ signal }) => getMoveOutPreview(flat, signal), staleTime: 0 }),
  userSearch: (login: string) =>
    queryOptions({ queryKey: [...flatCardQueries.all(), 'user-search', login] as const, queryFn: ({ signal }) => searchUsers(login, signal), staleTime: 30_000 }),
  services: () =>
    queryOptions({ queryKey: [...flatCardQueries.all(), 'access-services'] as const, queryFn: ({ signal }) => getAccessServices(signal), staleTime: 300_000 }),
};
