import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { OutlinedField, OutlinedSelect } from '@/components/outlined-field';
import { PageSection } from '@/components/page-section';
import { authItemLabel } from '@/lib/auth-item-labels';
import { setUserMainInfo } from '../api';
import { useT } from '../messages';
import {
  MAIN_INFO_FIELDS,
  PASSWORD_MIN,
  checkMainInfo,
  fieldOfPath,
  mainInfoValues,
  placeRefusal,
  roleChangeable,
  type MainInfoField,
  type MainInfoValues,
} from '../model';
import { userQueries } from '../queries';
import { useUser, useUserMutation } from '../use-user-page';
import { BuyerField } from './buyer-field';
import { PasswordField } from './password-field';
import { RoleChecks, type RoleOption } from './role-checks';
import { useProblemText } from './use-problem-text';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes/use-unsaved-changes-guard';

type Errors = Partial<Record<MainInfoField, string>>;

/** Every role the lookup map names, then any the user has that it lacks. */
function roleOptions(rolesList: Record<string, string> | undefined, held: readonly string[]): { name: string; label: string }[] {
  const names = [...Object.keys(rolesList ?? {}), ...held.filter((name) => !rolesList || !(name in rolesList))];
  return [...new Set(names)].map((name) => ({ name, label: authItemLabel(name, rolesList?.[name]) }));
}

/** The editors' main info: every field, the new password, the roles they may change; saved with main-info. */
export function MainInfoForm() {
  const t = useT();
  const problemText = useProblemText();
  const { userId, user, session, superuser, canWrite, own } = useUser();
  const buyers = useQuery({ ...userQueries.buyers(), enabled: superuser });
  const [draft, setDraft] = useState<MainInfoValues | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const saved = mainInfoValues(user);
  const values = draft ?? saved;
  useUnsavedChangesGuard(draft !== null && JSON.stringify(draft) !== JSON.stringify(saved));
  const change = (patch: Partial<MainInfoValues>) => {
    setDraft({ ...values, ...patch });
    setErrors((current) => ({ ...current, ...Object.fromEntries(Object.keys(patch).map((key) => [key, undefined])) }));
  };
  const text = (field: 'login' | 'password' | 'comment' | 'buyerId' | 'operatorId') => (event: { target: { value: string } }) => change({ [field]: event.target.value });

  const save = useUserMutation({
    send: (next: MainInfoValues) => setUserMainInfo(userId, next, saved, buyerEditable),
    done: () => t('user.main.saved'),
    onDone: () => {
      setDraft(null);
      setErrors({});
    },
    onFailure: (error) =>
      placeRefusal(
        error,
        (path) => fieldOfPath(path, MAIN_INFO_FIELDS),
        (field, reason) => setErrors((current) => ({ ...current, [field]: problemText(reason) })),
      ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkMainInfo(values, buyerEditable);
    const found: Errors = Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, problemText(problem)]));
    setErrors(found);
    if (Object.keys(found).length === 0) void save.run(values);
  };

  const options = roleOptions(user.rolesList, [...user.roles, ...user.newRoles]);
  const lockable = (option: { name: string; label: string }): RoleOption => ({ ...option, locked: own || !roleChangeable(session, option.name) });
  const locked = own || options.some((option) => !roleChangeable(session, option.name));
  // The superuser moves others to another buyer, never itself.
  const buyerEditable = superuser && !own;
  const operators = Object.entries(user.operators ?? {});
  const disabled = save.pending;

  return (
    <PageSection title={t('user.section.main')} error={save.error}>
      <Box component="form" aria-label={t('user.section.main')} noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
        <OutlinedField name="login" code required value={values.login} onChange={text('login')} label={t('users.field.login')} error={errors.login} disabled={disabled} />
        <PasswordField
          name="password"
          value={values.password}
          onChange={text('password')}
          label={t('user.field.newPassword')}
          helperText={t('user.field.newPassword.helper', { min: PASSWORD_MIN })}
          error={errors.password}
          disabled={disabled}
        />
        <BuyerField
          value={values.buyerId}
          onChange={text('buyerId')}
          names={buyerEditable ? buyers.data : null}
          readOnly={!buyerEditable}
          helperText={buyerEditable ? undefined : t('user.field.buyer.fixed')}
          error={errors.buyerId}
          disabled={disabled}
        />
        <OutlinedField name="external" readOnly value={user.externalUser?.externalId ?? t('user.none')} onChange={() => undefined} label={t('user.field.external')} helperText={t('user.field.external.helper')} />
        <OutlinedField name="comment" multiline value={values.comment} onChange={text('comment')} label={t('users.field.comment')} error={errors.comment} disabled={disabled} />
        <OutlinedSelect name="operatorId" value={values.operatorId} onChange={text('operatorId')} label={t('user.field.operator')} error={errors.operatorId} disabled={disabled}>
          <option value="">{t('user.field.operator.none')}</option>
          {values.operatorId !== '' && !operators.some(([id]) => id === values.operatorId) && <option value={values.operatorId}>{values.operatorId}</option>}
          {operators.map(([id, login]) => (
            <option key={id} value={id}>
              {login}
            </option>
          ))}
        </OutlinedSelect>
        <FormControlLabel
          sx={{ gridColumn: '1 / -1' }}
          control={<Checkbox checked={values.dontUnlinkFromFlats} onChange={(event) => change({ dontUnlinkFromFlats: event.target.checked })} disabled={disabled} />}
          label={t('user.field.dontUnlink')}
        />
        <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
          <RoleChecks
            legend={t('user.field.roles')}
            options={options.map(lockable)}
            chosen={values.roles}
            onToggle={(roles) => change({ roles })}
            empty={t('users.field.roles.none')}
            error={errors.roles}
            helperText={own ? t('user.field.roles.own') : locked ? t('user.field.roles.locked') : undefined}
            disabled={disabled}
          />
          <RoleChecks
            legend={t('user.field.newRoles')}
            options={options.map(lockable)}
            chosen={values.newRoles}
            onToggle={(newRoles) => change({ newRoles })}
            empty={t('users.field.roles.none')}
            error={errors.newRoles}
            disabled={disabled}
          />
        </Box>
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={draft === null || !canWrite || save.pending} sx={{ minHeight: 44 }}>
            {save.pending ? t('user.saving') : t('user.save')}
          </Button>
          <Button
            disabled={draft === null || save.pending}
            onClick={() => {
              setDraft(null);
              setErrors({});
            }}
            sx={{ minHeight: 44 }}
          >
            {t('user.cancel')}
          </Button>
        </Box>
      </Box>
    </PageSection>
  );
}
