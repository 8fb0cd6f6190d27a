import { useQueries, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import type { House } from '@contract/houses';
import { errorMessage } from '@/lib/http';
import { getOfflineDb } from '@/offline/db';
import { listSnapshots } from '@/offline/snapshots';
import { readSnapshotHouse, type SnapshotHouse } from './model';
import { deviceWizardQueries } from './queries';

export interface HouseChoice {
  house: House;
  /** When the house was taken offline; null when it was not. */
  savedAt: number | null;
}

/** A FIAS id or a house uid typed into the search: looked up exactly, since the list has no address search. */
const LOOKUP_KEY = /^[0-9a-f-]{8,64}$/i;

export interface WizardHouses {
  /** undefined while IndexedDB is read. */
  snapshots: ReadonlyMap<string, SnapshotHouse> | undefined;
  /** The server's houses (online) and every house taken offline. */
  houses: HouseChoice[];
  loading: boolean;
  /** Offline, or the server's list failed: only houses taken offline are offered. */
  fromSnapshots: boolean;
  error: string | null;
  search: string;
  setSearch(text: string): void;
  houseOf(uid: string): HouseChoice | undefined;
  /** The address of a chosen house, or its uid while the address is not known. */
  addressOf(uid: string): string;
}

/**
 * The houses the picker offers and the chosen ones' addresses. Online they come from the server;
 * offline, or when it fails, from the houses taken offline (src/offline/snapshots.ts).
 */
export function useWizardHouses({ userId, online, chosen }: { userId: number; online: boolean; chosen: readonly string[] }): WizardHouses {
  const [search, setSearch] = useState('');
  const rows = useLiveQuery(() => listSnapshots(getOfflineDb(), userId), [userId]);
  const snapshots = useMemo(() => {
    if (rows === undefined) return undefined;
    const read = rows.map(readSnapshotHouse).filter((row): row is SnapshotHouse => row !== null);
    return new Map(read.map((row) => [row.house.id, row]));
  }, [rows]);

  const list = useQuery({ ...deviceWizardQueries.houses(), enabled: online });
  const key = search.trim();
  const lookup = useQuery({ ...deviceWizardQueries.houseLookup(key), enabled: online && LOOKUP_KEY.test(key) });
  const fromServer = online && !list.isError;

  const known = useMemo(() => {
    const byUid = new Map<string, HouseChoice>();
    const server = fromServer ? [...(list.data ?? []), ...(lookup.data ?? [])] : [];
    for (const house of server) if (house.id !== '' && !byUid.has(house.id)) byUid.set(house.id, { house, savedAt: snapshots?.get(house.id)?.savedAt ?? null });
    for (const row of snapshots?.values() ?? []) if (!byUid.has(row.house.id)) byUid.set(row.house.id, { house: row.house, savedAt: row.savedAt });
    return byUid;
  }, [fromServer, list.data, lookup.data, snapshots]);

  // A resumed draft's house that is not on the first pages: found by its uid.
  const unknown = online && !list.isPending ? chosen.filter((uid) => !known.has(uid)) : [];
  const resolved = useQueries({ queries: unknown.map((uid) => ({ ...deviceWizardQueries.houseLookup(uid) })) });
  const resolvedHouses = resolved.flatMap((query) => query.data ?? []);

  const houseOf = (uid: string): HouseChoice | undefined => {
    const found = known.get(uid);
    if (found) return found;
    const house = resolvedHouses.find((candidate) => candidate.id === uid);
    return house ? { house, savedAt: null } : undefined;
  };
  const addressOf = (uid: string) => houseOf(uid)?.house.address ?? uid;

  return {
    snapshots,
    houses: [...known.values()],
    loading: online && (list.isPending || lookup.isFetching),
    fromSnapshots: !fromServer,
    error: online && list.isError ? errorMessage(list.error) : null,
    search,
    setSearch,
    houseOf,
    addressOf,
  };
}
