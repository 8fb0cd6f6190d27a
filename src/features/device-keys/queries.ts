import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DeviceKeysRequest } from '@contract/keys';
import { getDeviceKeys } from './api';

export const deviceKeyQueries = {
  all: () => ['device-keys'] as const,
  lists: () => [...deviceKeyQueries.all(), 'list'] as const,
  list: (body: DeviceKeysRequest) =>
    queryOptions({
      queryKey: [...deviceKeyQueries.lists(), body] as const,
      queryFn: ({ signal }) => getDeviceKeys(body, signal),
      placeholderData: keepPreviousData,
    }),
};
