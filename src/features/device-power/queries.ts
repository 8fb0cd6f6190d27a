import { queryOptions } from '@tanstack/react-query';
import type { PowerRange } from '@contract/power';
import { getPower } from './api';

export const powerQueries = {
  all: () => ['device-power'] as const,
  device: (mac: string) => [...powerQueries.all(), mac] as const,
  series: (mac: string, range: PowerRange) =>
    queryOptions({
      queryKey: [...powerQueries.device(mac), range] as const,
      queryFn: ({ signal }) => getPower(mac, range, signal),
      // A poll comes every half hour: a minute-old chart is fresh enough, and a refresh invalidates it.
      staleTime: 60_000,
    }),
};
