import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';

interface FieldFrameProps {
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: string | boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

interface OutlinedFieldProps extends FieldFrameProps {
  name: string;
  onChange: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  ref?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  type?: 'text' | 'search';
  readOnly?: boolean;
  /** Long values (an address, a GUID on a phone) wrap instead of hiding their end. */
  multiline?: boolean;
  inputMode?: 'numeric' | 'text';
  /** Codes and ids: no autocorrect or capitalisation on a phone keyboard. */
  code?: boolean;
  autoFocus?: boolean;
  /** Leave out with `register()` (uncontrolled). */
  value?: string;
}

/** Label, input and helper wired for screen readers as TextField wires them; `error` as text is shown below. */
function FieldFrame({ id, label, required, disabled, error, helperText, size, sx, children }: FieldFrameProps & { id: string; children: ReactNode }) {
  const message = typeof error === 'string' ? error : helperText;
  return (
    <FormControl fullWidth required={required} disabled={disabled} error={Boolean(error)} variant="outlined" size={size} sx={sx}>
      {/* Always above the value: an uncontrolled input's value arrives after its first render. */}
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      {children}
      {message && <FormHelperText id={`${id}-helper`}>{message}</FormHelperText>}
    </FormControl>
  );
}

/**
 * An outlined text field that looks like MUI's TextField without importing its Select (and with it
 * Menu, Popover and Modal): the housing screens stay within their route budget (250 KB gzip).
 * Takes `register()` of react-hook-form directly.
 */
export function OutlinedField({ name, onChange, onBlur, ref, type = 'text', readOnly, multiline, inputMode, code, autoFocus, value, ...frame }: OutlinedFieldProps) {
  const id = useId();
  const described = typeof frame.error === 'string' || frame.helperText ? `${id}-helper` : undefined;
  return (
    <FieldFrame id={id} {...frame}>
      <OutlinedInput
        id={id}
        name={name}
        label={frame.required ? `${frame.label} *` : frame.label}
        notched
        type={type}
        inputRef={ref}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        readOnly={readOnly}
        multiline={multiline}
        autoFocus={autoFocus}
        autoComplete="off"
        inputProps={{ inputMode, 'aria-describedby': described, ...(code ? { spellCheck: false, autoCapitalize: 'off' } : {}) }}
      />
    </FieldFrame>
  );
}

interface OutlinedSelectProps extends FieldFrameProps {
  /** Leave out with `register()` (uncontrolled). */
  value?: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  ref?: Ref<HTMLSelectElement>;
  name?: string;
  children: ReactNode;
}

/** A native select in the outlined frame: the phone's own picker, and light on the bundle. */
export function OutlinedSelect({ value, onChange, onBlur, ref, name, children, ...frame }: OutlinedSelectProps) {
  const id = useId();
  return (
    <FieldFrame id={id} {...frame}>
      <NativeSelect
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        inputRef={ref}
        input={<OutlinedInput label={frame.required ? `${frame.label} *` : frame.label} notched />}
        inputProps={{ onBlur, 'aria-describedby': typeof frame.error === 'string' || frame.helperText ? `${id}-helper` : undefined }}
      >
        {children}
      </NativeSelect>
    </FieldFrame>
  );
}
