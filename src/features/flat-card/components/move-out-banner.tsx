import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useT } from '../messages';
import { formatCountdown } from '../model';
import { useFlat } from '../use-flat-card';
import { useMoveOut, usePendingUndo } from '../use-move-out';

/** After a move-out: what went, and «Отменить» with the time left, until the server stops accepting the undo. */
export function MoveOutBanner() {
  const t = useT();
  const { canEdit, canWrite } = useFlat();
  const { undo, left } = usePendingUndo();
  const { undo: undoing } = useMoveOut();
  if (!undo || !canEdit) return null;
  return (
    <Alert
      severity="success"
      sx={{ mb: 1.5, alignItems: 'center' }}
      data-testid="move-out-undo"
      action={
        <Button color="inherit" variant="outlined" size="small" disabled={!canWrite || undoing.pending} onClick={() => void undoing.run(undo.moveOutId)}>
          {t('flat.moveOut.undo')}
        </Button>
      }
    >
      {t('flat.moveOut.banner', { users: undo.users, keys: undo.keys, left: formatCountdown(left, t('flat.dayMark')) })}
      {undoing.error && ` ${undoing.error}`}
    </Alert>
  );
}
