import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { Buyer } from '@contract/buyers';
import { notify } from '@/components/notifications/notify';
import { useT } from '@/features/buyers/messages';
import { useConnectivity } from '@/offline/connectivity';
import { deleteBuyer, updateBuyer } from './api';
import { buyerBody, type BuyerFormValues } from './model';
import { buyerQueries } from './queries';

/** `/buyers/:buyerId`: the buyer with its counts, save (deactivate and reactivate with it) and delete; none offline. */
export function useBuyerPage(buyerId: number) {
  const t = useT();
  const client = useQueryClient();
  const navigate = useNavigate();
  const online = useConnectivity().state !== 'offline';
  const buyer = useQuery(buyerQueries.buyer(buyerId));

  const update = useMutation({
    mutationFn: (values: BuyerFormValues) => updateBuyer(buyerId, buyerBody(values)),
    onSuccess: (saved: Buyer) => {
      client.setQueryData(buyerQueries.buyer(buyerId).queryKey, saved);
      notify(t('buyer.saved'), { variant: 'success' });
      return client.invalidateQueries({ queryKey: buyerQueries.lists() });
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteBuyer(buyerId),
    onSuccess: async () => {
      notify(t('buyer.delete.done'), { variant: 'success' });
      client.removeQueries({ queryKey: buyerQueries.buyer(buyerId).queryKey });
      await client.invalidateQueries({ queryKey: buyerQueries.lists() });
      void navigate('/buyers');
    },
    // A refusal may come from counts that changed since the page loaded: show the fresh ones.
    onError: () => client.invalidateQueries({ queryKey: buyerQueries.buyer(buyerId).queryKey }),
  });

  return { buyer, online, update, remove };
}

export type BuyerPageModel = ReturnType<typeof useBuyerPage>;
