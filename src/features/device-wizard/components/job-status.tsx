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
import { WizardSaveResponse } from '@contract/wizard';
import { useT, type MessageKey } from '@/features/device-wizard/messages';
import { useDateFormat } from '@/lib/dates';
import type { OutboxJob } from '@/offline/db';
import type { DeviceWizard } from '../use-device-wizard';

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
  queued: 'deviceWizard.job.queued',
  sending: 'deviceWizard.job.sending',
  sent: 'deviceWizard.job.sent',
  'needs-attention': 'deviceWizard.job.needsAttention',
  paused: 'deviceWizard.job.paused',
};

/** The server's message for the accepted save, when the stored answer reads as the save's. */
function acceptedMessage(job: OutboxJob): string | null {
  const [failure, answer] = validate(job.response, WizardSaveResponse);
  return failure ? null : (answer.message ?? null);
}

interface JobStatusProps {
  wizard: DeviceWizard;
  onStartNew: () => void;
}

/** Where the save is: queued, sending, sent, needs attention (with the server's message) or paused. */
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
    detail = wizard.online ? t('deviceWizard.job.queued.online') : t('deviceWizard.job.queued.offline');
    if (job.attempts > 0) {
      detail += ` ${t('deviceWizard.job.attempts', { attempts: job.attempts, next: format.dateTime(job.nextAttemptAt) })}`;
      if (job.lastError) detail += ` ${t('deviceWizard.job.lastError', { error: job.lastError })}`;
    }
  } else if (job.status === 'needs-attention') {
    detail = t('deviceWizard.job.needsAttention.detail', { error: (job.lastError ?? t('common.requestFailed')).replace(/[.\s]+$/, '') });
  } else if (job.status === 'paused') {
    detail = t('deviceWizard.job.paused.detail');
  } else if (job.status === 'sent') {
    detail = acceptedMessage(job);
  }

  const button = { size: 'medium', variant: 'outlined', color: 'inherit', sx: { minHeight: 44 } } as const;
  return (
    <>
      <Alert
        severity={SEVERITY[job.status]}
        role="status"
        aria-label={t('deviceWizard.job.label')}
        icon={job.status === 'sending' ? <CircularProgress size={20} color="inherit" /> : undefined}
        sx={{ mb: 2 }}
      >
        <AlertTitle>{t(TITLE[job.status])}</AlertTitle>
        {detail && <Typography variant="body2">{detail}</Typography>}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 1.5 }}>
          {job.status === 'queued' && wizard.online && wizard.hasRuntime && (
            <Button {...button} startIcon={<Send />} onClick={() => void wizard.sendNow()}>
              {t('deviceWizard.job.sendNow')}
            </Button>
          )}
          {job.status === 'sent' && (
            <Button {...button} startIcon={<DeleteOutlineOutlined />} onClick={() => setConfirming(true)}>
              {t('deviceWizard.draft.delete')}
            </Button>
          )}
          {job.status === 'sent' && (
            <Link component={RouterLink} to={`/devices/${encodeURIComponent(wizard.draft.mac)}/update`}>
              {t('deviceWizard.job.openCard')}
            </Link>
          )}
          <Link component={RouterLink} to="/outbox">
            {t('deviceWizard.job.openQueue')}
          </Link>
        </Box>
      </Alert>
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            danger
            busy={deleting}
            title={t('deviceWizard.draft.delete.title')}
            text={t('deviceWizard.draft.delete.text')}
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
