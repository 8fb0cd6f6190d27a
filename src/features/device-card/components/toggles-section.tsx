import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { PageSection } from '@/components/page-section';
import { useT } from '@/features/device-card/messages';
import { setAutoCollect, setSecurity } from '../api';
import { applyOptions, canUse, type DeviceCard } from '../model';
import { useCardUpdate } from '../use-card-update';
import { WRAPPING_CHIP } from './section';

/** Each switch flips its option only when the server accepted the change. */
export function TogglesSection({ card, canEdit }: { card: DeviceCard; canEdit: boolean }) {
  const t = useT();
  const mac = card.device.mac;
  const security = useCardUpdate({
    mac,
    send: (status: boolean) => setSecurity(mac, status),
    apply: (old, status) => applyOptions(old, { isMifare: status }),
  });
  const autoCollect = useCardUpdate({
    mac,
    send: (status: boolean) => setAutoCollect(mac, status),
    apply: (old, status) => applyOptions(old, { autoCollectKeys: status }),
  });
  const showSecurity = canUse(card.device, 'mifare');
  const showAutoCollect = canUse(card.device, 'autoCollectKeys');
  if (!showSecurity && !showAutoCollect) return null;
  const options = card.device.options;

  if (!canEdit) {
    // A switch that cannot be switched reads badly: a reader gets the state in words.
    const state = (name: string, on: boolean) => (
      <Chip variant="outlined" color={on ? 'success' : 'default'} label={t(on ? 'card.toggle.on' : 'card.toggle.off', { name })} sx={WRAPPING_CHIP} />
    );
    return (
      <PageSection title={t('card.toggles')}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {showSecurity && state(t('card.security'), options.isMifare === true)}
          {showAutoCollect && state(t('card.autoCollect'), options.autoCollectKeys === true)}
        </Stack>
      </PageSection>
    );
  }

  return (
    <PageSection title={t('card.toggles')} error={security.error ?? autoCollect.error}>
      <FormGroup>
        {showSecurity && (
          <FormControlLabel
            label={t('card.security')}
            control={
              <Switch
                checked={options.isMifare === true}
                disabled={security.pending}
                onChange={(_event, checked) => void security.run(checked)}
              />
            }
          />
        )}
        {showAutoCollect && (
          <FormControlLabel
            label={t('card.autoCollect')}
            control={
              <Switch
                checked={options.autoCollectKeys === true}
                disabled={autoCollect.pending}
                onChange={(_event, checked) => void autoCollect.run(checked)}
              />
            }
          />
        )}
      </FormGroup>
    </PageSection>
  );
}
