import { useCheckedForm, type FormErrors } from '@/components/use-checked-form';
import { useT } from '@/features/management-companies/messages';
import { MC_TEXT_FIELDS, MC_TEXT_MAX, checkMcField, placeMcErrors, sameMcForm, type McFormField, type McFormValues, type McTextField } from './model';

export type McFormErrors = FormErrors<McFormField>;

/**
 * A company form's state (the edit page, and the create page with its two fields): the values,
 * the checks the server would make, and a refusal put at the field it names.
 */
export function useMcForm(initial: McFormValues, onSave: (values: McFormValues) => Promise<unknown>, fields: readonly McTextField[] = MC_TEXT_FIELDS) {
  const t = useT();
  return useCheckedForm<McFormValues, McFormField, McTextField>({
    initial,
    checked: fields,
    check: (field, value) => {
      const problem = checkMcField(field, value);
      return problem === null ? undefined : t(`mc.check.${problem}`, { max: MC_TEXT_MAX });
    },
    // The page keeps what was sent as saved (the company's answer refreshes the page's query).
    save: async (values) => {
      await onSave(values);
    },
    place: placeMcErrors,
    same: sameMcForm,
  });
}

export type McFormModel = ReturnType<typeof useMcForm>;
