import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import type { Entrance } from '@contract/entrances';
import type { House } from '@contract/houses';
import { errorMessage } from '@/lib/http';
import { getOfflineDb } from '@/offline/db';
import { listSnapshots } from '@/offline/snapshots';
import { entranceOptions, pickedHouse, readSnapshotHouse, type EntranceOption, type PickedHouse, type SnapshotHouse } from './model';
import { serialWizardQueries } from './queries';

export interface HouseChoice extends PickedHouse {
  house: House;
  /** When the house was taken offline; null when it was not. */
  savedAt: number | null;
}

export type EntranceSource = 'server' | 'snapshot' | 'none';

/** A FIAS id or a house uid pasted into the picker: looked up exactly, since the list has no address search. */
const LOOKUP_KEY = /^[0-9a-f-]{8,64}$/i;

export interface WizardPlaces {
  houses: HouseChoice[];
  housesLoading: boolean;
  /** The server's list failed (or we are offline): only houses taken offline are offered. */
  housesFromSnapshots: boolean;
  housesError: string | null;
  setSearch(text: string): void;
  /** The draft's house, found by its FIAS id; null when no house is chosen. */
  selected: HouseChoice | null;
  entrances: EntranceOption[];
  entrancesLoading: boolean;
  entranceSource: EntranceSource;
  entrancesError: string | null;
}

function choice(house: House, snapshot: SnapshotHouse | undefined): HouseChoice {
  return { ...pickedHouse(house), house, savedAt: snapshot?.savedAt ?? null };
}

/**
 * The houses and entrances the pickers offer. Online they come from the server; offline, or
 * when the server fails, from the houses taken offline (src/offline/snapshots.ts), which are
 * also marked in the online list so the installer sees what will still work in the basement.
 */
export function useWizardPlaces({ userId, online, fias }: { userId: number | null; online: boolean; fias: string }): WizardPlaces {
  const [search, setSearch] = useState('');
  const snapshotRows = useLiveQuery(() => (userId === null ? [] : listSnapshots(getOfflineDb(), userId)), [userId]);
  const snapshots = useMemo(
    () => (snapshotRows ?? []).map(readSnapshotHouse).filter((row): row is SnapshotHouse => row !== null),
    [snapshotRows],
  );
  const snapshotOf = useMemo(() => new Map(snapshots.map((row) => [row.house.id, row])), [snapshots]);

  const list = useQuery({ ...serialWizardQueries.houses(), enabled: online });
  const lookupKey = search.trim();
  const lookup = useQuery({ ...serialWizardQueries.houseLookup(lookupKey), enabled: online && LOOKUP_KEY.test(lookupKey) });
  const fromServer = online && !list.isError;

  const houses = useMemo(() => {
    const byUid = new Map<string, HouseChoice>();
    const serverHouses = fromServer ? [...(list.data ?? []), ...(lookup.data ?? [])] : [];
    for (const house of serverHouses) if (house.id !== '' && !byUid.has(house.id)) byUid.set(house.id, choice(house, snapshotOf.get(house.id)));
    for (const row of snapshots) if (!byUid.has(row.house.id)) byUid.set(row.house.id, choice(row.house, row));
    return [...byUid.values()];
  }, [fromServer, list.data, lookup.data, snapshots, snapshotOf]);

  const wanted = fias.trim().toLowerCase();
  const known = wanted === '' ? null : (houses.find((house) => house.fias?.toLowerCase() === wanted) ?? null);
  // A draft reopened online whose house is not on the first pages: find it by its FIAS id.
  const resolve = useQuery({ ...serialWizardQueries.houseLookup(wanted), enabled: online && wanted !== '' && known === null && !list.isPending });
  const resolved = resolve.data?.find((house) => house.fias?.toLowerCase() === wanted);
  const selected = known ?? (resolved ? choice(resolved, snapshotOf.get(resolved.id)) : null);

  const uid = selected?.uid ?? '';
  const entrancesQuery = useQuery({ ...serialWizardQueries.entrances(uid), enabled: online && uid !== '' });
  const snapshotEntrances = uid ? snapshotOf.get(uid)?.entrances : undefined;
  let entranceList: Entrance[] = [];
  let entranceSource: EntranceSource = 'none';
  if (entrancesQuery.data && online) {
    entranceList = entrancesQuery.data;
    entranceSource = 'server';
  } else if (snapshotEntrances && (!online || entrancesQuery.isError)) {
    entranceList = snapshotEntrances;
    entranceSource = 'snapshot';
  }

  return {
    houses,
    housesLoading: online && (list.isPending || lookup.isFetching),
    housesFromSnapshots: !fromServer,
    housesError: online && list.isError ? errorMessage(list.error) : null,
    setSearch,
    selected,
    entrances: entranceOptions(entranceList),
    entrancesLoading: online && uid !== '' && entrancesQuery.isPending,
    entranceSource,
    entrancesError: entranceSource === 'none' && entrancesQuery.isError ? errorMessage(entrancesQuery.error) : null,
  };
}
