import { array, number, string, type, type Infer } from 'superstruct';
import { decode, DecodeError, normalizeMac } from '@contract/common';
import { ENTRANCE_TYPE, Entrance } from '@contract/entrances';
import { House } from '@contract/houses';
import { SnapshotDevice } from '@/offline/snapshot-devices';
import type { SnapshotInput } from '@/offline/snapshots';
import type { SnapshotRow } from '@/offline/db';

/*
 * What "take a house offline" stores (src/offline/snapshots.ts keeps the rows): the house as the
 * house list gave it, its entrances as POST /front/wizard/entrances gives them, the flats those
 * entrances describe, and its devices: each one's MAC, list row, card settings and matrix
 * (src/offline/snapshot-devices.ts), so the device list, the set-up wizard and the matrix open
 * offline. Everything is checked again when read back,
 * so a row written by an older app version is reported, not trusted.
 */

/** A flat and the entrances (uids) that serve it: its main entrance, an extra door, the gates. */
export const SnapshotFlat = type({ flatNum: number(), entrances: array(string()) });
export type SnapshotFlat = Infer<typeof SnapshotFlat>;


export const HouseSnapshotData = type({
  house: House,
  entrances: array(Entrance),
  flats: array(SnapshotFlat),
  devices: array(SnapshotDevice),
});

/** A house never has this many flats; a broken range must not fill the phone's storage. */
export const MAX_SNAPSHOT_FLATS = 10_000;

function parseFlatList(text: string | null): number[] {
  if (!text) return [];
  return text
    .split(/[,;\s]+/)
    .map((part) => Number(part))
    .filter((value) => Number.isInteger(value) && value > 0);
}

/**
 * The flats of a house, from what its entrances say: each entrance's range (start..end), and
 * the additional flats a gate lists. Sorted by number; an entrance with an empty or reversed
 * range adds nothing.
 */
export function flatsFromEntrances(entrances: readonly Entrance[]): SnapshotFlat[] {
  const flats = new Map<number, Set<string>>();
  const add = (flatNum: number, entranceUid: string) => {
    let served = flats.get(flatNum);
    if (!served) {
      if (flats.size >= MAX_SNAPSHOT_FLATS) return;
      served = new Set();
      flats.set(flatNum, served);
    }
    served.add(entranceUid);
  };
  // Main entrances first, so a flat's first entrance is the one it belongs to.
  const ordered = [...entrances].sort((a, b) => Number(b.type === ENTRANCE_TYPE.main) - Number(a.type === ENTRANCE_TYPE.main));
  for (const entrance of ordered) {
    const { start, end } = entrance.range;
    if (Number.isInteger(start) && Number.isInteger(end) && start >= 1 && end >= start) {
      for (let flatNum = start; flatNum <= Math.min(end, start + MAX_SNAPSHOT_FLATS - 1); flatNum++) add(flatNum, entrance.id);
    }
    for (const gate of entrance.gates) {
      for (const flatNum of parseFlatList(gate.additionalFlats)) add(flatNum, entrance.id);
    }
  }
  return [...flats.entries()].sort(([a], [b]) => a - b).map(([flatNum, served]) => ({ flatNum, entrances: [...served] }));
}

/** The row to save for a house; MACs normalised and de-duplicated (the first of a MAC is kept). */
export function buildHouseSnapshot(userId: number, house: House, entrances: readonly Entrance[], saved: readonly SnapshotDevice[]): SnapshotInput {
  const byMac = new Map<string, SnapshotDevice>();
  for (const device of saved) {
    const mac = normalizeMac(device.mac) ?? device.mac;
    if (!byMac.has(mac)) byMac.set(mac, { ...device, mac });
  }
  const devices = [...byMac.values()];
  return {
    userId,
    houseUid: house.id,
    house,
    entrances: [...entrances],
    flats: flatsFromEntrances(entrances),
    devices,
  };
}

export interface HouseSnapshot {
  houseUid: string;
  savedAt: number;
  house: House;
  entrances: Entrance[];
  flats: SnapshotFlat[];
  devices: SnapshotDevice[];
}

export type SnapshotRead = { status: 'ok'; snapshot: HouseSnapshot } | { status: 'unreadable'; houseUid: string; savedAt: number; error: string };

/** A stored row, checked. */
export function readHouseSnapshot(row: SnapshotRow): SnapshotRead {
  try {
    const data = decode(HouseSnapshotData, row, `snapshot ${row.houseUid}`);
    return { status: 'ok', snapshot: { houseUid: row.houseUid, savedAt: row.savedAt, ...data } };
  } catch (error) {
    const message =
      error instanceof DecodeError
        ? error.failures.map((failure) => `${failure.path || '(root)'}: ${failure.message}`).join('; ')
        : error instanceof Error
          ? error.message
          : String(error);
    return { status: 'unreadable', houseUid: row.houseUid, savedAt: row.savedAt, error: message };
  }
}

export type SnapshotAge = { unit: 'now' } | { unit: 'minutes' | 'hours' | 'days'; value: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How old a snapshot is, in the largest whole unit ("5 мин назад", "3 ч назад", "2 дн. назад"). */
export function snapshotAge(ageMs: number): SnapshotAge {
  if (ageMs < MINUTE) return { unit: 'now' };
  if (ageMs < HOUR) return { unit: 'minutes', value: Math.floor(ageMs / MINUTE) };
  if (ageMs < DAY) return { unit: 'hours', value: Math.floor(ageMs / HOUR) };
  return { unit: 'days', value: Math.floor(ageMs / DAY) };
}

/** Older than this, the age is shown as a warning: entrances or devices may have changed since. */
export const STALE_SNAPSHOT_MS = 7 * DAY;
