import { useState, type FormEvent } from 'react';
import { FilterForm } from '@/components/filter-form';
import { OutlinedField } from '@/components/outlined-field';
import { useT } from '@/features/management-companies/messages';
import type { McFilterKey } from '../model';

type FilterValues = Record<McFilterKey, string>;

interface McFiltersProps {
  filters: FilterValues;
  /** The buyer filter: the superuser's alone (the others see their buyer's companies only). */
  withBuyer: boolean;
  onApply: (filters: FilterValues) => void;
  onClear: () => void;
}

const NUMBER = /^\d*$/;

/** The spec's filters, applied on «Найти» or Enter (no request per key); the URL keeps them. */
export function McFilters({ filters, withBuyer, onApply, onClear }: McFiltersProps) {
  const t = useT();
  const [values, setValues] = useState(filters);
  const keys: readonly McFilterKey[] = withBuyer ? ['internalId', 'name', 'codeAccess', 'flatNum', 'buyerId'] : ['internalId', 'name', 'codeAccess', 'flatNum'];
  const wrongNumber = (key: McFilterKey) => (key === 'flatNum' || key === 'buyerId') && !NUMBER.test(values[key].trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (keys.some(wrongNumber)) return;
    onApply(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as FilterValues);
  };
  return (
    <FilterForm
      label={t('mc.list.title')}
      columns={withBuyer ? '1fr 2fr 1fr 1fr 1fr auto auto' : '1fr 2fr 1fr 1fr auto auto'}
      applyLabel={t('mc.filter.apply')}
      resetLabel={t('mc.filter.reset')}
      onSubmit={submit}
      onReset={onClear}
    >
      {keys.map((key) => (
        <OutlinedField
          key={key}
          name={key}
          type={key === 'name' ? 'search' : 'text'}
          value={values[key]}
          onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
          label={t(`mc.filter.${key}`)}
          inputMode={key === 'flatNum' || key === 'buyerId' ? 'numeric' : 'text'}
          code={key !== 'name'}
          error={wrongNumber(key) ? t('mc.filter.number') : undefined}
          size="small"
        />
      ))}
    </FilterForm>
  );
}
