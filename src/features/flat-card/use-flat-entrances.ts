import type { Entrance } from '@contract/entrances';
import { getFlatEntrances, removeFlatEntrance } from './api';
import { useT } from './messages';
import { useFlat, useFlatMutation } from './use-flat-card';

/** The flat's entrances; removing one reloads them. */
export function useFlatEntrances() {
  const t = useT();
  const { flat, data } = useFlat();
  const remove = useFlatMutation({
    send: async (entrance: Entrance) => {
      await removeFlatEntrance(flat, entrance.id);
      return getFlatEntrances(flat);
    },
    apply: (current, _entrance, entrances) => ({ ...current, entrances, flat: { ...current.flat, entrances: entrances.map((entrance) => entrance.id) } }),
    done: () => t('flat.entrances.removed'),
  });
  return { entrances: data.entrances, remove };
}
