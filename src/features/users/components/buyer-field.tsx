import { OutlinedField, OutlinedSelect } from '@/components/outlined-field';
import { useT } from '../messages';

interface BuyerFieldProps {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  /** id → name; null where the buyer list does not answer: the buyer is then typed as a number. */
  names: Record<string, string> | null | undefined;
  /** The select's first option, the empty value («Мой покупатель»); none when a buyer is always set. */
  emptyLabel?: string;
  readOnly?: boolean;
  helperText?: string;
  error?: string;
  disabled?: boolean;
}

/** The user's buyer: picked by name from the buyer list when it answers, else typed as its number. */
export function BuyerField({ value, onChange, names, emptyLabel, readOnly, helperText, error, disabled }: BuyerFieldProps) {
  const t = useT();
  if (names && !readOnly) {
    const known = value === '' || value in names;
    return (
      <OutlinedSelect name="buyerId" value={value} onChange={onChange} label={t('users.field.buyer')} error={error} disabled={disabled}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {!known && <option value={value}>{value}</option>}
        {Object.entries(names).map(([id, name]) => (
          <option key={id} value={id}>
            {t('users.buyer.option', { id, name })}
          </option>
        ))}
      </OutlinedSelect>
    );
  }
  return (
    <OutlinedField
      name="buyerId"
      inputMode="numeric"
      value={value}
      onChange={onChange}
      readOnly={readOnly}
      label={t('users.field.buyerId')}
      helperText={helperText}
      error={error}
      disabled={disabled}
    />
  );
}
