import { useMutation } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { House } from '@contract/houses';
import { notify } from '@/components/notifications/notify';
import { useT } from '@/features/house-snapshot/messages';
import { errorMessage } from '@/lib/http';
import { useSession } from '@/lib/session';
import { useConnectivity } from '@/offline/connectivity';
import { getOfflineDb } from '@/offline/db';
import { deleteSnapshot, getSnapshot, snapshotAgeMs } from '@/offline/snapshots';
import { takeHouseOffline } from './api';
import { readHouseSnapshot, snapshotAge, STALE_SNAPSHOT_MS, type SnapshotAge, type SnapshotRead } from './model';

const AGE_TICK_MS = 30_000;

/** The current time, re-read every `intervalMs`, so an age on screen keeps up. */
export function useNow(intervalMs: number = AGE_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export interface HouseSnapshotState {
  /** undefined while reading; null when the house was not taken offline. */
  snapshot: SnapshotRead | null | undefined;
  age: SnapshotAge | null;
  stale: boolean;
  /** Saving needs the server; an installer offline can still delete. */
  canSave: boolean;
  saving: boolean;
  save(): void;
  remove(): Promise<void>;
}

/** One house's offline snapshot: live from Dexie (other tabs included), with save, refresh and delete. */
export function useHouseSnapshot(house: House): HouseSnapshotState {
  const t = useT();
  const { userId } = useSession();
  const connectivity = useConnectivity();
  const now = useNow();
  const row = useLiveQuery(
    async () => (userId === null ? null : ((await getSnapshot(getOfflineDb(), userId, house.id)) ?? null)),
    [userId, house.id],
  );
  const save = useMutation({
    mutationFn: () => {
      if (userId === null) throw new Error(t('common.requestFailed'));
      return takeHouseOffline(userId, house);
    },
    onSuccess: (saved) =>
      notify(
        t('houseSnapshot.saved', {
          address: house.address,
          entrances: saved.entrances.length,
          flats: saved.flats.length,
          devices: saved.devices.length,
        }),
        { variant: 'success' },
      ),
    onError: (error) => notify(t('houseSnapshot.failed', { message: errorMessage(error) }), { variant: 'error' }),
  });

  const snapshot = row === undefined ? undefined : row === null ? null : readHouseSnapshot(row);
  const ageMs = row ? snapshotAgeMs(row, now) : null;
  return {
    snapshot,
    age: ageMs === null ? null : snapshotAge(ageMs),
    stale: ageMs !== null && ageMs > STALE_SNAPSHOT_MS,
    canSave: userId !== null && connectivity.state !== 'offline',
    saving: save.isPending,
    save: () => save.mutate(),
    remove: async () => {
      if (userId === null) return;
      await deleteSnapshot(getOfflineDb(), userId, house.id);
      notify(t('houseSnapshot.deleted'), { variant: 'success' });
    },
  };
}
