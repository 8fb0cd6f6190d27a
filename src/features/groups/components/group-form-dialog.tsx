import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import type { GroupBuyer } from '@contract/groups';
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
  const titleId = useId();
  const initial: GroupFormValues = group
    ? { name: group.name, parentId: group.parentId === null ? '' : String(group.parentId), buyerId: String(group.buyerId) }
    : { name: '', parentId: '', buyerId: buyers.length > 1 ? String(buyers[0]!.buyerId) : '' };
  const model = useGroupForm(initial, async (values) => {
    await onSubmit(values);
    onClose();
  });
  const { submitting: isSubmitting } = model;
  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={(event) => void model.submit(event)}>
        <DialogTitle id={titleId}>{group ? t('groups.form.editTitle') : t('groups.form.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {!online && <Alert severity="warning">{t('groups.offline')}</Alert>}
            {model.errors.banner && <Alert severity="error">{model.errors.banner}</Alert>}
            <GroupFormFields model={model} rows={rows} groupId={group?.groupId ?? null} buyerId={group?.buyerId ?? null} buyers={buyers} autoFocus />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting || !online}>
            {group ? t('groups.form.submitEdit') : t('groups.form.submitCreate')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
