import { queryOptions } from '@tanstack/react-query';
import type { CallRoundsQuery } from '@contract/dialings';
import { getCallOrder, getCallRounds } from './api';

export const dialingQueries = {
  all: () => ['dialings'] as const,
  device: (mac: string) => [...dialingQueries.all(), mac] as const,
  rounds: (mac: string, query: CallRoundsQuery) =>
    queryOptions({
      queryKey: [...dialingQueries.device(mac), 'rounds', query] as const,
      queryFn: ({ signal }) => getCallRounds(mac, query, signal),
      placeholderData: (previous) => previous,
    }),
  orders: (mac: string) => [...dialingQueries.device(mac), 'order'] as const,
  order: (mac: string, flatNum: number) =>
    queryOptions({ queryKey: [...dialingQueries.orders(mac), flatNum] as const, queryFn: ({ signal }) => getCallOrder(mac, flatNum, signal) }),
};
