import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import Send from '@mui/icons-material/Send';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { FeatureTranslate } from '@/i18n/i18n';
import { useDateFormat } from '@/lib/dates';
import { jobErrorOf, type OutboxJob } from '@/offline/db';
import { useT } from '@/components/wizard/job-messages';
import { useServerText } from '@/i18n/i18n';

// Loaded when first needed: the wizard routes have a 250 KB budget.
const ConfirmDialog = lazy(() => import('@/components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

const SEVERITY: Record<OutboxJob['status'], AlertColor> = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  'needs-attention': 'error',
  paused: 'warning',
};

type Suffix =
  | 'job.label'
  | 'job.queued.online'
  | 'job.queued.offline'
  | 'job.sent'
  | 'job.needsAttention'
  | 'job.needsAttention.detail'
  | 'job.paused.detail'
  | 'draft.delete.title'
  | 'draft.delete.text';

/** What the wizard says about its own submission, under its own prefix (e.g. `deviceWizard.job.sent`); the rest is job-messages.ts. */
export type OutboxJobPanelKey<P extends string> = `${P}.${Suffix}`;

/** What the panel reads of a wizard's hook. */
export interface WizardJobState {
  view: { state: 'none' } | { state: OutboxJob['status']; job: OutboxJob };
  online: boolean;
  /** "Send now" is offered while queued online and the app's queue engine runs. */
  hasRuntime: boolean;
  sendNow: () => Promise<void>;
  removeDraft: () => Promise<void>;
}

interface OutboxJobPanelProps<P extends string> {
  wizard: WizardJobState;
  t: FeatureTranslate<OutboxJobPanelKey<P>>;
  prefix: P;
  /** After the draft is deleted. */
  onStartNew: () => void;
  /** What the server answered, once sent: a string as a line of text, or a node as it is. */
  sent?: (job: OutboxJob) => ReactNode;
  /** A link offered once sent (e.g. the device's card). */
  sentLink?: (job: OutboxJob) => { to: string; label: string } | null;
}

/** Where a wizard's submission is: queued, sending, sent, needs attention (with the server's message) or paused; nothing before it is queued. */
export function OutboxJobPanel<P extends string>({ wizard, t, prefix, onStartNew, sent: sentOf, sentLink: linkOf }: OutboxJobPanelProps<P>) {
  const shared = useT();
  const serverText = useServerText();
  const format = useDateFormat();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (wizard.view.state === 'none') return null;
  const { job } = wizard.view;
  const { online, hasRuntime, sendNow, removeDraft } = wizard;
  const sent = job.status === 'sent' ? sentOf?.(job) : null;
  const sentLink = job.status === 'sent' ? linkOf?.(job) : null;
  const text = (suffix: Suffix, params?: Record<string, string | number>) => t(`${prefix}.${suffix}`, params);
  const error = jobErrorOf(job);
  const lastError = error === null ? null : serverText(error);

  let detail: string | null = null;
  if (job.status === 'queued') {
    detail = online ? text('job.queued.online') : text('job.queued.offline');
    if (job.attempts > 0) {
      detail += ` ${shared(online ? 'wizardJob.attempts' : 'wizardJob.attemptsOffline', { attempts: job.attempts, next: format.dateTime(job.nextAttemptAt) })}`;
      if (lastError) detail += ` ${shared('wizardJob.lastError', { error: lastError })}`;
    }
  } else if (job.status === 'needs-attention') {
    detail = text('job.needsAttention.detail', { error: (lastError ?? t('common.requestFailed')).replace(/[.\s]+$/, '') });
  } else if (job.status === 'paused') {
    detail = text('job.paused.detail');
  } else if (job.status === 'sent' && typeof sent === 'string') {
    detail = sent || null;
  }

  const title: Record<OutboxJob['status'], string> = {
    queued: shared('wizardJob.queued'),
    sending: shared('wizardJob.sending'),
    paused: shared('wizardJob.paused'),
    sent: text('job.sent'),
    'needs-attention': text('job.needsAttention'),
  };
  const button = { size: 'medium', variant: 'outlined', color: 'inherit', sx: { minHeight: 44 } } as const;
  return (
    <>
      <Alert
        severity={SEVERITY[job.status]}
        role="status"
        aria-label={text('job.label')}
        icon={job.status === 'sending' ? <CircularProgress size={20} color="inherit" /> : undefined}
        sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
      >
        <AlertTitle>{title[job.status]}</AlertTitle>
        {detail && <Typography variant="body2">{detail}</Typography>}
        {job.status === 'sent' && typeof sent !== 'string' && sent}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 1.5 }}>
          {job.status === 'queued' && online && hasRuntime && (
            <Button {...button} startIcon={<Send />} onClick={() => void sendNow()}>
              {shared('wizardJob.sendNow')}
            </Button>
          )}
          {job.status === 'sent' && (
            <Button {...button} startIcon={<DeleteOutlineOutlined />} onClick={() => setConfirming(true)}>
              {shared('wizardJob.deleteDraft')}
            </Button>
          )}
          {job.status === 'sent' && sentLink && (
            <Link component={RouterLink} to={sentLink.to}>
              {sentLink.label}
            </Link>
          )}
          <Link component={RouterLink} to="/outbox">
            {shared('wizardJob.openQueue')}
          </Link>
        </Box>
      </Alert>
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            danger
            busy={deleting}
            title={text('draft.delete.title')}
            text={text('draft.delete.text')}
            confirmLabel={t('confirm.delete')}
            onConfirm={() => {
              setDeleting(true);
              void removeDraft().then(() => {
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
