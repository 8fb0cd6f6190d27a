import { FilterForm } from '@/components/filter-form';
import { isHexSearch } from '@/components/key-value/model';
import { OutlinedField } from '@/components/outlined-field';
import { useFilterFields, type FilterProblems, type UrlFiltersProps } from '@/components/use-filter-fields';
import { isFlatNumber } from '@/lib/flat-number';
import { useT } from '../messages';
import type { KeyFilterKey } from '../model';

/** The value (a prefix, separators ignored by the server) and the panel code; applied on «Найти» or Enter. */
export function KeyFilters({ filters, onApply, onClear }: UrlFiltersProps<KeyFilterKey>) {
  const t = useT();
  const { field, submit, reset } = useFilterFields({
    filters,
    onApply,
    onClear,
    check: (values) => {
      const next = { key: values.key.trim(), panelCode: values.panelCode.trim() };
      const problems: FilterProblems<KeyFilterKey> = {};
      // The server searches by a hex prefix (separators dropped) and refuses anything else.
      if (!isHexSearch(next.key)) problems.key = t('deviceKeys.check.alphabet');
      if (next.panelCode !== '' && !isFlatNumber(next.panelCode)) problems.panelCode = t('deviceKeys.filter.panelCodeNumber');
      return { filters: next, problems };
    },
  });

  return (
    <FilterForm
      label={t('deviceKeys.filter.label')}
      columns="2fr 1fr auto auto"
      applyLabel={t('deviceKeys.filter.apply')}
      resetLabel={t('deviceKeys.filter.reset')}
      onSubmit={submit}
      onReset={reset}
    >
      <OutlinedField {...field('key')} type="search" code label={t('deviceKeys.filter.key')} size="small" />
      <OutlinedField {...field('panelCode')} inputMode="numeric" label={t('deviceKeys.filter.panelCode')} size="small" />
    </FilterForm>
  );
}
