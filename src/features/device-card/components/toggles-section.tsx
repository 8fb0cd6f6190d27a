import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import { useT } from '@/features/device-card/messages';
import { setAutoCollect, setSecurity } from '../api';
import { applyOptions, canUse, type DeviceCard } from '../model';
import { useCardUpdate } from '../use-card-update';
import { Section } from './section';

/** spec §4: each switch flips its option only when the server accepted the change. */
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

  return (
    <Section title={t('card.toggles')} error={security.error ?? autoCollect.error}>
      <FormGroup>
        {showSecurity && (
          <FormControlLabel
            label={t('card.security')}
            control={
              <Switch
                checked={options.isMifare === true}
                disabled={!canEdit || security.pending}
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
                disabled={!canEdit || autoCollect.pending}
                onChange={(_event, checked) => void autoCollect.run(checked)}
              />
            }
          />
        )}
      </FormGroup>
    </Section>
  );
}
