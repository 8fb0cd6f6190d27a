import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { storageStatus } from '@/offline/storage';

export const outboxQueries = {
  all: () => ['outbox'] as const,
  /** `revision` changes with what is stored, so the usage is read again after jobs or drafts change. */
  storage: (revision: string) =>
    queryOptions({
      queryKey: [...outboxQueries.all(), 'storage', revision] as const,
      queryFn: () => storageStatus(),
      networkMode: 'always',
      staleTime: 10_000,
      placeholderData: keepPreviousData,
    }),
};
