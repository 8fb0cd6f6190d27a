import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, type ComponentType } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ROLES } from '@contract/users';
import { DeviceSyncSlot } from '@/app/device-sync-slot';
import { useT, type FeatureMessageKey } from '@/features/device-card/messages';
import { HttpError, errorMessage } from '@/lib/http';
import { hasRole, useSession } from '@/lib/session';
import { RecentAudit } from '@/components/recent-audit/recent-audit';
import { getDeviceById } from '../api';
import { pickTab, visibleTabs, type CardTab, type DeviceCard } from '../model';
import { deviceCardQueries } from '../queries';
import { CardSummary } from './card-summary';
import { DeviceLinksSection } from './device-links-section';

interface TabProps {
  card: DeviceCard;
  canEdit: boolean;
}

// Each tab loads with its first opening, so the card's first view carries only the summary and one tab.
const TAB_VIEWS: Record<CardTab, ComponentType<TabProps>> = {
  overview: lazy(() => import('./overview-tab').then((m) => ({ default: m.OverviewTab }))),
  sip: lazy(() => import('./sip-tab').then((m) => ({ default: m.SipTab }))),
  options: lazy(() => import('./options-tab').then((m) => ({ default: m.OptionsTab }))),
  media: lazy(() => import('./media-tab').then((m) => ({ default: m.MediaTab }))),
  rs485: lazy(() => import('./rs485-tab').then((m) => ({ default: m.Rs485Tab }))),
  camera: lazy(() => import('./camera-tab').then((m) => ({ default: m.CameraTab }))),
  service: lazy(() => import('./service-tab').then((m) => ({ default: m.ServiceTab }))),
};

const TAB_PARAM = 'tab';
const DEVICE_ID_PATTERN = /^\d+$/;

/** /devices/:mac/update. A numeric :mac is a DEVICE_ID, resolved by GET /front/device/{id}. */
export function DeviceCardPage() {
  const { mac = '' } = useParams();
  const t = useT();
  const navigate = useNavigate();
  const byId = DEVICE_ID_PATTERN.test(mac);
  const resolved = useQuery({
    queryKey: [...deviceCardQueries.all(), 'by-id', mac],
    queryFn: ({ signal }) => getDeviceById(Number(mac), signal),
    enabled: byId,
  });
  useEffect(() => {
    if (resolved.data) void navigate(`/devices/${encodeURIComponent(resolved.data.mac)}/update${window.location.search}`, { replace: true });
  }, [resolved.data, navigate]);

  if (byId) {
    return resolved.isError ? <Alert severity="error">{t('card.loadError', { error: errorMessage(resolved.error) })}</Alert> : <CardSkeleton />;
  }
  return <CardScreen key={mac} mac={mac} />;
}

function CardSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true">
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={360} />
    </Stack>
  );
}

function CardScreen({ mac }: { mac: string }) {
  const t = useT();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const query = useQuery(deviceCardQueries.card(mac));
  // The server decides (operators edit; installers and support read); the client only hides what is not allowed.
  const canEdit = hasRole(session.roles, ROLES.management) || hasRole(session.roles, ROLES.superuser);

  const header = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
      <Button component={RouterLink} to="/devices" startIcon={<ArrowBackIcon />} sx={{ minHeight: 44 }}>
        {t('card.back')}
      </Button>
      <Typography variant="h1" sx={{ flex: 1, minWidth: 220, fontSize: { xs: '1.4rem', sm: '1.75rem' } }}>
        {t('card.title', { mac: query.data?.device.mac ?? mac })}
      </Typography>
    </Box>
  );

  if (query.isPending) {
    return (
      <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
        {header}
        <CardSkeleton />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
        {header}
        <Alert
          severity="error"
          action={
            // Another try cannot help a device that is not there or not allowed.
            !(query.error instanceof HttpError && (query.error.status === 403 || query.error.status === 404)) && (
              <Button color="inherit" onClick={() => void query.refetch()}>
                {t('card.retry')}
              </Button>
            )
          }
        >
          {t('card.loadError', { error: errorMessage(query.error) })}
        </Alert>
      </Box>
    );
  }

  const card = query.data;
  const tabs = visibleTabs(card.device);
  const tab = pickTab(params.get(TAB_PARAM), tabs);
  const View = TAB_VIEWS[tab];
  const selectTab = (next: CardTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(TAB_PARAM, next);
        return updated;
      },
      { replace: true },
    );

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      {header}
      {!canEdit && session.ready && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('card.readOnly')}
        </Alert>
      )}
      <CardSummary card={card} />
      <DeviceLinksSection device={card.device} />
      <DeviceSyncSlot mac={card.device.mac} canEdit={canEdit} />
      <Tabs
        value={tab}
        onChange={(_event, next: CardTab) => selectTab(next)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('card.tabs')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((name) => (
          <Tab key={name} value={name} label={t(`card.tab.${name}` as FeatureMessageKey)} id={`card-tab-${name}`} aria-controls="card-tab-panel" sx={{ minHeight: 48 }} />
        ))}
      </Tabs>
      <Box role="tabpanel" id="card-tab-panel" aria-labelledby={`card-tab-${tab}`}>
        <Suspense fallback={<Skeleton variant="rounded" height={360} />}>
          <View card={card} canEdit={canEdit} />
        </Suspense>
      </Box>
      <Box sx={{ mt: 3 }}>
        <RecentAudit targetKind="device" targetId={card.device.mac} />
      </Box>
    </Box>
  );
}
