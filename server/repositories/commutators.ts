import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AbonentUnit, Commutator, FlatRange, LineLevelCheck } from '../../contract/commutators';
import type { Db } from '../db/client';
import { abonentUnits, commutators, deviceCommutations, lineLevelChecks } from '../db/schema/commutators';
import { deviceRelays } from '../db/schema/devices';
import { flats } from '../db/schema/flats';
import { entranceRanges, entrances } from '../db/schema/houses';
import type { LineLevelReading } from '../gateways/device/device-gateway';

/** What the database keeps of a device's commutation. */
export interface StoredCommutation {
  model: number | null;
  commutators: Commutator[];
  /** The device's last line-level check, whatever its state. */
  checkLinelevelTaskId: string | null;
}

export async function commutationOfDevice(db: Db, deviceId: number): Promise<StoredCommutation> {
  const [head] = await db
    .select({ model: deviceCommutations.model, taskId: deviceCommutations.checkLinelevelTaskId })
    .from(deviceCommutations)
    .where(eq(deviceCommutations.deviceId, deviceId));
  const rows = await db
    .select({ index: commutators.index, matrix: commutators.matrix })
    .from(commutators)
    .where(eq(commutators.deviceId, deviceId))
    .orderBy(asc(commutators.index));
  return { model: head?.model ?? null, commutators: rows, checkLinelevelTaskId: head?.taskId ?? null };
}

/** The device's flat range, with the house whose flats it numbers (to link new handsets to their flat). */
export interface DeviceFlatRange extends FlatRange {
  houseUid: string;
}

/**
 * The flats the device's panel serves: the range of the entrance its lowest-numbered relay opens,
 * among the relays bound to an entrance with a range (start ≥ 1, end ≥ start); null when none is.
 */
export async function flatRangeOfDevice(db: Db, deviceId: number): Promise<DeviceFlatRange | null> {
  const [row] = await db
    .select({
      firstFlat: entranceRanges.rangeStart,
      lastFlat: entranceRanges.rangeEnd,
      entranceNum: entrances.entranceNum,
      entranceTitle: entrances.title,
      houseUid: entrances.houseUid,
    })
    .from(deviceRelays)
    .innerJoin(entrances, eq(entrances.uid, deviceRelays.entranceUid))
    .innerJoin(entranceRanges, eq(entranceRanges.entranceUid, entrances.uid))
    .where(and(eq(deviceRelays.deviceId, deviceId), sql`${entranceRanges.rangeStart} >= 1`, sql`${entranceRanges.rangeEnd} >= ${entranceRanges.rangeStart}`))
    .orderBy(asc(deviceRelays.relayNum))
    .limit(1);
  return row ?? null;
}

/** Makes the model and the matrices the device's (the commutators not given are dropped). */
export async function replaceCommutation(db: Db, deviceId: number, model: number | null, matrices: readonly Commutator[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(deviceCommutations)
      .values({ deviceId, model, updatedAt: sql`now()` })
      .onConflictDoUpdate({ target: deviceCommutations.deviceId, set: { model, updatedAt: sql`now()` } });
    await tx.delete(commutators).where(eq(commutators.deviceId, deviceId));
    if (matrices.length > 0) await tx.insert(commutators).values(matrices.map((item) => ({ deviceId, index: item.index, matrix: item.matrix })));
  });
}

/** A running check that has not finished this long after it started is taken to be dead. */
function staleSql(staleSeconds: number) {
  return sql`${lineLevelChecks.startedAt} < now() - make_interval(secs => ${staleSeconds})`;
}

/**
 * Stores what the device answered and starts its line-level check as `taskId`, both in one
 * transaction; a check of the device still running (and not stale) is kept instead. The device's
 * row is locked first, so two reads of one device never start two checks. Answers the check's id
 * and whether it is the new one.
 */
export async function storeReadCommutation(
  db: Db,
  deviceId: number,
  read: { model: number | null; commutators: readonly Commutator[] },
  taskId: string,
  staleSeconds: number,
): Promise<{ taskId: string; started: boolean }> {
  return db.transaction(async (tx) => {
    await replaceCommutation(tx, deviceId, read.model, read.commutators);
    const [running] = await tx
      .select({ taskId: lineLevelChecks.taskId })
      .from(deviceCommutations)
      .innerJoin(lineLevelChecks, eq(lineLevelChecks.taskId, deviceCommutations.checkLinelevelTaskId))
      .where(and(eq(deviceCommutations.deviceId, deviceId), eq(lineLevelChecks.status, 'running'), sql`not (${staleSql(staleSeconds)})`));
    if (running) return { taskId: running.taskId, started: false };
    await tx.insert(lineLevelChecks).values({ taskId, deviceId, status: 'running', progress: 0 });
    await tx.update(deviceCommutations).set({ checkLinelevelTaskId: taskId }).where(eq(deviceCommutations.deviceId, deviceId));
    return { taskId, started: true };
  });
}

/** The device's check still running (not stale), or null. */
export async function runningCheckOfDevice(db: Db, deviceId: number, staleSeconds: number): Promise<string | null> {
  const [row] = await db
    .select({ taskId: lineLevelChecks.taskId })
    .from(deviceCommutations)
    .innerJoin(lineLevelChecks, eq(lineLevelChecks.taskId, deviceCommutations.checkLinelevelTaskId))
    .where(and(eq(deviceCommutations.deviceId, deviceId), eq(lineLevelChecks.status, 'running'), sql`not (${staleSql(staleSeconds)})`));
  return row?.taskId ?? null;
}

export async function reportLineLevelCheck(db: Db, taskId: string, progress: number): Promise<void> {
  await db
    .update(lineLevelChecks)
    .set({ progress: Math.max(0, Math.min(100, Math.round(progress))) })
    .where(and(eq(lineLevelChecks.taskId, taskId), eq(lineLevelChecks.status, 'running')));
}

export async function failLineLevelCheck(db: Db, taskId: string, message: string): Promise<void> {
  await db
    .update(lineLevelChecks)
    .set({ status: 'failed', message, finishedAt: sql`now()` })
    .where(and(eq(lineLevelChecks.taskId, taskId), eq(lineLevelChecks.status, 'running')));
}

/**
 * Marks the check done and records the levels on the device's handsets, creating a unit for a
 * panel code that has none (linked to the flat of that number in `house`, when there is one). A
 * check no longer running (read as dead meanwhile) records nothing.
 */
export async function finishLineLevelCheck(
  db: Db,
  check: { taskId: string; deviceId: number; houseUid: string | null },
  readings: readonly LineLevelReading[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const done = await tx
      .update(lineLevelChecks)
      .set({ status: 'done', progress: 100, message: null, finishedAt: sql`now()` })
      .where(and(eq(lineLevelChecks.taskId, check.taskId), eq(lineLevelChecks.status, 'running')))
      .returning({ taskId: lineLevelChecks.taskId });
    if (done.length === 0 || readings.length === 0) return;
    const codes = [...new Set(readings.map((reading) => reading.panelCode))];
    const flatIds = new Map<number, number>();
    if (check.houseUid !== null) {
      const rows = await tx
        .select({ id: flats.id, flatNum: flats.flatNum })
        .from(flats)
        .where(and(eq(flats.houseUid, check.houseUid), inArray(flats.flatNum, codes)));
      for (const row of rows) flatIds.set(row.flatNum, row.id);
    }
    const levels = new Map(readings.map((reading) => [reading.panelCode, reading.level]));
    await tx
      .insert(abonentUnits)
      .values(
        codes.map((panelCode) => ({
          deviceId: check.deviceId,
          flatId: flatIds.get(panelCode) ?? null,
          panelCode,
          lineLevel: Math.round(levels.get(panelCode) ?? 0),
          lineLevelChangedAt: sql`now()`,
        })),
      )
      .onConflictDoUpdate({
        target: [abonentUnits.deviceId, abonentUnits.panelCode],
        set: { lineLevel: sql`excluded.line_level`, lineLevelChangedAt: sql`excluded.line_level_changed_at` },
      });
  });
}

/**
 * The device's check `taskId` (null for an unknown task or another device's). A running check
 * older than `staleSeconds` is marked failed first: the process that ran it stopped.
 */
export async function lineLevelCheckOf(db: Db, device: { id: number; mac: string }, taskId: string, staleSeconds: number, staleMessage: string): Promise<LineLevelCheck | null> {
  const mine = and(eq(lineLevelChecks.taskId, taskId), eq(lineLevelChecks.deviceId, device.id));
  await db
    .update(lineLevelChecks)
    .set({ status: 'failed', message: staleMessage, finishedAt: sql`now()` })
    .where(and(mine, eq(lineLevelChecks.status, 'running'), staleSql(staleSeconds)));
  const [row] = await db.select().from(lineLevelChecks).where(mine);
  if (!row) return null;
  return {
    taskId: row.taskId,
    mac: device.mac,
    status: row.status as LineLevelCheck['status'],
    progress: row.progress,
    message: row.message,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The device's handsets by panel code (map key), each with its last measured line level. */
export async function abonentUnitsOfDevice(db: Db, device: { id: number; mac: string }): Promise<Record<string, AbonentUnit>> {
  const rows = await db.select().from(abonentUnits).where(eq(abonentUnits.deviceId, device.id)).orderBy(asc(abonentUnits.panelCode));
  return Object.fromEntries(
    rows.map((row) => [
      String(row.panelCode),
      {
        id: row.id,
        lineLevel: row.lineLevel === null ? null : { lastChange: row.lineLevelChangedAt?.toISOString() ?? null, level: row.lineLevel },
        mac: device.mac,
        options: scalarOptions(row.options),
        panelCode: row.panelCode,
        type: row.type,
      },
    ]),
  );
}

/** AbonentUnit.options holds scalars only: anything else stored there is left out. */
function scalarOptions(options: Readonly<Record<string, unknown>>): AbonentUnit['options'] {
  const scalars: AbonentUnit['options'] = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') scalars[key] = value;
  }
  return scalars;
}
