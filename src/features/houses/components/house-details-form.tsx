import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import type { House } from '@contract/houses';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { useT } from '@/features/houses/messages';
import { placeFieldErrors } from '@/lib/field-errors';
import { ADDRESS_MAX_LENGTH, checkHouseField, houseEditValues, houseFieldOf, type HouseEditValues, type HouseField } from '../house-page-model';

interface HouseDetailsFormProps {
  house: House;
  canEdit: boolean;
  online: boolean;
  onSave: (values: HouseEditValues) => Promise<unknown>;
}

/** Address, region and FIAS: checked as the server checks them, a refusal shown at its field. */
export function HouseDetailsForm({ house, canEdit, online, onSave }: HouseDetailsFormProps) {
  const t = useT();
  const reasonText = useFieldReasonText();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<HouseEditValues>({ defaultValues: houseEditValues(house) });

  const rule = (field: HouseField) => ({
    validate: (value: string) => {
      const problem = checkHouseField(field, value);
      return problem === null || t(`house.check.${problem}`, { max: ADDRESS_MAX_LENGTH });
    },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values);
      reset(values);
    } catch (error) {
      const banner = placeFieldErrors(error, houseFieldOf, (field, reason) => setError(field, { type: 'server', message: reasonText(reason) }, { shouldFocus: true }));
      if (banner) setError('root.server', { message: banner });
    }
  });

  const readOnly = !canEdit;
  const field = (name: HouseField) => ({
    ...register(name, rule(name)),
    error: Boolean(errors[name]),
    slotProps: { input: { readOnly } },
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('house.section.details')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 1fr 2fr' }, alignItems: 'start' }}>
        <TextField {...field('address')} label={t('house.field.address')} required={canEdit} multiline helperText={errors.address?.message} />
        <TextField
          {...field('region')}
          label={t('house.field.region')}
          required={canEdit}
          helperText={errors.region?.message}
          slotProps={{ input: { readOnly }, htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          {...field('fias')}
          label={t('house.field.fias')}
          // A GUID wraps at its hyphens rather than hide its end on a phone.
          multiline
          helperText={errors.fias?.message ?? (canEdit ? t('house.field.fias.helper') : undefined)}
          slotProps={{ input: { readOnly }, htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {t('house.field.uid', { uid: house.id })}
      </Typography>
      {errors.root?.server && (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          {errors.root.server.message}
        </Typography>
      )}
      {canEdit && (
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={!online || isSubmitting || !isDirty} sx={{ minHeight: 44 }}>
            {isSubmitting ? t('house.saving') : t('house.save')}
          </Button>
          <Button type="button" disabled={isSubmitting || !isDirty} onClick={() => reset(houseEditValues(house))} sx={{ minHeight: 44 }}>
            {t('house.reset')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
