import { queryOptions } from '@tanstack/react-query';
import { getUserOptions } from './api';

export const userOptionQueries = {
  all: () => ['user-options'] as const,
  current: () =>
    queryOptions({
      queryKey: [...userOptionQueries.all(), 'current'] as const,
      queryFn: ({ signal }) => getUserOptions(signal),
      staleTime: 5 * 60_000,
    }),
};
