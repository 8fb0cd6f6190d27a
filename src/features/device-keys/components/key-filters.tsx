import { useState, type FormEvent } from 'react';
import { FilterForm } from '@/components/filter-form';
import { OutlinedField } from '@/components/outlined-field';
import { useT } from '../messages';
import { isFlatNumber, isKeyPrefix, type KeyFilterKey } from '../model';

type FilterValues = Record<KeyFilterKey, string>;

interface KeyFiltersProps {
  filters: FilterValues;
  onApply: (filters: FilterValues) => void;
  onClear: () => void;
}

/** The value (a prefix, separators ignored by the server) and the panel code; applied on «Найти» or Enter. */
export function KeyFilters({ filters, onApply, onClear }: KeyFiltersProps) {
  const t = useT();
  const [values, setValues] = useState<FilterValues>(filters);
  const [problems, setProblems] = useState<Partial<Record<KeyFilterKey, string>>>({});
  // The URL changed (applied, reset, back button): the fields show it, without a remount that would take the focus.
  const [shown, setShown] = useState(filters);
  if (shown.key !== filters.key || shown.panelCode !== filters.panelCode) {
    setShown(filters);
    setValues(filters);
    setProblems({});
  }
  const set = (key: KeyFilterKey) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { key: values.key.trim(), panelCode: values.panelCode.trim() };
    const found: Partial<Record<KeyFilterKey, string>> = {};
    // The server searches by a hex prefix (separators dropped) and refuses anything else.
    if (!isKeyPrefix(next.key)) found.key = t('deviceKeys.check.alphabet');
    if (next.panelCode !== '' && !isFlatNumber(next.panelCode)) found.panelCode = t('deviceKeys.filter.panelCodeNumber');
    setProblems(found);
    if (Object.keys(found).length === 0) onApply(next);
  };

  return (
    <FilterForm
      label={t('deviceKeys.filter.label')}
      columns="2fr 1fr auto auto"
      applyLabel={t('deviceKeys.filter.apply')}
      resetLabel={t('deviceKeys.filter.reset')}
      onSubmit={submit}
      onReset={() => {
        setProblems({});
        onClear();
      }}
    >
      <OutlinedField name="key" type="search" code value={values.key} onChange={set('key')} label={t('deviceKeys.filter.key')} size="small" error={problems.key} />
      <OutlinedField name="panelCode" inputMode="numeric" value={values.panelCode} onChange={set('panelCode')} label={t('deviceKeys.filter.panelCode')} size="small" error={problems.panelCode} />
    </FilterForm>
  );
}
