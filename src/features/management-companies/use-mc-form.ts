import { useState, type FormEvent } from 'react';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import type { FieldReason } from '@/lib/field-errors';
import { useT } from '@/features/management-companies/messages';
import { MC_TEXT_FIELDS, MC_TEXT_MAX, checkMcField, placeMcErrors, sameMcForm, type McFormField, type McFormValues, type McTextField } from './model';

export type McFormErrors = Partial<Record<McFormField, string>>;

/**
 * A company form's state (the edit page, and the create page with its two fields): the values,
 * the checks the server would make, and a refusal put at the field it names.
 */
export function useMcForm(initial: McFormValues, onSave: (values: McFormValues) => Promise<unknown>, fields: readonly McTextField[] = MC_TEXT_FIELDS) {
  const t = useT();
  const reasonText = useFieldReasonText();
  const [saved, setSaved] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<McFormErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const check = (field: McTextField, value: string): string | undefined => {
    const problem = checkMcField(field, value);
    return problem === null ? undefined : t(`mc.check.${problem}`, { max: MC_TEXT_MAX });
  };

  const change = <F extends keyof McFormValues>(field: F, value: McFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A shown error follows the typing, so it goes as soon as the value is right.
    if (errors[field]) {
      const next = (fields as readonly string[]).includes(field) ? check(field as McTextField, String(value)) : undefined;
      setErrors((current) => ({ ...current, [field]: next }));
    }
  };

  /** Checks, saves, and answers whether it was saved; the first wrong field gets the focus. */
  const submit = async (event: FormEvent<HTMLFormElement>): Promise<boolean> => {
    event.preventDefault();
    const form = event.currentTarget;
    const found: McFormErrors = {};
    for (const field of fields) found[field] = check(field, values[field]);
    setErrors(found);
    setBanner(null);
    const first = fields.find((field) => found[field]);
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return false;
    }
    setSubmitting(true);
    try {
      await onSave(values);
      setSaved(values);
      return true;
    } catch (error) {
      const placed = placeMcErrors(error);
      const shown: McFormErrors = {};
      for (const [field, reason] of Object.entries(placed.fields) as [McFormField, FieldReason][]) shown[field] = reasonText(reason);
      setErrors(shown);
      setBanner(placed.banner);
      return false;
    } finally {
      setSubmitting(false);
    }
  };

  const reset = (to: McFormValues = saved) => {
    setSaved(to);
    setValues(to);
    setErrors({});
    setBanner(null);
  };

  /** A field changed on the server by another action (disable): taken as saved, the other edits kept. */
  const acknowledge = <F extends keyof McFormValues>(field: F, value: McFormValues[F]) => {
    setSaved((current) => ({ ...current, [field]: value }));
    setValues((current) => ({ ...current, [field]: value }));
  };

  return { values, errors, banner, submitting, dirty: !sameMcForm(values, saved), change, submit, reset, acknowledge };
}

export type McFormModel = ReturnType<typeof useMcForm>;
