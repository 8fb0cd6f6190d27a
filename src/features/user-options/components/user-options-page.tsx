import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OutlinedSelect } from '@/components/outlined-field';
import { PageHeader } from '@/components/page-header';
import { useT, type MessageKey } from '@/features/user-options/messages';
import { formatDateTime, useDateFormat, utcOffsetLabel } from '@/lib/dates';
import { isUiLanguage, isValidTimezone, useLanguage } from '@/lib/preferences';
import { useUserOptionsForm } from '../use-user-options-form';

const LANGUAGE_NAMES: Record<string, MessageKey> = { ru: 'settings.language.ru', en: 'settings.language.en' };

function timezoneLabel(zone: string): string {
  return isValidTimezone(zone) ? `${zone} (${utcOffsetLabel(zone)})` : zone;
}

export function UserOptionsPage() {
  const t = useT();
  const language = useLanguage();
  const dates = useDateFormat();
  const { values, change, isLoading, loadError, languageValues, timezoneValues, chosenTimezone, lastChange, submit, saving } = useUserOptionsForm();

  return (
    <>
      <PageHeader title={t('settings.title')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
        {loadError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('settings.loadError')}: {loadError}
          </Alert>
        )}
        {isLoading ? (
          <Stack spacing={2}>
            <Skeleton variant="rounded" height={40} />
            <Skeleton variant="rounded" height={40} />
          </Stack>
        ) : (
          <Stack component="form" spacing={2.5} noValidate onSubmit={submit}>
            <OutlinedSelect name="language" label={t('settings.field.language')} value={values.language} onChange={(event) => change('language', event.target.value)}>
              {languageValues.map((code) => (
                <option key={code} value={code}>
                  {isUiLanguage(code) ? t(LANGUAGE_NAMES[code]) : code}
                </option>
              ))}
            </OutlinedSelect>
            <OutlinedSelect name="timezone" label={t('settings.field.timezone')} value={values.timezone} onChange={(event) => change('timezone', event.target.value)}>
              {timezoneValues.map((zone) => (
                <option key={zone} value={zone}>
                  {timezoneLabel(zone)}
                </option>
              ))}
            </OutlinedSelect>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {lastChange ? t('settings.lastChange', { date: dates.dateTime(lastChange) }) : t('settings.neverChanged')}
              </Typography>
              {isValidTimezone(chosenTimezone) && (
                <Typography variant="body2" color="text.secondary">
                  {t('settings.currentTime', { date: formatDateTime(new Date(), chosenTimezone, language) })}
                </Typography>
              )}
            </Box>
            <Box>
              <Button type="submit" variant="contained" disabled={saving}>
                {t('settings.save')}
              </Button>
            </Box>
          </Stack>
        )}
      </Paper>
    </>
  );
}
