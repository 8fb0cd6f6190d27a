import { useQuery } from '@tanstack/react-query';
import { MC_LIST_PAGE_SIZE } from '@contract/mc';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { MC_LIST_STATE, canEditMc, isFiltered, isSuperuser, mcListQuery } from './model';
import { mcQueries } from './queries';

/** `/mc`: the page and the five filters in the URL (a filter change goes back to page 1). */
export function useMcList() {
  const session = useSession();
  const online = useConnectivity().state !== 'offline';
  const superuser = isSuperuser(session.roles);
  const list = useUrlListState(MC_LIST_STATE);
  const query = useQuery({ ...mcQueries.list(mcListQuery(list, superuser)), enabled: session.ready });
  return {
    list,
    rows: query.data?.data ?? [],
    totalCount: query.data?.pagination.totalCount ?? 0,
    pageSize: query.data?.pagination.pageSize || MC_LIST_PAGE_SIZE,
    /** The first load: nothing to show yet. */
    pending: query.isPending,
    loading: query.isFetching,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
    filtered: isFiltered(list),
    superuser,
    canCreate: canEditMc(session.roles),
    online,
  };
}

export type McListModel = ReturnType<typeof useMcList>;
