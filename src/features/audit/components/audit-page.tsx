import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, lazy, useState } from 'react';
import type { AuditRecord } from '@contract/audit';
import { PageHeader } from '@/components/page-header';
import { PageLoadError } from '@/components/page-load-error';
import { useT } from '../messages';
import { useAuditList } from '../use-audit-list';
import { AuditFilters } from './audit-filters';
import { AuditCards, AuditTable } from './audit-records';

// The dialog and its diff table come with the first record opened (the route's JS budget).
const AuditRecordDialog = lazy(() => import('./audit-record-dialog').then((module) => ({ default: module.AuditRecordDialog })));

/** `/audit`: every mutating request, newest first, filtered; a record opens its diff. */
export function AuditPage() {
  const t = useT();
  const model = useAuditList();
  const cards = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const [open, setOpen] = useState<AuditRecord | null>(null);
  const { list } = model;
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', display: 'grid', gap: 2, minWidth: 0 }}>
      <PageHeader title={t('audit.title')} />
      <Typography color="text.secondary">{t('audit.intro')}</Typography>
      <Box sx={{ minWidth: 0 }}>
        <AuditFilters filters={list.filters} onApply={list.setFilters} onClear={list.clearFilters} />
        {model.pending && model.error === null ? (
          <LinearProgress aria-label={t('audit.loading')} />
        ) : model.error !== null && model.rows.length === 0 ? (
          <PageLoadError error={model.error} message={(error) => t('audit.loadError', { error })} retryLabel={t('audit.retry')} onRetry={model.retry} />
        ) : model.rows.length === 0 ? (
          <Typography color="text.secondary">{model.filtered ? t('audit.noneFound') : t('audit.none')}</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
            {model.loading && <LinearProgress aria-label={t('audit.loading')} />}
            {cards ? <AuditCards rows={model.rows} busy={model.loading} onOpen={setOpen} /> : <AuditTable rows={model.rows} busy={model.loading} onOpen={setOpen} />}
            {model.more ? (
              <Button variant="outlined" onClick={model.more} disabled={model.loadingMore} sx={{ justifySelf: 'center' }}>
                {t(model.loadingMore ? 'audit.loadingMore' : 'audit.more')}
              </Button>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ justifySelf: 'center' }}>
                {t('audit.end')}
              </Typography>
            )}
          </Box>
        )}
      </Box>
      {open && (
        <Suspense fallback={null}>
          <AuditRecordDialog record={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Box>
  );
}
