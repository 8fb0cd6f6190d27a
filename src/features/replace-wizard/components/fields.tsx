import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, useState, type ReactNode } from 'react';
import { RevealButton } from '@/components/secret';
import type { ReplaceWizard } from '../use-replace-wizard';

/*
 * FormControl + OutlinedInput / NativeSelect rather than TextField (which brings Select and Menu):
 * the route has a 250 KB budget. Labels always sit above the value, on the outline: there they have
 * a third more room, so «Серийный номер старого устройства» is not cut on a phone.
 */

/** One column on a phone, two from 600 px. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>;
}

export function Wide({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;
}

type TextName = 'oldSerialNumber' | 'oldMac' | 'newSerialNumber' | 'newMac' | 'url' | 'login' | 'password';

interface TextInputProps {
  wizard: ReplaceWizard;
  name: TextName;
  label: string;
  helper?: string;
  required?: boolean;
  /** MACs, serial numbers, logins: no autocorrect or capitalisation on a phone keyboard. */
  code?: boolean;
  /** A password: masked, with the eye to read it. */
  secret?: boolean;
}

export function TextInput({ wizard, name, label, helper, required, code, secret }: TextInputProps) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const error = wizard.shownError(name);
  const helperText = error ?? helper;
  return (
    <FormControl fullWidth required={required} disabled={!wizard.editable} error={error !== undefined} variant="outlined">
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        value={wizard.draft[name]}
        type={secret && !revealed ? 'password' : 'text'}
        onChange={(event) => wizard.setText(name, event.target.value)}
        onBlur={() => wizard.touch(name)}
        label={label}
        notched
        // A password manager must neither fill the installer's own password in nor offer to save the device's.
        autoComplete={secret ? 'new-password' : 'off'}
        endAdornment={secret ? <RevealButton shown={revealed} onToggle={() => setRevealed((shown) => !shown)} /> : undefined}
        inputProps={{
          'aria-describedby': helperText ? `${id}-helper` : undefined,
          ...(code || secret ? { autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false } : {}),
        }}
      />
      {helperText && <FormHelperText id={`${id}-helper`}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

interface ChoiceProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
  required?: boolean;
  error?: string;
}

/** A native select: the phone's own picker, large and light. */
export function Choice({ label, value, options, onChange, disabled, required, error }: ChoiceProps) {
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
        input={<OutlinedInput label={label} notched />}
        inputProps={{ 'aria-describedby': error ? `${id}-helper` : undefined }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {error && <FormHelperText id={`${id}-helper`}>{error}</FormHelperText>}
    </FormControl>
  );
}
