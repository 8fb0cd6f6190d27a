import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { DeviceSyncState, SyncChange, SyncDifference } from '@contract/device-sync';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { PageSection } from '@/components/page-section';
import { StatusChip, type StatusTone } from '@/components/status-chip';
import { useServerText } from '@/i18n/i18n';
import { useDateFormat } from '@/lib/dates';
import { errorMessage } from '@/lib/http';
import { useT, type FeatureMessageKey, type Translate } from '../messages';
import { useDeviceSync, type DeviceSyncModel } from '../use-device-sync';

const TONES: Record<DeviceSyncState['state'], StatusTone> = { 'in-sync': 'good', pending: 'off', failed: 'bad', differs: 'bad' };

/** The device card's «what the panel has against what it should have» (docs/api.md "Device sync"). */
export function DeviceSyncSection({ mac, canEdit }: { mac: string; canEdit: boolean }) {
  const t = useT();
  const model = useDeviceSync(mac);
  const [confirmFull, setConfirmFull] = useState(false);
  const { state } = model;
  const busy = model.running !== null;
  const actions = state && (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {canEdit && state.owedCount > 0 && (
        <Button variant="contained" onClick={() => model.run('retry')} disabled={busy || !model.online} sx={{ minHeight: 44 }}>
          {t('sync.retry')}
        </Button>
      )}
      <Button variant="outlined" onClick={() => model.run('read')} disabled={busy || !model.online} sx={{ minHeight: 44 }}>
        {t('sync.read')}
      </Button>
      {canEdit && (
        <Button variant="outlined" onClick={() => setConfirmFull(true)} disabled={busy || !model.online} sx={{ minHeight: 44 }}>
          {t('sync.full')}
        </Button>
      )}
    </Box>
  );

  return (
    <Box sx={{ mb: 2 }}>
      <PageSection title={t('sync.title')} actions={actions} error={model.actionError && t('sync.actionError', { error: model.actionError })}>
        {model.pending && (
          <Box role="status" aria-label={t('sync.loading')}>
            <Skeleton variant="rounded" height={56} />
          </Box>
        )}
        {model.error && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={model.reload}>
                {t('sync.reload')}
              </Button>
            }
          >
            {t('sync.loadError', { error: errorMessage(model.error) })}
          </Alert>
        )}
        {state && <SyncBody state={state} model={model} t={t} />}
      </PageSection>
      <LazyConfirmDialog
        open={confirmFull}
        title={t('sync.full.confirm.title')}
        text={t('sync.full.confirm.text')}
        confirmLabel={t('sync.full.confirm.ok')}
        onConfirm={() => {
          setConfirmFull(false);
          model.run('full');
        }}
        onClose={() => setConfirmFull(false)}
      />
    </Box>
  );
}

function stateText(state: DeviceSyncState, t: Translate): string {
  if (state.state === 'pending') return t('sync.state.pending', { count: state.owedCount });
  if (state.state === 'differs') return t('sync.state.differs', { count: state.readBack?.differenceCount ?? 0 });
  return t(`sync.state.${state.state}`);
}

/** The state, the newest refusal (its coded reason worded in the reader's language), the owed changes and the read-back. */
export function SyncBody({ state, model, t }: { state: DeviceSyncState; model: Pick<DeviceSyncModel, 'running' | 'online'>; t: Translate }) {
  const { dateTime } = useDateFormat();
  const serverText = useServerText();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }} aria-busy={model.running !== null}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box role="status">
          <StatusChip tone={TONES[state.state]}>{stateText(state, t)}</StatusChip>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {model.running ? t('sync.busy') : state.lastConfirmedAt ? t('sync.lastConfirmed', { time: dateTime(state.lastConfirmedAt) }) : t('sync.neverConfirmed')}
        </Typography>
      </Box>
      {!model.online && <Alert severity="info">{t('sync.offline')}</Alert>}
      {state.resyncQueuedAt && <Alert severity="info">{t('sync.queued', { time: dateTime(state.resyncQueuedAt) })}</Alert>}
      {state.lastFailure && <Alert severity="error">{t('sync.failure', { time: dateTime(state.lastFailure.at), message: serverText(state.lastFailure) })}</Alert>}
      {state.changes.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('sync.changes')}
          </Typography>
          <Box component="ul" aria-label={t('sync.changes')} sx={{ m: 0, pl: 0, listStyle: 'none' }}>
            {state.changes.map((change) => (
              <ChangeRow key={change.id} change={change} t={t} dateTime={dateTime} />
            ))}
          </Box>
          {state.owedCount > state.changes.length && (
            <Typography variant="body2" color="text.secondary">
              {t('sync.changes.more', { count: state.owedCount - state.changes.length })}
            </Typography>
          )}
        </Box>
      )}
      <ReadBack state={state} t={t} dateTime={dateTime} />
    </Box>
  );
}

const rowSx = { display: 'flex', flexWrap: 'wrap', columnGap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' } as const;

function ChangeRow({ change, t, dateTime }: { change: SyncChange; t: Translate; dateTime: (value: string) => string }) {
  return (
    <Box component="li" sx={rowSx}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
        {t(`sync.kind.${change.kind}` as FeatureMessageKey)} {change.target}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary">
        {change.summary}
      </Typography>
      <Typography component="span" variant="body2" color={change.status === 'failed' ? 'error' : 'text.secondary'}>
        {change.status === 'failed' ? t('sync.change.failed', { attempts: change.attempts }) : t('sync.change.owed')}
        {change.status === 'failed' && change.nextAttemptAt ? `, ${t('sync.change.next', { time: dateTime(change.nextAttemptAt) })}` : ''}
      </Typography>
    </Box>
  );
}

function ReadBack({ state, t, dateTime }: { state: DeviceSyncState; t: Translate; dateTime: (value: string) => string }) {
  const read = state.readBack;
  const value = (text: string | null) => text ?? t('sync.difference.none');
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {t('sync.readBack')}
      </Typography>
      {!read && (
        <Typography variant="body2" color="text.secondary">
          {t('sync.readBack.none')}
        </Typography>
      )}
      {read?.error && <Alert severity="warning">{t('sync.readBack.error', { time: dateTime(read.readAt), message: read.error })}</Alert>}
      {read && !read.error && (
        <Typography variant="body2" color={read.differenceCount > 0 ? 'error' : 'text.secondary'}>
          {t('sync.readBack.at', { time: dateTime(read.readAt) })}: {read.differenceCount > 0 ? t('sync.state.differs', { count: read.differenceCount }) : t('sync.readBack.clean')}
        </Typography>
      )}
      {read && read.differences.length > 0 && (
        <Box component="ul" aria-label={t('sync.readBack')} sx={{ m: 0, pl: 0, listStyle: 'none' }}>
          {read.differences.map((difference: SyncDifference, index) => (
            <Box component="li" key={`${difference.kind}-${difference.target}-${index}`} sx={rowSx}>
              <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                {t(`sync.kind.${difference.kind}` as FeatureMessageKey)} {difference.target}
              </Typography>
              <Typography component="span" variant="body2">
                {t('sync.difference.database', { value: value(difference.database) })}
              </Typography>
              <Typography component="span" variant="body2">
                {t('sync.difference.device', { value: value(difference.device) })}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {read && read.differenceCount > read.differences.length && (
        <Typography variant="body2" color="text.secondary">
          {t('sync.readBack.more', { shown: read.differences.length, count: read.differenceCount })}
        </Typography>
      )}
    </Box>
  );
}
