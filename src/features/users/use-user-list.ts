import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { USER_LIST_PAGE_SIZE } from '@contract/users';
import { notify } from '@/components/notifications/notify';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { errorMessage } from '@/lib/http';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { createUser, deleteUser } from './api';
import { useT } from './messages';
import { USER_LIST_STATE, canEditUsers, isSuperuser, userCreateBody, userListQuery, userPath, type UserCreateValues } from './model';
import { userQueries } from './queries';

/** `/users`: URL-bound filters and paging, create (then open the new user), delete. */
export function useUserList() {
  const t = useT();
  const client = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  const superuser = isSuperuser(session);
  const online = useConnectivity().state !== 'offline';
  const list = useUrlListState(USER_LIST_STATE);
  const query = useQuery({ ...userQueries.list(userListQuery(list, superuser)), enabled: session.ready });
  // Buyer names for the superuser's buyer column and picker.
  const buyers = useQuery({ ...userQueries.buyers(), enabled: superuser });

  const invalidate = () => client.invalidateQueries({ queryKey: userQueries.lists() });

  const create = useMutation({
    mutationFn: (values: UserCreateValues) => createUser(userCreateBody(values, superuser)),
    onSuccess: async (newUserId) => {
      notify(t('users.create.done'), { variant: 'success' });
      await invalidate();
      if (newUserId !== null) navigate(userPath(newUserId));
    },
  });

  const remove = useMutation({
    mutationFn: (user: { userId: number; login: string }) => deleteUser(user.userId),
    onSuccess: (_answer, user) => notify(t('users.delete.done', { login: user.login }), { variant: 'success' }),
    onError: (error) => notify(errorMessage(error), { variant: 'error' }),
    onSettled: invalidate,
  });

  return {
    list,
    rows: query.data?.data ?? [],
    totalCount: query.data?.pagination.totalCount ?? 0,
    /** More users match than `totalCount` (the server stops counting at a cap): a later page may still exist. */
    capped: query.data?.totalCountCapped === true,
    pageSize: query.data?.pagination.pageSize || USER_LIST_PAGE_SIZE,
    loading: query.isFetching || !session.ready,
    error: query.error ? errorMessage(query.error) : null,
    retry: () => void query.refetch(),
    superuser,
    ownId: session.userId,
    buyerNames: buyers.data ?? null,
    buyersLoading: superuser && buyers.isPending,
    /** Roles the caller holds: the ones it may give a new user. */
    grantableRoles: Object.values(session.roles).map((role) => ({ name: role.name, label: role.description || role.name })),
    // The server decides; the client only hides what it would refuse (support reads only).
    canEdit: canEditUsers(session),
    online,
    create,
    remove,
  };
}

export type UserListModel = ReturnType<typeof useUserList>;
