import { queryOptions } from '@tanstack/react-query';
import { findHouses, getEntrances, getPickerHouses } from './api';

export const serialWizardQueries = {
  all: () => ['serial-number-wizard'] as const,
  houses: () =>
    queryOptions({
      queryKey: [...serialWizardQueries.all(), 'houses'] as const,
      queryFn: ({ signal }) => getPickerHouses(signal),
      staleTime: 5 * 60_000,
      retry: false,
    }),
  houseLookup: (key: string) =>
    queryOptions({
      queryKey: [...serialWizardQueries.all(), 'house-lookup', key] as const,
      queryFn: ({ signal }) => findHouses(key, signal),
      staleTime: 5 * 60_000,
      retry: false,
    }),
  entrances: (houseUid: string) =>
    queryOptions({
      queryKey: [...serialWizardQueries.all(), 'entrances', houseUid] as const,
      queryFn: ({ signal }) => getEntrances(houseUid, signal),
      staleTime: 5 * 60_000,
      retry: false,
    }),
};
