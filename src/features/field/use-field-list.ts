import { useQuery } from '@tanstack/react-query';
import { FIELD_PAGE_SIZE, FIELD_STALE_DAYS } from '@contract/field';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { useSession } from '@/lib/session';
import { FIELD_LIST_STATE, fieldListQuery } from './model';
import { fieldQueries } from './queries';

/** `/field`: the installers (page and filters in the URL) with the scope's totals. */
export function useFieldList() {
  const session = useSession();
  const list = useUrlListState(FIELD_LIST_STATE);
  const query = useQuery({ ...fieldQueries.list(fieldListQuery(list)), enabled: session.ready });
  return {
    list,
    rows: query.data?.data ?? [],
    totals: query.data?.totals ?? null,
    staleDays: query.data?.staleDays ?? FIELD_STALE_DAYS,
    totalCount: query.data?.pagination.totalCount ?? 0,
    pageSize: query.data?.pagination.pageSize || FIELD_PAGE_SIZE,
    pending: query.isPending,
    loading: query.isFetching,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
    filtered: Object.values(list.filters).some((value) => value !== ''),
  };
}

export type FieldListModel = ReturnType<typeof useFieldList>;
