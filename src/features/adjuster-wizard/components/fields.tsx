import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

/*
 * Controlled inputs from FormControl + OutlinedInput / NativeSelect rather than TextField, which
 * brings Select, Menu and Modal along: the route has a 250 KB budget. Labels always sit above the
 * value, as in the other wizards.
 */

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'url';
}

export function Field({ label, value, onChange, onBlur, error, helperText, required, disabled, inputMode }: FieldProps) {
  const id = useId();
  const helper = error ?? helperText;
  return (
    <FormControl fullWidth required={required} disabled={disabled} error={error !== undefined} variant="outlined">
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        notched
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        autoComplete="off"
        inputProps={{ inputMode, 'aria-describedby': helper ? `${id}-helper` : undefined }}
      />
      {helper && <FormHelperText id={`${id}-helper`}>{helper}</FormHelperText>}
    </FormControl>
  );
}

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

export function SelectField({ label, value, onChange, onBlur, error, required, disabled, children }: SelectFieldProps) {
  const id = useId();
  return (
    <FormControl fullWidth required={required} disabled={disabled} error={error !== undefined} variant="outlined">
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        inputProps={{ 'aria-describedby': error ? `${id}-helper` : undefined }}
        input={<OutlinedInput label={label} notched />}
      >
        {children}
      </NativeSelect>
      {error && <FormHelperText id={`${id}-helper`}>{error}</FormHelperText>}
    </FormControl>
  );
}
