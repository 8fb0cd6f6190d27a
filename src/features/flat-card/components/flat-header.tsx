import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';
import { useFlat } from '../use-flat-card';
import { useFlatDelete, useFlatLabel, useFlatStatus } from '../use-flat-status';

/** Two buttons across a phone's width keep their words on one line. */
const ACTION_SX = { whiteSpace: 'nowrap', px: { xs: 1, sm: 2 }, fontSize: { xs: '0.8125rem', sm: '0.875rem' } } as const;

const StatusDialog = lazy(() => import('./status-dialog').then((m) => ({ default: m.StatusDialog })));
const MoveOutDialog = lazy(() => import('./move-out-dialog').then((m) => ({ default: m.MoveOutDialog })));

/** The flat's address, number, status and schedule, with the actions on the whole flat. */
export function FlatHeader() {
  const t = useT();
  const { data, flat, canEdit, canWrite } = useFlat();
  const label = useFlatLabel();
  const { dateTime } = useDateFormat();
  const status = useFlatStatus();
  const remove = useFlatDelete();
  const [dialog, setDialog] = useState<'status' | 'moveOut' | 'delete' | null>(null);
  // The typed reason outlives the dialog until the change is made.
  const [reason, setReason] = useState('');
  const close = () => setDialog(null);
  const statusCode = data.flat.status;
  const statusText = statusCode === 0 || statusCode === 1 ? t(`flat.status.${statusCode}`) : t('flat.status.other', { code: statusCode });

  return (
    <Box component="header" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1.5 }}>
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Link component={RouterLink} to={`/houses/${encodeURIComponent(flat.houseUid)}`} sx={{ overflowWrap: 'anywhere', fontSize: '0.95rem' }}>
          {data.house.address}
        </Link>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mt: 0.5 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.85rem' } }}>
            {t('flat.title', { flat: label })}
          </Typography>
          <Chip label={statusText} color={status.blocked ? 'error' : 'success'} variant={status.blocked ? 'filled' : 'outlined'} data-testid="flat-status" />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {data.hasSchedule
            ? data.scheduleNext
              ? t('flat.schedule.next', { date: dateTime(data.scheduleNext) })
              : t('flat.schedule.set')
            : t('flat.schedule.none')}
        </Typography>
        {status.error && (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
            {status.error}
          </Typography>
        )}
      </Box>
      {canEdit && (
        // Two across on a phone, so the actions take two lines of the first screen, not three.
        <Box sx={{ display: { xs: 'grid', sm: 'flex' }, gridTemplateColumns: '1fr 1fr', gap: 1, flexWrap: 'wrap', alignItems: 'center', width: { xs: '100%', sm: 'auto' } }}>
          <Button
            variant={status.blocked ? 'contained' : 'outlined'}
            color={status.blocked ? 'success' : 'error'}
            startIcon={status.blocked ? <LockOpenIcon /> : <BlockIcon />}
            disabled={!canWrite || status.pending}
            onClick={() => setDialog('status')}
            sx={ACTION_SX}
          >
            {t(status.blocked ? 'flat.unblock' : 'flat.block')}
          </Button>
          <Button variant="outlined" startIcon={<LogoutIcon />} disabled={!canWrite} onClick={() => setDialog('moveOut')} sx={ACTION_SX}>
            {t('flat.moveOut')}
          </Button>
          <Button
            color="error"
            startIcon={<DeleteIcon />}
            disabled={!canWrite || remove.pending}
            onClick={() => setDialog('delete')}
            sx={{ ...ACTION_SX, gridColumn: '1 / -1', justifySelf: 'start' }}
          >
            {t('flat.delete')}
          </Button>
        </Box>
      )}
      <Suspense fallback={null}>
        {dialog === 'status' && (
          <StatusDialog
            block={!status.blocked}
            flatLabel={label}
            busy={status.pending}
            disabled={!canWrite}
            error={status.error}
            reasons={data.accessOptions.reasons.map((reason) => reason.name)}
            onClose={close}
            reason={reason}
            onReason={setReason}
            onSubmit={async () => {
              if (await status.run({ block: !status.blocked, reason })) {
                setReason('');
                close();
              }
            }}
          />
        )}
        {dialog === 'moveOut' && <MoveOutDialog onClose={close} />}
      </Suspense>
      <LazyConfirmDialog
        open={dialog === 'delete'}
        title={t('flat.delete.title', { flat: label })}
        text={t('flat.delete.text', { address: data.house.address })}
        confirmLabel={t('flat.remove')}
        danger
        busy={remove.pending}
        onClose={close}
        onConfirm={() => void remove.run(undefined).then((ok) => ok || close())}
      />
    </Box>
  );
}
