import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageLoadError } from '@/components/page-load-error';
import { PageSection } from '@/components/page-section';
import { useT } from '@/features/houses/messages';
import { useHousePage } from '../use-house-page';
import { HouseDetailsForm } from './house-details-form';
import { HouseDevices, HouseEntrances } from './house-entrances';
import { HouseFlats } from './house-flats';

/** `/houses/:houseUid`: the house, its entrances, devices and flats. */
export function HousePage() {
  const { houseUid = '' } = useParams();
  return <HouseScreen key={houseUid} houseUid={houseUid} />;
}

function HouseScreen({ houseUid }: { houseUid: string }) {
  const t = useT();
  const model = useHousePage(houseUid);
  const { house } = model;

  const header = (
    <Box sx={{ mb: 2 }}>
      <Button component={RouterLink} to="/houses" startIcon={<ArrowBack />} sx={{ minHeight: 44, ml: -1 }}>
        {t('house.back')}
      </Button>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, overflowWrap: 'anywhere' }}>
        {house.data?.address ?? t('house.title')}
      </Typography>
    </Box>
  );

  if (house.isPending) {
    return (
      <Box sx={{ maxWidth: 1400, mx: 'auto' }} aria-busy="true">
        {header}
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={140} />
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={320} />
        </Stack>
      </Box>
    );
  }
  if (house.isError) {
    return (
      <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
        {header}
        <PageLoadError error={house.error} message={(error) => t('house.loadError', { error })} retryLabel={t('house.retry')} onRetry={() => void house.refetch()} />
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      {header}
      <Stack spacing={2}>
        {!model.online && <Alert severity="warning">{t('house.offline')}</Alert>}
        {!model.canEdit && <Alert severity="info">{t('house.readOnly')}</Alert>}
        <PageSection title={t('house.section.details')}>
          <HouseDetailsForm house={house.data} canEdit={model.canEdit} online={model.online} onSave={(values) => model.update.mutateAsync(values)} />
        </PageSection>
        <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
          <PageSection title={t('house.section.entrances')}>
            <HouseEntrances entrances={model.entrances} />
          </PageSection>
          <PageSection title={t('house.section.devices')}>
            <HouseDevices macs={model.macs} />
          </PageSection>
        </Box>
        <HouseFlats houseUid={houseUid} model={model} />
      </Stack>
    </Box>
  );
}
