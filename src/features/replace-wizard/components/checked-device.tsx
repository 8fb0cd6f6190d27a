import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { deviceTypeName } from '@contract/devices';
import { useT } from '@/features/replace-wizard/messages';
import { useDateFormat } from '@/lib/dates';
import type { ReplaceCheckedDevice } from '@/offline/draft-schemas/replace';

export type Row = readonly [label: string, value: ReactNode];

/** Label / value pairs, two columns even on a phone. */
export function Rows({ rows }: { rows: readonly Row[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 0.8fr) minmax(0, 1.4fr)', sm: '200px minmax(0, 1fr)' }, columnGap: 2, rowGap: 0.5 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** What the old device has now: what the replacement will move. */
export function CheckedDevice({ device }: { device: ReplaceCheckedDevice }) {
  const t = useT();
  const format = useDateFormat();
  const none = t('replaceWizard.check.none');
  const rows: Row[] = [
    [t('replaceWizard.check.type'), `${device.type} — ${deviceTypeName(device.type) ?? '?'}`],
    [t('replaceWizard.check.houses'), device.houses.length ? device.houses.map((house) => house.address).join('; ') : none],
    [
      t('replaceWizard.check.relays'),
      device.relays.length
        ? device.relays.map((relay) => [t('replaceWizard.check.relay', { id: relay.id }), relay.entranceTitle].filter(Boolean).join(' — ')).join('; ')
        : none,
    ],
    [t('replaceWizard.check.sip'), device.sipLogin ?? none],
    [t('replaceWizard.check.groups'), String(device.groups)],
    [t('replaceWizard.check.keys'), t('replaceWizard.check.keys.all')],
  ];
  return (
    <Box component="section" aria-label={t('replaceWizard.check.title', { mac: device.mac })} sx={{ bgcolor: 'action.hover', borderRadius: 2, p: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('replaceWizard.check.title', { mac: device.mac })}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          ({t('replaceWizard.check.checkedAt', { time: format.dateTime(device.checkedAt) })})
        </Typography>
      </Typography>
      <Rows rows={rows} />
    </Box>
  );
}
