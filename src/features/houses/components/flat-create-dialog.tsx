import Alert from '@mui/material/Alert';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { OutlinedField } from '@/components/outlined-field';
import { useT } from '@/features/houses/messages';
import { HttpError } from '@/lib/http';
import { placeFieldErrors } from '@/lib/field-errors';
import { EMPTY_FLAT_FORM, checkFlatNum, checkLetter, type FlatCreateValues, type FlatFieldProblem } from '../house-page-model';

interface FlatCreateDialogProps {
  open: boolean;
  online: boolean;
  onClose: () => void;
  onSubmit: (values: FlatCreateValues) => Promise<unknown>;
}

function flatFieldOf(path: string): keyof FlatCreateValues | null {
  return path === 'flatNum' || path === 'letter' ? path : null;
}

/** POST /front/flats/{house}/flat: a number and an optional letter; a duplicate number (409) is shown at the number. */
export function FlatCreateDialog({ open, online, onClose, onSubmit }: FlatCreateDialogProps) {
  const t = useT();
  const reasonText = useFieldReasonText();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FlatCreateValues>({ defaultValues: EMPTY_FLAT_FORM });
  const problemText = (problem: FlatFieldProblem | null) => problem === null || t(`house.check.${problem}`);

  const close = () => {
    reset(EMPTY_FLAT_FORM);
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      close();
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) {
        setError('flatNum', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      const banner = placeFieldErrors(error, flatFieldOf, (field, reason) => setError(field, { type: 'server', message: reasonText(reason) }, { shouldFocus: true }));
      if (banner) setError('root.server', { message: banner });
    }
  });

  return (
    <FormDialog
      open={open}
      title={t('house.flatCreate.title')}
      submitLabel={t('house.flatCreate.submit')}
      busy={isSubmitting}
      submitDisabled={!online}
      error={errors.root?.server?.message}
      notice={!online && <Alert severity="warning">{t('house.offline')}</Alert>}
      maxWidth="xs"
      onClose={close}
      onSubmit={submit}
    >
      <OutlinedField
        {...register('flatNum', { validate: (value) => problemText(checkFlatNum(value)) })}
        label={t('house.flatCreate.flatNum')}
        required
        autoFocus
        inputMode="numeric"
        error={errors.flatNum?.message ?? Boolean(errors.flatNum)}
      />
      <OutlinedField
        {...register('letter', { validate: (value) => problemText(checkLetter(value)) })}
        label={t('house.flatCreate.letter')}
        error={errors.letter?.message ?? Boolean(errors.letter)}
        helperText={t('house.flatCreate.letter.helper')}
      />
    </FormDialog>
  );
}
