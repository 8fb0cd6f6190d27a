import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { KEY_LIST_PAGE_SIZE } from '@contract/keys';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { EMPTY_KEY_DRAFT, KEY_LIST_STATE, canEditKeys, keyListBody, type KeyCreateDraft } from './model';
import { keyQueries } from './queries';

/** `/keys`: the keys of every device the user sees, searched and paged in the URL; who may change them; the create form's draft. */
export function useKeyList() {
  const client = useQueryClient();
  const session = useSession();
  const online = useConnectivity().state !== 'offline';
  const list = useUrlListState(KEY_LIST_STATE);
  const query = useQuery({ ...keyQueries.list(keyListBody(list)), enabled: session.ready });
  // What was typed in the create dialog outlives its closing (offline, a slip of the finger).
  const [draft, setDraft] = useState<KeyCreateDraft>(EMPTY_KEY_DRAFT);
  const rows = query.data?.data ?? [];

  return {
    list,
    rows,
    addresses: query.data?.addresses ?? {},
    totalCount: query.data?.pagination.totalCount ?? 0,
    /** The server stopped counting: there are more than `totalCount`. */
    capped: query.data?.countCapped === true,
    pageSize: query.data?.pagination.pageSize || KEY_LIST_PAGE_SIZE,
    loading: query.isFetching || !session.ready,
    /** Nothing loaded yet (the session or the first page). */
    firstLoad: query.isPending,
    /** The last load's failure (a 403 or 404 is final: no retry offered). */
    error: query.error,
    retry: () => void query.refetch(),
    // The server decides; the client only hides what it would refuse (support reads only).
    canEdit: canEditKeys(session),
    online,
    draft,
    setDraft,
    /** After keys were created or deleted elsewhere on the screen. */
    refresh: () => client.invalidateQueries({ queryKey: keyQueries.lists() }),
  };
}

export type KeyListModel = ReturnType<typeof useKeyList>;
