import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { HouseTypeahead } from '@/components/house-typeahead/house-typeahead';
import { useT } from '@/features/access/messages';
import type { BlockFormValues } from '../model';
import { useBlockForm } from '../use-block-form';
import type { StatusRequest } from '../use-blocked-flats';

interface BlockDialogProps {
  /** What was typed when the dialog last closed. */
  draft: BlockFormValues;
  keep: (values: BlockFormValues) => void;
  send: (request: StatusRequest) => Promise<unknown>;
  onClose: () => void;
  online: boolean;
}

/** «Заблокировать квартиры»: a house found by address, flats typed or pasted («1-20, 35, 41»), a reason. */
export function BlockDialog({ draft, keep, send, onClose, online }: BlockDialogProps) {
  const t = useT();
  const titleId = useId();
  const block = useBlockForm({ draft, keep, send, close: onClose });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = block.form;
  const flatsHelp = errors.flats?.message ?? (block.flatCount ? t('access.block.flatsCount', { count: block.flatCount }) : t('access.block.flatsHint'));
  return (
    <Dialog open onClose={isSubmitting ? undefined : block.cancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={block.submit}>
        <DialogTitle id={titleId}>{t('access.block.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {!online && <Alert severity="warning">{t('access.offline')}</Alert>}
            {block.failure && <Alert severity="error">{block.failure}</Alert>}
            <Controller
              control={control}
              name="house"
              rules={block.rules.house}
              render={({ field, fieldState }) => (
                <HouseTypeahead
                  label={t('access.block.house')}
                  required
                  value={field.value?.address ?? null}
                  onPick={(hit) => field.onChange({ id: hit.id, address: hit.address })}
                  onClear={() => field.onChange(null)}
                  error={fieldState.error?.message}
                  // The field cuts a long address: the whole of the chosen one is shown under it.
                  helper={field.value?.address ?? t('access.block.houseHint')}
                />
              )}
            />
            <TextField
              {...register('flats', block.rules.flats)}
              label={t('access.block.flats')}
              required
              multiline
              minRows={2}
              maxRows={8}
              error={Boolean(errors.flats)}
              helperText={flatsHelp}
            />
            <Controller
              control={control}
              name="reason"
              rules={block.rules.reason}
              render={({ field, fieldState }) => (
                <Autocomplete
                  freeSolo
                  options={block.reasonChoices}
                  inputValue={field.value}
                  onInputChange={(_event, value) => field.onChange(value)}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      onBlur={field.onBlur}
                      label={t('access.block.reason')}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ?? t('access.block.reasonHint')}
                    />
                  )}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={block.cancel} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting || !online}>
            {t('access.block.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
