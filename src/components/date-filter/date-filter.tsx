import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useMemo } from 'react';
import { dateFnsLocales, pickersLocales } from '@/i18n/picker-locales';
import { useLanguage, useTimezone } from '@/lib/preferences';
import { dateFilterFromValue, dateFilterToValue, type DateBound } from './date-filter-model';

interface DateFilterProps {
  label: string;
  /** ISO timestamp, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  /** start → 00:00:00, end → 23:59:59 of the day; exact keeps the chosen time. */
  bound?: DateBound;
  /** Pick a time too (DateTimePicker, 24-hour clock). */
  withTime?: boolean;
  disabled?: boolean;
}

/** The date filter, in the user's locale and time zone, 24-hour clock; empty input gives ''. */
export function DateFilter({ label, value, onChange, bound = 'exact', withTime = false, disabled }: DateFilterProps) {
  const language = useLanguage();
  const timeZone = useTimezone();
  const picked = useMemo(() => dateFilterFromValue(value, timeZone), [value, timeZone]);
  const handleChange = (next: Date | null) => onChange(dateFilterToValue(next, withTime ? 'exact' : bound, timeZone));
  const slotProps = { field: { clearable: true }, textField: { size: 'small' as const, fullWidth: true } };
  // The pickers' provider lives here, not in a layout, so routes without a date filter never load date-fns or the pickers.
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={dateFnsLocales[language]}
      localeText={pickersLocales[language].components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {withTime ? (
        <DateTimePicker label={label} value={picked} onChange={handleChange} ampm={false} disabled={disabled} slotProps={slotProps} />
      ) : (
        <DatePicker label={label} value={picked} onChange={handleChange} disabled={disabled} slotProps={slotProps} />
      )}
    </LocalizationProvider>
  );
}
