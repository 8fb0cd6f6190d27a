import PlayArrow from '@mui/icons-material/PlayArrow';
import Replay from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ADJUSTER_JOB_KINDS, type AdjusterJobKind } from '@contract/adjuster';
import { useT, type MessageKey } from '@/features/adjuster-wizard/messages';
import { useServerText } from '@/i18n/i18n';
import { jobPhase, jobProgress, jobsSummary, portKey, type JobPhase } from '../model';
import type { AdjusterWizard } from '../use-adjuster-wizard';
import { CallFailure, NetworkNote } from './network-note';

const JOB_LABELS: Record<AdjusterJobKind, MessageKey> = {
  changeVlanPort: 'adjusterWizard.job.changeVlanPort',
  disablePort: 'adjusterWizard.job.disablePort',
  enablePort: 'adjusterWizard.job.enablePort',
};

const PHASE_LABELS: Record<JobPhase, MessageKey> = {
  idle: 'adjusterWizard.job.idle',
  waiting: 'adjusterWizard.job.waiting',
  queued: 'adjusterWizard.job.queued',
  running: 'adjusterWizard.job.running',
  success: 'adjusterWizard.job.success',
  error: 'adjusterWizard.job.error',
};

/** The three port jobs: started together, polled, each with its progress and, on failure, the reason. */
export function JobsStep({ wizard }: { wizard: AdjusterWizard }) {
  const t = useT();
  const serverText = useServerText();
  const { draft, port } = wizard;
  const summary = jobsSummary(draft);
  const stale = port !== null && draft.jobsPort !== null && draft.jobsPort !== portKey(port);

  return (
    <Box>
      <NetworkNote online={wizard.online} />
      {port && (
        <Typography variant="body1" sx={{ mb: 2 }}>
          {t('adjusterWizard.jobs.port', { port: `${port.bsName}, ${port.portNum}` })}
        </Typography>
      )}
      <Box component="ol" aria-label={t('adjusterWizard.jobs.label')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {ADJUSTER_JOB_KINDS.map((kind) => {
          const job = draft.jobs[kind];
          const phase = jobPhase(job);
          const value = jobProgress(phase);
          const label = t(JOB_LABELS[kind]);
          return (
            <Box component="li" key={kind} aria-label={label} data-phase={phase}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
                  {label}
                </Typography>
                <Typography
                  variant="body2"
                  component="span"
                  role="status"
                  color={phase === 'error' ? 'error' : phase === 'success' ? 'success.main' : 'text.secondary'}
                  sx={{ fontWeight: 600 }}
                >
                  {t(PHASE_LABELS[phase])}
                  {job.jobNum !== null && ` · ${t('adjusterWizard.jobs.number', { number: job.jobNum })}`}
                </Typography>
              </Box>
              <LinearProgress
                aria-label={`${label}: ${t(PHASE_LABELS[phase])}`}
                variant={value === null ? 'indeterminate' : 'determinate'}
                value={value ?? undefined}
                color={phase === 'error' ? 'error' : phase === 'success' ? 'success' : 'primary'}
                sx={{ height: 10, borderRadius: 5, mt: 0.5 }}
              />
              {phase === 'error' && job.message && (
                <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
                  {serverText(job.message)}
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
      {summary === 'running' && !wizard.online && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('adjusterWizard.network.polling')}
        </Alert>
      )}
      {summary === 'done' && !stale && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {t('adjusterWizard.jobs.done')}
        </Alert>
      )}
      {summary === 'failed' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('adjusterWizard.jobs.failed')} {t('adjusterWizard.jobs.restart.hint')}
        </Alert>
      )}
      {(summary === 'not-started' || summary === 'failed' || stale) && (
        <Button
          variant="contained"
          size="large"
          color={summary === 'failed' ? 'warning' : 'primary'}
          startIcon={wizard.busy.jobs ? <CircularProgress size={18} color="inherit" /> : summary === 'failed' ? <Replay /> : <PlayArrow />}
          disabled={!port || !wizard.online || wizard.busy.jobs}
          onClick={() => void wizard.startJobs()}
          sx={{ minHeight: 48, mt: 2 }}
        >
          {summary === 'failed' ? t('adjusterWizard.jobs.restart') : t('adjusterWizard.jobs.start')}
        </Button>
      )}
      <CallFailure text={wizard.failures.jobs} />
    </Box>
  );
}
