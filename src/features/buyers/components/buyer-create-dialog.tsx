import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useT } from '@/features/buyers/messages';
import { EMPTY_BUYER_FORM, type BuyerFormValues } from '../model';
import { useBuyerForm } from '../use-buyer-form';
import { BuyerFormFields } from './buyer-form-fields';

interface BuyerCreateDialogProps {
  online: boolean;
  onClose: () => void;
  onSubmit: (values: BuyerFormValues) => Promise<void>;
}

/** A new buyer: the form of the buyer page; it cannot be closed while sending, and offline it keeps what was typed. */
export function BuyerCreateDialog({ online, onClose, onSubmit }: BuyerCreateDialogProps) {
  const t = useT();
  const titleId = useId();
  const form = useBuyerForm(EMPTY_BUYER_FORM, onSubmit);
  const busy = form.submitting;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(event) =>
          void form.submit(event).then((saved) => {
            if (saved) onClose();
          })
        }
      >
        <DialogTitle id={titleId}>{t('buyers.create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {!online && <Alert severity="warning">{t('buyer.offline')}</Alert>}
            {form.banner && <Alert severity="error">{form.banner}</Alert>}
            <BuyerFormFields form={form} autoFocus />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !online}>
            {t('buyers.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
