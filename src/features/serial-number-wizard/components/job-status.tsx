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
import { validate } from 'superstruct';
import { PrepareDeviceResponse } from '@contract/adjuster';
import { useT, type MessageKey } from '@/features/serial-number-wizard/messages';
import { useDateFormat } from '@/lib/dates';
import type { OutboxJob } from '@/offline/db';
import type { SerialNumberWizard } from '../use-serial-number-wizard';

// Loaded when first needed: the route has a 250 KB budget.
const ConfirmDialog = lazy(() => import('@/components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

const SEVERITY: Record<OutboxJob['status'], AlertColor> = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  'needs-attention': 'error',
  paused: 'warning',
};

const TITLE: Record<OutboxJob['status'], MessageKey> = {
  queued: 'serialWizard.job.queued',
  sending: 'serialWizard.job.sending',
  sent: 'serialWizard.job.sent',
  'needs-attention': 'serialWizard.job.needsAttention',
  paused: 'serialWizard.job.paused',
};

/** The server's answer to the accepted attempt, when it reads as prepare-device's. */
function acceptedAnswer(job: OutboxJob): { message: string | null; deviceId: number | null } {
  const [failure, answer] = validate(job.response, PrepareDeviceResponse);
  if (failure) return { message: null, deviceId: null };
  return { message: answer.message ?? null, deviceId: answer.data?.deviceId ?? null };
}

interface JobStatusProps {
  wizard: SerialNumberWizard;
  onStartNew: () => void;
}

/** Where the submission is: queued, sending, sent, needs attention (with the server's message) or paused. */
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
    detail = wizard.online ? t('serialWizard.job.queued.online') : t('serialWizard.job.queued.offline');
    if (job.attempts > 0) {
      detail += ` ${t('serialWizard.job.attempts', { attempts: job.attempts, next: format.dateTime(job.nextAttemptAt) })}`;
      if (job.lastError) detail += ` ${t('serialWizard.job.lastError', { error: job.lastError })}`;
    }
  } else if (job.status === 'needs-attention') {
    detail = t('serialWizard.job.needsAttention.detail', { error: (job.lastError ?? t('common.requestFailed')).replace(/[.\s]+$/, '') });
  } else if (job.status === 'paused') {
    detail = t('serialWizard.job.paused.detail');
  } else if (job.status === 'sent') {
    const answer = acceptedAnswer(job);
    detail = [answer.message, answer.deviceId !== null ? t('serialWizard.job.deviceId', { id: answer.deviceId }) : null].filter(Boolean).join('. ');
  }

  const actions = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
      {job.status === 'queued' && wizard.online && wizard.hasRuntime && (
        <Button size="medium" variant="outlined" color="inherit" startIcon={<Send />} onClick={() => void wizard.sendNow()} sx={{ minHeight: 44 }}>
          {t('serialWizard.job.sendNow')}
        </Button>
      )}
      {job.status === 'sent' && (
        <Button size="medium" variant="outlined" color="inherit" startIcon={<DeleteOutlineOutlined />} onClick={() => setConfirming(true)} sx={{ minHeight: 44 }}>
          {t('serialWizard.draft.delete')}
        </Button>
      )}
      <Link component={RouterLink} to="/outbox" sx={{ alignSelf: 'center', ml: job.status === 'sent' || job.status === 'queued' ? 1 : 0 }}>
        {t('serialWizard.job.openQueue')}
      </Link>
    </Box>
  );

  return (
    <>
      <Alert
        severity={SEVERITY[job.status]}
        role="status"
        aria-label={t('serialWizard.job.label')}
        icon={job.status === 'sending' ? <CircularProgress size={20} color="inherit" /> : undefined}
        sx={{ mb: 2 }}
      >
        <AlertTitle>{t(TITLE[job.status])}</AlertTitle>
        {detail && <Typography variant="body2">{detail}</Typography>}
        {actions}
      </Alert>
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            danger
            busy={deleting}
            title={t('serialWizard.draft.delete.title')}
            text={t('serialWizard.draft.delete.text')}
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
