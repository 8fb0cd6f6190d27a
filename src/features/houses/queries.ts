import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { HouseListQuery } from '@contract/houses';
import { getHouseList } from './api';

export const houseQueries = {
  all: () => ['houses'] as const,
  lists: () => [...houseQueries.all(), 'list'] as const,
  list: (query: HouseListQuery) =>
    queryOptions({
      queryKey: [...houseQueries.lists(), query] as const,
      queryFn: ({ signal }) => getHouseList(query, signal),
      placeholderData: keepPreviousData,
    }),
};
