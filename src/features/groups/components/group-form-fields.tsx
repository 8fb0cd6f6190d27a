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
  const { values, set } = model;
  const errors = model.errors.fields;
  const pickBuyer = buyerId === null && buyers.length > 1;
  const chosenBuyer = buyerId ?? (Number(values.buyerId) || buyers[0]?.buyerId);
  const parents = parentChoices(
    rows.filter((row) => row.buyerId === chosenBuyer),
    groupId,
  );
  return (
    <Stack spacing={2}>
      {pickBuyer && (
        <OutlinedSelect name="buyerId" value={values.buyerId} onChange={(event) => set('buyerId', event.target.value)} label={t('groups.form.buyer')} disabled={disabled} error={errors.buyerId}>
          {buyers.map((buyer) => (
            <option key={buyer.buyerId} value={String(buyer.buyerId)}>
              {buyer.name}
            </option>
          ))}
        </OutlinedSelect>
      )}
      <OutlinedField
        name="name"
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        label={t('groups.form.name')}
        required
        readOnly={disabled}
        autoFocus={autoFocus}
        error={errors.name}
      />
      <OutlinedSelect
        name="parentId"
        value={values.parentId}
        onChange={(event) => set('parentId', event.target.value)}
        label={t('groups.form.parent')}
        disabled={disabled}
        error={errors.parentId}
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
