import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { DoorCode, DoorCodeUpdate } from '@contract/door-codes';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { notify } from '@/components/notifications/notify';
import { errorMessage } from '@/lib/http';
import { useDateFormat } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { newIdempotencyKey } from '@/offline/outbox';
import { createDoorCode, removeDoorCode, updateDoorCode } from './api';
import { useT } from './messages';
import { CODES_LIST_STATE, DraftKeys, canEditCodes, createBody, doorCodesFilter, updateBody, type CodeDraft, type CodeFormMode } from './model';
import { doorCodeQueries } from './queries';

/**
 * `/devices/:mac/codes`: the device's codes (the flat filter and page in the URL), the form's mode
 * and the writes. A write resolves when the server took it; a refusal is toasted and thrown back
 * to the form, which keeps what was typed.
 */
export function useDoorCodes(mac: string) {
  const t = useT();
  const session = useSession();
  const online = useConnectivity().state !== 'offline';
  const { timeZone } = useDateFormat();
  const list = useUrlListState(CODES_LIST_STATE);
  const query = useQuery({ ...doorCodeQueries.list(mac, doorCodesFilter(list)), enabled: session.ready });
  const queryClient = useQueryClient();
  const keys = useRef(new DraftKeys(newIdempotencyKey));
  const [form, setForm] = useState<CodeFormMode | null>(null);
  const [removing, setRemoving] = useState<DoorCode | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: doorCodeQueries.device(mac) });
  const failed = (error: unknown) => notify(t('doorCodes.failed', { error: errorMessage(error) }), { variant: 'error' });
  // Stored but not yet taken by the device (docs/api.md "Device sync"): said so, not as an error.
  const done = (text: string, owed: string | undefined) =>
    owed === undefined ? notify(text, { variant: 'success' }) : notify(t('doorCodes.done.owed', { done: text, reason: owed || '—' }), { variant: 'warning' });

  const save = useMutation({
    mutationFn: ({ draft, mode }: { draft: CodeDraft; mode: CodeFormMode }) => {
      if (mode.kind === 'edit') return updateDoorCode(mac, mode.code.id, updateBody(draft, mode.code, timeZone));
      const body = createBody(draft, mode, timeZone);
      return createDoorCode(mac, body, keys.current.keyFor(body));
    },
    onSuccess: async ({ owed }, { mode }) => {
      if (mode.kind !== 'edit') keys.current.taken();
      done(t(mode.kind === 'edit' ? 'doorCodes.done.saved' : 'doorCodes.done.created'), owed);
      setForm(null);
      await refresh();
    },
  });

  const change = useMutation({
    mutationFn: ({ code, body }: { code: DoorCode; body: DoorCodeUpdate; done: 'saved' | 'expired' }) => updateDoorCode(mac, code.id, body),
    onSuccess: async ({ owed }, vars) => {
      done(t(vars.done === 'expired' ? 'doorCodes.done.expired' : 'doorCodes.done.saved'), owed);
      await refresh();
    },
    onError: failed,
  });

  const remove = useMutation({
    mutationFn: (code: DoorCode) => removeDoorCode(mac, code.id),
    onSuccess: async ({ owed }) => {
      done(t('doorCodes.done.deleted'), owed);
      setRemoving(null);
      await refresh();
    },
    onError: failed,
  });

  const answer = query.data;
  return {
    list,
    answer,
    codes: answer?.data ?? [],
    pending: query.isPending,
    loading: query.isFetching,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
    canEdit: canEditCodes(session),
    online,
    busy: change.isPending || remove.isPending,
    form,
    openForm: (mode: CodeFormMode) => {
      save.reset();
      setForm(mode);
    },
    closeForm: () => setForm(null),
    saving: save.isPending,
    saveError: save.error ? errorMessage(save.error) : null,
    save: (draft: CodeDraft, mode: CodeFormMode) => save.mutate({ draft, mode }),
    regenerate: (code: DoorCode) => change.mutate({ code, body: { regenerate: true }, done: 'saved' }),
    expireNow: (code: DoorCode) => change.mutate({ code, body: { expiresAt: new Date().toISOString() }, done: 'expired' }),
    removing,
    askRemove: setRemoving,
    confirmRemove: () => removing && remove.mutate(removing),
    removePending: remove.isPending,
  };
}

export type DoorCodesModel = ReturnType<typeof useDoorCodes>;
