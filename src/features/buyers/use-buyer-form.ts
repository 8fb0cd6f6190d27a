import { useCheckedForm, type FormErrors } from '@/components/use-checked-form';
import { useT } from '@/features/buyers/messages';
import { BUYER_FIELDS, buyerProblemLimit, checkBuyerField, placeBuyerErrors, sameBuyerForm, type BuyerField, type BuyerFormField, type BuyerFormValues } from './model';

export type BuyerFormErrors = FormErrors<BuyerFormField>;

/**
 * One buyer form's state for the create dialog and the edit page alike: the values, the checks the
 * server would make, and a refusal put at the field it names (a 409 for a taken name at the name).
 */
export function useBuyerForm(initial: BuyerFormValues, onSave: (values: BuyerFormValues) => Promise<BuyerFormValues | void>) {
  const t = useT();
  return useCheckedForm<BuyerFormValues, BuyerFormField, BuyerField>({
    initial,
    checked: BUYER_FIELDS,
    check: (field, value) => {
      const problem = checkBuyerField(field, value);
      return problem === null ? undefined : t(`buyer.check.${problem}`, { max: buyerProblemLimit(problem) });
    },
    save: onSave,
    place: placeBuyerErrors,
    same: sameBuyerForm,
  });
}

export type BuyerFormModel = ReturnType<typeof useBuyerForm>;
