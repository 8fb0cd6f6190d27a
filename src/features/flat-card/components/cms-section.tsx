import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useT } from '../messages';
import { useFlat } from '../use-flat-card';
import { useFlatCms } from '../use-flat-cms';
import { DeviceLink } from './device-link';
import { EmptyNote, Section } from './section';

export function CmsSection() {
  const t = useT();
  const { canEdit, canWrite } = useFlat();
  const { devices, toggle } = useFlatCms();
  return (
    <Section id="cms" title={t('flat.section.cms')} error={toggle.error}>
      {devices.length === 0 ? (
        <EmptyNote>{t('flat.cms.none')}</EmptyNote>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {devices.map((device) => (
            <Box
              component="li"
              key={device.mac}
              aria-label={t('flat.cms.device', { mac: device.mac })}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider' }}
            >
              <Box sx={{ flex: '1 1 160px', minWidth: 0, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <DeviceLink mac={device.mac} />
                <Chip size="small" color={device.blockCMS ? 'error' : 'success'} variant="outlined" label={t(device.blockCMS ? 'flat.cms.blocked' : 'flat.cms.active')} />
              </Box>
              {canEdit && (
                <Button
                  size="small"
                  variant="outlined"
                  color={device.blockCMS ? 'success' : 'error'}
                  disabled={!canWrite || toggle.pending}
                  onClick={() => void toggle.run({ mac: device.mac, block: !device.blockCMS })}
                >
                  {t(device.blockCMS ? 'flat.cms.unblock' : 'flat.cms.block')}
                </Button>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}
