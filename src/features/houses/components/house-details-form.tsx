import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { House } from '@contract/houses';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { OutlinedField } from '@/components/outlined-field';
import { useT } from '@/features/houses/messages';
import { placeFieldErrors } from '@/lib/field-errors';
import { ADDRESS_MAX_LENGTH, HOUSE_FIELDS, checkHouseField, houseEditValues, houseFieldOf, type HouseEditValues, type HouseField } from '../house-page-model';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes/use-unsaved-changes-guard';

interface HouseDetailsFormProps {
  house: House;
  canEdit: boolean;
  online: boolean;
  onSave: (values: HouseEditValues) => Promise<unknown>;
}

type FieldErrors = Partial<Record<HouseField, string>>;

/**
 * Address, region and FIAS: checked as the server checks them, a refusal shown at its field. Plain
 * state rather than a form library: three fields, and the house route stays within 250 KB gzip.
 */
export function HouseDetailsForm({ house, canEdit, online, onSave }: HouseDetailsFormProps) {
  const t = useT();
  const reasonText = useFieldReasonText();
  const [saved, setSaved] = useState<HouseEditValues>(() => houseEditValues(house));
  const [values, setValues] = useState<HouseEditValues>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const dirty = HOUSE_FIELDS.some((field) => values[field] !== saved[field]);
  useUnsavedChangesGuard(canEdit && dirty);

  const check = (field: HouseField, value: string): string | undefined => {
    const problem = checkHouseField(field, value);
    return problem === null ? undefined : t(`house.check.${problem}`, { max: ADDRESS_MAX_LENGTH });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors = {};
    for (const field of HOUSE_FIELDS) found[field] = check(field, values[field]);
    setErrors(found);
    setBanner(null);
    const first = HOUSE_FIELDS.find((field) => found[field]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await onSave(values);
      setSaved(values);
    } catch (error) {
      const placed: FieldErrors = {};
      setBanner(placeFieldErrors(error, houseFieldOf, (field, reason) => (placed[field] = reasonText(reason))));
      setErrors(placed);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: HouseField) => ({
    name,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      // A shown error follows the typing, so it goes as soon as the value is right.
      if (errors[name]) setErrors((current) => ({ ...current, [name]: check(name, value) }));
    },
    value: values[name],
    error: errors[name],
    readOnly: !canEdit,
    required: canEdit,
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('house.section.details')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 1fr 2fr' }, alignItems: 'start' }}>
        <OutlinedField {...field('address')} label={t('house.field.address')} multiline />
        <OutlinedField {...field('region')} label={t('house.field.region')} inputMode="numeric" />
        <OutlinedField
          {...field('fias')}
          label={t('house.field.fias')}
          required={false}
          helperText={canEdit ? t('house.field.fias.helper') : undefined}
          // A GUID wraps at its hyphens rather than hide its end on a phone.
          multiline
          code
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {t('house.field.uid', { uid: house.id })}
      </Typography>
      {banner && (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          {banner}
        </Typography>
      )}
      {canEdit && (
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={!online || submitting || !dirty} sx={{ minHeight: 44 }}>
            {submitting ? t('house.saving') : t('house.save')}
          </Button>
          <Button
            type="button"
            disabled={submitting || !dirty}
            onClick={() => {
              setValues(saved);
              setErrors({});
              setBanner(null);
            }}
            sx={{ minHeight: 44 }}
          >
            {t('house.reset')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
