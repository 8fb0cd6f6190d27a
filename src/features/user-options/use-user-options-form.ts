import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { notify } from '@/components/notifications/notify';
import { useT } from '@/features/user-options/messages';
import { useDictionary } from '@/lib/dictionaries';
import { errorMessage } from '@/lib/http';
import { setPreferences } from '@/lib/preferences';
import { saveUserOptions } from './api';
import { formValuesFromOptions, lastChangeDate, selectValues, type SettingsFormValues } from './model';
import { userOptionQueries } from './queries';

/** The settings screen's logic: options and dictionaries in, PUT out, the UI follows the saved values. */
export function useUserOptionsForm() {
  const t = useT();
  const client = useQueryClient();
  const options = useQuery(userOptionQueries.current());
  const languages = useDictionary('supported_languages');
  const timezones = useDictionary('supported_timezones');
  const values = formValuesFromOptions(options.data);
  const form = useForm<SettingsFormValues>({ values, resetOptions: { keepDirtyValues: true } });
  const chosen = useWatch({ control: form.control });

  const save = useMutation({
    mutationFn: (next: SettingsFormValues) => saveUserOptions({ language: next.language, timezone: next.timezone }),
    onSuccess: (saved, next) => {
      // The confirmation is worded in the language the user pressed "Save" in.
      const message = t('settings.saved');
      client.setQueryData(userOptionQueries.current().queryKey, saved);
      setPreferences(next);
      form.reset(next);
      notify(message, { variant: 'success' });
    },
    onError: (error) => notify(errorMessage(error), { variant: 'error' }),
  });

  return {
    form,
    isLoading: options.isPending,
    loadError: options.error ? errorMessage(options.error) : null,
    languageValues: selectValues(Object.values(languages.data), chosen.language ?? values.language),
    timezoneValues: selectValues(Object.values(timezones.data), chosen.timezone ?? values.timezone),
    chosenTimezone: chosen.timezone ?? values.timezone,
    lastChange: lastChangeDate(options.data),
    submit: form.handleSubmit((next) => save.mutateAsync(next).catch(() => undefined)),
    saving: save.isPending,
  };
}
