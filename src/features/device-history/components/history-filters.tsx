import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { ACCESS_LOG_EVENTS, HISTORY_MAX_MACS } from '@contract/history';
import { DayField } from '@/components/date-filter/day-field';
import { FilterForm } from '@/components/filter-form';
import { OutlinedField, OutlinedSelect } from '@/components/outlined-field';
import { useFilterFields, type UrlFiltersProps } from '@/components/use-filter-fields';
import { FLAT_NUMBER_MAX } from '@/lib/flat-number';
import { useT, type FeatureMessageKey } from '../messages';
import { checkHistoryFilters, type HistoryFilterKey, type HistoryFilterProblem } from '../model';
import { MacChipsField } from './mac-chips-field';

const PROBLEM_TEXT: Record<HistoryFilterProblem, FeatureMessageKey> = {
  macs: 'history.filter.macInvalid',
  macsMany: 'history.filter.macsMany',
  date: 'history.filter.dateInvalid',
  dateOrder: 'history.filter.dateOrder',
  rfid: 'history.filter.rfidInvalid',
  flatNum: 'history.filter.flatNumInvalid',
  openCode: 'history.filter.openCodeInvalid',
  userId: 'history.filter.userIdInvalid',
};

/** The fields a phone folds behind «Ещё фильтры». */
const SHORT_FIELDS = ['rfid', 'login', 'flatNum', 'openCode', 'userId'] as const satisfies readonly HistoryFilterKey[];

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
        Object.entries(checked.problems).map(([key, problem]) => [key, t(PROBLEM_TEXT[problem], { max: problem === 'macsMany' ? HISTORY_MAX_MACS : FLAT_NUMBER_MAX, text: typed.macs })]),
      );
      return { filters: checked.filters, problems: texts };
    },
  });
  // On a phone the five short fields fold away, so the events start on the first screen.
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const [more, setMore] = useState(() => SHORT_FIELDS.some((key) => filters[key] !== ''));
  const shortShown = !phone || more || SHORT_FIELDS.some((key) => problems[key] !== undefined);
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
      // Six tracks: devices, the two days and the type on one line from 1200 px (on two below it, so a
      // day keeps room for its whole date); the five short fields, then «Найти» and «Сбросить».
      columns="repeat(6, minmax(0, 1fr))"
      applyLabel={t('history.filter.apply')}
      resetLabel={t('history.filter.reset')}
      onSubmit={submit}
      onReset={reset}
    >
      <Box sx={{ gridColumn: { sm: 'span 2', md: 'span 6', lg: 'span 2' }, minWidth: 0 }}>
        <MacChipsField value={values.macs} onChange={setValue('macs')} options={macOptions} error={problems.macs} />
      </Box>
      <Box sx={{ gridColumn: { md: 'span 2', lg: 'span 1' }, minWidth: 0 }}>{day('dateFrom')}</Box>
      <Box sx={{ gridColumn: { md: 'span 2', lg: 'span 1' }, minWidth: 0 }}>{day('dateTo')}</Box>
      <OutlinedSelect {...field('eventType')} size="small" label={t('history.filter.eventType')} sx={{ gridColumn: { sm: 'span 2', md: 'span 2' } }}>
        <option value="">{t('history.filter.eventType.any')}</option>
        {ACCESS_LOG_EVENTS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`history.event.${kind}`)}
          </option>
        ))}
      </OutlinedSelect>
      {phone && (
        <Button type="button" aria-expanded={shortShown} aria-controls="history-short-filters" onClick={() => setMore(!shortShown)} sx={{ gridColumn: { sm: 'span 2' }, justifySelf: 'start' }}>
          {t(shortShown ? 'history.filter.less' : 'history.filter.more')}
        </Button>
      )}
      <Box id="history-short-filters" hidden={!shortShown} sx={{ gridColumn: { sm: 'span 2', md: 'span 4' }, display: shortShown ? 'grid' : 'none', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, minmax(0, 1fr))' }, minWidth: 0 }}>
        <OutlinedField {...field('rfid')} type="search" code size="small" label={t('history.filter.rfid')} />
        <OutlinedField {...field('login')} code size="small" label={t('history.filter.login')} />
        <OutlinedField {...field('flatNum')} inputMode="numeric" size="small" label={t('history.filter.flatNum')} />
        <OutlinedField {...field('openCode')} inputMode="numeric" code size="small" label={t('history.filter.openCode')} />
        <OutlinedField {...field('userId')} inputMode="numeric" size="small" label={t('history.filter.userId')} />
      </Box>
    </FilterForm>
  );
}
