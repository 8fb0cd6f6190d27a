import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useT } from '../messages';

interface FormDialogProps {
  title: string;
  submitLabel: string;
  busy: boolean;
  /** Sending is not possible now (offline, the choices still loading). */
  submitDisabled?: boolean;
  maxWidth: 'xs' | 'sm';
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** A dialog holding one form (a new user, a SIP account, the groups), full screen on a phone; it cannot be closed while sending. */
export function FormDialog({ title, submitLabel, busy, submitDisabled, maxWidth, onClose, onSubmit, children }: FormDialogProps) {
  const t = useT();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth fullScreen={phone}>
      <form noValidate onSubmit={onSubmit} style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
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
