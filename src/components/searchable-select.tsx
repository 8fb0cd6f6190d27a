import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useT } from '@/i18n/i18n';

export interface SelectOption {
  value: string;
  label: string;
}

interface SearchableSelectProps {
  label: string;
  options: readonly SelectOption[];
  /** The chosen option's value, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  loading?: boolean;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  placeholder?: string;
}

/**
 * A select you can type into to filter its options (keyboard: arrows, Enter, Escape).
 * Matching ignores case and finds the typed text anywhere in the label.
 */
export function SearchableSelect({ label, options, value, onChange, loading, disabled, required, error, helperText, placeholder }: SearchableSelectProps) {
  const t = useT();
  const selected = options.find((option) => option.value === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_event, option) => onChange(option?.value ?? null)}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, current) => option.value === current.value}
      loading={loading}
      disabled={disabled}
      autoHighlight
      size="small"
      noOptionsText={t('select.noOptions')}
      loadingText={t('select.loading')}
      clearText={t('select.clear')}
      openText={t('select.open')}
      closeText={t('select.close')}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={error} helperText={helperText} placeholder={placeholder} />
      )}
    />
  );
}
