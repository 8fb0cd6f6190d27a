import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useT } from '../messages';

interface StatusDialogProps {
  /** True to block, false to unblock. */
  block: boolean;
  flatLabel: string;
  busy: boolean;
  disabled: boolean;
  /** The server's message of a refused change; the typed reason stays. */
  error: string | null;
  /** The catalogue's reasons, offered as one-tap fillers of the reason. */
  reasons: string[];
  reason: string;
  onReason: (reason: string) => void;
  onClose: () => void;
  onSubmit: () => void;
}

/** Asks why before a flat is blocked (required) or unblocked (optional); the reason goes to its history. */
export function StatusDialog({ block, flatLabel, busy, disabled, error, reasons, reason, onReason: setReason, onClose, onSubmit }: StatusDialogProps) {
  const t = useT();
  const titleId = useId();
  const [touched, setTouched] = useState(false);
  const missing = block && reason.trim() === '';
  const submit = () => {
    setTouched(true);
    if (!missing) onSubmit();
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t(block ? 'flat.block.title' : 'flat.unblock.title', { flat: flatLabel })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t(block ? 'flat.block.text' : 'flat.unblock.text')}</DialogContentText>
        <TextField
          label={t(block ? 'flat.block.reason' : 'flat.block.reasonOptional')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required={block}
          error={touched && missing}
          helperText={touched && missing ? t('flat.block.reasonRequired') : t('flat.block.reasonHint')}
          fullWidth
          multiline
          minRows={2}
          autoFocus
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {reasons.length > 0 && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
            {reasons.map((name) => (
              <Chip key={name} label={name} size="small" variant={reason === name ? 'filled' : 'outlined'} onClick={() => setReason(name)} />
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('flat.cancel')}
        </Button>
        <Button variant="contained" color={block ? 'error' : 'success'} onClick={submit} disabled={busy || disabled}>
          {t(block ? 'flat.block' : 'flat.unblock')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
