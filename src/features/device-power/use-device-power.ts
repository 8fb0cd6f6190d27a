import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { PowerRange } from '@contract/power';
import { errorMessage } from '@/lib/http';
import { useConnectivity } from '@/offline/connectivity';
import { readPowerNow } from './api';
import { parseRange, withReading } from './model';
import { powerQueries } from './queries';

/**
 * The voltage screen's logic: the range (kept in the URL), the device's readings over it, and a
 * refresh that reads the device now and puts the reading on every range's chart.
 */
export function useDevicePower(mac: string) {
  const [search, setSearch] = useSearchParams();
  const range = parseRange(search.get('range'));
  const online = useConnectivity().state !== 'offline';
  const client = useQueryClient();
  const query = useQuery(powerQueries.series(mac, range));

  const refresh = useMutation({
    mutationFn: () => readPowerNow(mac),
    onSuccess: async ({ reading }) => {
      for (const [key, answer] of client.getQueriesData<Parameters<typeof withReading>[0]>({ queryKey: powerQueries.device(mac) })) {
        if (answer) client.setQueryData(key, withReading(answer, reading));
      }
      await client.invalidateQueries({ queryKey: powerQueries.device(mac) });
    },
  });

  const setRange = (next: PowerRange) => {
    const params = new URLSearchParams(search);
    params.set('range', next);
    setSearch(params, { replace: true });
  };

  return {
    range,
    setRange,
    online,
    answer: query.data,
    pending: query.isPending,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
    refresh: () => refresh.mutate(),
    refreshing: refresh.isPending,
    refreshError: refresh.isError ? errorMessage(refresh.error) : null,
    refreshed: refresh.data?.reading ?? null,
  };
}

export type DevicePowerModel = ReturnType<typeof useDevicePower>;
