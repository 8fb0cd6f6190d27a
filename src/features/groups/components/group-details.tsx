import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Group } from '@contract/groups';
import { useT } from '../messages';
import type { GroupFormValues } from '../model';
import { useGroupForm } from '../use-group-form';
import type { GroupPageModel } from '../use-group-page';
import { GroupFormFields } from './group-form-fields';

function valuesOf(group: Group): GroupFormValues {
  return { name: group.name, parentId: group.parentId === null ? '' : String(group.parentId), buyerId: String(group.buyerId) };
}

/** The name and the parent, saved together; offline the form keeps what was typed and does not send. */
export function GroupDetailsForm({ group, model }: { group: Group; model: GroupPageModel }) {
  const t = useT();
  // The saved group comes back as the card's data: the page remounts this form with it (its key).
  const form = useGroupForm(valuesOf(group), model.save);
  const { submitting: isSubmitting, dirty: isDirty } = form;
  return (
    <Box component="form" noValidate onSubmit={(event) => void form.submit(event)} sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      {form.errors.banner && <Alert severity="error">{form.errors.banner}</Alert>}
      <GroupFormFields model={form} rows={model.rows} groupId={group.groupId} buyerId={group.buyerId} buyers={model.buyers} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={!model.online || isSubmitting || !isDirty}>
          {t('groups.form.submitEdit')}
        </Button>
        {isDirty && (
          <Button type="button" disabled={isSubmitting} onClick={form.reset}>
            {t('group.reset')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** Support's view of the same: the data, no control. */
export function GroupDetailsView({ group, model }: { group: Group; model: GroupPageModel }) {
  const t = useT();
  const parent = model.rows.find((row) => row.groupId === group.parentId);
  const lines: [string, string][] = [
    [t('groups.form.name'), group.name],
    [t('groups.form.parent'), parent?.path ?? (group.parentId === null ? t('groups.form.parent.none') : String(group.parentId))],
  ];
  if (model.buyerName) lines.push([t('groups.form.buyer'), model.buyerName]);
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.5 }}>
      {lines.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
