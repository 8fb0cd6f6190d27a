import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { normalizeMac } from '@contract/common';
import { PageHeader } from '@/components/page-header';
import { deviceCardPath } from '@/lib/device-paths';
import { useT } from '../messages';
import { useDialings, type DialingsModel } from '../use-dialings';
import { CallOrderSection } from './call-order-section';
import { DialingFilters } from './dialing-filters';
import { RoundsSection } from './rounds-section';

/** `/dialings/:mac`: the calls the device placed, filtered by flat and days, and the filtered flat's call order. */
export function DialingsPage() {
  const { mac: raw = '' } = useParams();
  const mac = normalizeMac(raw) ?? raw;
  const model = useDialings(mac);
  const t = useT();
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <PageHeader title={t('dialings.title')} />
        <DeviceLine model={model} mac={mac} />
      </Box>
      <Box>
        <DialingFilters filters={model.list.filters} onApply={model.list.setFilters} onClear={model.list.clearFilters} />
        {model.flatNum !== null && <CallOrderSection key={model.flatNum} mac={mac} flatNum={model.flatNum} />}
      </Box>
      <RoundsSection model={model} />
    </Box>
  );
}

/** The device: its MAC, its address and a link to its card. */
function DeviceLine({ model, mac }: { model: DialingsModel; mac: string }) {
  const t = useT();
  const answer = model.answer;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, rowGap: 0.5, mt: -1 }}>
      <Typography sx={{ fontFamily: 'monospace' }}>{t('dialings.device', { mac })}</Typography>
      <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>{answer ? (answer.address ?? t('dialings.noAddress')) : ''}</Typography>
      {/* A plain router link: MUI's Link would cost the route its own code. */}
      <Typography component={RouterLink} to={deviceCardPath(mac)} sx={{ color: 'primary.main', textDecorationColor: 'inherit' }}>
        {t('dialings.openCard')}
      </Typography>
    </Box>
  );
}
