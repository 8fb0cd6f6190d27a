import { useState, type FormEvent } from 'react';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { useT } from '@/features/buyers/messages';
import { BUYER_FIELDS, buyerProblemLimit, checkBuyerField, placeBuyerErrors, sameBuyerForm, type BuyerField, type BuyerFormField, type BuyerFormValues } from './model';

export type BuyerFormErrors = Partial<Record<BuyerFormField, string>>;

/**
 * One buyer form's state for the create dialog and the edit page alike: the values, the checks the
 * server would make, and a refusal put at the field it names (a 409 for a taken name at the name).
 */
export function useBuyerForm(initial: BuyerFormValues, onSave: (values: BuyerFormValues) => Promise<BuyerFormValues | void>) {
  const t = useT();
  const reasonText = useFieldReasonText();
  const [saved, setSaved] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<BuyerFormErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const check = (field: BuyerField, value: string): string | undefined => {
    const problem = checkBuyerField(field, value);
    return problem === null ? undefined : t(`buyer.check.${problem}`, { max: buyerProblemLimit(problem) });
  };

  const change = <F extends keyof BuyerFormValues>(field: F, value: BuyerFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A shown error follows the typing, so it goes as soon as the value is right.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: field === 'active' ? undefined : check(field as BuyerField, String(value)) }));
  };

  /** Checks, saves, and answers whether it was saved; the first wrong field gets the focus. */
  const submit = async (event: FormEvent<HTMLFormElement>): Promise<boolean> => {
    event.preventDefault();
    const form = event.currentTarget;
    const found: BuyerFormErrors = {};
    for (const field of BUYER_FIELDS) found[field] = check(field, values[field]);
    setErrors(found);
    setBanner(null);
    const first = BUYER_FIELDS.find((field) => found[field]);
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return false;
    }
    setSubmitting(true);
    try {
      // The values as the server stored them (trimmed), where the save answers them.
      const stored = (await onSave(values)) ?? values;
      setSaved(stored);
      setValues(stored);
      return true;
    } catch (error) {
      const placed = placeBuyerErrors(error);
      const shown: BuyerFormErrors = {};
      for (const [field, reason] of Object.entries(placed.fields) as [BuyerFormField, Parameters<typeof reasonText>[0]][]) shown[field] = reasonText(reason);
      setErrors(shown);
      setBanner(placed.banner);
      return false;
    } finally {
      setSubmitting(false);
    }
  };

  const reset = (to: BuyerFormValues = saved) => {
    setSaved(to);
    setValues(to);
    setErrors({});
    setBanner(null);
  };

  return { values, errors, banner, submitting, dirty: !sameBuyerForm(values, saved), change, submit, reset };
}

export type BuyerFormModel = ReturnType<typeof useBuyerForm>;
