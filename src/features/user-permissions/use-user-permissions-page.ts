import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserAuthItem, UserPermissionsData } from '@contract/user-permissions';
import { notify } from '@/components/notifications/notify';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes/use-unsaved-changes-guard';
import { errorMessage } from '@/lib/http';
import { sessionQueries, useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { updateUserPermissions } from './api';
import { useT } from './messages';
import { changeOf, isEmptyChange, toggled, type Draft, type PermissionChange } from './model';
import { userPermissionQueries } from './queries';

/**
 * `/users/:userId/permissions`: the user's roles and permissions, switched in a draft and saved
 * together after a confirmation. The draft survives a failed save and going offline.
 */
export function useUserPermissionsPage(userId: number) {
  const t = useT();
  const client = useQueryClient();
  const session = useSession();
  const online = useConnectivity().state !== 'offline';
  const permissions = useQuery(userPermissionQueries.detail(userId));
  const [draft, setDraft] = useState<Draft>({});
  const [confirming, setConfirming] = useState(false);

  const items = permissions.data?.items ?? [];
  const change: PermissionChange = changeOf(items, draft);
  const dirty = !isEmptyChange(change);
  useUnsavedChangesGuard(dirty);

  const save = useMutation({
    mutationFn: (body: PermissionChange) => updateUserPermissions(userId, body),
    onSuccess: async (saved: UserPermissionsData) => {
      client.setQueryData(userPermissionQueries.detail(userId).queryKey, saved);
      setDraft({});
      setConfirming(false);
      notify(t('userPermissions.saved'), { variant: 'success' });
      // The caller's own menu follows its own grants.
      if (session.userId === userId) await client.invalidateQueries({ queryKey: sessionQueries.permissions().queryKey });
    },
    onError: () => setConfirming(false),
  });

  return {
    permissions,
    online,
    draft,
    change,
    dirty,
    toggle: (item: UserAuthItem, on: boolean) => {
      save.reset();
      setDraft((current) => toggled(current, item, on));
    },
    discard: () => {
      save.reset();
      setDraft({});
    },
    confirming,
    askToSave: () => setConfirming(true),
    cancelSave: () => setConfirming(false),
    confirmSave: () => save.mutate(change),
    saving: save.isPending,
    saveError: save.error ? errorMessage(save.error) : null,
  };
}

export type UserPermissionsPageModel = ReturnType<typeof useUserPermissionsPage>;
