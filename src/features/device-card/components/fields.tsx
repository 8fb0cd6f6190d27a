import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useT } from '@/features/device-card/messages';

interface FormTextProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
  required?: boolean;
  type?: 'text' | 'password';
  /** Digits only on a phone keyboard. */
  numeric?: boolean;
  helperText?: string;
  multiline?: boolean;
}

/** A text input bound to a react-hook-form field; its label is its accessible name. */
export function FormText<T extends FieldValues>({ control, name, label, disabled, required, type = 'text', numeric, helperText, multiline }: FormTextProps<T>) {
  const t = useT();
  const { field, fieldState } = useController({ control, name, rules: required ? { validate: (value: string) => value.trim() !== '' || t('card.required') } : undefined });
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      inputRef={field.ref}
      label={label}
      type={type}
      disabled={disabled}
      required={required}
      fullWidth
      multiline={multiline}
      error={fieldState.invalid}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{ htmlInput: numeric ? { inputMode: 'numeric' } : undefined }}
    />
  );
}

export interface SelectChoice {
  value: string;
  label: string;
}

interface FormSelectProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  choices: readonly SelectChoice[];
  disabled?: boolean;
  /** The label of the empty choice; no empty choice without it. */
  emptyLabel?: string;
}

/** A native select (fast, keyboard and phone friendly) bound to a form field. */
export function FormSelect<T extends FieldValues>({ control, name, label, choices, disabled, emptyLabel }: FormSelectProps<T>) {
  const { field } = useController({ control, name });
  const value = String(field.value ?? '');
  // A value the dictionary does not know stays visible rather than being silently replaced.
  const known = value === '' || choices.some((choice) => choice.value === value);
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      name={field.name}
      disabled={disabled}
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {!known && <option value={value}>{value}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </TextField>
  );
}

interface FormActionsProps {
  canEdit: boolean;
  dirty: boolean;
  saving: boolean;
  onCancel: () => void;
  /** The submit button's text; "Сохранить" by default. */
  label?: string;
  children?: ReactNode;
}

/** Save (submits the form) and "undo my changes"; hidden for a reader. */
export function FormActions({ canEdit, dirty, saving, onCancel, label, children }: FormActionsProps) {
  const t = useT();
  if (!canEdit) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
      <Button type="submit" variant="contained" disabled={saving || !dirty} sx={{ minHeight: 44 }}>
        {saving ? t('card.saving') : (label ?? t('card.save'))}
      </Button>
      <Button type="button" onClick={onCancel} disabled={saving || !dirty} sx={{ minHeight: 44 }}>
        {t('card.cancel')}
      </Button>
      {children}
    </Box>
  );
}
