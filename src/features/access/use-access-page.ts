import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { TAB_PARAM, canWriteAccess, pickTab, type AccessTab } from './model';

/** What both tabs need: which tab (kept in `?tab=`), whether the user may write, and whether the server answers. */
export function useAccessPage() {
  const [params, setParams] = useSearchParams();
  const tab = pickTab(params.get(TAB_PARAM));
  const session = useSession();
  const online = useConnectivity().state !== 'offline';
  const setTab = useCallback(
    (next: AccessTab) =>
      setParams((current) => {
        const search = new URLSearchParams(current);
        if (next === 'blocks') search.delete(TAB_PARAM);
        else search.set(TAB_PARAM, next);
        return search;
      }),
    [setParams],
  );
  return { tab, setTab, canWrite: canWriteAccess(session), online };
}
