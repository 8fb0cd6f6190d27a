import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { House } from '@contract/houses';
import type { HouseHit } from '@/components/house-typeahead/model';
import { getOfflineDb } from '@/offline/db';
import { listSnapshots } from '@/offline/snapshots';
import { readSnapshotHouse, type SnapshotHouse } from './model';
import { deviceWizardQueries } from './queries';

export interface HouseChoice {
  house: House;
  /** When the house was taken offline; null when it was not. */
  savedAt: number | null;
}

export interface WizardHouses {
  /** undefined while IndexedDB is read. */
  snapshots: ReadonlyMap<string, SnapshotHouse> | undefined;
  /** A house picked from the search: known from then on, so its address and FIAS id need no call. */
  remember(hit: HouseHit): void;
  houseOf(uid: string): HouseChoice | undefined;
  /** The address of a chosen house, or its uid while the address is not known. */
  addressOf(uid: string): string;
}

/**
 * The chosen houses' addresses and the houses taken offline (src/offline/snapshots.ts). The houses
 * step finds houses with the shared typeahead (src/components/house-typeahead); a picked house is
 * kept in the look-up cache, and a resumed draft's house nobody picked here is looked up by its uid.
 */
export function useWizardHouses({ userId, online, chosen }: { userId: number; online: boolean; chosen: readonly string[] }): WizardHouses {
  const client = useQueryClient();
  const rows = useLiveQuery(() => listSnapshots(getOfflineDb(), userId), [userId]);
  const snapshots = useMemo(() => {
    if (rows === undefined) return undefined;
    const read = rows.map(readSnapshotHouse).filter((row): row is SnapshotHouse => row !== null);
    return new Map(read.map((row) => [row.house.id, row]));
  }, [rows]);

  const unknown = chosen.filter((uid) => !snapshots?.has(uid));
  const lookups = useQueries({ queries: unknown.map((uid) => ({ ...deviceWizardQueries.houseLookup(uid), enabled: online })) });
  const looked = lookups.flatMap((query) => query.data ?? []);

  const houseOf = (uid: string): HouseChoice | undefined => {
    const saved = snapshots?.get(uid);
    if (saved) return { house: saved.house, savedAt: saved.savedAt };
    // The cache answers at once for a house picked a moment ago, before the look-ups re-render.
    const house = looked.find((candidate) => candidate.id === uid) ?? client.getQueryData(deviceWizardQueries.houseLookup(uid).queryKey)?.find((candidate) => candidate.id === uid);
    return house ? { house, savedAt: null } : undefined;
  };

  return {
    snapshots,
    remember: (hit) => {
      if (hit.house) client.setQueryData(deviceWizardQueries.houseLookup(hit.id).queryKey, [hit.house]);
    },
    houseOf,
    addressOf: (uid) => houseOf(uid)?.house.address ?? uid,
  };
}
