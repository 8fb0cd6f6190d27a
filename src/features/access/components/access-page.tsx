import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, lazy } from 'react';
import { PageHeader } from '@/components/page-header';
import { useT } from '@/features/access/messages';
import { useAccessPage } from '../use-access-page';
import { AccessTabs, panelId, tabId } from './access-tabs';
import { BlockedFlatsTab } from './blocked-flats-tab';

// The catalogue loads with its tab: the blocked flats open first and alone fit the route's budget.
const CatalogueTab = lazy(() => import('./catalogue-tab').then((m) => ({ default: m.CatalogueTab })));

/** /access «Управление блокировками»: the blocked flats, and the access catalogue. */
export function AccessPage() {
  const t = useT();
  const page = useAccessPage();
  return (
    <>
      <PageHeader title={t('route.title.access')} />
      <Stack spacing={1} sx={{ mb: page.online && page.canWrite ? 0 : 2 }}>
        {!page.online && (
          <Alert severity="warning" role="status">
            {t('access.offline')}
          </Alert>
        )}
        {!page.canWrite && <Alert severity="info">{t('access.readOnly')}</Alert>}
      </Stack>
      <AccessTabs value={page.tab} onChange={page.setTab} />
      <Box role="tabpanel" id={panelId(page.tab)} aria-labelledby={tabId(page.tab)} sx={{ minWidth: 0 }}>
        {page.tab === 'blocks' ? (
          <BlockedFlatsTab canWrite={page.canWrite} online={page.online} />
        ) : (
          <Suspense fallback={<Typography color="text.secondary">{t('app.loading')}</Typography>}>
            <CatalogueTab canWrite={page.canWrite} online={page.online} />
          </Suspense>
        )}
      </Box>
    </>
  );
}
