import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { formatDate } from '@/lib/dates';
import { useLanguage, useTimezone } from '@/lib/preferences';
import type { DateBound } from './date-filter-model';
import { dayToPickerValue, isDay, isPlausibleDay, pickerValueToDay } from './day-value';

// The pickers and date-fns weigh ~64 KB gzip: fetched when a day field is first touched (routes' 250 KB budget).
const DateFilter = lazy(() => import('./date-filter').then((module) => ({ default: module.DateFilter })));

export interface DayFieldProps {
  label: string;
  /** The day as the URL keeps it (`YYYY-MM-DD`), '' for none. */
  day: string;
  /** Told an empty field or a plausible day, never a year half typed. */
  onDay: (day: string) => void;
  /** start: the day from 00:00:00; end: until 23:59:59 (what the picker hands back). */
  bound: DateBound;
  error?: string;
}

/**
 * A day filter: until touched, the chosen day in a plain field; on the first touch the shared date
 * filter (Russian locale, 24 h, the user's time zone) takes its place and the focus.
 */
export function DayField(props: DayFieldProps) {
  const [awake, setAwake] = useState(false);
  return awake ? (
    <Suspense fallback={<DayPreview {...props} />}>
      <DayPicker {...props} />
    </Suspense>
  ) : (
    <DayPreview {...props} onWake={() => setAwake(true)} />
  );
}

function DayPreview({ label, day, error, onWake }: DayFieldProps & { onWake?: () => void }) {
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

/** The picker keeps what is typed; the day goes out once it is plausible or empty. */
function DayPicker({ label, day, onDay, bound, error }: DayFieldProps) {
  const timeZone = useTimezone();
  const [typed, setTyped] = useState(() => dayToPickerValue(day, timeZone));
  const [shown, setShown] = useState(day);
  if (shown !== day) {
    // Reset, or back / forward, changed the day from outside.
    setShown(day);
    if (pickerValueToDay(typed, timeZone) !== day) setTyped(dayToPickerValue(day, timeZone));
  }
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    frame.current?.querySelector<HTMLElement>('[role="spinbutton"], input:not([type="hidden"]):not([aria-hidden="true"])')?.focus();
  }, []);
  const change = (value: string) => {
    setTyped(value);
    const next = pickerValueToDay(value, timeZone);
    if (value === '' || isPlausibleDay(next)) {
      setShown(next);
      onDay(next);
    }
  };
  return (
    <Box ref={frame} sx={{ minWidth: 0 }}>
      <DateFilter label={label} bound={bound} value={typed} onChange={change} />
      {error && (
        <FormHelperText error sx={{ mx: 1.75 }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
