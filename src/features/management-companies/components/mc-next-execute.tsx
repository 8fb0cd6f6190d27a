import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, lazy } from 'react';
import { OutlinedField } from '@/components/outlined-field';
import { useT } from '@/features/management-companies/messages';
import { useDateFormat, utcOffsetLabel } from '@/lib/dates';

// The pickers and date-fns are heavy: they load with the editable field, not with the route.
const DateFilter = lazy(() => import('@/components/date-filter/date-filter').then((module) => ({ default: module.DateFilter })));

interface McNextExecuteProps {
  /** ISO, '' for none. */
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  disabled: boolean;
  error?: string;
}

/** `nextExecute`: the date-time picker in the user's time zone (24-hour clock); read-only as text. */
export function McNextExecute({ value, onChange, readOnly, disabled, error }: McNextExecuteProps) {
  const t = useT();
  const { dateTime, timeZone } = useDateFormat();
  const zone = t('mc.field.nextExecute.zone', { zone: `${timeZone} (${utcOffsetLabel(timeZone)})` });
  if (readOnly) {
    return <OutlinedField name="nextExecute" label={t('mc.field.nextExecute')} readOnly value={value ? dateTime(value) : ''} onChange={() => undefined} helperText={zone} />;
  }
  return (
    <div>
      <Suspense fallback={<Skeleton variant="rounded" height={40} />}>
        <DateFilter label={t('mc.field.nextExecute')} value={value} onChange={onChange} withTime disabled={disabled} />
      </Suspense>
      <Typography variant="caption" color={error ? 'error' : 'text.secondary'} sx={{ display: 'block', mx: 1.75, mt: 0.5 }}>
        {error ?? zone}
      </Typography>
    </div>
  );
}
