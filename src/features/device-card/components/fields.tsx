import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useT } from '@/features/device-card/messages';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { RevealButton } from '@/components/secret';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes/use-unsaved-changes-guard';
import type { FieldReason } from '@/lib/field-errors';

interface FormTextProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** Shown, not editable: a reader sees the value at full contrast. */
  readOnly?: boolean;
  /** While a save runs. */
  disabled?: boolean;
  required?: boolean;
  /** A password: masked, with an eye to read it. */
  secret?: boolean;
  /** Digits only on a phone keyboard. */
  numeric?: boolean;
  helperText?: string;
  multiline?: boolean;
  /** The contract's check of the value (see model.checkField); null when it passes. */
  check?: (value: string) => FieldReason | null;
}

/**
 * A text input bound to a react-hook-form field; its label is its accessible name. A refusal (the
 * form's own check, or the server's, put here by useCardUpdate) reads «label: reason» under it.
 */
export function FormText<T extends FieldValues>({ control, name, label, readOnly, disabled, required, secret, numeric, helperText, multiline, check }: FormTextProps<T>) {
  const t = useT();
  const reasonText = useFieldReasonText();
  const [shown, setShown] = useState(false);
  const { field, fieldState } = useController({
    control,
    name,
    rules: {
      validate: (value: string) => {
        if (required && (value ?? '').trim() === '') return reasonText({ kind: 'required' });
        const reason = check?.(value ?? '');
        return reason ? reasonText(reason) : true;
      },
    },
  });
  const error = fieldState.error?.message;
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      inputRef={field.ref}
      label={label}
      type={secret && !shown ? 'password' : 'text'}
      disabled={disabled}
      required={required && !readOnly}
      fullWidth
      multiline={multiline}
      error={fieldState.invalid}
      helperText={error ? t('card.fieldError', { label, reason: error }) : helperText}
      slotProps={{
        htmlInput: { readOnly, ...(numeric ? { inputMode: 'numeric' } : {}), ...(secret ? { autoComplete: 'new-password', spellCheck: false } : {}) },
        input: secret
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <RevealButton shown={shown} onToggle={() => setShown((current) => !current)} />
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}

export interface SelectChoice {
  value: string;
  label: string;
  /** Choices with the same group are listed under it (e.g. entrances under their house). */
  group?: string;
}

interface FormSelectProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  choices: readonly SelectChoice[];
  readOnly?: boolean;
  disabled?: boolean;
  /** The label of the empty choice; no empty choice without it. */
  emptyLabel?: string;
  helperText?: string;
}

function groupsOf(choices: readonly SelectChoice[]): [string | undefined, SelectChoice[]][] {
  const groups = new Map<string | undefined, SelectChoice[]>();
  for (const choice of choices) groups.set(choice.group, [...(groups.get(choice.group) ?? []), choice]);
  return [...groups];
}

/**
 * A native select (fast, keyboard and phone friendly) bound to a form field. Read-only, it is a
 * text field with the chosen label, which wraps instead of being cut.
 */
export function FormSelect<T extends FieldValues>({ control, name, label, choices, readOnly, disabled, emptyLabel, helperText }: FormSelectProps<T>) {
  const t = useT();
  const { field, fieldState } = useController({ control, name });
  const value = String(field.value ?? '');
  // A value the dictionary does not know stays visible rather than being silently replaced.
  const known = value === '' || choices.some((choice) => choice.value === value);
  const error = fieldState.error?.message;
  const helper = error ? t('card.fieldError', { label, reason: error }) : helperText;
  if (readOnly) {
    const shown = value === '' ? (emptyLabel ?? '') : (choices.find((choice) => choice.value === value)?.label ?? value);
    return <TextField label={label} value={shown} fullWidth multiline helperText={helper} slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }} />;
  }
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
      error={fieldState.invalid}
      helperText={helper}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {!known && <option value={value}>{value}</option>}
      {groupsOf(choices).map(([group, items]) => {
        const options = items.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ));
        return group === undefined ? options : <optgroup key={group} label={group}>{options}</optgroup>;
      })}
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
  // Every section's form shows these buttons: its edits are asked about before leaving the card.
  useUnsavedChangesGuard(canEdit && dirty);
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
