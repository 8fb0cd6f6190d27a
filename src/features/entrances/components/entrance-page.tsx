import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Entrance } from '@contract/entrances';
import { DeviceMacChip } from '@/components/device-mac-chip';
import { PageLoadError } from '@/components/page-load-error';
import { PageSection } from '@/components/page-section';
import { useT } from '@/features/entrances/messages';
import { errorMessage } from '@/lib/http';
import { housePath } from '../model';
import { useEntrancePage } from '../use-entrance-page';
import { EntranceForm } from './entrance-form';

/** `/entrances/:entranceUid`: type, number, title, flat range, gates and relays. */
export function EntrancePage() {
  const { entranceUid = '' } = useParams();
  return <EntranceScreen key={entranceUid} entranceUid={entranceUid} />;
}

function Relays({ entrance }: { entrance: Entrance }) {
  const t = useT();
  if (entrance.relays.length === 0) return <Typography color="text.secondary">{t('entrance.relays.none')}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {entrance.relays.map((relay) => (
        <li key={`${relay.mac}-${relay.id}`}>
          <DeviceMacChip mac={relay.mac} suffix={t('entrance.relay', { id: relay.id })} label={t('entrance.relay.link', { mac: relay.mac })} />
        </li>
      ))}
    </Box>
  );
}

function EntranceScreen({ entranceUid }: { entranceUid: string }) {
  const t = useT();
  const model = useEntrancePage(entranceUid);
  const { entrance } = model;
  const data = entrance.data;

  const header = (
    <Box sx={{ mb: 2 }}>
      {data && (
        <Button component={RouterLink} to={housePath(data.houseUid)} startIcon={<ArrowBack />} sx={{ minHeight: 44, ml: -1, textAlign: 'left' }}>
          {model.address ? t('entrance.backTo', { address: model.address }) : t('entrance.back')}
        </Button>
      )}
      <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, overflowWrap: 'anywhere' }}>
        {data ? t('entrance.heading', { number: data.entranceNum, title: data.title }) : t('entrance.title')}
      </Typography>
    </Box>
  );

  if (entrance.isPending) {
    return (
      <Box sx={{ maxWidth: 1200, mx: 'auto' }} aria-busy="true">
        {header}
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={140} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      </Box>
    );
  }
  if (entrance.isError) {
    return (
      <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
        {header}
        <PageLoadError error={entrance.error} message={(error) => t('entrance.loadError', { error })} retryLabel={t('entrance.retry')} onRetry={() => void entrance.refetch()} />
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      {header}
      <Stack spacing={2}>
        {!model.online && <Alert severity="warning">{t('entrance.offline')}</Alert>}
        {!model.canEdit && <Alert severity="info">{t('entrance.readOnly')}</Alert>}
        {model.siblingsError && <Alert severity="warning">{t('entrance.siblingsError', { error: errorMessage(model.siblingsError) })}</Alert>}
        {model.siblingsReady || model.siblingsError ? (
          <EntranceForm entrance={entrance.data} siblings={model.siblings} canEdit={model.canEdit} online={model.online} onSave={(values) => model.save.mutateAsync(values)} />
        ) : (
          <Skeleton variant="rounded" height={200} />
        )}
        <PageSection title={t('entrance.section.relays')}>
          <Relays entrance={entrance.data} />
        </PageSection>
      </Stack>
    </Box>
  );
}
