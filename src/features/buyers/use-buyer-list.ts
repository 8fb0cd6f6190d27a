import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { BUYER_LIST_PAGE_SIZE } from '@contract/buyers';
import { notify } from '@/components/notifications/notify';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { useT } from '@/features/buyers/messages';
import { useConnectivity } from '@/offline/connectivity';
import { createBuyer } from './api';
import { BUYER_LIST_STATE, buyerBody, buyerListQuery, buyerPath, type BuyerFormValues } from './model';
import { buyerQueries } from './queries';

/** `/buyers`: the page and the filters in the URL (a filter change goes back to page 1), create → the new buyer's page. */
export function useBuyerList() {
  const t = useT();
  const client = useQueryClient();
  const navigate = useNavigate();
  const online = useConnectivity().state !== 'offline';
  const list = useUrlListState(BUYER_LIST_STATE);
  const query = useQuery(buyerQueries.list(buyerListQuery(list)));

  const create = useMutation({
    mutationFn: (values: BuyerFormValues) => createBuyer(buyerBody(values)),
    onSuccess: async (buyer) => {
      notify(t('buyers.create.done'), { variant: 'success' });
      client.setQueryData(buyerQueries.buyer(buyer.id).queryKey, buyer);
      await client.invalidateQueries({ queryKey: buyerQueries.lists() });
      void navigate(buyerPath(buyer.id));
    },
  });

  // A page past the end (a link kept while buyers were deleted) moves to the last one there is.
  const pageCount = query.data?.pagination.pageCount ?? 0;
  const { setPage } = list;
  useEffect(() => {
    if (!query.isFetching && pageCount > 0 && list.page > pageCount) setPage(pageCount);
  }, [query.isFetching, pageCount, list.page, setPage]);

  const filtered = list.filters.name !== '' || list.filters.active !== '';
  return {
    list,
    rows: query.data?.data ?? [],
    totalCount: query.data?.pagination.totalCount ?? 0,
    pageSize: query.data?.pagination.pageSize || BUYER_LIST_PAGE_SIZE,
    /** The first load: nothing to show yet. */
    pending: query.isPending,
    loading: query.isFetching,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
    filtered,
    online,
    create,
  };
}

export type BuyerListModel = ReturnType<typeof useBuyerList>;
