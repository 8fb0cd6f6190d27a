import Alert from '@mui/material/Alert';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { OutlinedField } from '@/components/outlined-field';
import { useT } from '../messages';
import { EMPTY_USER_CREATE, PASSWORD_MIN, checkUserCreate, fieldOfPath, placeRefusal, type UserCreateField, type UserCreateValues } from '../model';
import { BuyerField } from './buyer-field';
import { PasswordField } from './password-field';
import { RoleChecks } from './role-checks';
import { useProblemText } from './use-problem-text';

const FIELDS: readonly UserCreateField[] = ['login', 'password', 'buyerId', 'comment', 'roles'];

interface UserCreateDialogProps {
  online: boolean;
  superuser: boolean;
  /** id → name; null where the buyer list does not answer (the buyer is then typed as a number). */
  buyerNames: Record<string, string> | null;
  buyersLoading: boolean;
  /** The roles the caller holds: the ones it may give. */
  roles: { name: string; label: string }[];
  onClose: () => void;
  /** Resolves when the user is created (the page then opens it); rejects with the server's refusal. */
  onSubmit: (values: UserCreateValues) => Promise<unknown>;
}

/** «Создать пользователя»: login, password, buyer (superuser), comment, roles; a refusal naming a field is shown at it. */
export function UserCreateDialog({ online, superuser, buyerNames, buyersLoading, roles, onClose, onSubmit }: UserCreateDialogProps) {
  const t = useT();
  const problemText = useProblemText();
  const [values, setValues] = useState<UserCreateValues>(EMPTY_USER_CREATE);
  const [errors, setErrors] = useState<Partial<Record<UserCreateField, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: 'login' | 'password' | 'buyerId' | 'comment') => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = checkUserCreate(values, superuser);
    const found = Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, problemText(problem)]));
    setErrors(found);
    setBanner(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      setBanner(
        placeRefusal(
          error,
          (path) => fieldOfPath(path, FIELDS),
          (field, reason) => setErrors((current) => ({ ...current, [field]: problemText(reason) })),
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t('users.create.title')}
      submitLabel={t('users.create.submit')}
      busy={busy}
      submitDisabled={!online}
      notice={!online && <Alert severity="warning">{t('users.offline')}</Alert>}
      error={banner}
      maxWidth="sm"
      phoneFullScreen
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
        <OutlinedField name="login" code required autoFocus value={values.login} onChange={set('login')} label={t('users.field.login')} error={errors.login} />
        <PasswordField
          name="password"
          required
          value={values.password}
          onChange={set('password')}
          label={t('users.field.password')}
          error={errors.password}
          helperText={t('users.field.password.helper', { min: PASSWORD_MIN })}
        />
        {superuser && (
          <BuyerField
            value={values.buyerId}
            onChange={set('buyerId')}
            names={buyerNames}
            emptyLabel={t('users.field.buyer.own')}
            helperText={buyersLoading ? t('users.field.buyer.loading') : t('users.field.buyerId.helper')}
            error={errors.buyerId}
          />
        )}
        <OutlinedField name="comment" multiline value={values.comment} onChange={set('comment')} label={t('users.field.comment')} error={errors.comment} />
        <RoleChecks
          legend={t('users.field.roles')}
          options={roles}
          chosen={values.roles}
          error={errors.roles}
          empty={t('users.field.roles.none')}
          onToggle={(roles) => setValues((current) => ({ ...current, roles }))}
        />
    </FormDialog>
  );
}
