import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DeviceListQuery } from '@contract/devices';
import { getAssignableGroups, getPickerHouses } from '@/lib/choices';
import { findHouse, getDeviceList, getManagementCompanies, getSavedDevices } from './api';

const OPTIONS_STALE_MS = 5 * 60_000;

export const deviceQueries = {
  all: () => ['devices'] as const,
  lists: () => [...deviceQueries.all(), 'list'] as const,
  list: (query: DeviceListQuery) =>
    queryOptions({
      queryKey: [...deviceQueries.lists(), query] as const,
      queryFn: ({ signal }) => getDeviceList(query, signal),
      placeholderData: keepPreviousData,
    }),
  /** `buyerId`: the selected devices' one buyer, when they have one. */
  groups: (buyerId: number | undefined) =>
    queryOptions({
      queryKey: [...deviceQueries.all(), 'assignable-groups', buyerId ?? null] as const,
      queryFn: ({ signal }) => getAssignableGroups(buyerId, signal),
      staleTime: OPTIONS_STALE_MS,
      retry: false,
    }),
  companies: () =>
    queryOptions({
      queryKey: [...deviceQueries.all(), 'management-companies'] as const,
      queryFn: ({ signal }) => getManagementCompanies(signal),
      staleTime: OPTIONS_STALE_MS,
      retry: false,
    }),
  houses: () =>
    queryOptions({
      queryKey: [...deviceQueries.all(), 'picker-houses'] as const,
      queryFn: ({ signal }) => getPickerHouses(signal),
      staleTime: OPTIONS_STALE_MS,
      retry: false,
    }),
  /** Read afresh each time the list falls back to it: a house may have been taken offline meanwhile. */
  saved: (userId: number) =>
    queryOptions({
      queryKey: [...deviceQueries.all(), 'saved', userId] as const,
      queryFn: () => getSavedDevices(userId),
      staleTime: 0,
      retry: false,
    }),
  house: (uid: string) =>
    queryOptions({
      queryKey: [...deviceQueries.all(), 'house', uid] as const,
      queryFn: ({ signal }) => findHouse(uid, signal),
      staleTime: OPTIONS_STALE_MS,
      retry: false,
    }),
};
