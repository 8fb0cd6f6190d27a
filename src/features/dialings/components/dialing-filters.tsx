import Box from '@mui/material/Box';
import { DayField } from '@/components/date-filter/day-field';
import { FilterForm } from '@/components/filter-form';
import { OutlinedField } from '@/components/outlined-field';
import { useFilterFields, type UrlFiltersProps } from '@/components/use-filter-fields';
import { useT, type FeatureMessageKey } from '../messages';
import { checkFilters, type DialingFilterKey } from '../model';

/** The flat and the days, applied on «Найти» or Enter and kept in the URL; «Сбросить» clears them. */
export function DialingFilters(props: UrlFiltersProps<DialingFilterKey>) {
  const t = useT();
  const fields = useFilterFields({ ...props, check: checkFilters });
  const problem = (key: DialingFilterKey) => (fields.problems[key] ? t(fields.problems[key] as FeatureMessageKey) : undefined);
  const flat = fields.field('flatNum');
  return (
    <FilterForm
      label={t('dialings.filter.label')}
      columns="minmax(110px, 150px) minmax(170px, 220px) minmax(170px, 220px) auto auto 1fr"
      smColumns="1fr 1fr"
      applyLabel={t('dialings.filter.apply')}
      resetLabel={t('dialings.filter.reset')}
      onSubmit={fields.submit}
      onReset={fields.reset}
    >
      <OutlinedField
        {...flat}
        label={t('dialings.filter.flat')}
        size="small"
        inputMode="numeric"
        error={problem('flatNum')}
        onChange={(event) => flat.onChange({ target: { value: event.target.value.replace(/\D/g, '').slice(0, 5) } })}
      />
      {/* A phone puts the two days side by side; wider screens give each its own column. */}
      <Box sx={{ display: { xs: 'grid', sm: 'contents' }, gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <DayField label={t('dialings.filter.dateFrom')} bound="start" day={fields.values.dateFrom} onDay={(day) => fields.set('dateFrom')({ target: { value: day } })} error={problem('dateFrom')} />
        <DayField label={t('dialings.filter.dateTo')} bound="end" day={fields.values.dateTo} onDay={(day) => fields.set('dateTo')({ target: { value: day } })} />
      </Box>
    </FilterForm>
  );
}
