import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BuyerListQuery } from '@contract/buyers';
import { getBuyer, getBuyerList } from './api';

export const buyerQueries = {
  all: () => ['buyers'] as const,
  lists: () => [...buyerQueries.all(), 'list'] as const,
  list: (query: BuyerListQuery) =>
    queryOptions({
      queryKey: [...buyerQueries.lists(), query] as const,
      queryFn: ({ signal }) => getBuyerList(query, signal),
      placeholderData: keepPreviousData,
    }),
  buyer: (buyerId: number) =>
    queryOptions({
      queryKey: [...buyerQueries.all(), 'buyer', buyerId] as const,
      queryFn: ({ signal }) => getBuyer(buyerId, signal),
    }),
};
