import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceSyncState } from '@contract/device-sync';
import { notify } from '@/components/notifications/notify';
import { errorMessage } from '@/lib/http';
import { useConnectivity } from '@/offline/connectivity';
import { fullSync, readBack, retrySync } from './api';
import { useT } from './messages';
import { deviceSyncQueries } from './queries';

export type SyncAction = 'retry' | 'full' | 'read';

const CALLS: Record<SyncAction, (mac: string) => Promise<DeviceSyncState>> = { retry: retrySync, full: fullSync, read: readBack };

/** The sync section's logic: the device's state, and retry / full re-sync / read-back, each answering the new state. */
export function useDeviceSync(mac: string) {
  const t = useT();
  const client = useQueryClient();
  const online = useConnectivity().state !== 'offline';
  const query = useQuery(deviceSyncQueries.state(mac));
  const action = useMutation({
    mutationFn: (kind: SyncAction) => CALLS[kind](mac),
    onSuccess: (state, kind) => {
      client.setQueryData(deviceSyncQueries.state(mac).queryKey, state);
      notify(t(`sync.done.${kind}`), { variant: 'success' });
    },
  });
  return {
    state: query.data,
    pending: query.isPending,
    error: query.isError ? query.error : null,
    reload: () => void query.refetch(),
    online,
    run: (kind: SyncAction) => action.mutate(kind),
    running: action.isPending ? action.variables : null,
    actionError: action.isError ? errorMessage(action.error) : null,
  };
}

export type DeviceSyncModel = ReturnType<typeof useDeviceSync>;
