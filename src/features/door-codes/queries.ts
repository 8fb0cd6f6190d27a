import { queryOptions } from '@tanstack/react-query';
import { getDoorCodes, getKeylessCode, getKeylessCodes, type DoorCodesFilter, type KeylessFilter } from './api';

export const doorCodeQueries = {
  all: () => ['door-codes'] as const,
  devices: () => [...doorCodeQueries.all(), 'device'] as const,
  device: (mac: string) => [...doorCodeQueries.devices(), mac] as const,
  list: (mac: string, filter: DoorCodesFilter) =>
    queryOptions({
      queryKey: [...doorCodeQueries.device(mac), filter] as const,
      queryFn: ({ signal }) => getDoorCodes(mac, filter, signal),
      placeholderData: (previous) => previous,
    }),
  keyless: () => [...doorCodeQueries.all(), 'keyless'] as const,
  keylessList: (filter: KeylessFilter) =>
    queryOptions({
      queryKey: [...doorCodeQueries.keyless(), 'list', filter] as const,
      queryFn: ({ signal }) => getKeylessCodes(filter, signal),
      placeholderData: (previous) => previous,
    }),
  keylessCode: (id: number) =>
    queryOptions({ queryKey: [...doorCodeQueries.keyless(), 'code', id] as const, queryFn: ({ signal }) => getKeylessCode(id, signal) }),
};
