import { useState, type FormEvent } from 'react';
import { FilterForm } from '@/components/filter-form';
import { OutlinedField } from '@/components/outlined-field';
import { useT } from '../messages';
import { LOGIN_FILTER_MAX, isId, type UserFilterKey } from '../model';

type FilterValues = Record<UserFilterKey, string>;

interface UserFiltersProps {
  filters: FilterValues;
  /** The buyer filter is the superuser's: the others see only their own buyer's users. */
  withBuyer: boolean;
  onApply: (filters: FilterValues) => void;
  onClear: () => void;
}

type FilterProblem = Partial<Record<UserFilterKey, string>>;

/** Login, user id, buyer id and comment; applied on «Найти» or Enter, so typing does not flood the server. */
export function UserFilters({ filters, withBuyer, onApply, onClear }: UserFiltersProps) {
  const t = useT();
  const [values, setValues] = useState<FilterValues>(filters);
  const [problems, setProblems] = useState<FilterProblem>({});
  // The URL changed (applied, reset, back button): the fields show it, without a remount that would take the focus.
  const [shown, setShown] = useState(filters);
  if (JSON.stringify(shown) !== JSON.stringify(filters)) {
    setShown(filters);
    setValues(filters);
    setProblems({});
  }
  const set = (key: UserFilterKey) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: FilterValues = { login: values.login.trim(), userId: values.userId.trim(), buyerId: withBuyer ? values.buyerId.trim() : '', comment: values.comment.trim() };
    const found: FilterProblem = {};
    if (next.login.length > LOGIN_FILTER_MAX) found.login = t('users.filter.loginLong', { max: LOGIN_FILTER_MAX });
    if (next.userId !== '' && !isId(next.userId)) found.userId = t('users.filter.idNumber');
    if (next.buyerId !== '' && !isId(next.buyerId)) found.buyerId = t('users.filter.idNumber');
    setProblems(found);
    if (Object.keys(found).length === 0) onApply(next);
  };

  return (
    <FilterForm
      label={t('users.filter.label')}
      columns={withBuyer ? '2fr 1fr 1fr 2fr auto auto' : '2fr 1fr 2fr auto auto'}
      applyLabel={t('users.filter.apply')}
      resetLabel={t('users.filter.reset')}
      onSubmit={submit}
      onReset={() => {
        setProblems({});
        onClear();
      }}
    >
      <OutlinedField name="login" type="search" code value={values.login} onChange={set('login')} label={t('users.filter.login')} size="small" error={problems.login} />
      <OutlinedField name="userId" inputMode="numeric" value={values.userId} onChange={set('userId')} label={t('users.filter.userId')} size="small" error={problems.userId} />
      {withBuyer && (
        <OutlinedField name="buyerId" inputMode="numeric" value={values.buyerId} onChange={set('buyerId')} label={t('users.filter.buyerId')} size="small" error={problems.buyerId} />
      )}
      <OutlinedField name="comment" value={values.comment} onChange={set('comment')} label={t('users.filter.comment')} size="small" />
    </FilterForm>
  );
}
