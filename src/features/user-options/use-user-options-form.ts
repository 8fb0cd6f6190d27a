import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { notify } from '@/components/notifications/notify';
import { useT } from '@/features/user-options/messages';
import { useDictionary } from '@/lib/dictionaries';
import { errorMessage } from '@/lib/http';
import { setPreferences } from '@/lib/preferences';
import { saveUserOptions } from './api';
import { formValuesFromOptions, lastChangeDate, selectValues, type SettingsFormValues } from './model';
import { userOptionQueries } from './queries';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes/use-unsaved-changes-guard';

/**
 * The settings screen's logic: options and dictionaries in, PUT out, the UI follows the saved values.
 * Two selects need no form library (react-hook-form alone was 14.7 KB gzip of this route): what the
 * user changed is kept over the stored values until saved.
 */
export function useUserOptionsForm() {
  const t = useT();
  const client = useQueryClient();
  const options = useQuery(userOptionQueries.current());
  const languages = useDictionary('supported_languages');
  const timezones = useDictionary('supported_timezones');
  const stored = formValuesFromOptions(options.data);
  const [edited, setEdited] = useState<Partial<SettingsFormValues>>({});
  const chosen: SettingsFormValues = { ...stored, ...edited };
  useUnsavedChangesGuard(Object.entries(edited).some(([field, value]) => stored[field as keyof SettingsFormValues] !== value));

  const save = useMutation({
    mutationFn: (next: SettingsFormValues) => saveUserOptions({ language: next.language, timezone: next.timezone }),
    onSuccess: (saved, next) => {
      // The confirmation is worded in the language the user pressed "Save" in.
      const message = t('settings.saved');
      client.setQueryData(userOptionQueries.current().queryKey, saved);
      setPreferences(next);
      setEdited({});
      notify(message, { variant: 'success' });
    },
    onError: (error) => notify(errorMessage(error), { variant: 'error' }),
  });

  return {
    values: chosen,
    change: (field: keyof SettingsFormValues, value: string) => setEdited((current) => ({ ...current, [field]: value })),
    // The selects wait for their dictionaries too: before them a select would offer only the current value.
    isLoading: options.isPending || languages.isLoading || timezones.isLoading,
    loadError: options.error ? errorMessage(options.error) : null,
    languageValues: selectValues(Object.values(languages.data), chosen.language),
    timezoneValues: selectValues(Object.values(timezones.data), chosen.timezone),
    chosenTimezone: chosen.timezone,
    lastChange: lastChangeDate(options.data),
    submit: (event: FormEvent) => {
      event.preventDefault();
      save.mutateAsync(chosen).catch(() => undefined);
    },
    saving: save.isPending,
  };
}
