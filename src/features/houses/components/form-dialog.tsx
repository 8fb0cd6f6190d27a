import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useT } from '@/features/houses/messages';

interface FormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  busy: boolean;
  /** The server's words that name no field, above the fields. */
  error?: string;
  /** Something above the fields, such as «no network». */
  notice?: ReactNode;
  submitDisabled?: boolean;
  maxWidth: 'xs' | 'sm';
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/** A dialog holding one form (a new house, a new flat): it cannot be closed while it is sending. */
export function FormDialog({ open, title, submitLabel, busy, error, notice, submitDisabled, maxWidth, onClose, onSubmit, children }: FormDialogProps) {
  const t = useT();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <form noValidate onSubmit={onSubmit}>
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
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || submitDisabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
