import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { errorMessage } from '@/lib/http';
import { useT } from '../messages';
import { commutatorQueries } from '../queries';
import type { CommutatorsScreen } from '../use-commutators';

/**
 * «Считать с устройства»: the matrix read through the gateway (a few seconds, shown as running),
 * then the line-level check it starts, polled to its end, after which the units are reloaded.
 * Unsaved edits are replaced only after asking.
 */
export function DeviceRead({ mac, screen }: { mac: string; screen: CommutatorsScreen }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const start = () => (screen.dirty ? setAsking(true) : screen.readFromDevice());
  return (
    <>
      <Button variant="outlined" disabled={!screen.online || screen.reading} onClick={start}>
        {t('commutators.read')}
      </Button>
      <Box sx={{ flexBasis: '100%' }}>
        {screen.reading && (
          <Box role="status">
            <Typography variant="body2">{t('commutators.read.running')}</Typography>
            <LinearProgress aria-label={t('commutators.read.running')} />
          </Box>
        )}
        {screen.readError && <Alert severity="error">{t('commutators.read.error', { error: screen.readError })}</Alert>}
        {screen.taskId && <LineLevelProgress key={screen.taskId} mac={mac} taskId={screen.taskId} />}
      </Box>
      <LazyConfirmDialog
        open={asking}
        title={t('commutators.read.confirm.title')}
        text={t('commutators.read.confirm.text')}
        confirmLabel={t('commutators.read.confirm.ok')}
        danger
        onConfirm={() => {
          setAsking(false);
          screen.readFromDevice();
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

function LineLevelProgress({ mac, taskId }: { mac: string; taskId: string }) {
  const t = useT();
  const client = useQueryClient();
  const check = useQuery(commutatorQueries.lineLevelCheck(mac, taskId));
  const status = check.data?.status;
  useEffect(() => {
    if (status === 'done' || status === 'failed') void client.invalidateQueries({ queryKey: commutatorQueries.units(mac).queryKey });
  }, [status, client, mac]);

  if (check.isError) return <Alert severity="error">{t('commutators.check.pollError', { error: errorMessage(check.error) })}</Alert>;
  if (!check.data || status === 'running') {
    const progress = check.data?.progress ?? 0;
    return (
      <Box role="status">
        <Typography variant="body2">{t('commutators.lineCheck.running', { progress })}</Typography>
        <LinearProgress variant="determinate" value={progress} aria-label={t('commutators.lineCheck.label')} />
      </Box>
    );
  }
  return status === 'failed' ? (
    <Alert severity="error">{t('commutators.lineCheck.failed', { error: check.data.message ?? '' })}</Alert>
  ) : (
    <Alert severity="success">{t('commutators.lineCheck.done')}</Alert>
  );
}
