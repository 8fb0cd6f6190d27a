import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { lazy, useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DeferredSection } from '@/components/deferred-section';
import { RecentAudit } from '@/components/recent-audit/recent-audit';
import { errorMessage } from '@/lib/http';
import { useT } from '../messages';
import { FlatContext, useFlatCard, type FlatContextValue } from '../use-flat-card';
import { CmsSection } from './cms-section';
import { CodeSection } from './code-section';
import { EntrancesSection } from './entrances-section';
import { FlatHeader } from './flat-header';
import { KeysSection } from './keys-section';
import { MoveOutBanner } from './move-out-banner';
import { sectionAnchor } from './section';
import { SectionNav } from './section-nav';
import { UsersSection } from './users-section';

// Below the first screen: fetched as they come near it (their forms and tables are most of the card's code).
const AccessSection = lazy(() => import('./access-section').then((m) => ({ default: m.AccessSection })));
const DevicesSection = lazy(() => import('./devices-section').then((m) => ({ default: m.DevicesSection })));
const HistorySection = lazy(() => import('./history-section').then((m) => ({ default: m.HistorySection })));

const sectionSkeleton = (height: number) => <Skeleton variant="rounded" height={height} />;

/** /houses/:houseUid/flats/:flatNum/update. */
export function FlatCardPage() {
  const t = useT();
  const { houseUid = '' } = useParams();
  const { ref, query, canEdit, readOnlyKnown, online, gone } = useFlatCard();
  const data = query.data;
  const context = useMemo<FlatContextValue | null>(
    () => (ref && data ? { flat: ref, data, canEdit, canWrite: canEdit && online } : null),
    [ref, data, canEdit, online],
  );

  const back = (
    <Button component={RouterLink} to={`/houses/${encodeURIComponent(houseUid)}`} sx={{ mb: 1, minHeight: 40 }}>
      {t('flat.toHouse')}
    </Button>
  );
  if (!ref) {
    return (
      <Box sx={{ maxWidth: 1440, mx: 'auto' }}>
        {back}
        <Alert severity="error">{t('flat.badParams')}</Alert>
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Box sx={{ maxWidth: 1440, mx: 'auto' }}>
        {back}
        <Alert
          severity="error"
          action={
            // Another try cannot help a flat that is not there or not allowed.
            !gone && (
              <Button color="inherit" onClick={() => void query.refetch()}>
                {t('flat.retry')}
              </Button>
            )
          }
        >
          {t('flat.loadError', { error: errorMessage(query.error) })}
        </Alert>
      </Box>
    );
  }
  if (!context) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label={t('flat.loading')} sx={{ maxWidth: 1440, mx: 'auto' }}>
        <Skeleton variant="rounded" height={88} />
        <Skeleton variant="rounded" height={40} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          <Skeleton variant="rounded" height={320} />
          <Skeleton variant="rounded" height={320} />
        </Box>
      </Stack>
    );
  }

  return (
    <FlatContext.Provider value={context}>
      <Box data-testid="flat-card-ready" sx={{ maxWidth: 1440, mx: 'auto', minWidth: 0 }}>
        <FlatHeader />
        {!canEdit && readOnlyKnown && (
          <Alert severity="info" sx={{ mb: 1.5 }}>
            {t('flat.readOnly')}
          </Alert>
        )}
        {canEdit && !online && (
          <Alert severity="warning" sx={{ mb: 1.5 }}>
            {t('flat.offline.keys')}
          </Alert>
        )}
        <MoveOutBanner />
        <SectionNav />
        {/* The first screen: what operators do all day (residents, keys, the code, blocks); the rest below it. */}
        <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <UsersSection />
            <KeysSection />
          </Stack>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <CodeSection />
            <CmsSection />
            <EntrancesSection />
          </Stack>
          <DeferredSection anchor={sectionAnchor('access')} placeholder={sectionSkeleton} title={t('flat.section.access')} view={AccessSection} height={480} />
          <DeferredSection anchor={sectionAnchor('devices')} placeholder={sectionSkeleton} title={t('flat.section.devices')} view={DevicesSection} height={480} />
          <Box sx={{ gridColumn: { lg: '1 / -1' }, minWidth: 0 }}>
            <DeferredSection anchor={sectionAnchor('history')} placeholder={sectionSkeleton} title={t('flat.section.history')} view={HistorySection} height={240} />
          </Box>
          {ref && (
            <Box sx={{ gridColumn: { lg: '1 / -1' }, minWidth: 0 }}>
              <RecentAudit targetKind="flat" targetId={`${ref.houseUid}:${ref.flatNum}`} />
            </Box>
          )}
        </Box>
      </Box>
    </FlatContext.Provider>
  );
}
