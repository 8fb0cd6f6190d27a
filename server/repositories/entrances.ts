import { asc, eq, inArray } from 'drizzle-orm';
import type { Entrance, EntranceGate, EntranceUpdate } from '../../contract/entrances';
import type { Db } from '../db/client';
import { deviceRelays, devices } from '../db/schema/devices';
import { entranceGates, entranceRanges, entrances } from '../db/schema/houses';

type EntranceRelay = Entrance['relays'][number];

/**
 * The entrances of the houses, each with its flat range, the gates it serves
 * and the device relays that open it: houses in the order asked, entrances by number. Three
 * queries whatever the number of houses.
 */
export async function listEntrancesOfHouses(db: Db, houseUids: readonly string[]): Promise<Entrance[]> {
  const uids = [...new Set(houseUids)];
  if (uids.length === 0) return [];
  const ofHouses = inArray(entrances.houseUid, uids);

  const rows = await db
    .select({
      id: entrances.uid,
      buyerId: entrances.buyerId,
      entranceNum: entrances.entranceNum,
      houseUid: entrances.houseUid,
      title: entrances.title,
      type: entrances.type,
      rangeStart: entranceRanges.rangeStart,
      rangeEnd: entranceRanges.rangeEnd,
    })
    .from(entrances)
    .leftJoin(entranceRanges, eq(entranceRanges.entranceUid, entrances.uid))
    .where(ofHouses)
    .orderBy(asc(entrances.entranceNum), asc(entrances.type), asc(entrances.uid));

  const gates = await db
    .select({
      gateUid: entranceGates.gateEntranceUid,
      entranceUid: entranceGates.entranceUid,
      from: entranceGates.flatFrom,
      to: entranceGates.flatTo,
      prefix: entranceGates.prefix,
      additionalFlats: entranceGates.additionalFlats,
    })
    .from(entranceGates)
    .innerJoin(entrances, eq(entrances.uid, entranceGates.gateEntranceUid))
    .where(ofHouses)
    .orderBy(asc(entranceGates.id));

  const relays = await db
    .select({ entrance: deviceRelays.entranceUid, id: deviceRelays.relayNum, mac: devices.mac, statusCode: deviceRelays.statusCode })
    .from(deviceRelays)
    .innerJoin(entrances, eq(entrances.uid, deviceRelays.entranceUid))
    .innerJoin(devices, eq(devices.id, deviceRelays.deviceId))
    .where(ofHouses)
    .orderBy(asc(devices.mac), asc(deviceRelays.relayNum));

  const gatesOf = new Map<string, EntranceGate[]>();
  for (const { gateUid, ...gate } of gates) {
    const list = gatesOf.get(gateUid) ?? [];
    list.push(gate);
    gatesOf.set(gateUid, list);
  }
  const relaysOf = new Map<string, EntranceRelay[]>();
  for (const relay of relays) {
    if (relay.entrance === null) continue;
    const list = relaysOf.get(relay.entrance) ?? [];
    list.push({ entrance: relay.entrance, id: relay.id, mac: relay.mac, statusCode: relay.statusCode });
    relaysOf.set(relay.entrance, list);
  }

  const order = new Map(uids.map((uid, index) => [uid, index]));
  return rows
    .map(
      (row): Entrance => ({
        id: row.id,
        buyerId: row.buyerId,
        entranceNum: row.entranceNum,
        houseUid: row.houseUid,
        title: row.title,
        type: row.type as Entrance['type'],
        // Every entrance has a range row; one made by hand without it serves no flats.
        range: { start: row.rangeStart ?? 0, end: row.rangeEnd ?? 0 },
        gates: gatesOf.get(row.id) ?? [],
        relays: relaysOf.get(row.id) ?? [],
      }),
    )
    .sort((a, b) => (order.get(a.houseUid) ?? 0) - (order.get(b.houseUid) ?? 0));
}

/**
 * Entrance `uid` and the other entrances of its house; null when there is no such entrance. With
 * `lock` (in a transaction) the house's entrances stay locked until it ends, so that two saves of
 * one house check their ranges one after the other.
 */
export async function entrancesOfHouseOf(db: Db, uid: string, lock = false): Promise<{ entrance: Entrance; siblings: Entrance[] } | null> {
  const [row] = await db.select({ houseUid: entrances.houseUid }).from(entrances).where(eq(entrances.uid, uid));
  if (!row) return null;
  if (lock) await db.select({ uid: entrances.uid }).from(entrances).where(eq(entrances.houseUid, row.houseUid)).for('update');
  const all = await listEntrancesOfHouses(db, [row.houseUid]);
  const entrance = all.find((item) => item.id === uid);
  return entrance ? { entrance, siblings: all.filter((item) => item.id !== uid) } : null;
}

/**
 * Saves an entrance: its fields, its range, and its gates when `gates` is given (they replace the
 * old ones). Run it in the transaction that checked the entrance.
 */
export async function saveEntrance(tx: Db, uid: string, update: Omit<EntranceUpdate, 'gates'>, gates: EntranceUpdate['gates']): Promise<void> {
  await tx.update(entrances).set({ title: update.title, entranceNum: update.entranceNum, type: update.type }).where(eq(entrances.uid, uid));
  await tx
    .insert(entranceRanges)
    .values({ entranceUid: uid, rangeStart: update.range.start, rangeEnd: update.range.end })
    .onConflictDoUpdate({ target: entranceRanges.entranceUid, set: { rangeStart: update.range.start, rangeEnd: update.range.end } });
  if (gates === undefined) return;
  await tx.delete(entranceGates).where(eq(entranceGates.gateEntranceUid, uid));
  if (gates.length === 0) return;
  await tx.insert(entranceGates).values(
    gates.map((gate) => ({
      gateEntranceUid: uid,
      entranceUid: gate.entranceUid,
      flatFrom: gate.from,
      flatTo: gate.to,
      prefix: gate.prefix,
      additionalFlats: gate.additionalFlats?.trim() || null,
    })),
  );
}
