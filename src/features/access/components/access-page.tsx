import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, lazy } from 'react';
import { PageHeader } from '@/components/page-header';
import { useT } from '@/features/access/messages';
import type { AccessTab } from '../model';
import { useAccessPage } from '../use-access-page';
import { BlockedFlatsTab } from './blocked-flats-tab';

// The catalogue loads with its tab: the blocked flats open first and alone fit the route's budget.
const CatalogueTab = lazy(() => import('./catalogue-tab').then((m) => ({ default: m.CatalogueTab })));

const TAB_LABELS = { blocks: 'access.tab.blocks', catalogue: 'access.tab.catalogue' } as const;

/** /access «Управление блокировками»: the blocked flats, and the access catalogue (issue 12 §1). */
export function AccessPage() {
  const t = useT();
  const page = useAccessPage();
  // Both tabs in view on a phone, each taking half the width.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const panelId = (tab: AccessTab) => `access-panel-${tab}`;
  const tabId = (tab: AccessTab) => `access-tab-${tab}`;
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
      <Tabs
        value={page.tab}
        onChange={(_event, tab: AccessTab) => page.setTab(tab)}
        aria-label={t('access.tabs')}
        variant={phone ? 'fullWidth' : 'standard'}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {(['blocks', 'catalogue'] as const).map((tab) => (
          <Tab key={tab} value={tab} label={t(TAB_LABELS[tab])} id={tabId(tab)} aria-controls={panelId(tab)} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId(page.tab)} aria-labelledby={tabId(page.tab)} sx={{ minWidth: 0 }}>
        {page.tab === 'blocks' ? (
          <BlockedFlatsTab canWrite={page.canWrite} online={page.online} />
        ) : (
          <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
            <CatalogueTab canWrite={page.canWrite} online={page.online} />
          </Suspense>
        )}
      </Box>
    </>
  );
}
