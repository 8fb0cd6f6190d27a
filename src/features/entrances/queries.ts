import { queryOptions } from '@tanstack/react-query';
import { getEntrance, getHouse, getHouseEntrances } from './api';

export const entranceQueries = {
  all: () => ['entrances'] as const,
  entrance: (entranceUid: string) =>
    queryOptions({
      queryKey: [...entranceQueries.all(), 'entrance', entranceUid] as const,
      queryFn: ({ signal }) => getEntrance(entranceUid, signal),
    }),
  ofHouse: (houseUid: string) =>
    queryOptions({
      queryKey: [...entranceQueries.all(), 'house', houseUid, 'entrances'] as const,
      queryFn: ({ signal }) => getHouseEntrances(houseUid, signal),
    }),
  house: (houseUid: string) =>
    queryOptions({
      queryKey: [...entranceQueries.all(), 'house', houseUid, 'card'] as const,
      queryFn: ({ signal }) => getHouse(houseUid, signal),
      retry: false,
    }),
};
