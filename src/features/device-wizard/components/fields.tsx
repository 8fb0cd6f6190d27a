import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { RevealButton } from '@/components/secret';

/*
 * Controlled inputs built from FormControl + OutlinedInput (and NativeSelect) rather than
 * TextField, which brings Select, Menu and FilledInput along: the route has a 250 KB budget.
 */

/** One column on a phone, two from 600 px: the same fields, less scrolling on a desktop. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>;
}

export function Wide({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;
}

interface ShellProps {
  id: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  helper?: string;
  shrink?: boolean;
  children: ReactNode;
}

function Shell({ id, label, required, disabled, error, helper, shrink, children }: ShellProps) {
  const text = error ?? helper;
  return (
    <FormControl fullWidth required={required} disabled={disabled} error={error !== undefined} variant="outlined">
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      {children}
      {text && <FormHelperText id={`${id}-helper`}>{text}</FormHelperText>}
    </FormControl>
  );
}

const notch = (label: string, required?: boolean) => (required ? `${label} *` : label);

interface TextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  helper?: string;
  /** Logins, URLs, domains: no autocorrect or capitalisation on a phone keyboard. */
  code?: boolean;
  inputMode?: 'numeric' | 'url' | 'text';
  readOnly?: boolean;
  /** A password: masked, with an eye to show it. */
  secret?: boolean;
}

export function TextInput({ label, value, onChange, onBlur, required, disabled, error, helper, code, inputMode, readOnly, secret }: TextInputProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const describedBy = error ?? helper ? `${id}-helper` : undefined;
  return (
    <Shell id={id} label={label} required={required} disabled={disabled} error={error} helper={helper}>
      <OutlinedInput
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        label={notch(label, required)}
        autoComplete={secret ? 'new-password' : 'off'}
        readOnly={readOnly}
        type={secret && !shown ? 'password' : 'text'}
        endAdornment={
          secret ? (
            <InputAdornment position="end">
              <RevealButton shown={shown} onToggle={() => setShown((current) => !current)} />
            </InputAdornment>
          ) : undefined
        }
        inputProps={{
          'aria-describedby': describedBy,
          ...(inputMode ? { inputMode } : {}),
          ...(code ? { autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false } : {}),
        }}
      />
    </Shell>
  );
}

interface NumberInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'inputMode' | 'code'> {
  value: number | null;
  onChange: (value: number | null) => void;
  /** The text does not read as a whole number. */
  invalidText: string;
  allowNegative?: boolean;
  allowEmpty?: boolean;
  /** Told whether the typed text reads as a number (the draft keeps the last one that did); true again when the field goes. */
  onReadChange?: (read: boolean) => void;
}

const WHOLE = /^-?\d{1,9}$/;

/** A whole number typed as text: the draft gets the number once the text reads as one. */
export function NumberInput({ value, onChange, invalidText, allowNegative, allowEmpty, error, onBlur, onReadChange, ...rest }: NumberInputProps) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const shownValue = value === null ? '' : String(value);
  // The draft changed from elsewhere (a forced SIP port): show it.
  const [seen, setSeen] = useState(shownValue);
  if (seen !== shownValue) {
    setSeen(shownValue);
    if (text.trim() !== shownValue) setText(shownValue);
  }
  const trimmed = text.trim();
  const invalid = trimmed === '' ? !allowEmpty : !WHOLE.test(trimmed) || (!allowNegative && trimmed.startsWith('-'));
  const report = useRef(onReadChange);
  useEffect(() => {
    report.current = onReadChange;
  });
  useEffect(() => report.current?.(!invalid), [invalid]);
  // A field that goes (another step) shows the draft's number when it comes back.
  useEffect(() => () => report.current?.(true), []);
  return (
    <TextInput
      {...rest}
      value={text}
      inputMode={allowNegative ? 'text' : 'numeric'}
      error={invalid ? invalidText : error}
      onBlur={onBlur}
      onChange={(typed) => {
        setText(typed);
        const next = typed.trim();
        if (next === '' && allowEmpty) onChange(null);
        else if (WHOLE.test(next) && (allowNegative || !next.startsWith('-'))) onChange(Number(next));
      }}
    />
  );
}

export interface ChoiceOption {
  value: string;
  label: string;
}

interface ChoiceProps {
  label: string;
  value: string;
  options: readonly ChoiceOption[];
  onChange: (value: string) => void;
  onBlur?: () => void;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  helper?: string;
  /** An empty first option ("choose…"). */
  placeholder?: string;
}

/** A native select: the phone's own picker, large and quick, and light on the bundle. */
export function Choice({ label, value, options, onChange, onBlur, required, disabled, error, helper, placeholder }: ChoiceProps) {
  const id = useId();
  return (
    <Shell id={id} label={label} required={required} disabled={disabled} error={error} helper={helper} shrink>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        input={<OutlinedInput label={notch(label, required)} notched />}
        inputProps={{ 'aria-describedby': error ?? helper ? `${id}-helper` : undefined }}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </Shell>
  );
}
