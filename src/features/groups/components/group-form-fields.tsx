import Stack from '@mui/material/Stack';
import type { GroupBuyer } from '@contract/groups';
import { OutlinedField, OutlinedSelect } from '@/components/outlined-field';
import { useT } from '../messages';
import { indentedName, parentChoices, type GroupRow } from '../model';
import type { GroupForm } from '../use-group-form';

interface GroupFormFieldsProps {
  model: GroupForm;
  /** Every group the user sees, in tree order. */
  rows: readonly GroupRow[];
  /** The group being edited (left out of the parents with every group under it); null on create. */
  groupId: number | null;
  /** The group's buyer; null lets the superuser pick one (`buyers`) on create. */
  buyerId: number | null;
  buyers: readonly GroupBuyer[];
  disabled?: boolean;
  autoFocus?: boolean;
}

/** Name, parent (picked from the buyer's tree) and, for the superuser's new group, the buyer. */
export function GroupFormFields({ model, rows, groupId, buyerId, buyers, disabled = false, autoFocus = false }: GroupFormFieldsProps) {
  const t = useT();
  const { form, nameRules } = model;
  const { errors } = form.formState;
  const pickBuyer = buyerId === null && buyers.length > 1;
  const chosenBuyer = buyerId ?? (Number(form.watch('buyerId')) || buyers[0]?.buyerId);
  const parents = parentChoices(
    rows.filter((row) => row.buyerId === chosenBuyer),
    groupId,
  );
  const buyerField = form.register('buyerId', { onChange: () => form.setValue('parentId', '') });
  return (
    <Stack spacing={2}>
      {pickBuyer && (
        <OutlinedSelect {...buyerField} label={t('groups.form.buyer')} disabled={disabled} error={errors.buyerId?.message ?? Boolean(errors.buyerId)}>
          {buyers.map((buyer) => (
            <option key={buyer.buyerId} value={String(buyer.buyerId)}>
              {buyer.name}
            </option>
          ))}
        </OutlinedSelect>
      )}
      <OutlinedField
        {...form.register('name', nameRules)}
        label={t('groups.form.name')}
        required
        readOnly={disabled}
        autoFocus={autoFocus}
        error={errors.name?.message ?? Boolean(errors.name)}
      />
      <OutlinedSelect
        {...form.register('parentId')}
        label={t('groups.form.parent')}
        disabled={disabled}
        error={errors.parentId?.message ?? Boolean(errors.parentId)}
        helperText={groupId === null ? undefined : t('groups.form.parent.helper')}
      >
        <option value="">{t('groups.form.parent.none')}</option>
        {parents.map((row) => (
          <option key={row.groupId} value={String(row.groupId)}>
            {indentedName(row)}
          </option>
        ))}
      </OutlinedSelect>
    </Stack>
  );
}
