import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import type { AuditRecord } from '@contract/audit';
import { AuditSummary } from '@/components/recent-audit/audit-changes';
import { AuditDiff } from '@/components/recent-audit/audit-diff';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** One record whole: who, from where, what, the result, and its diff. */
export function AuditRecordDialog({ record, onClose }: { record: AuditRecord; onClose: () => void }) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const dash = t('audit.dash');
  const targets = Object.entries(record.targets).map(([kind, id]) => `${kind}: ${id}`).join(', ');
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="audit-record-title">
      <DialogTitle id="audit-record-title">{t('audit.dialog.title', { id: record.id })}</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' }, gap: 0.5, columnGap: 2, m: 0, mb: 2 }}>
          <Row label={t('audit.dialog.when')}>{dateTime(record.at)}</Row>
          <Row label={t('audit.dialog.who')}>{record.userLogin ?? dash}</Row>
          <Row label={t('audit.dialog.roles')}>{record.userRoles ?? dash}</Row>
          <Row label={t('audit.dialog.route')}>{record.route}</Row>
          <Row label={t('audit.dialog.targets')}>{targets === '' ? dash : targets}</Row>
          <Row label={t('audit.dialog.ip')}>{record.ip ?? dash}</Row>
          <Row label={t('audit.dialog.agent')}>{record.userAgent ?? dash}</Row>
          <Row label={t('audit.dialog.outbox')}>{record.outbox ? t('audit.dialog.outboxKey', { key: record.idempotencyKey ?? dash }) : t('audit.dialog.direct')}</Row>
          <Row label={t('audit.dialog.result')}>{record.status}</Row>
          {record.message !== null && <Row label={t('audit.dialog.message')}>{record.message}</Row>}
        </Box>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          {t('audit.dialog.changes')}
        </Typography>
        <AuditSummary record={record} max={Infinity} fields />
        {record.diffSource === 'request' && (
          <Box sx={{ mt: 1 }}>
            <AuditDiff record={record} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('audit.dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
