import EditCalendar from '@mui/icons-material/EditCalendarOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState } from 'react';
import { OutlinedField } from '@/components/outlined-field';
import { useT } from '@/features/management-companies/messages';
import { useDateFormat, utcOffsetLabel } from '@/lib/dates';

// The pickers and date-fns (~65 KB gzip) load when the person starts to change the date, not with the route.
const DateFilter = lazy(() => import('@/components/date-filter/date-filter').then((module) => ({ default: module.DateFilter })));

interface McNextExecuteProps {
  /** ISO, '' for none. */
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  disabled: boolean;
  error?: string;
}

/** `nextExecute`: the date-time picker in the user's time zone (24-hour clock); as text until «Изменить». */
export function McNextExecute({ value, onChange, readOnly, disabled, error }: McNextExecuteProps) {
  const t = useT();
  const { dateTime, timeZone } = useDateFormat();
  const [picking, setPicking] = useState(false);
  const zone = t('mc.field.nextExecute.zone', { zone: `${timeZone} (${utcOffsetLabel(timeZone)})` });
  if (readOnly || !picking) {
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
        <OutlinedField name="nextExecute" label={t('mc.field.nextExecute')} readOnly value={value ? dateTime(value) : ''} onChange={() => undefined} error={error} helperText={zone} />
        {!readOnly && (
          <Button variant="outlined" startIcon={<EditCalendar />} disabled={disabled} onClick={() => setPicking(true)} sx={{ height: 56, flexShrink: 0 }}>
            {t('mc.field.nextExecute.change')}
          </Button>
        )}
      </Box>
    );
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
