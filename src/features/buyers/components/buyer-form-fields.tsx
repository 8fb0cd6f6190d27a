import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { OutlinedField } from '@/components/outlined-field';
import { useT } from '@/features/buyers/messages';
import type { BuyerFormModel } from '../use-buyer-form';

interface BuyerFormFieldsProps {
  form: BuyerFormModel;
  readOnly?: boolean;
  /** Buyer 1, the operator itself, stays active: the switch is off limits, with the reason. */
  activeLocked?: boolean;
  autoFocus?: boolean;
}

/** Name, INN, contact and the «Активен» switch: the create dialog's and the buyer page's inputs. */
export function BuyerFormFields({ form, readOnly = false, activeLocked = false, autoFocus = false }: BuyerFormFieldsProps) {
  const t = useT();
  const helperId = useId();
  const { values, errors } = form;
  const text = (name: 'name' | 'inn' | 'contact') => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => form.change(name, event.target.value),
    error: errors[name],
    readOnly,
  });
  const activeHelp = errors.active ?? (activeLocked ? t('buyer.field.active.operator') : t('buyer.field.active.helper'));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
      <OutlinedField {...text('name')} label={t('buyer.field.name')} required={!readOnly} autoFocus={autoFocus} multiline />
      <OutlinedField {...text('inn')} label={t('buyer.field.inn')} inputMode="numeric" code helperText={readOnly ? undefined : t('buyer.field.inn.helper')} />
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <OutlinedField {...text('contact')} label={t('buyer.field.contact')} multiline helperText={readOnly ? undefined : t('buyer.field.contact.helper')} />
      </Box>
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <FormControlLabel
          control={
            <Switch
              name="active"
              checked={values.active}
              disabled={readOnly || activeLocked}
              onChange={(event) => form.change('active', event.target.checked)}
              slotProps={{ input: { 'aria-describedby': helperId } }}
            />
          }
          label={t('buyer.field.active')}
        />
        <FormHelperText id={helperId} error={Boolean(errors.active)} sx={{ mt: 0 }}>
          {activeHelp}
        </FormHelperText>
      </Box>
    </Box>
  );
}
