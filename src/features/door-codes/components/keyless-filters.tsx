import { useState } from 'react';
import { KEYLESS_SERVICES } from '@contract/door-codes';
import { FilterForm } from '@/components/filter-form';
import { OutlinedField, OutlinedSelect } from '@/components/outlined-field';
import { useT } from '../messages';
import { serviceKey } from '../model';
import type { KeylessCodesModel } from '../use-keyless-codes';

/** Service, validity and a device's MAC; applied on «Найти» (native selects: the route stays light). */
export function KeylessFilters({ model }: { model: KeylessCodesModel }) {
  const t = useT();
  const [values, setValues] = useState(model.list.filters);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value }));
  return (
    <FilterForm
      label={t('keyless.title')}
      columns="1fr 1fr 1.4fr auto auto"
      applyLabel={t('keyless.filter.apply')}
      resetLabel={t('keyless.filter.reset')}
      onSubmit={(event) => {
        event.preventDefault();
        model.list.setFilters({ ...values, mac: values.mac.trim() });
      }}
      onReset={() => {
        setValues({ service: '', active: '', mac: '' });
        model.list.clearFilters();
      }}
    >
      <OutlinedSelect size="small" label={t('keyless.filter.service')} value={values.service} onChange={set('service')}>
        <option value="">{t('keyless.filter.anyService')}</option>
        {KEYLESS_SERVICES.map((service) => (
          <option key={service} value={service}>
            {t(serviceKey(service))}
          </option>
        ))}
      </OutlinedSelect>
      <OutlinedSelect size="small" label={t('keyless.filter.active')} value={values.active} onChange={set('active')}>
        <option value="">{t('keyless.filter.all')}</option>
        <option value="1">{t('keyless.filter.activeOnly')}</option>
        <option value="0">{t('keyless.filter.expiredOnly')}</option>
      </OutlinedSelect>
      <OutlinedField name="mac" size="small" label={t('keyless.filter.mac')} value={values.mac} onChange={set('mac')} code />
    </FilterForm>
  );
}
