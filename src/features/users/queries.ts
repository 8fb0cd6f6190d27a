import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { UserListQuery } from '@contract/users';
import { getBuyerNames, getUser, getUserList } from './api';

const OPTIONS_STALE_MS = 5 * 60_000;

export const userQueries = {
  all: () => ['users'] as const,
  lists: () => [...userQueries.all(), 'list'] as const,
  list: (query: UserListQuery) =>
    queryOptions({
      queryKey: [...userQueries.lists(), query] as const,
      queryFn: ({ signal }) => getUserList(query, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'detail', id] as const,
      queryFn: ({ signal }) => getUser(id, signal),
      // The forms are filled from it: a background refetch must not pull text from under the operator.
      staleTime: Infinity,
      retry: false,
    }),
  buyers: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'buyer-names'] as const,
      queryFn: ({ signal }) => getBuyerNames(signal),
      staleTime: OPTIONS_STALE_MS,
      retry: false,
    }),
  /** The groups a user of `buyerId` may be put in, in tree order. */
  groupChoices: (buyerId: number) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'group-choices', buyerId] as const,
      // The picker's code comes with the dialog that asks for it, not with the page.
      queryFn: async ({ signal }) => (await import('@/lib/choices')).getAssignableGroups(buyerId, signal),
      staleTime: OPTIONS_STALE_MS,
      retry: false,
    }),
};
