import { queryOptions } from '@tanstack/react-query';
import { searchHouses } from './api';

export const houseSearchQueries = {
  all: () => ['house-search'] as const,
  search: (address: string) =>
    queryOptions({
      queryKey: [...houseSearchQueries.all(), address] as const,
      queryFn: ({ signal }) => searchHouses(address, signal),
      staleTime: 60_000,
      retry: false,
    }),
};
