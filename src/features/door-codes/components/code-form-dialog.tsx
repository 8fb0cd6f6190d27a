import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { FlatRange } from '@contract/commutators';
import { DOOR_CODE_COMMENT_MAX } from '@contract/door-codes';
import { FormDialog } from '@/components/form-dialog';
import { useDateFormat } from '@/lib/dates';
import { useT } from '../messages';
import { EMPTY_DRAFT, checkDraft, draftOf, type CodeDraft, type CodeFormMode, type DraftErrors } from '../model';

interface CodeFormDialogProps {
  mode: CodeFormMode;
  range: FlatRange | null;
  online: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: (draft: CodeDraft, mode: CodeFormMode) => void;
}

/** A new common or flat code, or a change of one: checked here as the server would, sent when it passes. */
export function CodeFormDialog({ mode, range, online, busy, error, onClose, onSave }: CodeFormDialogProps) {
  const t = useT();
  const { timeZone } = useDateFormat();
  const [draft, setDraft] = useState<CodeDraft>(() => (mode.kind === 'edit' ? draftOf(mode.code, timeZone) : EMPTY_DRAFT));
  const [errors, setErrors] = useState<DraftErrors>({});
  const set = (field: keyof CodeDraft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field]: event.target.value }));
  const shown = (field: keyof CodeDraft) => {
    const found = errors[field];
    return found ? t(found.key, found.values) : undefined;
  };
  const who = mode.kind === 'edit' ? (mode.code.flatNum === null ? t('doorCodes.whoCommon') : t('doorCodes.whoFlat', { flat: mode.code.flatNum })) : '';
  const title = mode.kind === 'edit' ? t('doorCodes.form.edit', { who }) : mode.kind === 'common' ? t('doorCodes.form.createCommon') : t('doorCodes.form.createFlat');
  return (
    <FormDialog
      title={title}
      submitLabel={mode.kind === 'edit' ? t('doorCodes.form.save') : t('doorCodes.form.create')}
      busy={busy}
      submitDisabled={!online}
      error={error}
      notice={!online && <Alert severity="warning">{t('doorCodes.offline')}</Alert>}
      maxWidth="xs"
      phoneFullScreen
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const found = checkDraft(draft, mode, range, timeZone, new Date());
        setErrors(found);
        if (Object.keys(found).length === 0) onSave(draft, mode);
      }}
    >
      {mode.kind === 'flat' && (
        <TextField
          label={t('doorCodes.form.flat')}
          value={draft.flatNum}
          onChange={set('flatNum')}
          required
          autoFocus
          error={Boolean(errors.flatNum)}
          helperText={shown('flatNum') ?? (range ? t('doorCodes.form.flatHelp', { first: range.firstFlat, last: range.lastFlat }) : undefined)}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
      )}
      <TextField
        label={t('doorCodes.form.code')}
        value={draft.code}
        onChange={set('code')}
        required={mode.kind === 'edit'}
        autoFocus={mode.kind !== 'flat'}
        error={Boolean(errors.code)}
        helperText={shown('code') ?? (mode.kind === 'edit' ? t('doorCodes.form.codeHelpEdit') : t('doorCodes.form.codeHelp'))}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8, autoComplete: 'off' } }}
      />
      <TextField
        label={t('doorCodes.form.expires')}
        type="datetime-local"
        value={draft.expires}
        onChange={set('expires')}
        error={Boolean(errors.expires)}
        helperText={shown('expires') ?? t('doorCodes.form.expiresHelp')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label={t('doorCodes.form.comment')}
        value={draft.comment}
        onChange={set('comment')}
        multiline
        minRows={2}
        error={Boolean(errors.comment)}
        helperText={shown('comment')}
        slotProps={{ htmlInput: { maxLength: DOOR_CODE_COMMENT_MAX + 50 } }}
      />
    </FormDialog>
  );
}
