import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { House, HouseCreate } from '../../contract/houses';
import type { Db } from '../db/client';
import { deviceHouses } from '../db/schema/devices';
import { houses } from '../db/schema/houses';
import { selectPage } from './paging';

export interface HouseFilter {
  houseUid?: string;
  region?: number;
  fias?: string;
}

const houseColumns = { id: houses.uid, address: houses.address, region: houses.region, fias: houses.fias };

function whereOf(filter: HouseFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.houseUid) conditions.push(eq(houses.uid, filter.houseUid));
  if (filter.region !== undefined) conditions.push(eq(houses.region, filter.region));
  if (filter.fias) conditions.push(eq(houses.fias, filter.fias));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of houses in address order, and how many match the filter. */
export async function listHouses(db: Db, filter: HouseFilter, page: number, pageSize: number): Promise<{ rows: House[]; total: number }> {
  return selectPage(db, { table: houses, columns: houseColumns, where: whereOf(filter), orderBy: [asc(houses.address), asc(houses.uid)], page, pageSize });
}

/** null when the uid is taken. */
export async function createHouse(db: Db, house: HouseCreate & { id: string }): Promise<House | null> {
  const rows = await db
    .insert(houses)
    .values({ uid: house.id, address: house.address, region: house.region, fias: house.fias ?? null })
    .onConflictDoNothing()
    .returning(houseColumns);
  return rows[0] ?? null;
}

export type DeleteHouseResult = { status: 'deleted' } | { status: 'not-found' } | { status: 'has-devices'; devices: number };

/** Entrances and flats go with the house; a house that devices still serve is kept. */
export async function deleteHouse(db: Db, uid: string): Promise<DeleteHouseResult> {
  return db.transaction(async (tx) => {
    const found = await tx.select({ uid: houses.uid }).from(houses).where(eq(houses.uid, uid)).for('update');
    if (found.length === 0) return { status: 'not-found' };
    const [linked] = await tx.select({ devices: count() }).from(deviceHouses).where(eq(deviceHouses.houseUid, uid));
    if (linked && linked.devices > 0) return { status: 'has-devices', devices: linked.devices };
    await tx.delete(houses).where(eq(houses.uid, uid));
    return { status: 'deleted' };
  });
}
