import { useQuery } from '@tanstack/react-query';
import { isDay } from '@/components/date-filter/day-value';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { useDateFormat } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { DIALINGS_LIST_STATE, roundsQuery } from './model';
import { dialingQueries } from './queries';

/** `/dialings/:mac`: the device's call rounds with the flat, the days and the page in the URL. */
export function useDialings(mac: string) {
  const session = useSession();
  const { timeZone } = useDateFormat();
  const list = useUrlListState(DIALINGS_LIST_STATE);
  const query = useQuery({ ...dialingQueries.rounds(mac, roundsQuery(list, timeZone)), enabled: session.ready });
  const answer = query.data;
  const { flatNum, dateFrom, dateTo } = list.filters;
  return {
    list,
    answer,
    rounds: answer?.data ?? [],
    /** The flat whose call order is shown: the URL's flat filter, when it is one. */
    flatNum: /^\d{1,5}$/.test(flatNum) && Number(flatNum) > 0 ? Number(flatNum) : null,
    filtered: flatNum !== '' || isDay(dateFrom) || isDay(dateTo),
    pending: query.isPending,
    loading: query.isFetching,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
  };
}

export type DialingsModel = ReturnType<typeof useDialings>;
