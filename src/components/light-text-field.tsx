import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEventHandler, type FocusEventHandler, type Ref } from 'react';

interface LightTextFieldProps {
  name: string;
  label: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur: FocusEventHandler<HTMLInputElement>;
  ref?: Ref<HTMLInputElement>;
  type?: 'text' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: string;
}

/**
 * An outlined text field that looks like MUI's TextField but does not import its Select
 * (and with it Menu, Popover and Modal). The login route uses it to stay within its budget.
 * Uncontrolled: it reports changes and the form reads the values on submit.
 */
export function LightTextField({ name, label, onChange, onBlur, ref, type = 'text', autoComplete, autoFocus, error, helperText }: LightTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth error={error} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputRef={ref}
        onChange={onChange}
        onBlur={onBlur}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
