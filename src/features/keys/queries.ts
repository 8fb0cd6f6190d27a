import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DeviceKeysRequest } from '@contract/keys';
import { getKeyList } from './api';

export const keyQueries = {
  all: () => ['keys'] as const,
  lists: () => [...keyQueries.all(), 'list'] as const,
  list: (body: DeviceKeysRequest) =>
    queryOptions({
      queryKey: [...keyQueries.lists(), body] as const,
      queryFn: ({ signal }) => getKeyList(body, signal),
      placeholderData: keepPreviousData,
    }),
  /** The devices of a house, offered by the create dialog's picker. */
  houseMacs: (houseUid: string) =>
    queryOptions({
      queryKey: [...keyQueries.all(), 'house-macs', houseUid] as const,
      queryFn: async ({ signal }) => (await import('./house-macs-api')).getHouseMacs(houseUid, signal),
      staleTime: 60_000,
      retry: false,
    }),
};
