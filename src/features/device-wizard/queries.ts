import { queryOptions } from '@tanstack/react-query';
import { findHouses, getExecutors, readDevice } from './api';

export const deviceWizardQueries = {
  all: () => ['device-wizard'] as const,
  houseLookup: (key: string) =>
    queryOptions({
      queryKey: [...deviceWizardQueries.all(), 'house-lookup', key] as const,
      queryFn: ({ signal }) => findHouses(key, signal),
      staleTime: 5 * 60_000,
      retry: false,
    }),
  /** Short-lived: the wizard starts from it, and «start from the device» must not start from an old one. */
  device: (mac: string) =>
    queryOptions({
      queryKey: [...deviceWizardQueries.all(), 'device', mac] as const,
      queryFn: ({ signal }) => readDevice(mac, signal),
      staleTime: 15_000,
      retry: false,
    }),
  executors: (userId: number) =>
    queryOptions({
      queryKey: [...deviceWizardQueries.all(), 'executors', userId] as const,
      queryFn: ({ signal }) => getExecutors(userId, signal),
      staleTime: 10 * 60_000,
      retry: false,
    }),
};
