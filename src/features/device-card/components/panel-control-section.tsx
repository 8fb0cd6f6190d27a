import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import RestartAltOutlined from '@mui/icons-material/RestartAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { PageSection } from '@/components/page-section';
import { useT } from '@/features/device-card/messages';
import { useConnectivity } from '@/offline/connectivity';
import { openDoor, rebootDevice } from '../api';
import { doorRelays, type DeviceCard } from '../model';
import { useCardUpdate } from '../use-card-update';

/**
 * Acting on the panel itself (docs/api.md "Device card": open a door, restart): sent at once, never
 * queued, so they need the server; a refusal shows here with the device's reason.
 */
export function PanelControlSection({ card }: { card: DeviceCard }) {
  const t = useT();
  const mac = card.device.mac;
  const online = useConnectivity().state !== 'offline';
  const [confirming, setConfirming] = useState(false);
  const open = useCardUpdate({ mac, send: (relay: number) => openDoor(mac, relay), done: t('card.panel.opened') });
  const reboot = useCardUpdate({ mac, send: () => rebootDevice(mac), done: t('card.panel.rebooted') });
  const relays = doorRelays(card.device);
  const busy = open.pending || reboot.pending || !online;
  return (
    <PageSection title={t('card.panel')} error={open.error ?? reboot.error}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('card.panel.text')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {relays.map((relay) => (
          <Button key={relay} variant="contained" startIcon={<LockOpenOutlined />} disabled={busy} onClick={() => void open.run(relay)} sx={{ minHeight: 44 }}>
            {relays.length > 1 ? t('card.panel.openRelay', { id: relay }) : t('card.panel.open')}
          </Button>
        ))}
        <Button variant="outlined" startIcon={<RestartAltOutlined />} disabled={busy} onClick={() => setConfirming(true)} sx={{ minHeight: 44 }}>
          {t('card.panel.reboot')}
        </Button>
      </Box>
      <LazyConfirmDialog
        open={confirming}
        title={t('card.panel.reboot.title')}
        text={t('card.panel.reboot.text')}
        confirmLabel={t('card.panel.reboot')}
        busy={reboot.pending}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          void reboot.run(undefined).then(() => setConfirming(false));
        }}
      />
    </PageSection>
  );
}
