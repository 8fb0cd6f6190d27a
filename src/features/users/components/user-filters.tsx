import { FilterForm } from '@/components/filter-form';
import { OutlinedField } from '@/components/outlined-field';
import { useFilterFields, type FilterProblems, type UrlFiltersProps } from '@/components/use-filter-fields';
import { LOGIN_PREFIX_MAX_LENGTH, isLoginPrefix } from '@contract/users';
import { useT } from '../messages';
import { LOGIN_FILTER_MAX, isId, type UserFilterKey } from '../model';

type FilterValues = Record<UserFilterKey, string>;

interface UserFiltersProps extends UrlFiltersProps<UserFilterKey> {
  /** The buyer filter is the superuser's: the others see only their own buyer's users. */
  withBuyer: boolean;
}

/** Login, user id, buyer id and comment; applied on «Найти» or Enter, so typing does not flood the server. */
export function UserFilters({ filters, withBuyer, onApply, onClear }: UserFiltersProps) {
  const t = useT();
  const { field, values, submit, reset } = useFilterFields({
    filters,
    onApply,
    onClear,
    check: (values) => {
      const next: FilterValues = { login: values.login.trim(), userId: values.userId.trim(), buyerId: withBuyer ? values.buyerId.trim() : '', comment: values.comment.trim() };
      const problems: FilterProblems<UserFilterKey> = {};
      if (next.login.length > LOGIN_FILTER_MAX) problems.login = t('users.filter.loginLong', { max: LOGIN_FILTER_MAX });
      if (next.userId !== '' && !isId(next.userId)) problems.userId = t('users.filter.idNumber');
      if (next.buyerId !== '' && !isId(next.buyerId)) problems.buyerId = t('users.filter.idNumber');
      return { filters: next, problems };
    },
  });

  // The server looks for a part this short at the login's start: said while it is typed, not found out from the results.
  const loginHint = isLoginPrefix(values.login.trim()) ? t('users.filter.loginPrefix', { max: LOGIN_PREFIX_MAX_LENGTH }) : undefined;

  return (
    <FilterForm
      label={t('users.filter.label')}
      columns={withBuyer ? '2fr 1fr 1fr 2fr auto auto' : '2fr 1fr 2fr auto auto'}
      applyLabel={t('users.filter.apply')}
      resetLabel={t('users.filter.reset')}
      onSubmit={submit}
      onReset={reset}
    >
      <OutlinedField {...field('login')} type="search" code label={t('users.filter.login')} helperText={loginHint} size="small" />
      <OutlinedField {...field('userId')} inputMode="numeric" label={t('users.filter.userId')} size="small" />
      {withBuyer && <OutlinedField {...field('buyerId')} inputMode="numeric" label={t('users.filter.buyerId')} size="small" />}
      <OutlinedField {...field('comment')} label={t('users.filter.comment')} size="small" />
    </FilterForm>
  );
}
