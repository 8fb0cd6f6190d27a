import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { FLAT_STATUS } from '@contract/flats';
import { removeFlat, setFlatStatus } from './api';
import { useT } from './messages';
import { isBlocked } from './model';
import { flatCardQueries } from './queries';
import { useFlat, useFlatMutation } from './use-flat-card';

/** The flat's number as people write it: 12, 12А. */
export function useFlatLabel(): string {
  const { data } = useFlat();
  return `${data.flat.flatNum}${data.flat.letter ?? ''}`;
}

/** Block or unblock the whole flat (PUT …/status), with the reason kept in its history. */
export function useFlatStatus() {
  const t = useT();
  const { flat, data } = useFlat();
  const client = useQueryClient();
  const blocked = isBlocked(data.flat);
  const mutation = useFlatMutation({
    send: ({ block, reason }: { block: boolean; reason: string }) =>
      setFlatStatus(flat, block ? FLAT_STATUS.blocked : FLAT_STATUS.active, reason.trim() === '' ? null : reason.trim()),
    apply: (current, { block }) => ({ ...current, flat: { ...current.flat, status: block ? FLAT_STATUS.blocked : FLAT_STATUS.active } }),
    done: ({ block }) => t(block ? 'flat.blocked.done' : 'flat.unblocked.done'),
    onDone: () => client.invalidateQueries({ queryKey: flatCardQueries.histories(flat) }),
  });
  return { blocked, ...mutation };
}

/** Delete the flat, then back to its house. */
export function useFlatDelete() {
  const t = useT();
  const { flat } = useFlat();
  const label = useFlatLabel();
  const navigate = useNavigate();
  const client = useQueryClient();
  return useFlatMutation({
    send: () => removeFlat(flat),
    done: () => t('flat.deleted', { flat: label }),
    onDone: async () => {
      await navigate(`/houses/${encodeURIComponent(flat.houseUid)}`, { replace: true });
      client.removeQueries({ queryKey: flatCardQueries.flat(flat) });
    },
  });
}
