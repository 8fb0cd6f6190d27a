import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { HouseFlatsQuery, HouseListQuery } from '@contract/houses';
import { getHouse, getHouseEntrances, getHouseFlats, getHouseList, getHouseMacs } from './api';

export const houseQueries = {
  all: () => ['houses'] as const,
  lists: () => [...houseQueries.all(), 'list'] as const,
  list: (query: HouseListQuery) =>
    queryOptions({
      queryKey: [...houseQueries.lists(), query] as const,
      queryFn: ({ signal }) => getHouseList(query, signal),
      placeholderData: keepPreviousData,
    }),
  /** Everything of one house: invalidating this reloads its card, flats, entrances and devices. */
  house: (houseUid: string) => [...houseQueries.all(), 'house', houseUid] as const,
  card: (houseUid: string) =>
    queryOptions({
      queryKey: [...houseQueries.house(houseUid), 'card'] as const,
      queryFn: ({ signal }) => getHouse(houseUid, signal),
    }),
  flatLists: (houseUid: string) => [...houseQueries.house(houseUid), 'flats'] as const,
  flats: (houseUid: string, query: HouseFlatsQuery) =>
    queryOptions({
      queryKey: [...houseQueries.flatLists(houseUid), query] as const,
      queryFn: ({ signal }) => getHouseFlats(houseUid, query, signal),
      placeholderData: keepPreviousData,
    }),
  entrances: (houseUid: string) =>
    queryOptions({
      queryKey: [...houseQueries.house(houseUid), 'entrances'] as const,
      queryFn: ({ signal }) => getHouseEntrances(houseUid, signal),
    }),
  macs: (houseUid: string) =>
    queryOptions({
      queryKey: [...houseQueries.house(houseUid), 'macs'] as const,
      queryFn: ({ signal }) => getHouseMacs(houseUid, signal),
      retry: false,
    }),
};
