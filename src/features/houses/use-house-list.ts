import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { GridRowId } from '@mui/x-data-grid';
import { HOUSE_LIST_PAGE_SIZE, type House } from '@contract/houses';
import { notify } from '@/components/notifications/notify';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { useT } from '@/features/houses/messages';
import { errorMessage } from '@/lib/http';
import { useSession } from '@/lib/session';
import { createHouse, deleteHouse } from './api';
import { HOUSE_LIST_STATE, canEditHouses, houseCreateBody, houseListQuery, housesWithId, type HouseFormValues } from './model';
import { houseQueries } from './queries';

/** The house list screen's logic: URL-bound filters and paging, create, delete. */
export function useHouseList() {
  const t = useT();
  const client = useQueryClient();
  const session = useSession();
  const list = useUrlListState(HOUSE_LIST_STATE);
  const query = useQuery(houseQueries.list(houseListQuery(list)));
  const [selection, setSelection] = useState<GridRowId[]>([]);

  const invalidate = () => client.invalidateQueries({ queryKey: houseQueries.lists() });

  const create = useMutation({
    mutationFn: (values: HouseFormValues) => createHouse(houseCreateBody(values)),
    onSuccess: () => {
      notify(t('houses.create.done'), { variant: 'success' });
      return invalidate();
    },
  });

  const remove = useMutation({
    mutationFn: async (uids: string[]) => {
      // One call per house (deletes by one uid); stop at the first refusal.
      for (const uid of uids) await deleteHouse(uid);
      return uids.length;
    },
    onSuccess: (count) => {
      notify(count === 1 ? t('houses.delete.done') : t('houses.deleteSelected.done', { count }), { variant: 'success' });
      setSelection([]);
    },
    onError: (error) => notify(errorMessage(error), { variant: 'error' }),
    onSettled: invalidate,
  });

  const houses: House[] = housesWithId(query.data?.data ?? []);
  return {
    list,
    houses,
    totalCount: query.data?.pagination.totalCount ?? 0,
    /** More houses match than totalCount (an address search counts up to a cap). */
    countCapped: query.data?.totalCountCapped === true,
    pageSize: query.data?.pagination.pageSize || HOUSE_LIST_PAGE_SIZE,
    loading: query.isFetching,
    error: query.error ? errorMessage(query.error) : null,
    // The server decides; the client only hides what the user may not do (ARCHITECTURE).
    canEdit: canEditHouses(session),
    selection,
    setSelection,
    create,
    remove,
  };
}
