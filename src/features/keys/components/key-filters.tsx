import { normalizeMac } from '@contract/common';
import { FilterForm } from '@/components/filter-form';
import { hexDigits, isHexSearch } from '@/components/key-value/model';
import { OutlinedField } from '@/components/outlined-field';
import { useFilterFields, type FilterProblems, type UrlFiltersProps } from '@/components/use-filter-fields';
import { FLAT_NUMBER_MAX, isFlatNumber } from '@/lib/flat-number';
import { useT } from '../messages';
import type { KeyFilterKey } from '../model';

/** Value, panel code and device MAC; applied on «Найти» or Enter, so typing does not flood the server. */
export function KeyFilters({ filters, onApply, onClear }: UrlFiltersProps<KeyFilterKey>) {
  const t = useT();
  const { field, submit, reset } = useFilterFields({
    filters,
    onApply,
    onClear,
    check: (values) => {
      const key = values.key.trim();
      const panelCode = values.panelCode.trim();
      const mac = values.mac.trim();
      const problems: FilterProblems<KeyFilterKey> = {};
      if (!isHexSearch(key)) problems.key = t('keys.filter.hex');
      if (panelCode !== '' && !isFlatNumber(panelCode)) problems.panelCode = t('keys.filter.panelCodeNumber', { max: FLAT_NUMBER_MAX });
      if (mac !== '' && normalizeMac(mac) === null) problems.mac = t('keys.filter.macInvalid');
      return { filters: { key: hexDigits(key), panelCode, mac: mac === '' ? '' : (normalizeMac(mac) ?? '') }, problems };
    },
  });

  return (
    <FilterForm
      label={t('keys.filter.label')}
      columns="2fr 1fr 2fr auto auto"
      applyLabel={t('keys.filter.apply')}
      resetLabel={t('keys.filter.reset')}
      onSubmit={submit}
      onReset={reset}
    >
      <OutlinedField {...field('key')} type="search" code label={t('keys.filter.key')} size="small" />
      <OutlinedField {...field('panelCode')} inputMode="numeric" label={t('keys.filter.panelCode')} size="small" />
      <OutlinedField {...field('mac')} code label={t('keys.filter.mac')} size="small" />
    </FilterForm>
  );
}
