import { queryOptions } from '@tanstack/react-query';
import { getUserPermissions } from './api';

export const userPermissionQueries = {
  all: () => ['user-permissions'] as const,
  detail: (userId: number) =>
    queryOptions({
      queryKey: [...userPermissionQueries.all(), userId] as const,
      queryFn: ({ signal }) => getUserPermissions(userId, signal),
    }),
};
