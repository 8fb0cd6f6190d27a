import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { FLAT_STATUS, type Flat } from '../../contract/flats';
import type { Db } from '../db/client';
import { deviceHouses, devices } from '../db/schema/devices';
import { flatBlockHistory, flatEntrances, flats } from '../db/schema/flats';
import { entranceRanges, entrances, houses } from '../db/schema/houses';

/** A flat as the flat calls find it by `{house}:{flat}`. */
export interface FlatRow {
  id: number;
  buyerId: number;
  houseUid: string;
  flatNum: number;
  letter: string | null;
  status: number;
  blockedAt: Date | null;
  blockedBy: string | null;
  blockReason: string | null;
}

const FLAT_COLUMNS = {
  id: flats.id,
  buyerId: flats.buyerId,
  houseUid: flats.houseUid,
  flatNum: flats.flatNum,
  letter: flats.letter,
  status: flats.status,
  blockedAt: flats.blockedAt,
  blockedBy: flats.blockedBy,
  blockReason: flats.blockReason,
};

/** The flat, or null when it does not exist or belongs to another buyer (`buyerId` null: any). */
export async function findFlat(db: Db, houseUid: string, flatNum: number, buyerId: number | null): Promise<FlatRow | null> {
  const conditions = [eq(flats.houseUid, houseUid), eq(flats.flatNum, flatNum)];
  if (buyerId !== null) conditions.push(eq(flats.buyerId, buyerId));
  const [row] = await db.select(FLAT_COLUMNS).from(flats).where(and(...conditions)).limit(1);
  return row ?? null;
}

export async function houseExists(db: Db, houseUid: string): Promise<boolean> {
  const rows = await db.select({ uid: houses.uid }).from(houses).where(eq(houses.uid, houseUid)).limit(1);
  return rows.length > 0;
}

/**
 * The buyer a new flat of the house gets: the buyer of the main entrance whose range holds the
 * number, else of the house's first entrance, else of a device serving the house; null when the
 * house has none of them (the caller's buyer then).
 */
async function buyerOfNewFlat(db: Db, houseUid: string, entranceBuyer: number | null): Promise<number | null> {
  if (entranceBuyer !== null) return entranceBuyer;
  const [entrance] = await db
    .select({ buyerId: entrances.buyerId })
    .from(entrances)
    .where(eq(entrances.houseUid, houseUid))
    .orderBy(asc(entrances.entranceNum), asc(entrances.uid))
    .limit(1);
  if (entrance) return entrance.buyerId;
  const [device] = await db
    .select({ buyerId: devices.buyerId })
    .from(deviceHouses)
    .innerJoin(devices, eq(devices.id, deviceHouses.deviceId))
    .where(eq(deviceHouses.houseUid, houseUid))
    .orderBy(asc(devices.id))
    .limit(1);
  return device?.buyerId ?? null;
}

export type CreateFlatOutcome =
  | { status: 'created'; flat: Flat }
  | { status: 'house-not-found' }
  | { status: 'other-buyer' }
  | { status: 'duplicate' };

/**
 * A new flat of the house; it joins the main entrance whose range holds its number. `callerBuyer`
 * is null for the superuser; anyone else may only add a flat their buyer would own.
 */
export async function createFlat(
  db: Db,
  input: { houseUid: string; flatNum: number; letter: string | null },
  caller: { buyerId: number; scope: number | null },
): Promise<CreateFlatOutcome> {
  if (!(await houseExists(db, input.houseUid))) return { status: 'house-not-found' };
  const [entrance] = await db
    .select({ uid: entrances.uid, buyerId: entrances.buyerId })
    .from(entrances)
    .innerJoin(entranceRanges, eq(entranceRanges.entranceUid, entrances.uid))
    .where(
      and(
        eq(entrances.houseUid, input.houseUid),
        eq(entrances.type, 1),
        lte(entranceRanges.rangeStart, input.flatNum),
        gte(entranceRanges.rangeEnd, input.flatNum),
      ),
    )
    .orderBy(asc(entrances.entranceNum), asc(entrances.uid))
    .limit(1);
  const buyerId = (await buyerOfNewFlat(db, input.houseUid, entrance?.buyerId ?? null)) ?? caller.buyerId;
  if (caller.scope !== null && buyerId !== caller.scope) return { status: 'other-buyer' };
  const [row] = await db
    .insert(flats)
    .values({ buyerId, houseUid: input.houseUid, flatNum: input.flatNum, letter: input.letter })
    .onConflictDoNothing()
    .returning({ id: flats.id });
  if (!row) return { status: 'duplicate' };
  if (entrance) await db.insert(flatEntrances).values({ flatId: row.id, entranceUid: entrance.uid });
  return {
    status: 'created',
    flat: {
      id: row.id,
      buyerId,
      flatNum: input.flatNum,
      letter: input.letter,
      houseUid: input.houseUid,
      status: 0,
      users: [],
      abonentUnits: [],
      entrances: entrance ? [entrance.uid] : [],
      permissions: [],
      accessServices: [],
      temporaryCode: null,
    },
  };
}

/** Deletes the flat with everything of its own (users' links, codes, settings, history). */
export async function deleteFlat(db: Db, flatId: number): Promise<void> {
  await db.delete(flats).where(eq(flats.id, flatId));
}

/** A change of flat status: who made it and why (kept on the flat while blocked, in the history row either way). */
export interface FlatStatusWrite {
  status: number;
  reason: string | null;
  login: string;
  userId: number;
}

/**
 * Writes a status change of the flats `ids` (checked by the caller, inside its transaction): a block
 * records when, by whom and why, an unblock clears them, and each flat gets a 'manual' history row.
 * Two statements whatever the number of flats; one flat's status call and the bulk block share it.
 */
export async function writeFlatStatus(tx: Db, ids: readonly number[], change: FlatStatusWrite): Promise<void> {
  if (ids.length === 0) return;
  const blocked = change.status === FLAT_STATUS.blocked;
  const now = new Date();
  await tx
    .update(flats)
    .set({
      status: change.status,
      blockedAt: blocked ? now : null,
      blockedBy: blocked ? change.login : null,
      blockReason: blocked ? change.reason : null,
    })
    .where(inArray(flats.id, [...ids]));
  await tx.insert(flatBlockHistory).values(
    ids.map((flatId) => ({ flatId, kind: 'manual', mac: null, blocked, reason: change.reason, date: now, blockCms: null, login: change.login, userId: change.userId })),
  );
}

/** Sets one flat's status unless it is already the one asked for. Answers whether it changed. */
export async function setFlatStatus(db: Db, flat: FlatRow, change: FlatStatusWrite): Promise<boolean> {
  if (flat.status === change.status) return false;
  await db.transaction((tx) => writeFlatStatus(tx, [flat.id], change));
  return true;
}

/** At most this many rows of each list of a block history answer (newest first). */
export const HISTORY_LIMIT = 500;

export interface HistoryRows {
  blockData: { mac: string | null; date: string; login: string | null; userId: number | null; blocked?: boolean; reason: string | null }[];
  scheduleBlockData: { mac: string | null; date: string; blockCms: boolean }[];
}

/**
 * `kind` 'manual' (flat status) or 'cms' (CMS blocks on devices) rows as blockData and the
 * 'schedule' rows as scheduleBlockData (for CMS: only those of a device), newest first.
 */
export async function blockHistory(db: Db, flatId: number, kind: 'manual' | 'cms', mac: string | null): Promise<HistoryRows> {
  const ofMac = mac === null ? undefined : eq(flatBlockHistory.mac, mac);
  const [manual, scheduled] = await Promise.all([
    db
      .select()
      .from(flatBlockHistory)
      .where(and(eq(flatBlockHistory.flatId, flatId), eq(flatBlockHistory.kind, kind), ofMac))
      .orderBy(desc(flatBlockHistory.date), desc(flatBlockHistory.id))
      .limit(HISTORY_LIMIT),
    db
      .select()
      .from(flatBlockHistory)
      .where(
        and(
          eq(flatBlockHistory.flatId, flatId),
          eq(flatBlockHistory.kind, 'schedule'),
          ofMac ?? (kind === 'cms' ? sql`${flatBlockHistory.mac} is not null` : undefined),
        ),
      )
      .orderBy(desc(flatBlockHistory.date), desc(flatBlockHistory.id))
      .limit(HISTORY_LIMIT),
  ]);
  return {
    blockData: manual.map((row) => ({
      mac: row.mac,
      date: row.date.toISOString(),
      login: row.login,
      userId: row.userId,
      blocked: row.blocked ?? row.blockCms ?? undefined,
      reason: row.reason,
    })),
    scheduleBlockData: scheduled.map((row) => ({ mac: row.mac, date: row.date.toISOString(), blockCms: row.blockCms ?? row.blocked ?? false })),
  };
}

/** The flat's entrance uids (flat_entrances). */
export async function entranceUidsOfFlat(db: Db, flatId: number): Promise<string[]> {
  const rows = await db
    .select({ uid: flatEntrances.entranceUid })
    .from(flatEntrances)
    .where(eq(flatEntrances.flatId, flatId))
    .orderBy(asc(flatEntrances.entranceUid));
  return rows.map((row) => row.uid);
}

/** Takes the entrance off the flat (and off its temporary code); false when the flat had no such entrance. */
export async function removeFlatEntrance(db: Db, flatId: number, entranceUid: string): Promise<boolean> {
  const removed = await db
    .delete(flatEntrances)
    .where(and(eq(flatEntrances.flatId, flatId), eq(flatEntrances.entranceUid, entranceUid)))
    .returning({ uid: flatEntrances.entranceUid });
  if (removed.length === 0) return false;
  await db.execute(sql`update temporary_codes set entrances = array_remove(entrances, ${entranceUid}) where flat_id = ${flatId}`);
  return true;
}
