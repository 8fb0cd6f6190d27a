import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, useState, type ChangeEventHandler } from 'react';
import { RevealButton } from '@/components/secret';

interface PasswordFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  /** `new-password`: browsers offer to generate one and do not fill in a saved one. */
  autoComplete?: string;
}

/** A password typed as dots, with the eye to read it back; outlined like the other fields. */
export function PasswordField({ name, label, value, onChange, error, helperText, required, disabled, autoComplete = 'new-password' }: PasswordFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const message = error ?? helperText;
  return (
    <FormControl fullWidth required={required} disabled={disabled} error={Boolean(error)} variant="outlined">
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={required ? `${label} *` : label}
        notched
        type={shown ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        inputProps={{ 'aria-describedby': message ? `${id}-helper` : undefined, spellCheck: false, autoCapitalize: 'off' }}
        endAdornment={
          <InputAdornment position="end">
            <RevealButton shown={shown} onToggle={() => setShown((current) => !current)} />
          </InputAdornment>
        }
      />
      {message && <FormHelperText id={`${id}-helper`}>{message}</FormHelperText>}
    </FormControl>
  );
}
