import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { GridRowId } from '@mui/x-data-grid';
import { DEVICE_LIST_PAGE_SIZE, type DeviceCreate, type DeviceListRow } from '@contract/devices';
import { notify } from '@/components/notifications/notify';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { HttpError, errorMessage, isUnreachable } from '@/lib/http';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { createDevice, resyncDevices, setGroupsOfDevices } from './api';
import { useT } from './messages';
import { DEVICE_LIST_STATE, buyerOfSelection, deviceListAccess, deviceListQuery, type DeviceFilterKey, type DeviceFilters } from './model';
import { deviceQueries } from './queries';
import { savedListPage } from './saved-list';
import { useLiveStatuses } from './use-live-statuses';

const NO_ROWS: DeviceListRow[] = [];

export interface GroupAssignment {
  groups: number[];
  clearOld: boolean;
}

/** The device list screen's logic: URL-bound filters, sort and paging, live statuses, create, group assignment. */
export function useDeviceList() {
  const t = useT();
  const client = useQueryClient();
  const session = useSession();
  const list = useUrlListState(DEVICE_LIST_STATE);
  const listQuery = deviceListQuery(list);
  const query = useQuery(deviceQueries.list(listQuery));
  // Without the server, the devices of the houses taken offline stand in, marked as saved data.
  const online = useConnectivity().state !== 'offline';
  const unreachable = !online || (query.isError && isUnreachable(query.error));
  const savedQuery = useQuery({ ...deviceQueries.saved(session.userId ?? 0), enabled: unreachable && session.userId !== null });
  const saved = unreachable && savedQuery.data ? { ...savedQuery.data, page: savedListPage(savedQuery.data.devices, listQuery) } : null;
  const rows = saved?.page.rows ?? query.data?.data ?? NO_ROWS;
  const macs = useMemo(() => rows.map((row) => row.MAC), [rows]);
  const statuses = useLiveStatuses(query.isPlaceholderData || saved ? [] : macs);
  const [selection, setSelection] = useState<GridRowId[]>([]);
  const access = useMemo(() => deviceListAccess(session.roles), [session.roles]);

  const invalidate = () => client.invalidateQueries({ queryKey: deviceQueries.lists() });

  const create = useMutation({
    mutationFn: (body: DeviceCreate) => createDevice(body),
    onSuccess: (_answer, body) => {
      notify(t('devices.create.done', { mac: body.mac }), { variant: 'success' });
      return invalidate();
    },
  });

  const assignGroups = useMutation({
    mutationFn: ({ groups, clearOld }: GroupAssignment) => setGroupsOfDevices({ macs: selection.map(String), groups, clearOld }),
    onSuccess: (answer) => {
      notify(t('devices.groups.done', { count: answer.updated ?? selection.length }), { variant: 'success' });
      setSelection([]);
      return invalidate();
    },
  });

  const resync = useMutation({
    mutationFn: () => resyncDevices({ macs: selection.map(String) }),
    onSuccess: (answer) => {
      notify(t('devices.resync.done', { count: answer.queued }), { variant: 'success' });
      setSelection([]);
    },
  });

  const { filters, setFilters } = list;
  /** Only real changes reach the URL (a date field reports '' on every keystroke of an unfinished date). */
  const changeFilters = (next: Partial<DeviceFilters>) => {
    const changed = (Object.entries(next) as [DeviceFilterKey, string][]).filter(([key, value]) => filters[key] !== value);
    if (changed.length > 0) setFilters(Object.fromEntries(changed));
  };

  return {
    list,
    changeFilters,
    rows,
    statuses,
    totalCount: saved?.page.totalCount ?? query.data?.pagination.totalCount ?? 0,
    pageSize: saved ? DEVICE_LIST_PAGE_SIZE : query.data?.pagination.pageSize || DEVICE_LIST_PAGE_SIZE,
    loading: saved ? false : query.isFetching,
    /** The first answer is in: the option lists may load now without slowing the first page down. */
    settled: !query.isPending,
    error: saved ? null : query.error ? errorMessage(query.error) : null,
    /** The rows are the houses taken offline (no server): which houses, when saved, and what is missing. */
    saved: saved && { houses: saved.houses, withoutRow: saved.page.withoutRow },
    /** The server refuses this user the list: nothing on the screen could change that. */
    forbidden: query.error instanceof HttpError && query.error.status === 403,
    // The server decides; the client only hides what the user may not do (ARCHITECTURE).
    access,
    selection,
    setSelection,
    selectionBuyer: buyerOfSelection(selection, rows),
    create,
    assignGroups,
    resync,
  };
}
