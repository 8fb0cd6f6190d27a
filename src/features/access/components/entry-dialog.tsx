import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useT } from '@/features/access/messages';
import type { CatalogueEntry, EntryValues } from '../model';
import { useEntryForm, useNameRule } from '../use-catalogue';

interface EntryDialogProps {
  open: boolean;
  title: string;
  entry: CatalogueEntry | null;
  online: boolean;
  onSave: (values: EntryValues) => Promise<unknown>;
  onClose: () => void;
}

/** Creates or edits one reason or action: the name is required, the description optional. */
export function EntryDialog({ open, title, entry, online, onSave, onClose }: EntryDialogProps) {
  const t = useT();
  const titleId = useId();
  const nameRule = useNameRule();
  const { form, submit, failure } = useEntryForm(entry, onSave, onClose);
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <Dialog open={open} onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {!online && <Alert severity="warning">{t('access.offline')}</Alert>}
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              {...register('name', nameRule)}
              label={t('access.catalogue.name')}
              required
              autoFocus
              error={Boolean(errors.name)}
              helperText={errors.name?.message}
            />
            <TextField
              {...register('description')}
              label={t('access.catalogue.description')}
              multiline
              minRows={2}
              error={Boolean(errors.description)}
              helperText={errors.description?.message}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting || !online}>
            {t('access.catalogue.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
