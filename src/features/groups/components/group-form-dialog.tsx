import Alert from '@mui/material/Alert';
import type { GroupBuyer } from '@contract/groups';
import { FormDialog } from '@/components/form-dialog';
import { useT } from '../messages';
import type { GroupFormValues, GroupRow } from '../model';
import { useGroupForm } from '../use-group-form';
import { GroupFormFields } from './group-form-fields';

interface GroupFormDialogProps {
  /** The group to rename or move; null creates one. */
  group: GroupRow | null;
  rows: readonly GroupRow[];
  buyers: readonly GroupBuyer[];
  online: boolean;
  onClose: () => void;
  onSubmit: (values: GroupFormValues) => Promise<unknown>;
}

/** Create, rename and move in one dialog; it cannot be closed while sending, and offline it keeps what was typed. */
export function GroupFormDialog({ group, rows, buyers, online, onClose, onSubmit }: GroupFormDialogProps) {
  const t = useT();
  const initial: GroupFormValues = group
    ? { name: group.name, parentId: group.parentId === null ? '' : String(group.parentId), buyerId: String(group.buyerId) }
    : { name: '', parentId: '', buyerId: buyers.length > 1 ? String(buyers[0]!.buyerId) : '' };
  const model = useGroupForm(initial, async (values) => {
    await onSubmit(values);
    onClose();
  });
  const { submitting: isSubmitting } = model;
  return (
    <FormDialog
      title={group ? t('groups.form.editTitle') : t('groups.form.createTitle')}
      submitLabel={group ? t('groups.form.submitEdit') : t('groups.form.submitCreate')}
      busy={isSubmitting}
      submitDisabled={!online}
      notice={!online && <Alert severity="warning">{t('groups.offline')}</Alert>}
      error={model.errors.banner}
      maxWidth="sm"
      onClose={onClose}
      onSubmit={(event) => void model.submit(event)}
    >
      <GroupFormFields model={model} rows={rows} groupId={group?.groupId ?? null} buyerId={group?.buyerId ?? null} buyers={buyers} autoFocus />
    </FormDialog>
  );
}
