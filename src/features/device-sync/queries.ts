import { queryOptions } from '@tanstack/react-query';
import { getSyncState } from './api';

export const deviceSyncQueries = {
  all: () => ['device-sync'] as const,
  state: (mac: string) =>
    queryOptions({
      queryKey: [...deviceSyncQueries.all(), mac] as const,
      queryFn: ({ signal }) => getSyncState(mac, signal),
    }),
};
