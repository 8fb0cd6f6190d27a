import { queryOptions } from '@tanstack/react-query';
import type { FieldListQuery } from '@contract/field';
import { getFieldInstaller, getFieldInstallers } from './api';

export const fieldQueries = {
  all: () => ['field'] as const,
  list: (query: FieldListQuery) =>
    queryOptions({
      queryKey: [...fieldQueries.all(), 'list', query] as const,
      queryFn: ({ signal }) => getFieldInstallers(query, signal),
      placeholderData: (previous) => previous,
    }),
  installer: (userId: number) =>
    queryOptions({ queryKey: [...fieldQueries.all(), 'installer', userId] as const, queryFn: ({ signal }) => getFieldInstaller(userId, signal) }),
};
