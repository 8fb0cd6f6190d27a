import Alert from '@mui/material/Alert';
import { useState, type FormEvent } from 'react';
import { OPERATOR_BUYER_ID } from '@contract/buyers';
import { FormDialog } from '@/components/form-dialog';
import { OutlinedField } from '@/components/outlined-field';
import type { FieldReason } from '@/lib/field-errors';
import { useT } from '../messages';
import { EMPTY_SIP, checkSip, type SipField, type SipValues } from '../model';
import { PasswordField } from './password-field';
import { useProblemText } from './use-problem-text';

interface SipAddDialogProps {
  /** The user's buyer: buyer 1's accounts always get the provider's domain and port. */
  buyerId: number;
  busy: boolean;
  /** The server's refusal of the last try. */
  error: string | null;
  canWrite: boolean;
  onClose: () => void;
  /** The page closes the dialog once the server took it; a refusal keeps it and what was typed. */
  onSubmit: (values: SipValues, place: (field: SipField, reason: FieldReason) => void) => Promise<boolean>;
}

/** A new SIP account: login, password, domain, port, type. */
export function SipAddDialog({ buyerId, busy, error, canWrite, onClose, onSubmit }: SipAddDialogProps) {
  const t = useT();
  const problemText = useProblemText();
  const [values, setValues] = useState<SipValues>(EMPTY_SIP);
  const [errors, setErrors] = useState<Partial<Record<SipField, string>>>({});
  const set = (field: SipField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(Object.entries(checkSip(values)).map(([field, problem]) => [field, problemText(problem)]));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await onSubmit(values, (field, reason) => setErrors((current) => ({ ...current, [field]: problemText(reason) })));
  };
  return (
    <FormDialog
      title={t('user.sip.dialog')}
      submitLabel={t('user.sip.submit')}
      busy={busy}
      submitDisabled={!canWrite}
      error={error}
      maxWidth="sm"
      phoneFullScreen
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      {buyerId === OPERATOR_BUYER_ID && <Alert severity="info">{t('user.sip.forcedProvider')}</Alert>}
        <OutlinedField name="login" code required autoFocus value={values.login} onChange={set('login')} label={t('user.sip.field.login')} error={errors.login} />
        <PasswordField name="password" required value={values.password} onChange={set('password')} label={t('user.sip.field.password')} error={errors.password} />
        <OutlinedField name="domain" code required value={values.domain} onChange={set('domain')} label={t('user.sip.field.domain')} error={errors.domain} />
        <OutlinedField name="port" inputMode="numeric" required value={values.port} onChange={set('port')} label={t('user.sip.field.port')} error={errors.port} />
        <OutlinedField name="type" code value={values.type} onChange={set('type')} label={t('user.sip.field.type')} helperText={t('user.sip.field.type.helper')} />
    </FormDialog>
  );
}
