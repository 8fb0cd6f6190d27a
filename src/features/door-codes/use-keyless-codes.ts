import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { KeylessCodeDetail } from '@contract/door-codes';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { notify } from '@/components/notifications/notify';
import { errorMessage } from '@/lib/http';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { removeKeylessCode, retryKeylessCode } from './api';
import { useT } from './messages';
import { KEYLESS_LIST_STATE, canEditCodes, keylessFilter } from './model';
import { doorCodeQueries } from './queries';

/**
 * `/device/codes`: the keyless codes (page and filters in the URL), the one opened with the devices
 * it reached, the create form's visibility, and retry / delete of the opened code.
 */
export function useKeylessCodes() {
  const t = useT();
  const session = useSession();
  const online = useConnectivity().state !== 'offline';
  const list = useUrlListState(KEYLESS_LIST_STATE);
  const query = useQuery({ ...doorCodeQueries.keylessList(keylessFilter(list)), enabled: session.ready });
  const [openedId, setOpenedId] = useState<number | null>(null);
  const detail = useQuery({ ...doorCodeQueries.keylessCode(openedId ?? 0), enabled: session.ready && openedId !== null });
  const [creating, setCreating] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const queryClient = useQueryClient();
  const failed = (error: unknown) => notify(t('keyless.failed', { error: errorMessage(error) }), { variant: 'error' });
  const refreshList = () => queryClient.invalidateQueries({ queryKey: [...doorCodeQueries.keyless(), 'list'] });

  const show = (code: KeylessCodeDetail) => {
    queryClient.setQueryData(doorCodeQueries.keylessCode(code.id).queryKey, code);
    setOpenedId(code.id);
  };

  const retry = useMutation({
    mutationFn: retryKeylessCode,
    onSuccess: async (code) => {
      show(code);
      notify(t('keyless.done.retried', { written: code.devices.written, total: code.devices.total }), { variant: code.devices.failed === 0 ? 'success' : 'warning' });
      await refreshList();
    },
    onError: failed,
  });

  const remove = useMutation({
    mutationFn: removeKeylessCode,
    onSuccess: async (answer) => {
      notify(answer.message ?? '', { variant: 'success' });
      setConfirmingRemove(false);
      setOpenedId(null);
      await refreshList();
    },
    onError: failed,
  });

  return {
    list,
    rows: query.data?.data ?? [],
    totalCount: query.data?.pagination.totalCount ?? 0,
    pageSize: query.data?.pagination.pageSize || 20,
    pending: query.isPending,
    loading: query.isFetching,
    error: query.isError ? query.error : null,
    retryList: () => void query.refetch(),
    filtered: Object.values(list.filters).some((value) => value !== ''),
    canEdit: canEditCodes(session),
    online,
    opened: openedId === null ? null : (detail.data ?? null),
    openedId,
    openedError: detail.isError ? detail.error : null,
    reloadOpened: () => void detail.refetch(),
    open: (id: number) => setOpenedId(id),
    close: () => setOpenedId(null),
    creating,
    setCreating,
    /** The create form's answer: opened at once, the list refreshed under it. */
    created: async (code: KeylessCodeDetail) => {
      show(code);
      setCreating(false);
      await refreshList();
    },
    retry: (id: number) => retry.mutate(id),
    retrying: retry.isPending,
    confirmingRemove,
    askRemove: () => setConfirmingRemove(true),
    cancelRemove: () => setConfirmingRemove(false),
    confirmRemove: () => openedId !== null && remove.mutate(openedId),
    removing: remove.isPending,
  };
}

export type KeylessCodesModel = ReturnType<typeof useKeylessCodes>;
