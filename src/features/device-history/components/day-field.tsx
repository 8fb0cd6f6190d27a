import CalendarMonth from '@mui/icons-material/CalendarMonth';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { Suspense, lazy, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { DateBound } from '@/components/date-filter/date-filter-model';
import { formatDate } from '@/lib/dates';
import { useLanguage, useTimezone } from '@/lib/preferences';
import { dayToPickerValue, isDay, pickerValueToDay } from '../model';

// The pickers and date-fns weigh ~64 KB gzip: fetched when a date field is first touched (the route's 250 KB budget).
const DateFilter = lazy(() => import('@/components/date-filter/date-filter').then((module) => ({ default: module.DateFilter })));

interface DayFieldProps {
  label: string;
  /** The day as the URL keeps it (YYYY-MM-DD), '' for none. */
  day: string;
  onDay: (day: string) => void;
  bound: DateBound;
  error?: string;
}

/** Until the pickers arrive: the chosen day as the picker will show it, taking the first touch. */
function DayPreview({ label, day, error, onWake }: Omit<DayFieldProps, 'onDay' | 'bound'> & { onWake?: () => void }) {
  const id = useId();
  const language = useLanguage();
  return (
    <FormControl fullWidth size="small" error={Boolean(error)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        readOnly
        value={isDay(day) ? formatDate(day, 'UTC', language) : ''}
        onFocus={onWake}
        onPointerDown={onWake}
        endAdornment={
          <InputAdornment position="end">
            <CalendarMonth fontSize="small" color="action" />
          </InputAdornment>
        }
      />
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/**
 * A day filter: the Russian-locale date picker (src/components/date-filter) in the user's time zone,
 * loaded on the first touch; the field then takes the focus so typing goes on in the picker.
 */
export function DayField({ label, day, onDay, bound, error }: DayFieldProps) {
  const timeZone = useTimezone();
  const [awake, setAwake] = useState(false);

  return awake ? (
    <Suspense fallback={<DayPreview label={label} day={day} error={error} />}>
      <FocusOnMount>
        <DateFilter label={label} value={dayToPickerValue(day, timeZone)} onChange={(value) => onDay(pickerValueToDay(value, timeZone))} bound={bound} />
        {error && (
          <FormHelperText error sx={{ mx: 1.75 }}>
            {error}
          </FormHelperText>
        )}
      </FocusOnMount>
    </Suspense>
  ) : (
    <DayPreview label={label} day={day} error={error} onWake={() => setAwake(true)} />
  );
}

/** Moves the focus into the picker's field once it has replaced the preview the user touched. */
function FocusOnMount({ children }: { children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    frame.current?.querySelector<HTMLElement>('[role="spinbutton"], input:not([type="hidden"]):not([aria-hidden="true"])')?.focus();
  }, []);
  return <div ref={frame}>{children}</div>;
}
