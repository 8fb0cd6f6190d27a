import Box from '@mui/material/Box';
import { ACCESS_LOG_EVENTS } from '@contract/history';
import { FilterForm } from '@/components/filter-form';
import { OutlinedField, OutlinedSelect } from '@/components/outlined-field';
import { useFilterFields, type UrlFiltersProps } from '@/components/use-filter-fields';
import { FLAT_NUMBER_MAX } from '@/lib/flat-number';
import { useT, type FeatureMessageKey } from '../messages';
import { checkHistoryFilters, type HistoryFilterKey, type HistoryFilterProblem } from '../model';
import { DayField } from './day-field';
import { MacChipsField } from './mac-chips-field';

const PROBLEM_TEXT: Record<HistoryFilterProblem, FeatureMessageKey> = {
  macs: 'history.filter.macInvalid',
  date: 'history.filter.dateInvalid',
  dateOrder: 'history.filter.dateOrder',
  rfid: 'history.filter.rfidInvalid',
  flatNum: 'history.filter.flatNumInvalid',
  openCode: 'history.filter.openCodeInvalid',
  userId: 'history.filter.userIdInvalid',
};

interface HistoryFiltersProps extends UrlFiltersProps<HistoryFilterKey> {
  /** MACs the devices field offers (the page's). */
  macOptions: readonly string[];
}

/**
 * Devices, days, event type, key, login, flat, code and user; applied on «Найти» or Enter (the list goes
 * back to its first page), kept in the URL.
 */
export function HistoryFilters({ filters, onApply, onClear, macOptions }: HistoryFiltersProps) {
  const t = useT();
  const { values, set, field, submit, reset, problems } = useFilterFields({
    filters,
    onApply,
    onClear,
    check: (typed) => {
      const checked = checkHistoryFilters(typed);
      const texts = Object.fromEntries(
        Object.entries(checked.problems).map(([key, problem]) => [key, t(PROBLEM_TEXT[problem], { max: FLAT_NUMBER_MAX, text: typed.macs })]),
      );
      return { filters: checked.filters, problems: texts };
    },
  });
  const setValue = (key: HistoryFilterKey) => (value: string) => set(key)({ target: { value } });
  const day = (key: 'dateFrom' | 'dateTo') => (
    <DayField
      label={t(key === 'dateFrom' ? 'history.filter.dateFrom' : 'history.filter.dateTo')}
      day={values[key]}
      onDay={setValue(key)}
      bound={key === 'dateFrom' ? 'start' : 'end'}
      error={problems[key]}
    />
  );

  return (
    <FilterForm
      label={t('history.filter.label')}
      columns="repeat(7, minmax(0, 1fr))"
      applyLabel={t('history.filter.apply')}
      resetLabel={t('history.filter.reset')}
      onSubmit={submit}
      onReset={reset}
    >
      <Box sx={{ gridColumn: { sm: 'span 2', md: 'span 3' }, minWidth: 0 }}>
        <MacChipsField value={values.macs} onChange={setValue('macs')} options={macOptions} error={problems.macs} />
      </Box>
      {day('dateFrom')}
      {day('dateTo')}
      <OutlinedSelect {...field('eventType')} size="small" label={t('history.filter.eventType')} sx={{ gridColumn: { md: 'span 2' } }}>
        <option value="">{t('history.filter.eventType.any')}</option>
        {ACCESS_LOG_EVENTS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`history.event.${kind}`)}
          </option>
        ))}
      </OutlinedSelect>
      <OutlinedField {...field('rfid')} type="search" code size="small" label={t('history.filter.rfid')} />
      <OutlinedField {...field('login')} code size="small" label={t('history.filter.login')} />
      <OutlinedField {...field('flatNum')} inputMode="numeric" size="small" label={t('history.filter.flatNum')} />
      <OutlinedField {...field('openCode')} inputMode="numeric" code size="small" label={t('history.filter.openCode')} />
      <OutlinedField {...field('userId')} inputMode="numeric" size="small" label={t('history.filter.userId')} />
    </FilterForm>
  );
}
