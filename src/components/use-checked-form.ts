import { useState, type FormEvent } from 'react';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes/use-unsaved-changes-guard';
import type { FieldReason } from '@/lib/field-errors';

export type FormErrors<Field extends string> = Partial<Record<Field, string>>;

interface CheckedFormOptions<Values extends Record<Field, unknown>, Field extends string, Checked extends Field & keyof Values> {
  initial: Values;
  /** The fields checked before sending, in the form's order (the first wrong one gets the focus). */
  checked: readonly Checked[];
  /** The check the server would make, in words; undefined when the value is right. */
  check: (field: Checked, value: string) => string | undefined;
  /** Saves; answers the values as the server stored them (trimmed), or nothing to keep those sent. */
  save: (values: Values) => Promise<Values | void>;
  /** A refusal split into reasons at the fields it names and the words left for the banner. */
  place: (error: unknown) => { fields: Partial<Record<Field, FieldReason>>; banner: string | null };
  same: (a: Values, b: Values) => boolean;
}

/**
 * A form's state for a create dialog and an edit page alike: the values, the checks the server would
 * make, and a refusal put at the field it names (the rest in a banner); `dirty` against what was saved.
 */
export function useCheckedForm<Values extends Record<Field, unknown>, Field extends string, Checked extends Field & keyof Values>({
  initial,
  checked,
  check,
  save,
  place,
  same,
}: CheckedFormOptions<Values, Field, Checked>) {
  const reasonText = useFieldReasonText();
  const [saved, setSaved] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const dirty = !same(values, saved);
  const guard = useUnsavedChangesGuard(dirty);
  const isChecked = (field: keyof Values): field is Checked => (checked as readonly (keyof Values)[]).includes(field);

  const change = <F extends keyof Values & Field>(field: F, value: Values[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A shown error follows the typing, so it goes as soon as the value is right.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: isChecked(field) ? check(field, String(value)) : undefined }));
  };

  /** Checks, saves, and answers whether it was saved; the first wrong field gets the focus. */
  const submit = async (event: FormEvent<HTMLFormElement>): Promise<boolean> => {
    event.preventDefault();
    const form = event.currentTarget;
    const found: FormErrors<Field> = {};
    for (const field of checked) found[field] = check(field, String(values[field]));
    setErrors(found);
    setBanner(null);
    const first = checked.find((field) => found[field]);
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return false;
    }
    setSubmitting(true);
    // While the save runs, a navigation is the save's own (to the page of what it created) and is not
    // asked about; a refused save marks the form unsaved again.
    guard.settle();
    try {
      const stored = await save(values);
      setSaved(stored ?? values);
      if (stored) setValues(stored);
      return true;
    } catch (error) {
      guard.resume();
      const placed = place(error);
      const shown: FormErrors<Field> = {};
      for (const [field, reason] of Object.entries(placed.fields) as [Field, FieldReason][]) shown[field] = reasonText(reason);
      setErrors(shown);
      setBanner(placed.banner);
      return false;
    } finally {
      setSubmitting(false);
    }
  };

  const reset = (to: Values = saved) => {
    setSaved(to);
    setValues(to);
    setErrors({});
    setBanner(null);
  };

  /** A field changed on the server by another action (disable): taken as saved, the other edits kept. */
  const acknowledge = <F extends keyof Values>(field: F, value: Values[F]) => {
    setSaved((current) => ({ ...current, [field]: value }));
    setValues((current) => ({ ...current, [field]: value }));
  };

  return { values, errors, banner, submitting, dirty, change, submit, reset, acknowledge };
}
