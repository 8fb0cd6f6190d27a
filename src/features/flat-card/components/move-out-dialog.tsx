import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId } from 'react';
import { MOVE_OUT_UNDO_SECONDS } from '@contract/flat-card';
import type { MoveOutSummary } from '@contract/flats';
import { errorMessage } from '@/lib/http';
import { useT } from '../messages';
import { distinctKeyCount, keyDeviceCount } from '../model';
import { useFlat } from '../use-flat-card';
import { useMoveOut, useMoveOutPreview } from '../use-move-out';
import { useFlatLabel } from '../use-flat-status';

function isEmpty(summary: MoveOutSummary): boolean {
  return summary.users.length === 0 && summary.keys.length === 0 && !summary.temporaryCode && summary.accessServices === 0;
}

/** «Выезд жильцов»: what will go, read from the server, then one button that does it all. */
export function MoveOutDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const { canWrite } = useFlat();
  const label = useFlatLabel();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const preview = useMoveOutPreview();
  const { run } = useMoveOut();
  const summary = preview.data;
  const lines = summary
    ? [
        summary.users.length > 0 && t('flat.moveOut.users', { count: summary.users.length, logins: summary.users.map((user) => user.login).join(', ') }),
        summary.keys.length > 0 &&
          t('flat.moveOut.keys', {
            count: distinctKeyCount(summary.keys),
            devices: keyDeviceCount(summary.keys),
            values: [...new Set(summary.keys.map((key) => key.value))].join(', '),
          }),
        summary.temporaryCode && t('flat.moveOut.code'),
        summary.sipAccounts > 0 && t('flat.moveOut.sip', { count: summary.sipAccounts }),
        summary.appDevices > 0 && t('flat.moveOut.apps', { count: summary.appDevices }),
        summary.accessServices > 0 && t('flat.moveOut.services', { count: summary.accessServices }),
      ].filter((line): line is string => typeof line === 'string')
    : [];

  return (
    <Dialog open onClose={run.pending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{t('flat.moveOut.title', { flat: label })}</DialogTitle>
      <DialogContent>
        {preview.isPending && <Skeleton variant="rounded" height={120} role="status" aria-label={t('flat.loading')} />}
        {preview.isError && <Alert severity="error">{t('flat.moveOut.previewError', { error: errorMessage(preview.error) })}</Alert>}
        {summary &&
          (isEmpty(summary) ? (
            <Typography>{t('flat.moveOut.nothing')}</Typography>
          ) : (
            <>
              <Typography sx={{ mb: 1 }}>{t('flat.moveOut.intro')}</Typography>
              <Box component="ul" aria-label={t('flat.moveOut')} sx={{ m: 0, pl: 3 }}>
                {lines.map((line) => (
                  <Typography component="li" key={line} sx={{ overflowWrap: 'anywhere', mb: 0.5 }}>
                    {line}
                  </Typography>
                ))}
              </Box>
              {summary.keptUsers && summary.keptUsers.length > 0 && (
                <Alert severity="info" sx={{ mt: 1.5 }}>
                  {t('flat.moveOut.kept', { logins: summary.keptUsers.map((user) => user.login).join(', ') })}
                </Alert>
              )}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                {t('flat.moveOut.undoNote', { minutes: Math.round(MOVE_OUT_UNDO_SECONDS / 60) })}
              </Typography>
            </>
          ))}
        {run.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {run.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={run.pending}>
          {t('flat.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={!canWrite || !summary || isEmpty(summary) || run.pending}
          onClick={() => void run.run(undefined).then((ok) => ok && onClose())}
        >
          {t('flat.moveOut.run')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
