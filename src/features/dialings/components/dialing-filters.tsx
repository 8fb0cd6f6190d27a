import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { FilterForm } from '@/components/filter-form';
import { OutlinedField } from '@/components/outlined-field';
import { useFilterFields, type UrlFiltersProps } from '@/components/use-filter-fields';
import { useTimezone } from '@/lib/preferences';
import { useT, type FeatureMessageKey } from '../messages';
import { checkFilters, dayOf, dayStart, isDay, type DialingFilterKey } from '../model';

// The pickers (and date-fns) load after the list, so they never hold up the first rows.
const DateFilter = lazy(() => import('@/components/date-filter/date-filter').then((module) => ({ default: module.DateFilter })));

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
      <DayField label={t('dialings.filter.dateFrom')} bound="start" day={fields.values.dateFrom} onDay={(day) => fields.set('dateFrom')({ target: { value: day } })} error={problem('dateFrom')} />
      <DayField label={t('dialings.filter.dateTo')} bound="end" day={fields.values.dateTo} onDay={(day) => fields.set('dateTo')({ target: { value: day } })} />
    </FilterForm>
  );
}

/** A year is being typed (0002, 0020 …) until it is plausible: only then is the day taken. */
const plausible = (day: string) => isDay(day) && day >= '2000-01-01' && day <= '2100-12-31';

/**
 * A day of the URL in the shared date filter (Russian locale, the user's time zone): the picker's
 * value stays as typed, the field's day follows once it is a plausible day or empty.
 */
function DayField({ label, bound, day, onDay, error }: { label: string; bound: 'start' | 'end'; day: string; onDay: (day: string) => void; error?: string }) {
  const timeZone = useTimezone();
  const [typed, setTyped] = useState(() => dayStart(day, timeZone));
  const [shown, setShown] = useState(day);
  if (shown !== day) {
    // Reset or back/forward changed the day from outside.
    setShown(day);
    if (dayOf(typed, timeZone) !== day) setTyped(dayStart(day, timeZone));
  }
  const change = (iso: string) => {
    setTyped(iso);
    const next = dayOf(iso, timeZone);
    if (iso === '' || plausible(next)) {
      setShown(next);
      onDay(next);
    }
  };
  return (
    <Box sx={{ minWidth: 0 }}>
      <Suspense fallback={<OutlinedField name={bound} label={label} size="small" value="" readOnly onChange={() => undefined} />}>
        <DateFilter label={label} bound={bound} value={typed} onChange={change} />
      </Suspense>
      {error && (
        <Typography role="alert" variant="caption" color="error" sx={{ display: 'block', mx: 1.75, mt: 0.5 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
