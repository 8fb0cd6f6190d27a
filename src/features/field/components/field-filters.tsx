import { useState } from 'react';
import { FilterForm } from '@/components/filter-form';
import { OutlinedField, OutlinedSelect } from '@/components/outlined-field';
import { useT } from '../messages';
import { STALE_DAY_CHOICES } from '../model';
import type { FieldListModel } from '../use-field-list';

/** Login or name, attention and «no signal for»; applied on «Найти» (native selects keep the route light). */
export function FieldFilters({ model }: { model: FieldListModel }) {
  const t = useT();
  const [values, setValues] = useState(model.list.filters);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value }));
  return (
    <FilterForm
      label={t('field.title')}
      columns="1.4fr 1fr 1fr auto auto"
      applyLabel={t('field.filter.apply')}
      resetLabel={t('field.filter.reset')}
      onSubmit={(event) => {
        event.preventDefault();
        model.list.setFilters({ ...values, login: values.login.trim() });
      }}
      onReset={() => {
        setValues({ login: '', attention: '', staleDays: '' });
        model.list.clearFilters();
      }}
    >
      <OutlinedField name="login" size="small" label={t('field.filter.login')} value={values.login} onChange={set('login')} />
      <OutlinedSelect size="small" label={t('field.filter.attention')} value={values.attention} onChange={set('attention')}>
        <option value="">{t('field.filter.any')}</option>
        <option value="1">{t('field.filter.attentionOnly')}</option>
      </OutlinedSelect>
      <OutlinedSelect size="small" label={t('field.filter.stale')} value={values.staleDays} onChange={set('staleDays')}>
        <option value="">{t('field.filter.staleAny')}</option>
        {STALE_DAY_CHOICES.map((days) => (
          <option key={days} value={String(days)}>
            {t('field.filter.staleDays', { days })}
          </option>
        ))}
      </OutlinedSelect>
    </FilterForm>
  );
}
