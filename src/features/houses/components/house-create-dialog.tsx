import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { useT } from '@/features/houses/messages';
import { errorMessage } from '@/lib/http';
import { EMPTY_HOUSE_FORM, REGION_PATTERN, type HouseFormValues } from '../model';

interface HouseCreateDialogProps {
  open: boolean;
  onClose: () => void;
  onSubmit: (values: HouseFormValues) => Promise<unknown>;
}

export function HouseCreateDialog({ open, onClose, onSubmit }: HouseCreateDialogProps) {
  const t = useT();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<HouseFormValues>({ defaultValues: EMPTY_HOUSE_FORM });

  const close = () => {
    reset(EMPTY_HOUSE_FORM);
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      close();
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  });

  return (
    <FormDialog
      open={open}
      title={t('houses.create.title')}
      submitLabel={t('houses.create.submit')}
      busy={isSubmitting}
      error={errors.root?.server?.message}
      maxWidth="sm"
      onClose={close}
      onSubmit={submit}
    >
      <TextField
        {...register('address', { validate: (value) => value.trim() !== '' || t('houses.create.error.addressRequired') })}
        label={t('houses.create.address')}
        required
        autoFocus
        error={Boolean(errors.address)}
        helperText={errors.address?.message}
      />
      <TextField
        {...register('region', {
          validate: (value) =>
            value.trim() === ''
              ? t('houses.create.error.regionRequired')
              : (REGION_PATTERN.test(value.trim()) && Number(value) > 0) || t('houses.create.error.regionNumber'),
        })}
        label={t('houses.create.region')}
        required
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={Boolean(errors.region)}
        helperText={errors.region?.message}
      />
      <TextField {...register('fias')} label={t('houses.create.fias')} />
      <TextField {...register('id')} label={t('houses.create.id')} />
    </FormDialog>
  );
}
