import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { McPaginationQuery } from '@contract/mc';
import { getMc, getMcDeviceCount, getMcDevices, getMcPage, getUploadStatus } from './api';

/** While an upload runs the screen asks for its progress this often. */
export const UPLOAD_POLL_MS = 1_000;

export const mcQueries = {
  all: () => ['management-companies'] as const,
  lists: () => [...mcQueries.all(), 'list'] as const,
  list: (query: McPaginationQuery) =>
    queryOptions({
      queryKey: [...mcQueries.lists(), query] as const,
      queryFn: ({ signal }) => getMcPage(query, signal),
      placeholderData: keepPreviousData,
    }),
  company: (id: number) =>
    queryOptions({
      queryKey: [...mcQueries.all(), 'company', id] as const,
      queryFn: ({ signal }) => getMc(id, signal),
    }),
  upload: (id: number) =>
    queryOptions({
      queryKey: [...mcQueries.all(), 'upload', id] as const,
      queryFn: ({ signal }) => getUploadStatus(id, signal),
      // Polls only while the upload runs; coming back to the page asks again and picks it up.
      refetchInterval: (query) => (query.state.data?.running ? UPLOAD_POLL_MS : false),
    }),
  /** Asked when «upload to all» is about to start: the confirmation names the count as it is now. */
  deviceCount: (id: number) =>
    queryOptions({
      queryKey: [...mcQueries.all(), 'device-count', id] as const,
      queryFn: ({ signal }) => getMcDeviceCount(id, signal),
      staleTime: 0,
    }),
  devices: (id: number, mac: string) =>
    queryOptions({
      queryKey: [...mcQueries.all(), 'devices', id, mac] as const,
      queryFn: ({ signal }) => getMcDevices(id, mac, signal),
      placeholderData: keepPreviousData,
    }),
};
