import { AUDIT_TARGET_KINDS } from '@contract/audit';
import { DayField } from '@/components/date-filter/day-field';
import { FilterForm } from '@/components/filter-form';
import { OutlinedField, OutlinedSelect } from '@/components/outlined-field';
import { useFilterFields, type UrlFiltersProps } from '@/components/use-filter-fields';
import { useT } from '../messages';
import { checkAuditFilters, kindKey, type AuditFilterKey } from '../model';

/** Who, what kind of object, its id, the route and the days; applied on «Найти», kept in the URL. */
export function AuditFilters({ filters, onApply, onClear }: UrlFiltersProps<AuditFilterKey>) {
  const t = useT();
  const { values, set, submit, reset, problems } = useFilterFields({
    filters,
    onApply,
    onClear,
    check: (typed) => {
      const checked = checkAuditFilters(typed);
      const texts = Object.fromEntries(Object.entries(checked.problems).map(([key, problem]) => [key, t(problem === 'date' ? 'audit.filter.dateInvalid' : 'audit.filter.dateOrder')]));
      return { filters: checked.filters, problems: texts };
    },
  });
  const setValue = (key: AuditFilterKey) => (value: string) => set(key)({ target: { value } });
  return (
    <FilterForm
      label={t('audit.filter.label')}
      columns="repeat(3, minmax(0, 1fr)) auto auto"
      smColumns="1fr 1fr"
      applyLabel={t('audit.filter.apply')}
      resetLabel={t('audit.filter.reset')}
      onSubmit={submit}
      onReset={reset}
    >
      <OutlinedField name="login" size="small" label={t('audit.filter.login')} value={values.login} onChange={set('login')} />
      <OutlinedSelect size="small" label={t('audit.filter.targetKind')} value={values.targetKind} onChange={set('targetKind')}>
        <option value="">{t('audit.filter.anyKind')}</option>
        {AUDIT_TARGET_KINDS.map((kind) => {
          const key = kindKey(kind);
          return (
            <option key={kind} value={kind}>
              {key ? t(key) : kind}
            </option>
          );
        })}
      </OutlinedSelect>
      <OutlinedField name="targetId" size="small" label={t('audit.filter.targetId')} code value={values.targetId} onChange={set('targetId')} />
      <OutlinedField name="route" size="small" label={t('audit.filter.route')} code value={values.route} onChange={set('route')} />
      <DayField label={t('audit.filter.dateFrom')} day={values.dateFrom} onDay={setValue('dateFrom')} bound="start" error={problems.dateFrom} />
      <DayField label={t('audit.filter.dateTo')} day={values.dateTo} onDay={setValue('dateTo')} bound="end" error={problems.dateTo} />
    </FilterForm>
  );
}
