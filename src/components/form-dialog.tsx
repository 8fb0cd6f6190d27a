import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useT } from '@/i18n/i18n';

interface FormDialogProps {
  /** Open unless said otherwise (most callers render the dialog only while it is open). */
  open?: boolean;
  title: string;
  submitLabel: string;
  /** «Отмена» from the shared catalog unless given. */
  cancelLabel?: string;
  /** Sending: the dialog cannot be closed and its buttons wait. */
  busy: boolean;
  /** Sending is not possible now (offline, the choices still loading). */
  submitDisabled?: boolean;
  /** The server's words that name no field, above the fields. */
  error?: string | null;
  /** Something above the fields, such as «no network». */
  notice?: ReactNode;
  maxWidth: 'xs' | 'sm';
  /** The whole screen on a phone (long forms). */
  phoneFullScreen?: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/** A dialog holding one form: its fields in a column under an optional notice and error; it cannot be closed while sending. */
export function FormDialog({ open = true, title, submitLabel, cancelLabel, busy, submitDisabled, error, notice, maxWidth, phoneFullScreen = false, onClose, onSubmit, children }: FormDialogProps) {
  const t = useT();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth fullScreen={phoneFullScreen && phone}>
      {/* A flex column, so that on a full screen the fields scroll between a fixed title and buttons. */}
      <form noValidate onSubmit={onSubmit} style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {notice}
            {error && <Alert severity="error">{error}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || submitDisabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
