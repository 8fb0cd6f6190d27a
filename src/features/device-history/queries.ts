import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { HistoryQuery } from '@contract/history';
import { getHistory } from './api';

export const historyQueries = {
  all: () => ['device-history'] as const,
  lists: () => [...historyQueries.all(), 'list'] as const,
  list: (query: HistoryQuery) =>
    queryOptions({
      queryKey: [...historyQueries.lists(), query] as const,
      queryFn: ({ signal }) => getHistory(query, signal),
      placeholderData: keepPreviousData,
    }),
};
