import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HOUSE_LIST_PAGE_SIZE, type House } from '@contract/houses';
import { notify } from '@/components/notifications/notify';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { useT } from '@/features/houses/messages';
import { errorMessage } from '@/lib/http';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { updateHouse } from './api';
import { HOUSE_FLATS_STATE, flatCreateBody, houseFlatsQuery, houseUpdateBody, type FlatCreateValues, type HouseEditValues } from './house-page-model';
import { canEditHouses } from './model';
import { houseQueries } from './queries';

/**
 * `/houses/:houseUid`: the house with its entrances, devices and flats (server paging, page and
 * search in the URL); edit, flat create and delete for those who may write, none offline.
 */
export function useHousePage(houseUid: string) {
  const t = useT();
  const client = useQueryClient();
  const session = useSession();
  const online = useConnectivity().state !== 'offline';
  const flatList = useUrlListState(HOUSE_FLATS_STATE);

  const house = useQuery(houseQueries.card(houseUid));
  const entrances = useQuery({ ...houseQueries.entrances(houseUid), enabled: house.isSuccess });
  const macs = useQuery({ ...houseQueries.macs(houseUid), enabled: house.isSuccess });
  const flats = useQuery({ ...houseQueries.flats(houseUid, houseFlatsQuery(flatList)), enabled: house.isSuccess });

  const update = useMutation({
    mutationFn: (values: HouseEditValues) => updateHouse(houseUid, houseUpdateBody(values)),
    onSuccess: (saved: House) => {
      client.setQueryData(houseQueries.card(houseUid).queryKey, saved);
      notify(t('house.saved'), { variant: 'success' });
      return client.invalidateQueries({ queryKey: houseQueries.lists() });
    },
  });

  const reloadFlats = () => client.invalidateQueries({ queryKey: houseQueries.flatLists(houseUid) });

  const addFlat = useMutation({
    mutationFn: async (values: FlatCreateValues) => {
      const body = flatCreateBody(values);
      const { createFlat } = await import('./flat-api');
      return createFlat(houseUid, body.flatNum, body.letter);
    },
    onSuccess: () => {
      notify(t('house.flats.created'), { variant: 'success' });
      return reloadFlats();
    },
  });

  const removeFlat = useMutation({
    mutationFn: async (flatNum: number) => {
      const { deleteFlat } = await import('./flat-api');
      return deleteFlat(houseUid, flatNum);
    },
    onSuccess: () => notify(t('house.flats.deleted'), { variant: 'success' }),
    onError: (error) => notify(errorMessage(error), { variant: 'error' }),
    onSettled: reloadFlats,
  });

  return {
    house,
    entrances,
    macs,
    flats: {
      list: flatList,
      rows: flats.data?.data ?? [],
      totalCount: flats.data?.pagination.totalCount ?? 0,
      pageSize: flats.data?.pagination.pageSize || HOUSE_LIST_PAGE_SIZE,
      loading: flats.isFetching,
      error: flats.error ? errorMessage(flats.error) : null,
    },
    online,
    // The server decides (support reads only); the client only hides what it would refuse.
    canEdit: canEditHouses(session),
    update,
    addFlat,
    removeFlat,
  };
}

export type HousePageModel = ReturnType<typeof useHousePage>;
