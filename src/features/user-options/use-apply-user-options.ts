import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLoggedIn } from '@/lib/logged-flag';
import { setPreferences } from '@/lib/preferences';
import { optionValue } from './option-value';
import { userOptionQueries } from './queries';

/** After login (or a reload while logged in) the user's language and timezone drive the whole UI. */
export function useApplyUserOptions(): void {
  const logged = useLoggedIn();
  const { data } = useQuery({ ...userOptionQueries.current(), enabled: logged });
  useEffect(() => {
    if (data) setPreferences({ language: optionValue(data, 'language'), timezone: optionValue(data, 'timezone') });
  }, [data]);
}
