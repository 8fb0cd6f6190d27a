import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { KEY_INNER, KEY_VALUE_LENGTHS } from '@contract/keys';
import { FormDialog } from '@/components/form-dialog';
import { KeyKindSelect } from '@/components/key-value/key-kind-select';
import { NfcReadButton } from '@/components/nfc-read-button/nfc-read-button';
import { checkKeyValue, type KeyKind, type KeyValueProblem } from '@/components/key-value/model';
import { OutlinedField } from '@/components/outlined-field';
import { placeFieldErrors, type FieldReason } from '@/lib/field-errors';
import { HttpError } from '@/lib/http';
import { useT } from '../messages';
import { checkKeyCreate, createFieldOf, emptyKeyCreate, type KeyCreateField, type KeyCreateValues } from '../model';

interface KeyCreateDialogProps {
  rs: boolean;
  /** The types the device takes (the list call's `keyTypes`). */
  keyTypes: readonly KeyKind[];
  online: boolean;
  /** Offline, the key is queued in the outbox instead of sent. */
  canQueue: boolean;
  create: UseMutationResult<unknown, Error, KeyCreateValues & { keyType: KeyKind }>;
  onClose: () => void;
}

/** «8, 14 или 20» */
function useLengths() {
  const t = useT();
  return (lengths: readonly number[]) => (lengths.length > 1 ? t('deviceKeys.lengths.or', { list: lengths.slice(0, -1).join(', '), last: lengths[lengths.length - 1] }) : String(lengths[0]));
}

/** A new key: its type among the device's, its value checked for that type as it is typed, its flat and side. */
export function KeyCreateDialog({ rs, keyTypes, online, canQueue, create, onClose }: KeyCreateDialogProps) {
  const t = useT();
  const lengths = useLengths();
  const queueing = !online && canQueue;
  const sideId = useId();
  const [values, setValues] = useState<KeyCreateValues>(() => emptyKeyCreate(keyTypes));
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Partial<Record<KeyCreateField, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);

  const valueProblem = values.keyType === '' ? null : checkKeyValue(values.keyType, values.value);
  const problems = checkKeyCreate(values);
  const set = <F extends keyof KeyCreateValues>(field: F, value: KeyCreateValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // What the server refused stays until the field is changed.
    setServer((current) => ({ ...current, [field]: undefined, ...(field === 'keyType' ? { value: undefined } : {}) }));
  };

  const valueText = (problem: KeyValueProblem, keyType: KeyKind) =>
    problem.kind === 'required'
      ? t('deviceKeys.check.required')
      : problem.kind === 'hex'
        ? t('deviceKeys.check.alphabet')
        : t('deviceKeys.check.length', { type: keyType, lengths: lengths(problem.lengths), got: problem.got });
  const reasonText = (reason: FieldReason) =>
    reason.kind === 'other'
      ? reason.text
      : reason.kind === 'required'
        ? t('deviceKeys.check.required')
        : reason.kind === 'range'
          ? t('deviceKeys.check.range', { min: reason.min, max: reason.max })
          : reason.kind === 'integer'
            ? t('deviceKeys.check.integer')
            : t('deviceKeys.check.invalid');

  // The format is checked as it is typed; an empty value is named only once «Добавить» was pressed.
  const shownValueProblem = valueProblem && values.keyType !== '' && (values.value !== '' || submitted) ? valueText(valueProblem, values.keyType) : undefined;
  const valueError = server.value ?? shownValueProblem;
  const flatError = server.flatNum ?? (problems.flatNum && (values.flatNum !== '' || submitted) ? t('deviceKeys.check.flatNumber') : undefined);
  const typeError = server.keyType ?? (submitted && problems.keyType ? t('deviceKeys.check.typeRequired') : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const keyType = values.keyType;
    if (keyType === '' || valueProblem || Object.keys(problems).length > 0 || (!online && !queueing)) return;
    setBanner(null);
    try {
      await create.mutateAsync({ ...values, keyType });
      onClose();
    } catch (error) {
      const placed: Partial<Record<KeyCreateField, string>> = {};
      // A value the device already has (409) is the value's problem.
      if (error instanceof HttpError && error.status === 409) placed.value = error.message;
      const rest = error instanceof HttpError && error.status === 409 ? null : placeFieldErrors(error, createFieldOf, (field, reason) => (placed[field] = reasonText(reason)));
      setServer(placed);
      setBanner(rest);
    }
  };

  return (
    <FormDialog
      title={t(rs ? 'deviceKeys.create.rsTitle' : 'deviceKeys.create.title')}
      submitLabel={t(queueing ? 'deviceKeys.create.queue' : 'deviceKeys.create.submit')}
      busy={create.isPending}
      submitDisabled={(!online && !queueing) || keyTypes.length === 0}
      error={banner}
      notice={
        <>
          {!online && <Alert severity="warning">{t(queueing ? 'deviceKeys.offline.queue' : 'deviceKeys.offline')}</Alert>}
          {keyTypes.length === 0 && <Alert severity="warning">{t('deviceKeys.create.noTypes')}</Alert>}
        </>
      }
      maxWidth="sm"
      phoneFullScreen
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <KeyKindSelect value={values.keyType} kinds={keyTypes} onChange={(kind) => set('keyType', kind)} error={typeError} required />
      <OutlinedField
        name="value"
        code
        autoFocus
        required
        label={t('deviceKeys.create.value')}
        value={values.value}
        onChange={(event) => set('value', event.target.value)}
        error={valueError}
        helperText={values.keyType === '' ? undefined : t('deviceKeys.create.value.hint', { type: values.keyType, lengths: lengths(KEY_VALUE_LENGTHS[values.keyType]) })}
        sx={{ '& input': { fontFamily: 'monospace' } }}
      />
      <NfcReadButton kind={values.keyType} value={values.value} onValue={(value) => set('value', value)} disabled={create.isPending} />
      <OutlinedField
        name="flatNum"
        inputMode="numeric"
        label={t('deviceKeys.create.flat')}
        value={values.flatNum}
        onChange={(event) => set('flatNum', event.target.value)}
        error={flatError}
        helperText={t('deviceKeys.create.flat.hint')}
      />
      <FormControl>
        <FormLabel id={sideId}>{t('deviceKeys.create.side')}</FormLabel>
        <RadioGroup row aria-labelledby={sideId} value={String(values.inner)} onChange={(event) => set('inner', event.target.value === String(KEY_INNER) ? KEY_INNER : 0)}>
          <FormControlLabel value="0" control={<Radio />} label={t('deviceKeys.create.outer')} />
          <FormControlLabel value={String(KEY_INNER)} control={<Radio />} label={t('deviceKeys.create.inner')} />
        </RadioGroup>
      </FormControl>
    </FormDialog>
  );
}
