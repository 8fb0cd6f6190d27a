import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import Send from '@mui/icons-material/Send';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useT, type MessageKey } from '@/features/replace-wizard/messages';
import { useDateFormat } from '@/lib/dates';
import type { OutboxJob } from '@/offline/db';
import { replaceOutcome, type ReplaceOutcome } from '../model';
import type { ReplaceWizard } from '../use-replace-wizard';

const ConfirmDialog = lazy(() => import('@/components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

const SEVERITY: Record<OutboxJob['status'], AlertColor> = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  'needs-attention': 'error',
  paused: 'warning',
};

const TITLE: Record<OutboxJob['status'], MessageKey> = {
  queued: 'replaceWizard.job.queued',
  sending: 'replaceWizard.job.sending',
  sent: 'replaceWizard.job.sent',
  'needs-attention': 'replaceWizard.job.needsAttention',
  paused: 'replaceWizard.job.paused',
};

const ITEM_NAMES: Record<string, MessageKey> = { keys: 'replaceWizard.result.item.keys', sipAccount: 'replaceWizard.result.item.sipAccount' };

/** What the server moved and, item by item, what stayed on the old device and why. */
function Outcome({ outcome }: { outcome: ReplaceOutcome }) {
  const t = useT();
  const { moved, notMoved } = outcome;
  if (!moved) return <Typography variant="body2">{outcome.message ?? t('replaceWizard.result.unknown')}</Typography>;
  const counts: [MessageKey, string][] = [
    ['replaceWizard.result.houses', String(moved.houses)],
    ['replaceWizard.result.relays', String(moved.relays)],
    ['replaceWizard.result.keys', String(moved.keys)],
    ['replaceWizard.result.groups', String(moved.groups)],
    ['replaceWizard.result.sip', moved.sipAccount ? t('replaceWizard.result.yes') : t('replaceWizard.result.no')],
  ];
  return (
    <Box>
      <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
        {t('replaceWizard.result.moved')}:
      </Typography>
      <Box component="ul" aria-label={t('replaceWizard.result.moved')} sx={{ m: 0, pl: 2.5 }}>
        {counts.map(([key, value]) => (
          <li key={key}>
            <Typography variant="body2">
              {t(key)}: {value}
            </Typography>
          </li>
        ))}
      </Box>
      {notMoved === null ? (
        outcome.message && <Typography variant="body2">{outcome.message}</Typography>
      ) : notMoved.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('replaceWizard.result.everything')}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" component="p" sx={{ fontWeight: 600, mt: 1 }}>
            {t('replaceWizard.result.notMoved')}:
          </Typography>
          <Box component="ul" aria-label={t('replaceWizard.result.notMoved')} sx={{ m: 0, pl: 2.5 }}>
            {notMoved.map((item) => (
              <li key={item.item}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {ITEM_NAMES[item.item] ? t(ITEM_NAMES[item.item]) : item.item}: {item.values.join(', ')} — {item.reason}
                </Typography>
              </li>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}

interface JobStatusProps {
  wizard: ReplaceWizard;
  onStartNew: () => void;
}

/** Where the replacement is: queued, sending, done (with what moved), refused (with the server's message) or paused. */
export function JobStatus({ wizard, onStartNew }: JobStatusProps) {
  const t = useT();
  const format = useDateFormat();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { view } = wizard;
  if (view.state === 'none') return null;
  const { job } = view;

  let detail: string | null = null;
  if (job.status === 'queued') {
    detail = wizard.online ? t('replaceWizard.job.queued.online') : t('replaceWizard.job.queued.offline');
    if (job.attempts > 0) {
      detail += ` ${t('replaceWizard.job.attempts', { attempts: job.attempts, next: format.dateTime(job.nextAttemptAt) })}`;
      if (job.lastError) detail += ` ${t('replaceWizard.job.lastError', { error: job.lastError })}`;
    }
  } else if (job.status === 'needs-attention') {
    detail = t('replaceWizard.job.needsAttention.detail', { error: (job.lastError ?? t('common.requestFailed')).replace(/[.\s]+$/, '') });
  } else if (job.status === 'paused') {
    detail = t('replaceWizard.job.paused.detail');
  }
  const macTo = typeof job.target?.mac === 'string' ? job.target.mac : null;

  return (
    <>
      <Alert
        severity={SEVERITY[job.status]}
        role="status"
        aria-label={t('replaceWizard.job.label')}
        icon={job.status === 'sending' ? <CircularProgress size={20} color="inherit" /> : undefined}
        sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
      >
        <AlertTitle>{t(TITLE[job.status])}</AlertTitle>
        {detail && <Typography variant="body2">{detail}</Typography>}
        {job.status === 'sent' && <Outcome outcome={replaceOutcome(job.response)} />}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 1.5 }}>
          {job.status === 'queued' && wizard.online && wizard.hasRuntime && (
            <Button variant="outlined" color="inherit" startIcon={<Send />} onClick={() => void wizard.sendNow()} sx={{ minHeight: 44 }}>
              {t('replaceWizard.job.sendNow')}
            </Button>
          )}
          {job.status === 'sent' && (
            <Button variant="outlined" color="inherit" startIcon={<DeleteOutlineOutlined />} onClick={() => setConfirming(true)} sx={{ minHeight: 44 }}>
              {t('replaceWizard.draft.delete')}
            </Button>
          )}
          {job.status === 'sent' && macTo && (
            <Link component={RouterLink} to={`/devices/${encodeURIComponent(macTo)}/update`}>
              {t('replaceWizard.job.openCard')}
            </Link>
          )}
          <Link component={RouterLink} to="/outbox">
            {t('replaceWizard.job.openQueue')}
          </Link>
        </Box>
      </Alert>
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            danger
            busy={deleting}
            title={t('replaceWizard.draft.delete.title')}
            text={t('replaceWizard.draft.delete.text')}
            confirmLabel={t('confirm.delete')}
            onConfirm={() => {
              setDeleting(true);
              void wizard.removeDraft().then(() => {
                setDeleting(false);
                setConfirming(false);
                onStartNew();
              });
            }}
            onClose={() => setConfirming(false)}
          />
        </Suspense>
      )}
    </>
  );
}
