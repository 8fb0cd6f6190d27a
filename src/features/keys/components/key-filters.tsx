import { useState, type FormEvent } from 'react';
import { normalizeMac } from '@contract/common';
import { FilterForm } from '@/components/filter-form';
import { OutlinedField } from '@/components/outlined-field';
import { useT } from '../messages';
import { PANEL_CODE_MAX, isPanelCode, isValueSearch, valueSearch, type KeyFilterKey } from '../model';

type FilterValues = Record<KeyFilterKey, string>;

interface KeyFiltersProps {
  filters: FilterValues;
  onApply: (filters: FilterValues) => void;
  onClear: () => void;
}

type FilterProblem = Partial<Record<KeyFilterKey, string>>;

/** Value, panel code and device MAC; applied on «Найти» or Enter, so typing does not flood the server. */
export function KeyFilters({ filters, onApply, onClear }: KeyFiltersProps) {
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
  const set = (key: KeyFilterKey) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = values.key.trim();
    const panelCode = values.panelCode.trim();
    const mac = values.mac.trim();
    const found: FilterProblem = {};
    if (!isValueSearch(key)) found.key = t('keys.filter.hex');
    if (panelCode !== '' && !isPanelCode(panelCode)) found.panelCode = t('keys.filter.panelCodeNumber', { max: PANEL_CODE_MAX });
    if (mac !== '' && normalizeMac(mac) === null) found.mac = t('keys.filter.macInvalid');
    setProblems(found);
    if (Object.keys(found).length === 0) onApply({ key: valueSearch(key), panelCode, mac: mac === '' ? '' : (normalizeMac(mac) ?? '') });
  };

  return (
    <FilterForm
      label={t('keys.filter.label')}
      columns="2fr 1fr 2fr auto auto"
      applyLabel={t('keys.filter.apply')}
      resetLabel={t('keys.filter.reset')}
      onSubmit={submit}
      onReset={() => {
        setProblems({});
        onClear();
      }}
    >
      <OutlinedField name="key" type="search" code value={values.key} onChange={set('key')} label={t('keys.filter.key')} size="small" error={problems.key} />
      <OutlinedField name="panelCode" inputMode="numeric" value={values.panelCode} onChange={set('panelCode')} label={t('keys.filter.panelCode')} size="small" error={problems.panelCode} />
      <OutlinedField name="mac" code value={values.mac} onChange={set('mac')} label={t('keys.filter.mac')} size="small" error={problems.mac} />
    </FilterForm>
  );
}
