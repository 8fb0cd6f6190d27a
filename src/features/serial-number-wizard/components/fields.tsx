import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, useState, type ChangeEventHandler, type ReactNode } from 'react';
import { RevealButton } from '@/components/secret';
import type { WizardFormValues } from '../model';
import type { SerialNumberWizard } from '../use-serial-number-wizard';

/*
 * The wizard's inputs are built from FormControl + OutlinedInput (and NativeSelect) rather than
 * TextField, which imports Select, Menu and FilledInput as well: the route has a 250 KB budget.
 */

/** One column on a phone, two from 600 px: the same fields, less scrolling on a desktop. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>;
}

export function Wide({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;
}

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  children: ReactNode;
}

/**
 * Label, input and helper text, wired for screen readers like TextField does. The label always
 * sits above the value, on the outline: there it has a third more room, so a long one such as
 * «Серийный номер старого устройства» is not cut on a phone. Inputs pass `notched` and the label
 * for the notch (the outline adds the asterisk of a required field itself).
 */
export function FieldShell({ id, label, required, disabled, error, helperText, children }: FieldShellProps) {
  return (
    <FormControl fullWidth required={required} disabled={disabled} error={error} variant="outlined">
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      {children}
      {helperText && <FormHelperText id={`${id}-helper`}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

type TextName = Exclude<keyof WizardFormValues, 'deviceType' | 'deviceRevision' | 'commutators'>;

interface WizardTextFieldProps {
  wizard: SerialNumberWizard;
  name: TextName;
  label: string;
  helper?: string;
  required?: boolean;
  numeric?: boolean;
  onBlur?: () => void;
  /** Device names and MACs: no autocorrect or capitalisation on a phone keyboard. */
  code?: boolean;
  /** A password: masked, with the eye to read it. */
  secret?: boolean;
}

/** A text input bound to the wizard; its error comes from the wizard's model (shown once touched, or once its step was checked). */
export function WizardTextField({ wizard, name, label, helper, required, numeric, onBlur, code, secret }: WizardTextFieldProps) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const error = wizard.shownError(name);
  const helperText = error ?? helper;
  return (
    <FieldShell id={id} label={label} required={required} disabled={!wizard.editable} error={error !== undefined} helperText={helperText}>
      <OutlinedInput
        id={id}
        name={name}
        value={wizard.values[name]}
        type={secret && !revealed ? 'password' : 'text'}
        onChange={(event) => wizard.setValue(name, event.target.value)}
        onBlur={() => {
          wizard.touch(name);
          onBlur?.();
        }}
        label={label}
        notched
        // A password manager must neither fill the installer's own password in nor offer to save the device's.
        autoComplete={secret ? 'new-password' : 'off'}
        endAdornment={secret ? <RevealButton shown={revealed} onToggle={() => setRevealed((shown) => !shown)} /> : undefined}
        inputProps={{
          'aria-describedby': helperText ? `${id}-helper` : undefined,
          ...(numeric ? { inputMode: 'numeric' as const, pattern: '[0-9]*' } : {}),
          ...(code || secret ? { autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false } : {}),
        }}
      />
    </FieldShell>
  );
}

export interface ChoiceOption {
  value: string;
  label: string;
}

interface NativeChoiceProps {
  label: string;
  options: readonly ChoiceOption[];
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  onBlur?: () => void;
  children?: ReactNode;
}

/** A native select: the phone's own picker, large and quick, and light on the bundle. */
export function NativeChoice({ label, options, required, disabled, error, helperText, value, onChange, onBlur, children }: NativeChoiceProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} required={required} disabled={disabled} error={error} helperText={helperText}>
      <NativeSelect
        id={id}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        input={<OutlinedInput label={label} notched />}
        inputProps={{ 'aria-describedby': helperText ? `${id}-helper` : undefined }}
      >
        {children}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FieldShell>
  );
}

interface WizardSelectProps {
  wizard: SerialNumberWizard;
  name: 'deviceType' | 'deviceRevision' | 'commutators';
  label: string;
  options: readonly ChoiceOption[];
  helper?: string;
}

export function WizardSelect({ wizard, name, label, options, helper }: WizardSelectProps) {
  const error = wizard.shownError(name);
  return (
    <NativeChoice
      label={label}
      options={options}
      disabled={!wizard.editable}
      error={error !== undefined}
      helperText={error ?? helper}
      value={wizard.values[name]}
      onChange={(event) => wizard.setValue(name, event.target.value)}
      onBlur={() => wizard.touch(name)}
    />
  );
}
