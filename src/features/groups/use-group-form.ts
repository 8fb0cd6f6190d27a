import { useForm } from 'react-hook-form';
import { GROUP_NAME_MAX_LENGTH } from '@contract/groups';
import { useFieldReasonText } from '@/components/field-reason/use-field-reason-text';
import { placeFieldErrors } from '@/lib/field-errors';
import { useT } from './messages';
import { checkGroupName, type GroupFormValues } from './model';

const FIELDS: readonly (keyof GroupFormValues)[] = ['name', 'parentId', 'buyerId'];

function fieldOf(path: string): keyof GroupFormValues | null {
  return (FIELDS as readonly string[]).includes(path) ? (path as keyof GroupFormValues) : null;
}

/**
 * A group's name, parent and (the superuser's, on create) buyer: the name checked as the server
 * checks it, and a 400 naming a field shown at that field; anything else above the fields.
 */
export function useGroupForm(values: GroupFormValues, send: (values: GroupFormValues) => Promise<unknown>) {
  const t = useT();
  const reasonText = useFieldReasonText();
  const form = useForm<GroupFormValues>({ defaultValues: values });
  const submit = form.handleSubmit(async (entered) => {
    try {
      await send(entered);
    } catch (error) {
      const banner = placeFieldErrors(error, fieldOf, (field, reason) => form.setError(field, { type: 'server', message: reasonText(reason) }, { shouldFocus: true }));
      if (banner) form.setError('root.server', { message: banner });
    }
  });
  const nameRules = {
    validate: (name: string) => {
      const problem = checkGroupName(name);
      return problem === null || t(`groups.check.${problem}`, { max: GROUP_NAME_MAX_LENGTH });
    },
  };
  return { form, submit, nameRules };
}

export type GroupForm = ReturnType<typeof useGroupForm>;
