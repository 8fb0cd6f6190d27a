import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '@/lib/http';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { getOfflineDb } from '@/offline/db';
import { listSnapshots } from '@/offline/snapshots';
import { HOUSE_SEARCH_DEBOUNCE_MS, MAX_SHOWN, hitOf, matchHits, mergeHits, searchable, snapshotHits, type HouseHit } from './model';
import { houseSearchQueries } from './queries';

export type HouseSearchState =
  /** Fewer than three characters: only the houses at hand (taken offline, the caller's) are offered. */
  | 'short'
  | 'searching'
  | 'done'
  /** The server's search failed: the houses at hand are searched instead. */
  | 'failed'
  /** No network: the houses taken offline are searched. */
  | 'offline';

export interface HouseSearch {
  state: HouseSearchState;
  /** What to show, at most MAX_SHOWN. */
  hits: HouseHit[];
  /** How many houses match on the server; null when the server was not asked. */
  total: number | null;
  /** More match than are shown: the person should type more. */
  more: boolean;
  error: string | null;
}

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Finding a house by its address: online, from three characters, the server's first page
 * (GET /front/house-list?address=, debounced); offline or when that fails, the houses taken offline
 * (src/offline/snapshots.ts) and the caller's `local` ones, matched here.
 */
const NONE: readonly HouseHit[] = [];

export function useHouseSearch(text: string, local: readonly HouseHit[] = NONE, localOnly = false): HouseSearch {
  const { userId } = useSession();
  // A caller whose own list already fell back to the snapshots (its server call failed) searches them only.
  const online = useConnectivity().state !== 'offline' && !localOnly;
  const rows = useLiveQuery(() => (userId === null ? [] : listSnapshots(getOfflineDb(), userId)), [userId]);
  const atHand = useMemo(() => mergeHits(snapshotHits(rows ?? []), local), [rows, local]);

  const typed = text.trim();
  const debounced = useDebounced(typed, HOUSE_SEARCH_DEBOUNCE_MS);
  const asked = online && searchable(debounced);
  const server = useQuery({ ...houseSearchQueries.search(debounced), enabled: asked, placeholderData: keepPreviousData });

  const localHits = matchHits(atHand, typed);
  if (!online || !searchable(typed) || server.isError) {
    const state: HouseSearchState = !online ? 'offline' : server.isError && searchable(typed) ? 'failed' : 'short';
    return { state, hits: localHits.slice(0, MAX_SHOWN), total: null, more: localHits.length > MAX_SHOWN, error: state === 'failed' ? errorMessage(server.error) : null };
  }
  // Until the answer for what is typed now arrives, the last one stays (placeholder) and says so.
  const current = asked && debounced === typed && !server.isPlaceholderData && server.data !== undefined;
  const found = server.data ? server.data.houses.map((house) => hitOf(house, atHand.find((hit) => hit.id === house.id)?.savedAt ?? null)) : [];
  const hits = mergeHits(found, localHits).slice(0, MAX_SHOWN);
  const total = server.data?.total ?? null;
  return { state: current ? 'done' : 'searching', hits, total, more: total !== null && total > found.length, error: null };
}
