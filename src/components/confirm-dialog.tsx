import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useT } from '@/i18n/i18n';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  /** The confirm button's text; "Подтвердить" by default. */
  confirmLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  busy?: boolean;
  /** Without it the dialog only tells why the action cannot be done: one button that closes it. */
  onConfirm?: () => void;
  onClose: () => void;
}

/** Asks before anything irreversible (Escape and "Отмена" close it without acting), or says why it cannot be done. */
export function ConfirmDialog({ open, title, text, confirmLabel, danger = false, busy = false, onConfirm, onClose }: ConfirmDialogProps) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {onConfirm ? (
          <>
            <Button onClick={onClose} disabled={busy}>
              {t('confirm.cancel')}
            </Button>
            <Button onClick={onConfirm} disabled={busy} variant="contained" color={danger ? 'error' : 'primary'} autoFocus>
              {confirmLabel ?? t('confirm.ok')}
            </Button>
          </>
        ) : (
          <Button onClick={onClose} variant="contained" autoFocus>
            {confirmLabel ?? t('common.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
