import { useInfiniteQuery } from '@tanstack/react-query';
import { auditEndpoints } from '@contract/audit';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { expectResult, request } from '@/lib/http';
import { useTimezone } from '@/lib/preferences';
import { useSession } from '@/lib/session';
import { AUDIT_LIST_STATE, auditQuery } from './model';

/** `/audit`: the records newest first (filters in the URL), older pages added by cursor. */
export function useAuditList() {
  const session = useSession();
  const timeZone = useTimezone();
  const list = useUrlListState(AUDIT_LIST_STATE);
  const query = useInfiniteQuery({
    queryKey: ['audit', 'list', list.filters, timeZone] as const,
    queryFn: async ({ pageParam, signal }) =>
      expectResult(await request(auditEndpoints.list, { query: auditQuery(list.filters, timeZone, pageParam ?? undefined), signal })),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: session.ready,
  });
  return {
    list,
    rows: query.data?.pages.flatMap((page) => page.data) ?? [],
    pending: query.isPending,
    loading: query.isFetching,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
    more: query.hasNextPage ? () => void query.fetchNextPage() : null,
    loadingMore: query.isFetchingNextPage,
    filtered: Object.values(list.filters).some((value) => value !== ''),
  };
}

export type AuditListModel = ReturnType<typeof useAuditList>;
