import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { DEVICE_STATUS, DEVICE_STATUS_CODES } from '@contract/devices';
import { PageSection } from '@/components/page-section';
import { useT } from '@/features/device-card/messages';
import { setDeviceStatus } from '../api';
import { applyStatus, statusKey, type DeviceCard } from '../model';
import { useCardUpdate } from '../use-card-update';

type StatusCode = (typeof DEVICE_STATUS_CODES)[number];

/**
 * Status change and reset (code 3 clears relays, houses, SIP and the billing values). A
 * reader sees the status in the summary; this section is only for changing it.
 */
export function StatusSection({ card }: { card: DeviceCard }) {
  const t = useT();
  const mac = card.device.mac;
  const current = card.device.statusCode;
  const [chosen, setChosen] = useState<string>(String(current));
  const [confirming, setConfirming] = useState(false);
  const update = useCardUpdate({
    mac,
    send: (status: StatusCode) => setDeviceStatus(mac, status),
    apply: (old, status) => applyStatus(old, status),
    done: t('card.status.done'),
    onSaved: (status) => setChosen(String(status)),
  });

  const label = (code: number) => {
    const key = statusKey(code);
    return key ? t(key) : t('card.deviceStatus.other', { code });
  };
  const chosenCode = Number(chosen) as StatusCode;

  return (
    <PageSection title={t('card.statusSection')} error={update.error}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          label={t('card.statusSelect')}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          disabled={update.pending}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
        >
          {DEVICE_STATUS_CODES.map((code) => (
            <option key={code} value={code}>
              {label(code)}
            </option>
          ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={update.pending || chosenCode === current}
          sx={{ minHeight: 44 }}
          onClick={() => (chosenCode === DEVICE_STATUS.reset ? setConfirming(true) : void update.run(chosenCode))}
        >
          {t('card.statusApply')}
        </Button>
        <Button color="error" variant="contained" disabled={update.pending} sx={{ minHeight: 44 }} onClick={() => setConfirming(true)}>
          {t('card.reset')}
        </Button>
      </Box>
      <LazyConfirmDialog
        open={confirming}
        title={t('card.reset.title')}
        text={t('card.reset.text')}
        confirmLabel={t('card.reset')}
        danger
        busy={update.pending}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          void update.run(DEVICE_STATUS.reset).then(() => setConfirming(false));
        }}
      />
    </PageSection>
  );
}
