import Replay from '@mui/icons-material/Replay';
import Send from '@mui/icons-material/Send';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { codedMessageOf, type CodedText } from '@contract/server-texts';
import { useT, type MessageKey } from '@/features/adjuster-wizard/messages';
import { useServerText } from '@/i18n/i18n';
import type { AdjusterWizard } from '../use-adjuster-wizard';
import { jobErrorOf, type OutboxJob } from '@/offline/db';

const SEVERITY: Record<OutboxJob['status'], AlertColor> = { queued: 'info', sending: 'info', sent: 'success', 'needs-attention': 'error', paused: 'warning' };

const TITLE: Record<OutboxJob['status'], MessageKey> = {
  queued: 'adjusterWizard.outbox.queued',
  sending: 'adjusterWizard.outbox.sending',
  sent: 'adjusterWizard.outbox.sent',
  'needs-attention': 'adjusterWizard.outbox.needs-attention',
  paused: 'adjusterWizard.outbox.paused',
};

/** Where one queued request is (queued, sending, sent, refused with the server's reason, paused). */
export function OutboxStatus({ wizard, job, what }: { wizard: AdjusterWizard; job: OutboxJob; what: string }) {
  const t = useT();
  const serverText = useServerText();
  const said = job.status === 'sent' ? responseMessage(job.response) : jobErrorOf(job);
  const message = said === null ? null : serverText(said);
  return (
    <Alert
      severity={SEVERITY[job.status]}
      role="status"
      aria-label={t('adjusterWizard.outbox.label', { what })}
      icon={job.status === 'sending' ? <CircularProgress size={20} color="inherit" /> : undefined}
      sx={{ mt: 2 }}
    >
      <AlertTitle>
        {what}: {t(TITLE[job.status])}
      </AlertTitle>
      {job.status === 'queued' && !wizard.online && <Typography variant="body2">{t('adjusterWizard.outbox.queued.offline')}</Typography>}
      {message && <Typography variant="body2">{message}</Typography>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        {job.status === 'needs-attention' && (
          <Button variant="outlined" color="inherit" startIcon={<Replay />} onClick={() => void wizard.retryJob(job)} sx={{ minHeight: 44 }}>
            {t('adjusterWizard.outbox.retry')}
          </Button>
        )}
        {job.status === 'queued' && wizard.online && wizard.hasRuntime && (
          <Button variant="outlined" color="inherit" startIcon={<Send />} onClick={() => void wizard.sendNow(job)} sx={{ minHeight: 44 }}>
            {t('adjusterWizard.outbox.sendNow')}
          </Button>
        )}
        <Link component={RouterLink} to="/outbox" sx={{ alignSelf: 'center' }}>
          {t('adjusterWizard.outbox.openQueue')}
        </Link>
      </Box>
    </Alert>
  );
}

function responseMessage(response: unknown): CodedText | string | null {
  const coded = codedMessageOf(response);
  if (coded) return coded;
  if (typeof response !== 'object' || response === null || !('message' in response)) return null;
  return typeof response.message === 'string' ? response.message : null;
}
