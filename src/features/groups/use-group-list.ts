import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { GroupInput } from '@contract/groups';
import { notify } from '@/components/notifications/notify';
import { errorMessage } from '@/lib/http';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { createGroup, deleteGroup, updateGroup } from './api';
import { useT } from './messages';
import { buyerTrees, canEditGroups, withParam, type GroupRow } from './model';
import { groupQueries } from './queries';

/** The group screens' writes: create, save and delete, each reloading every group query after. */
export function useGroupMutations() {
  const t = useT();
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: groupQueries.all() });
  const create = useMutation({
    mutationFn: (body: GroupInput) => createGroup(body),
    onSuccess: () => {
      notify(t('groups.created'), { variant: 'success' });
      return reload();
    },
  });
  const update = useMutation({
    mutationFn: ({ groupId, body }: { groupId: number; body: GroupInput }) => updateGroup(groupId, body),
    onSuccess: (saved) => {
      client.setQueryData(groupQueries.card(saved.groupId).queryKey, saved);
      notify(t('groups.saved'), { variant: 'success' });
      return reload();
    },
  });
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (groupId: number) => deleteGroup(groupId),
    onSuccess: () => {
      notify(t('groups.deleted'), { variant: 'success' });
      return reload();
    },
    onError: (error) => setDeleteError(errorMessage(error)),
  });
  /** Deletes after the confirmation; a refusal (409 while it has children) stays on screen as `deleteError`. */
  const deleteConfirmed = (groupId: number, after: { onDeleted?: () => void; onSettled: () => void }) => {
    setDeleteError(null);
    remove.mutate(groupId, { onSuccess: after.onDeleted, onSettled: after.onSettled });
  };
  return { create, update, remove, deleteConfirmed, deleteError, clearDeleteError: () => setDeleteError(null) };
}

export type GroupEditing = { mode: 'create' } | { mode: 'edit'; group: GroupRow } | null;

/** `/groups`: the whole tree (split by buyer for the superuser), the search kept in the URL, collapse, create, edit, delete. */
export function useGroupList() {
  const session = useSession();
  const online = useConnectivity().state !== 'offline';
  const tree = useQuery(groupQueries.tree());
  const [params, setParams] = useSearchParams();
  const search = params.get('name') ?? '';
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<GroupEditing>(null);
  const [pendingDelete, setPendingDelete] = useState<GroupRow | null>(null);
  const mutations = useGroupMutations();

  const trees = useMemo(() => (tree.data ? buyerTrees(tree.data.data, tree.data.buyers) : []), [tree.data]);
  const allRows = useMemo(() => trees.flatMap((part) => part.rows), [trees]);

  const setSearch = (name: string) => setParams(withParam(params, 'name', name.trim() === '' ? null : name), { replace: true });
  const toggle = (groupId: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(groupId)) next.delete(groupId);
      else next.add(groupId);
      return next;
    });
  const collapseAll = () => setCollapsed(new Set(allRows.filter((row) => row.children > 0).map((row) => row.groupId)));
  const expandAll = () => setCollapsed(new Set());

  const confirmDelete = () => {
    if (pendingDelete) mutations.deleteConfirmed(pendingDelete.groupId, { onSettled: () => setPendingDelete(null) });
  };

  return {
    tree,
    trees,
    allRows,
    buyers: tree.data?.buyers ?? [],
    truncated: tree.data?.truncated ?? false,
    /** Several buyers' trees: the superuser's. */
    severalBuyers: trees.length > 1 || (tree.data?.buyers.length ?? 0) > 1,
    search,
    setSearch,
    collapsed,
    toggle,
    collapseAll,
    expandAll,
    online,
    // The server decides; the client only hides what it would refuse (support reads only).
    canEdit: canEditGroups(session),
    editing,
    setEditing,
    pendingDelete,
    setPendingDelete,
    confirmDelete,
    ...mutations,
  };
}

export type GroupListModel = ReturnType<typeof useGroupList>;
