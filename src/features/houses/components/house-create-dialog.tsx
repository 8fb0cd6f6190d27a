import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
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
  const titleId = useId();
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
    <Dialog open={open} onClose={isSubmitting ? undefined : close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('houses.create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {errors.root?.server && <Alert severity="error">{errors.root.server.message}</Alert>}
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
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t('houses.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
