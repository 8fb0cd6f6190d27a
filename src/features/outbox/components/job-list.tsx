import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useT, type FeatureMessageKey } from '@/features/outbox/messages';
import { useDateFormat } from '@/lib/dates';
import { nextAttempt, type JobView } from '../model';
import { JobActions, type JobActionHandlers } from './job-actions';
import { JobStatusChip } from './job-status-chip';
import { TechnicalDetails } from './technical-details';
import { useServerText } from '@/i18n/i18n';
import { jobErrorOf } from '@/offline/db';

/** The next-attempt text, which also says why "send now" is off without a network. */
const nextAttemptId = (view: JobView) => `outbox-job-${view.id}-next`;

interface JobListProps extends JobActionHandlers {
  jobs: JobView[];
  phone: boolean;
  canAct: boolean;
  /** No network: queued jobs wait for it, and cannot be sent now. */
  offline: boolean;
  /** The list shows sent jobs only: the column says when each was sent, not a next attempt. */
  sentOnly: boolean;
}

/** A sent job has no next attempt: the field says when it was sent instead. */
const whenLabel = (sent: boolean): FeatureMessageKey => (sent ? 'outbox.column.sentAt' : 'outbox.column.nextAttempt');

/** What the job does, in words; the call it makes only in the folded details, for support staff. */
function KindText({ view }: { view: JobView }) {
  const t = useT();
  const { job } = view;
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {t(view.kindLabel)}
      </Typography>
      <TechnicalDetails
        rows={[
          [t('outbox.details.kind'), job.kind],
          [t('outbox.details.request'), `${job.method} ${job.url}`],
          [t('outbox.details.key'), job.idempotencyKey],
          [t('outbox.details.status'), job.attempts === 0 ? null : job.lastStatus === null ? t('outbox.details.noAnswer') : String(job.lastStatus)],
        ]}
      />
    </>
  );
}

function TargetText({ view }: { view: JobView }) {
  const t = useT();
  return (
    <>
      {view.mac && <Typography variant="body2">{t('outbox.field.mac', { mac: view.mac })}</Typography>}
      {view.house && (
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {t('outbox.field.house', { house: view.house })}
        </Typography>
      )}
      {!view.mac && !view.house && '—'}
    </>
  );
}

function useNextAttemptText(offline: boolean): (view: JobView) => string {
  const t = useT();
  const { dateTime } = useDateFormat();
  return (view) => {
    const next = nextAttempt(view, offline, Date.now());
    switch (next.kind) {
      case 'waiting-for':
        return t('outbox.waitingFor', { id: next.id });
      case 'sent':
        return dateTime(next.at);
      case 'when-online':
        return t('outbox.nextAttempt.whenOnline');
      case 'now':
        return t('outbox.nextAttempt.now');
      case 'at':
        return dateTime(next.at);
      case 'none':
        return '—';
    }
  };
}

/** The server's message (its HTTP code is in the details). */
function ErrorText({ view }: { view: JobView }) {
  const serverText = useServerText();
  const error = jobErrorOf(view.job);
  if (!error) return <>—</>;
  return (
    <Typography variant="body2" color={view.status === 'needs-attention' ? 'error' : 'text.primary'} sx={{ wordBreak: 'break-word' }}>
      {serverText(error)}
    </Typography>
  );
}

/** Every job with its fields and actions; a table on wide screens, cards on phones. */
export function JobList({ jobs, phone, canAct, offline, sentOnly, ...handlers }: JobListProps) {
  const t = useT();
  const { dateTime } = useDateFormat();
  const nextAttemptText = useNextAttemptText(offline);

  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('outbox.title')}>
        {jobs.map((view) => (
          <Card key={view.id} component="li" variant="outlined" aria-label={t('outbox.job', { id: view.id })}>
            <CardContent sx={{ display: 'grid', gap: 1, '&:last-child': { pb: 2 } }}>
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="caption" color="text.secondary">
                    {t('outbox.job', { id: view.id })}
                  </Typography>
                  <KindText view={view} />
                </Box>
                <JobStatusChip status={view.status} />
              </Box>
              <TargetText view={view} />
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}>
                <Typography component="dt" variant="body2">
                  {t('outbox.column.created')}
                </Typography>
                <Typography component="dd" variant="body2">
                  {dateTime(view.job.createdAt)}
                </Typography>
                <Typography component="dt" variant="body2">
                  {t('outbox.column.attempts')}
                </Typography>
                <Typography component="dd" variant="body2">
                  {view.job.attempts}
                </Typography>
                <Typography component="dt" variant="body2">
                  {t(whenLabel(view.status === 'sent'))}
                </Typography>
                <Typography component="dd" variant="body2" id={nextAttemptId(view)}>
                  {nextAttemptText(view)}
                </Typography>
                <Typography component="dt" variant="body2">
                  {t('outbox.column.lastError')}
                </Typography>
                <Box component="dd">
                  <ErrorText view={view} />
                </Box>
              </Box>
              <JobActions view={view} variant="buttons" canAct={canAct} offline={offline} reasonId={nextAttemptId(view)} {...handlers} />
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {/* Fixed widths: long addresses and errors wrap inside their column instead of widening the table. */}
      <Table size="small" aria-label={t('outbox.title')} sx={{ tableLayout: 'fixed', minWidth: 860, '& td, & th': { px: 1.25 } }}>
        <colgroup>
          <col style={{ width: 52 }} />
          <col style={{ width: '18%' }} />
          <col style={{ width: '17%' }} />
          <col style={{ width: '12%' }} />
          <col style={{ width: 84 }} />
          <col style={{ width: '17%' }} />
          <col style={{ width: '12%' }} />
          <col style={{ width: 172 }} />
          <col style={{ width: 124 }} />
        </colgroup>
        <TableHead>
          <TableRow>
            <TableCell>{t('outbox.column.id')}</TableCell>
            <TableCell>{t('outbox.column.kind')}</TableCell>
            <TableCell>{t('outbox.column.target')}</TableCell>
            <TableCell>{t('outbox.column.created')}</TableCell>
            <TableCell align="right">{t('outbox.column.attempts')}</TableCell>
            <TableCell>{t('outbox.column.lastError')}</TableCell>
            <TableCell>{t(whenLabel(sentOnly))}</TableCell>
            <TableCell>{t('outbox.column.status')}</TableCell>
            <TableCell align="right">{t('outbox.column.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {jobs.map((view) => (
            <TableRow key={view.id} hover sx={{ verticalAlign: 'top' }}>
              <TableCell>{view.id}</TableCell>
              <TableCell>
                <KindText view={view} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <TargetText view={view} />
              </TableCell>
              <TableCell>{dateTime(view.job.createdAt)}</TableCell>
              <TableCell align="right">{view.job.attempts}</TableCell>
              <TableCell>
                <ErrorText view={view} />
              </TableCell>
              <TableCell id={nextAttemptId(view)}>{nextAttemptText(view)}</TableCell>
              <TableCell>
                <JobStatusChip status={view.status} />
              </TableCell>
              <TableCell align="right">
                <JobActions view={view} variant="icons" canAct={canAct} offline={offline} reasonId={nextAttemptId(view)} {...handlers} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
