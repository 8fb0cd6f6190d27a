import { FilterForm } from '@/components/filter-form';
import { OutlinedField } from '@/components/outlined-field';
import { useFilterFields, type FilterProblems, type UrlFiltersProps } from '@/components/use-filter-fields';
import { useT } from '@/features/houses/messages';
import { REGION_PATTERN, type HouseFilterKey } from '../model';

/** Address, houseUid, region and fias (the address is ours); applied on "Найти" or Enter, so typing does not flood the server. */
export function HouseFilters({ filters, onApply, onClear }: UrlFiltersProps<HouseFilterKey>) {
  const t = useT();
  const { field, submit, reset } = useFilterFields({
    filters,
    onApply,
    onClear,
    check: (values) => {
      const next = { address: values.address.trim(), houseUid: values.houseUid.trim(), region: values.region.trim(), fias: values.fias.trim() };
      const problems: FilterProblems<HouseFilterKey> = {};
      if (next.region !== '' && !REGION_PATTERN.test(next.region)) problems.region = t('houses.create.error.regionNumber');
      return { filters: next, problems };
    },
  });
  return (
    <FilterForm columns="3fr 2fr 1fr 2fr auto auto" applyLabel={t('houses.filter.apply')} resetLabel={t('houses.filter.reset')} onSubmit={submit} onReset={reset}>
      <OutlinedField {...field('address')} type="search" label={t('houses.filter.address')} />
      <OutlinedField {...field('houseUid')} code label={t('houses.filter.houseUid')} />
      <OutlinedField {...field('region')} inputMode="numeric" label={t('houses.filter.region')} />
      <OutlinedField {...field('fias')} code label={t('houses.filter.fias')} />
    </FilterForm>
  );
}
