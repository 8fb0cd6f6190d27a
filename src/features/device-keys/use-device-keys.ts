import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { owedReason } from '@/lib/owed-reason';
import { KEY_LIST_PAGE_SIZE, keyEndpoints, type DeviceKeyRow, type DeviceKeysMultiple, type DeviceKeysResponse, type MultipleKeyAction } from '@contract/keys';
import type { KeyKind } from '@/components/key-value/model';
import { notify } from '@/components/notifications/notify';
import { DEVICE_KEY_JOB, jobBodyField, queueKeyJobs, usePendingKeys } from '@/components/queued-keys/key-jobs';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { errorMessage } from '@/lib/http';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { outboxRequest } from '@/offline/outbox-queue';
import { useOfflineRuntime } from '@/offline/runtime-context';
import { createDeviceKey, removeDeviceKey, runKeyAction, setKeySecurity } from './api';
import { useT } from './messages';
import {
  EMPTY_SELECTION,
  KEY_LIST_STATE,
  canEditKeys,
  keepFailed,
  keyCreateBody,
  keyItem,
  keyListRequest,
  selectionIn,
  selectionScope,
  toggleKey,
  togglePage,
  withSecuritySwapped,
  type KeyCreateValues,
  type KeyItem,
} from './model';
import { deviceKeyQueries } from './queries';

export interface KeyActionRun {
  action: MultipleKeyAction;
  scenario: number | null;
}

/** `/devices/:mac/keys` and `/rs-keys`: the URL's search and page, the selection, and every key change. */
export function useDeviceKeys(mac: string, rs: boolean) {
  const t = useT();
  const client = useQueryClient();
  const session = useSession();
  const online = useConnectivity().state !== 'offline';
  const list = useUrlListState(KEY_LIST_STATE);
  const body = keyListRequest(mac, rs, list);
  const listQuery = deviceKeyQueries.list(body);
  const query = useQuery({ ...listQuery, enabled: session.ready });
  const scope = selectionScope(list.filters);
  const [stored, setSelection] = useState(EMPTY_SELECTION);
  const selection = selectionIn(stored, scope);

  const invalidate = () => client.invalidateQueries({ queryKey: deviceKeyQueries.lists() });
  // A write the device has not taken yet is kept and owed to it (docs/api.md "Device sync"): said so, not as an error.
  const notifyOwed = (done: string, reason: string) => notify(t('deviceKeys.owed', { done, reason: reason || '—' }), { variant: 'warning' });
  const notifyDone = (done: string, answer: Parameters<typeof owedReason>[0]) => {
    const owed = owedReason(answer);
    if (owed === undefined) notify(done, { variant: 'success' });
    else notifyOwed(done, owed);
  };

  // With no signal a new key is queued in the outbox and shown pending until it is sent.
  const runtime = useOfflineRuntime();
  const canQueue = session.userId !== null;
  const create = useMutation({
    mutationFn: async (values: KeyCreateValues & { keyType: KeyKind }) => {
      const body = keyCreateBody(values, rs);
      if (!online && session.userId !== null) {
        await queueKeyJobs(runtime, session.userId, [{ kind: DEVICE_KEY_JOB, ...outboxRequest(keyEndpoints.createDeviceKey, { params: { mac }, body }), mac }]);
        return { queued: true, value: body.VALUE };
      }
      const answer = await createDeviceKey(mac, body);
      return { queued: false, value: answer.data?.VALUE ?? body.VALUE, owed: owedReason(answer) };
    },
    onSuccess: ({ queued, value, owed }) =>
      owed === undefined
        ? notify(t(queued ? 'deviceKeys.queued' : 'deviceKeys.created', { value }), { variant: queued ? 'info' : 'success' })
        : notifyOwed(t('deviceKeys.created', { value }), owed),
    onSettled: (answer) => (answer?.queued ? undefined : invalidate()),
  });
  const pending = usePendingKeys({
    userId: session.userId,
    kind: DEVICE_KEY_JOB,
    macs: [mac],
    matches: (job) => (jobBodyField(job, 'RS') === 1) === rs,
    onSent: () => void invalidate(),
  });

  const remove = useMutation({
    mutationFn: (item: KeyItem) => removeDeviceKey(mac, item, rs),
    onSuccess: (answer, item) => {
      notifyDone(t('deviceKeys.deleted', { value: item.value }), answer);
      setSelection((current) => ({ ...current, items: new Map([...current.items].filter(([, picked]) => picked.value !== item.value || (rs && picked.inner !== item.inner))) }));
    },
    onError: (error) => notify(errorMessage(error), { variant: 'error' }),
    onSettled: invalidate,
  });

  const security = useMutation({
    mutationFn: ({ item, encode }: { item: KeyItem; encode: boolean }) => setKeySecurity(mac, item, rs, encode),
    onSuccess: (done, { item, encode }) => {
      client.setQueryData<DeviceKeysResponse>(listQuery.queryKey, (answer) => (answer ? withSecuritySwapped(answer, item) : answer));
      notifyDone(t(encode ? 'deviceKeys.encoded' : 'deviceKeys.decoded', { value: item.value }), done);
    },
    onError: (error) => notify(errorMessage(error), { variant: 'error' }),
  });

  const multiple = useMutation({
    mutationFn: ({ action, scenario }: KeyActionRun) => {
      const request: DeviceKeysMultiple = {
        action,
        items: [...selection.items.values()],
        ...(scenario !== null ? { scenario } : {}),
        ...(rs ? { rs: true } : {}),
      };
      return runKeyAction(mac, request);
    },
    onSuccess: ({ failed }) => setSelection(keepFailed(selection, failed.map((failure) => keyItem({ VALUE: failure.value, INNER: failure.inner })))),
    onSettled: invalidate,
  });

  const answer = query.data;
  const rows = answer?.data ?? [];
  return {
    list,
    rows,
    device: answer?.device ?? null,
    /** null until the server said (and for a device the list call could not reach). */
    live: answer?.deviceLiveStatus ?? null,
    address: answer?.device ? (answer.addresses[answer.device.mac] ?? answer.addresses[mac] ?? null) : null,
    keyTypes: (answer?.keyTypes ?? []) as KeyKind[],
    totalCount: answer?.pagination.totalCount ?? 0,
    pageSize: answer?.pagination.pageSize || KEY_LIST_PAGE_SIZE,
    firstLoad: query.isPending,
    loading: query.isFetching || !session.ready,
    error: query.error,
    retry: () => void query.refetch(),
    filtered: Object.values(list.filters).some((value) => value !== ''),
    // The server decides; the client only hides what it would refuse (support reads only).
    canEdit: canEditKeys(session),
    online,
    /** Offline, a new key can still be queued. */
    canQueue,
    pending,
    selection,
    toggle: (item: KeyItem) => setSelection(toggleKey(selection, item)),
    /** Picks (or drops) every given row: the page's, or one side's on the RS screen. */
    togglePage: (of: readonly DeviceKeyRow[]) => setSelection(togglePage(selection, of)),
    clearSelection: () => setSelection({ scope, items: new Map() }),
    create,
    remove,
    security,
    multiple,
  };
}

export type DeviceKeysModel = ReturnType<typeof useDeviceKeys>;
