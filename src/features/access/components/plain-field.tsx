import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId } from 'react';

interface PlainFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  numeric?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * An outlined text input without TextField, whose select mode would bring menus and modals into
 * the route's first load (route budget 250 KB gzip).
 */
export function PlainField({ label, value, onChange, error, numeric, sx }: PlainFieldProps) {
  const id = useId();
  return (
    <FormControl size="small" error={Boolean(error)} fullWidth sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputProps={{ inputMode: numeric ? 'numeric' : undefined, 'aria-describedby': error ? `${id}-error` : undefined }}
      />
      {error && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}
