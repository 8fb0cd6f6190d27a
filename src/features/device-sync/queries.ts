import { queryOptions } from '@tanstack/react-query';
import type { DeviceSyncState } from '@contract/device-sync';
import { getSyncState } from './api';

/** How often the card looks again while its device waits in the re-sync queue, ms. */
const QUEUED_REFRESH_MS = 5_000;

/** A queued re-sync runs in the background: the card refreshes by itself until its outcome is in. */
export const queuedRefreshMs = (state: DeviceSyncState | undefined): number | false => (state?.resyncQueuedAt ? QUEUED_REFRESH_MS : false);

export const deviceSyncQueries = {
  all: () => ['device-sync'] as const,
  state: (mac: string) =>
    queryOptions({
      queryKey: [...deviceSyncQueries.all(), mac] as const,
      queryFn: ({ signal }) => getSyncState(mac, signal),
      refetchInterval: (query) => queuedRefreshMs(query.state.data),
    }),
};
