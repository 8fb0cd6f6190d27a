import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Pagination } from '@contract/common';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { GROUP_LIST_PAGE_SIZE } from '@contract/groups';
import { errorMessage } from '@/lib/http';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { buyerTrees, canEditGroups, canOpenUsers, groupBody, withParam, type GroupFormValues } from './model';
import { groupQueries } from './queries';
import { useGroupMutations } from './use-group-list';

/** A page number of the URL: a positive integer, else the first page. */
function pageParam(params: URLSearchParams, name: string): number {
  const page = Number(params.get(name));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export interface MembersPage<T> {
  rows: T[];
  page: number;
  totalCount: number;
  pageSize: number;
  loading: boolean;
  error: string | null;
  setPage: (page: number) => void;
}

function membersPage<T>(query: UseQueryResult<{ data: T[]; pagination: Pagination }>, page: number, setPage: (page: number) => void): MembersPage<T> {
  return {
    rows: query.data?.data ?? [],
    page,
    totalCount: query.data?.pagination.totalCount ?? 0,
    pageSize: query.data?.pagination.pageSize || GROUP_LIST_PAGE_SIZE,
    loading: query.isFetching,
    error: query.error ? errorMessage(query.error) : null,
    setPage,
  };
}

/**
 * `/groups/:groupId`: the group, its place in the tree (the whole tree names the parents and
 * offers them), its devices and users 20 a page (the pages in the URL); save and delete for operators.
 */
export function useGroupPage(groupId: number) {
  const session = useSession();
  const online = useConnectivity().state !== 'offline';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const group = useQuery(groupQueries.card(groupId));
  const tree = useQuery({ ...groupQueries.tree(), enabled: group.isSuccess });
  const devicesPage = pageParam(params, 'devicesPage');
  const usersPage = pageParam(params, 'usersPage');
  const devices = useQuery({ ...groupQueries.devices(groupId, { page: devicesPage }), enabled: group.isSuccess });
  const users = useQuery({ ...groupQueries.users(groupId, { page: usersPage }), enabled: group.isSuccess });
  const mutations = useGroupMutations();
  const [confirming, setConfirming] = useState(false);

  const rows = useMemo(() => (tree.data ? buyerTrees(tree.data.data, tree.data.buyers).flatMap((part) => part.rows) : []), [tree.data]);
  const row = rows.find((item) => item.groupId === groupId) ?? null;
  const buyerName = tree.data?.buyers.find((buyer) => buyer.buyerId === group.data?.buyerId)?.name ?? null;

  const setPage = (name: string) => (page: number) => setParams(withParam(params, name, page <= 1 ? null : String(page)), { replace: true });

  const save = (values: GroupFormValues) => mutations.update.mutateAsync({ groupId, body: groupBody(values, false) });
  const remove = () => mutations.deleteConfirmed(groupId, { onDeleted: () => void navigate('/groups'), onSettled: () => setConfirming(false) });

  return {
    group,
    tree,
    rows,
    row,
    buyers: tree.data?.buyers ?? [],
    buyerName,
    devices: membersPage(devices, devicesPage, setPage('devicesPage')),
    users: membersPage(users, usersPage, setPage('usersPage')),
    online,
    canEdit: canEditGroups(session),
    opensUsers: canOpenUsers(session),
    save,
    confirming,
    setConfirming,
    removing: mutations.remove.isPending,
    remove,
    deleteError: mutations.deleteError,
    clearDeleteError: mutations.clearDeleteError,
  };
}

export type GroupPageModel = ReturnType<typeof useGroupPage>;
