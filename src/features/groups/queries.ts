import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { GroupMembersQuery } from '@contract/groups';
import { getGroup, getGroupDevices, getGroupTree, getGroupUsers } from './api';

export const groupQueries = {
  all: () => ['groups'] as const,
  tree: () =>
    queryOptions({
      queryKey: [...groupQueries.all(), 'tree'] as const,
      queryFn: ({ signal }) => getGroupTree(signal),
    }),
  /** Everything of one group: invalidating this reloads the group, its devices and its users. */
  group: (groupId: number) => [...groupQueries.all(), 'group', groupId] as const,
  card: (groupId: number) =>
    queryOptions({
      queryKey: [...groupQueries.group(groupId), 'card'] as const,
      queryFn: ({ signal }) => getGroup(groupId, signal),
    }),
  devices: (groupId: number, query: GroupMembersQuery) =>
    queryOptions({
      queryKey: [...groupQueries.group(groupId), 'devices', query] as const,
      queryFn: ({ signal }) => getGroupDevices(groupId, query, signal),
      placeholderData: keepPreviousData,
    }),
  users: (groupId: number, query: GroupMembersQuery) =>
    queryOptions({
      queryKey: [...groupQueries.group(groupId), 'users', query] as const,
      queryFn: ({ signal }) => getGroupUsers(groupId, query, signal),
      placeholderData: keepPreviousData,
    }),
};
