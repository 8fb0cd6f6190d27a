import Button from '@mui/material/Button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/components/notifications/notify';
import { useT } from '@/features/device-card/messages';
import { errorMessage } from '@/lib/http';
import { getSipStatus } from '../api';
import type { DeviceCard } from '../model';
import { deviceCardQueries } from '../queries';

/** GET …/sip-status: asks the device again and shows the answer on the card's SIP flag. */
export function SipStatusControl({ card }: { card: DeviceCard }) {
  const t = useT();
  const client = useQueryClient();
  const mac = card.device.mac;
  const check = useMutation({
    mutationFn: () => getSipStatus(mac),
    onSuccess: (sipStatus) => {
      client.setQueryData(deviceCardQueries.card(mac).queryKey, (old) => (old ? { ...old, sipStatus } : old));
      notify(sipStatus ? t('card.sipStatus.on') : t('card.sipStatus.off'), { variant: sipStatus ? 'success' : 'warning' });
    },
    onError: (error) => notify(errorMessage(error), { variant: 'error' }),
  });
  return (
    <Button size="small" variant="outlined" onClick={() => check.mutate()} disabled={check.isPending} sx={{ minHeight: 36 }}>
      {t('card.sipStatus.check')}
    </Button>
  );
}
