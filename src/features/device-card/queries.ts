import { queryOptions } from '@tanstack/react-query';
import { getDeviceCard, getEntrancesOfHouses, getExecutors, getFirmwareVersions, getRs485 } from './api';
import { getAssignableGroups } from '@/lib/choices';

export const deviceCardQueries = {
  all: () => ['device-card'] as const,
  card: (mac: string) =>
    queryOptions({
      queryKey: [...deviceCardQueries.all(), 'card', mac] as const,
      queryFn: ({ signal }) => getDeviceCard(mac, signal),
      // The forms are filled from the card: a background refetch must not pull text from under the operator.
      staleTime: Infinity,
    }),
  rs485: (mac: string) =>
    queryOptions({ queryKey: [...deviceCardQueries.all(), 'rs485', mac] as const, queryFn: ({ signal }) => getRs485(mac, signal), staleTime: Infinity }),
  firmware: (mac: string) =>
    queryOptions({
      queryKey: [...deviceCardQueries.all(), 'firmware', mac] as const,
      queryFn: ({ signal }) => getFirmwareVersions(mac, signal),
      staleTime: Infinity,
    }),
  entrances: (houseUids: readonly string[]) =>
    queryOptions({
      queryKey: [...deviceCardQueries.all(), 'entrances', [...houseUids].sort()] as const,
      queryFn: ({ signal }) => getEntrancesOfHouses([...houseUids], signal),
    }),
  groupChoices: (buyerId: number) =>
    queryOptions({
      queryKey: [...deviceCardQueries.all(), 'group-choices', buyerId] as const,
      queryFn: ({ signal }) => getAssignableGroups(buyerId, signal),
      staleTime: 300_000,
    }),
  executors: () =>
    queryOptions({ queryKey: [...deviceCardQueries.all(), 'executors'] as const, queryFn: ({ signal }) => getExecutors(signal), staleTime: 300_000 }),
};
