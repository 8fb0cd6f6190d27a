import { useState, type FormEvent } from 'react';
import { GROUP_NAME_MAX_LENGTH } from '@contract/groups';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { placeFieldErrors } from '@/lib/field-errors';
import { useT } from './messages';
import { checkGroupName, type GroupFormValues } from './model';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes/use-unsaved-changes-guard';

type Field = keyof GroupFormValues;
const FIELDS: readonly Field[] = ['name', 'parentId', 'buyerId'];

function fieldOf(path: string): Field | null {
  return (FIELDS as readonly string[]).includes(path) ? (path as Field) : null;
}

export interface GroupFormErrors {
  fields: Partial<Record<Field, string>>;
  /** The server's words that name no field, above the fields. */
  banner: string | null;
}

const NO_ERRORS: GroupFormErrors = { fields: {}, banner: null };

/**
 * A group's name, parent and (the superuser's, on create) buyer: the name checked as the server
 * checks it, and a 400 naming a field shown at that field; anything else above the fields. Plain
 * state: a form library would cost the group page its route budget.
 */
export function useGroupForm(initial: GroupFormValues, send: (values: GroupFormValues) => Promise<unknown>) {
  const t = useT();
  const reasonText = useFieldReasonText();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<GroupFormErrors>(NO_ERRORS);
  const [submitting, setSubmitting] = useState(false);

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value, ...(field === 'buyerId' ? { parentId: '' } : {}) }));
    setErrors((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }));
  };
  const reset = () => {
    setValues(initial);
    setErrors(NO_ERRORS);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkGroupName(values.name);
    if (problem !== null) {
      setErrors({ fields: { name: t(`groups.check.${problem}`, { max: GROUP_NAME_MAX_LENGTH }) }, banner: null });
      return;
    }
    setSubmitting(true);
    setErrors(NO_ERRORS);
    try {
      await send(values);
    } catch (error) {
      const fields: GroupFormErrors['fields'] = {};
      const banner = placeFieldErrors(error, fieldOf, (field, reason) => {
        fields[field] = reasonText(reason);
      });
      setErrors({ fields, banner });
    } finally {
      setSubmitting(false);
    }
  };

  const dirty = FIELDS.some((field) => values[field] !== initial[field]);
  useUnsavedChangesGuard(dirty);
  return { values, set, errors, submitting, dirty, submit, reset };
}

export type GroupForm = ReturnType<typeof useGroupForm>;
