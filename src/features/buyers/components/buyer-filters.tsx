import { useState, type FormEvent } from 'react';
import { FilterForm } from '@/components/filter-form';
import { OutlinedField, OutlinedSelect } from '@/components/outlined-field';
import { useT } from '@/features/buyers/messages';
import type { BuyerFilterKey } from '../model';

type FilterValues = Record<BuyerFilterKey, string>;

interface BuyerFiltersProps {
  filters: FilterValues;
  onApply: (filters: FilterValues) => void;
  onClear: () => void;
}

/** A part of the name and the state; the name applies on «Найти» or Enter (no request per key), the state at once. */
export function BuyerFilters({ filters, onApply, onClear }: BuyerFiltersProps) {
  const t = useT();
  const [name, setName] = useState(filters.name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...filters, name: name.trim() });
  };
  return (
    <FilterForm
      label={t('buyers.title')}
      columns="3fr 1fr auto auto"
      smColumns="2fr 1fr"
      applyLabel={t('buyers.filter.apply')}
      resetLabel={t('buyers.filter.reset')}
      onSubmit={submit}
      onReset={onClear}
    >
      <OutlinedField name="name" type="search" value={name} onChange={(event) => setName(event.target.value)} label={t('buyers.filter.name')} size="small" />
      <OutlinedSelect name="active" value={filters.active} onChange={(event) => onApply({ name: name.trim(), active: event.target.value })} label={t('buyers.filter.active')} size="small">
        <option value="">{t('buyers.filter.active.all')}</option>
        <option value="1">{t('buyers.filter.active.yes')}</option>
        <option value="0">{t('buyers.filter.active.no')}</option>
      </OutlinedSelect>
    </FilterForm>
  );
}
