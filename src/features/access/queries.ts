import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BlockedFlatsQuery } from '@contract/flat-blocks';
import { getBlockedFlats, getCatalogue, getServices } from './api';
import type { CatalogueKind } from './model';

export const accessQueries = {
  all: () => ['access'] as const,
  blockedLists: () => [...accessQueries.all(), 'blocked'] as const,
  blocked: (query: BlockedFlatsQuery) =>
    queryOptions({
      queryKey: [...accessQueries.blockedLists(), query] as const,
      queryFn: ({ signal }) => getBlockedFlats(query, signal),
      placeholderData: keepPreviousData,
    }),
  catalogue: (kind: CatalogueKind) =>
    queryOptions({
      queryKey: [...accessQueries.all(), 'catalogue', kind] as const,
      queryFn: ({ signal }) => getCatalogue(kind, signal),
      // The bulk editor is filled from the list: a background refetch must not pull rows from under the operator.
      staleTime: 60_000,
    }),
  services: () =>
    queryOptions({ queryKey: [...accessQueries.all(), 'services'] as const, queryFn: ({ signal }) => getServices(signal), staleTime: 300_000 }),
};
