import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Entrance } from '@contract/entrances';
import { canWriteHousing } from '@/components/housing-access';
import { notify } from '@/components/notifications/notify';
import { useT } from '@/features/entrances/messages';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { updateEntrance } from './api';
import { entranceUpdateBody, siblingsOf, type EntranceFormValues } from './model';
import { entranceQueries } from './queries';

/** `/entrances/:entranceUid`: the entrance, its house's other entrances (for gates and overlaps), and the save. */
export function useEntrancePage(entranceUid: string) {
  const t = useT();
  const client = useQueryClient();
  const session = useSession();
  const online = useConnectivity().state !== 'offline';
  const entrance = useQuery(entranceQueries.entrance(entranceUid));
  const houseUid = entrance.data?.houseUid ?? '';
  const houseEntrances = useQuery({ ...entranceQueries.ofHouse(houseUid), enabled: houseUid !== '' });
  const house = useQuery({ ...entranceQueries.house(houseUid), enabled: houseUid !== '' });

  const save = useMutation({
    mutationFn: (values: EntranceFormValues) => updateEntrance(entranceUid, entranceUpdateBody(values)),
    onSuccess: (saved: Entrance) => {
      client.setQueryData(entranceQueries.entrance(entranceUid).queryKey, saved);
      notify(t('entrance.saved'), { variant: 'success' });
      return client.invalidateQueries({ queryKey: entranceQueries.ofHouse(saved.houseUid).queryKey });
    },
  });

  return {
    entrance,
    /** The other entrances of the house; empty until they arrive. */
    siblings: entrance.data && houseEntrances.data ? siblingsOf(entrance.data, houseEntrances.data) : [],
    siblingsReady: houseEntrances.isSuccess,
    siblingsError: houseEntrances.error,
    address: house.data?.address ?? null,
    online,
    canEdit: canWriteHousing(session),
    save,
  };
}

export type EntrancePageModel = ReturnType<typeof useEntrancePage>;
