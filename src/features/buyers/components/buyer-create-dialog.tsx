import Alert from '@mui/material/Alert';
import { FormDialog } from '@/components/form-dialog';
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
  const form = useBuyerForm(EMPTY_BUYER_FORM, onSubmit);
  const busy = form.submitting;
  return (
    <FormDialog
      title={t('buyers.create.title')}
      submitLabel={t('buyers.create.submit')}
      busy={busy}
      submitDisabled={!online}
      notice={!online && <Alert severity="warning">{t('buyer.offline')}</Alert>}
      error={form.banner}
      maxWidth="sm"
      onClose={onClose}
      onSubmit={(event) =>
        void form.submit(event).then((saved) => {
          if (saved) onClose();
        })
      }
    >
      <BuyerFormFields form={form} autoFocus />
    </FormDialog>
  );
}
