import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { ListPager } from '@/components/paged-list/list-pager';
import { useT, type FeatureMessageKey } from '@/features/outbox/messages';
import { SENT_JOB_KEPT_MS } from '@/offline/outbox-queue';
import { DRAFTS_TAB } from '../access';
import type { DraftView, JobFilter, JobView } from '../model';
import { JOB_PAGE_SIZE, useOutboxPage } from '../use-outbox-page';
import { DraftList } from './draft-list';
import { JobFilterChips } from './job-filter-chips';
import { JobList } from './job-list';
import { StorageNote } from './storage-note';

const SENT_JOB_KEPT_DAYS = Math.round(SENT_JOB_KEPT_MS / 86_400_000);

const EMPTY: Record<JobFilter, FeatureMessageKey> = {
  unsent: 'outbox.empty',
  waiting: 'outbox.empty.waiting',
  attention: 'outbox.empty.attention',
  sent: 'outbox.empty.sent',
};

/** /outbox, the send queue and (second tab) the drafts on this device. */
export function OutboxPage() {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const page = useOutboxPage();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === DRAFTS_TAB ? DRAFTS_TAB : 'jobs';
  const [pendingDiscard, setPendingDiscard] = useState<JobView | null>(null);
  const [pendingDelete, setPendingDelete] = useState<DraftView | null>(null);
  /** The aged sent jobs the person is asked to remove, while the confirmation is open. */
  const [pendingPrune, setPendingPrune] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  if (page.ready && !page.allowed) {
    return (
      <>
        <PageHeader title={t('outbox.title')} />
        <Alert severity="info">{t('outbox.noAccess')}</Alert>
      </>
    );
  }

  const selectTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === DRAFTS_TAB) next.set('tab', DRAFTS_TAB);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  const confirmDiscard = async () => {
    if (!pendingDiscard) return;
    setBusy(true);
    await page.discard(pendingDiscard);
    setBusy(false);
    setPendingDiscard(null);
  };

  const confirmPrune = async () => {
    setBusy(true);
    await page.pruneSent();
    setBusy(false);
    setPendingPrune(null);
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setBusy(true);
    await page.removeDraft(pendingDelete);
    setBusy(false);
    setPendingDelete(null);
  };

  const loading = <Skeleton variant="rounded" height={120} />;

  return (
    <>
      <PageHeader
        title={t('outbox.title')}
        actions={
          tab === 'jobs' &&
          page.jobTotal > 0 && (
            <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void page.exportAll()}>
              {t('outbox.exportAll')}
            </Button>
          )
        }
      />
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('outbox.intro')}
      </Typography>
      <StorageNote status={page.storage} loading={page.storageLoading} />
      {page.paused && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('outbox.paused')}
        </Alert>
      )}
      {page.offline && !page.paused && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('outbox.offline')}
        </Alert>
      )}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} onChange={(_event, value: string) => selectTab(value)} variant={phone ? 'fullWidth' : 'standard'}>
          <Tab value="jobs" label={t('outbox.tab.jobs', { count: page.jobTotal })} />
          <Tab value={DRAFTS_TAB} label={t('outbox.tab.drafts', { count: page.drafts?.length ?? 0 })} />
        </Tabs>
      </Box>
      {tab === 'jobs' && (
        <>
          <JobFilterChips filter={page.filter} counts={page.filterCounts} onSelect={page.selectFilter} />
          {page.filter === 'sent' && page.agedSent > 0 && (
            <Alert
              severity="info"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => setPendingPrune(page.agedSent)}>
                  {t('outbox.prune.action')}
                </Button>
              }
            >
              {t('outbox.prune.text', { days: SENT_JOB_KEPT_DAYS, count: page.agedSent })}
            </Alert>
          )}
          {!page.jobs ? (
            loading
          ) : page.jobs.length === 0 ? (
            <Typography color="text.secondary">{t(EMPTY[page.filter])}</Typography>
          ) : (
            <>
              <JobList
                jobs={page.jobs}
                phone={phone}
                canAct={page.canAct}
                offline={page.offline}
                sentOnly={page.filter === 'sent'}
                onSendNow={(view) => void page.sendNow(view)}
                onRetry={(view) => void page.retry(view)}
                onExport={(view) => page.exportJob(view.job)}
                onDiscard={setPendingDiscard}
              />
              {page.jobMatching > JOB_PAGE_SIZE && (
                <ListPager list={{ page: page.page, config: { firstPage: 0 }, setPage: page.setPage }} totalCount={page.jobMatching} pageSize={JOB_PAGE_SIZE} navLabel={t('outbox.pager')} />
              )}
            </>
          )}
          {page.filter === 'unsent' && (page.filterCounts?.sent ?? 0) > 0 && (
            <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
              <Typography color="text.secondary">{t('outbox.folded', { count: page.filterCounts?.sent ?? 0 })}</Typography>
              <Button size="small" onClick={() => page.selectFilter('sent')}>
                {t('outbox.folded.show')}
              </Button>
            </Box>
          )}
        </>
      )}
      {tab === DRAFTS_TAB &&
        (!page.drafts ? (
          loading
        ) : page.drafts.length === 0 ? (
          <Typography color="text.secondary">{t('drafts.empty')}</Typography>
        ) : (
          <DraftList drafts={page.drafts} phone={phone} onExport={page.exportDraft} onDelete={setPendingDelete} />
        ))}
      <ConfirmDialog
        open={pendingDiscard !== null}
        title={pendingDiscard ? t('outbox.discard.title', { id: pendingDiscard.id }) : ''}
        text={pendingDiscard?.status === 'sent' ? t('outbox.discard.sent') : t('outbox.discard.unsent')}
        confirmLabel={t('outbox.action.discard')}
        danger
        busy={busy}
        onConfirm={() => void confirmDiscard()}
        onClose={() => setPendingDiscard(null)}
      />
      <ConfirmDialog
        open={pendingPrune !== null}
        title={t('outbox.prune.title', { days: SENT_JOB_KEPT_DAYS })}
        text={t('outbox.prune.confirmText', { count: pendingPrune ?? 0 })}
        confirmLabel={t('outbox.prune.confirm')}
        danger
        busy={busy}
        onConfirm={() => void confirmPrune()}
        onClose={() => setPendingPrune(null)}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        title={t('drafts.delete.title')}
        text={pendingDelete ? t('drafts.delete.text', { title: pendingDelete.title.trim() || t('drafts.untitled') }) : ''}
        confirmLabel={t('drafts.delete')}
        danger
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setPendingDelete(null)}
      />
    </>
  );
}
