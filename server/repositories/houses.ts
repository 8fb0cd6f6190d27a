import { and, asc, count, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { addressSearchWords, isWordStart } from '../../contract/address-search';
import type { House, HouseCreate, HouseFlatRow } from '../../contract/houses';
import { preparedRows, queryRows, type Db } from '../db/client';
import { deviceHouses } from '../db/schema/devices';
import { houses } from '../db/schema/houses';

export interface HouseFilter {
  houseUid?: string;
  region?: number;
  fias?: string;
  /** Words of the address in any order (contract/address-search.ts). */
  address?: string;
  /** Only the houses this buyer may see (`isHouseInScope`); undefined: every house (the superuser). */
  buyerId?: number;
}

/**
 * Every word of `query` is in the address, in any order, «ё» as «е», «ул.», «д.» and the like left
 * out, a word of one or two characters at the start of one of the address's words
 * (contract/address-search.ts); `search` is a house's `address_search` column, which
 * houses_address_words_idx (pg_trgm) serves for words of any length. A query of punctuation only
 * matches every house.
 */
export function addressMatches(search: SQL | AnyColumn, query: string): SQL | undefined {
  const words = addressSearchWords(query);
  if (words.length === 0) return undefined;
  // The words hold only letters and digits, so none is a LIKE wildcard.
  return and(...words.map((word) => sql`${search} like ${isWordStart(word) ? `% ${word}%` : `%${word}%`}`));
}

/** isHouseInScope on a house's `buyer_ids`: one of its entrances is the buyer's, or it has none yet. */
function houseInBuyerScope(buyerIds: SQL | AnyColumn, buyerId: number): SQL {
  return sql`(${buyerIds} = '{}'::integer[] or ${buyerIds} @> array[${buyerId}::integer])`;
}

const houseColumns = { id: houses.uid, address: houses.address, region: houses.region, fias: houses.fias };

function whereOf(filter: HouseFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.houseUid) conditions.push(eq(houses.uid, filter.houseUid));
  if (filter.region !== undefined) conditions.push(eq(houses.region, filter.region));
  if (filter.fias) conditions.push(eq(houses.fias, filter.fias));
  const address = filter.address ? addressMatches(houses.addressSearch, filter.address) : undefined;
  if (address) conditions.push(address);
  // isHouseInScope in SQL, on the row itself (buyer_ids: the buyers of its entrances, none yet: everyone's).
  if (filter.buyerId !== undefined) {
    conditions.push(houseInBuyerScope(houses.buyerIds, filter.buyerId));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** How many houses match the filter. */
export async function countHouses(db: Db, filter: HouseFilter): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(houses).where(whereOf(filter));
  return counted?.total ?? 0;
}

/** An address search counts its matches up to this many (or to the page after the one asked for, if further). */
export const HOUSE_COUNT_CAP = 500;

/**
 * Past the cap, the page is first looked for among this many houses at the start of the address
 * order (or this many a row of the page, if more): dense matches («ул», «1») fill it there.
 */
const HOUSE_WALK_BUDGET = 2_000;
const HOUSE_WALK_PER_ROW = 20;
const HOUSE_JSON = sql.raw(`json_build_object('id', h.uid, 'address', h.address, 'region', h.region, 'fias', h.fias)`);

/** The cap of a count for `page`: at least the page after it, so a capped list always has a next page. */
export function houseCountCap(page: number, pageSize: number): number {
  return Math.max(HOUSE_COUNT_CAP, (page + 1) * pageSize);
}

export interface HousePage {
  rows: House[];
  /** Exact when `capped` is false; otherwise the cap, and more houses match. */
  total: number;
  capped: boolean;
}

/**
 * One page of houses in address order, and how many match the filter. Without an address the
 * count is `countTotal`'s (the route may answer it from a cache).
 *
 * With an address, the matches are counted up to a cap, found through the trigram index, and up
 * to the cap the page is sorted out of them (a word as rare as a street's name: a few rows). Past
 * it the matches are many, and where they are dense («ул», «1») the page is among the first houses
 * in address order: a second statement looks for it in the first HOUSE_WALK_BUDGET of them
 * (houses_address_idx, checking the words on each). Only when that does not fill the page («каз»:
 * every «Казань» after every «А…») are all the matches read and the page sorted out of them.
 */
export async function listHouses(
  db: Db,
  filter: HouseFilter,
  page: number,
  pageSize: number,
  countTotal: () => Promise<number> = () => countHouses(db, filter),
): Promise<HousePage> {
  const where = whereOf(filter);
  const offset = (page - 1) * pageSize;
  if (!filter.address || addressSearchWords(filter.address).length === 0) {
    // The page walks houses_address_idx and stops; a window count would read every house first (17 ms against 3 ms over 25,000).
    // Prepared: the first page of the list is the most asked-for statement of the housing screens, and planning it cost as much as running it.
    const [rows, total] = await Promise.all([
      preparedRows<House>(db, 'house_page', sql`select uid as id, address, region, fias from ${houses} where ${where ?? sql`true`} order by address, uid limit ${pageSize} offset ${offset}`),
      countTotal(),
    ]);
    return { rows, total, capped: false };
  }
  const cap = houseCountCap(page, pageSize);
  const [matched] = await queryRows<{ total: number; rows: House[] }>(
    db,
    sql`with matched as materialized (select uid, address, region, fias from ${houses} where ${where} limit ${cap + 1})
        select (select count(*)::int from matched) as total,
          coalesce((select json_agg(${HOUSE_JSON} order by h.address, h.uid)
                    from (select * from matched order by address, uid limit ${pageSize} offset ${offset}) h), '[]'::json) as rows`,
  );
  const counted = Number(matched?.total ?? 0);
  if (counted <= cap) return { rows: matched?.rows ?? [], total: counted, capped: false };
  const budget = Math.max(HOUSE_WALK_BUDGET, (offset + pageSize) * HOUSE_WALK_PER_ROW);
  const [walked] = await queryRows<{ rows: House[] }>(
    db,
    sql`select coalesce((select json_agg(${HOUSE_JSON} order by h.address, h.uid)
          from (select * from (select * from ${houses} order by address, uid offset 0 limit ${budget}) as ${houses}
                where ${where} limit ${pageSize} offset ${offset}) h), '[]'::json) as rows`,
  );
  if ((walked?.rows.length ?? 0) === pageSize) return { rows: walked!.rows, total: cap, capped: true };
  // The matches are many but not near the start of the address order («Казань»: past every «А…»): the page is sorted out of all of them.
  const [sorted] = await queryRows<{ rows: House[] }>(
    db,
    sql`with matched as materialized (select * from ${houses} where ${where})
        select coalesce((select json_agg(${HOUSE_JSON} order by h.address, h.uid)
          from (select * from matched order by address, uid limit ${pageSize} offset ${offset}) h), '[]'::json) as rows`,
  );
  return { rows: sorted?.rows ?? [], total: cap, capped: true };
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

/** A house and the buyers of its entrances (a house belongs to them; none: it belongs to nobody yet). */
export interface OwnedHouse {
  house: House;
  buyerIds: number[];
}

/** The house and its buyers; null when there is no such house. */
export async function findHouse(db: Db, uid: string): Promise<OwnedHouse | null> {
  const [row] = await queryRows<House & { buyerIds: number[] }>(
    db,
    sql`select h.uid as id, h.address, h.region, h.fias,
          array(select distinct e.buyer_id from entrances e where e.house_uid = h.uid order by 1) as "buyerIds"
        from houses h where h.uid = ${uid}`,
  );
  if (!row) return null;
  const { buyerIds, ...house } = row;
  return { house, buyerIds: buyerIds.map(Number) };
}

/**
 * Whether a user of `scope` (a buyer id, null for the superuser) may see the house: one of its
 * entrances is the buyer's, or it has none yet (docs/api.md "Houses and dictionaries").
 */
export function isHouseInScope(owned: OwnedHouse, scope: number | null): boolean {
  return scope === null || owned.buyerIds.length === 0 || owned.buyerIds.includes(scope);
}

/**
 * Of these houses, those outside `scope` (isHouseInScope, in SQL), with their addresses, in the
 * order given; unknown uids are not listed (the callers name them apart). Null scope: none.
 */
export async function housesOutOfScope(db: Db, uids: readonly string[], scope: number | null): Promise<{ uid: string; address: string }[]> {
  if (scope === null || uids.length === 0) return [];
  const rows = await queryRows<{ uid: string; address: string }>(
    db,
    sql`select h.uid, h.address from houses h
        where h.uid in (${sql.join([...new Set(uids)].map((uid) => sql`${uid}`), sql`, `)})
          and not ${houseInBuyerScope(sql`h.buyer_ids`, scope)}`,
  );
  const byUid = new Map(rows.map((row) => [row.uid, row]));
  return uids.flatMap((uid) => byUid.get(uid) ?? []);
}

/** The house a FIAS id names (the oldest when several share it, as the adjuster's calls bind); null when none. */
export async function houseUidOfFias(db: Db, fias: string): Promise<string | null> {
  const [row] = await db
    .select({ uid: houses.uid })
    .from(houses)
    .where(eq(houses.fias, fias.trim().toLowerCase()))
    .orderBy(asc(houses.createdAt), asc(houses.uid))
    .limit(1);
  return row?.uid ?? null;
}

/** The updated house; null when there is none. */
export async function updateHouse(db: Db, uid: string, update: { address: string; region: number; fias: string | null }): Promise<House | null> {
  const rows = await db.update(houses).set(update).where(eq(houses.uid, uid)).returning(houseColumns);
  return rows[0] ?? null;
}

export interface HouseFlatFilter {
  /** The buyer whose flats are listed; null lists every flat (the superuser). */
  buyerId: number | null;
  /** Digits the flat number starts with. */
  flatNumPrefix?: string;
}

/**
 * One page of a house's flats by number, with the counts of each flat's users and keys and its
 * entrance titles. The page is cut first (flats_house_num_idx: a house has at most some hundreds
 * of flats), and only its rows are counted.
 */
export async function listHouseFlats(
  db: Db,
  houseUid: string,
  filter: HouseFlatFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: HouseFlatRow[]; total: number }> {
  const conditions: SQL[] = [sql`f.house_uid = ${houseUid}`];
  if (filter.buyerId !== null) conditions.push(sql`f.buyer_id = ${filter.buyerId}`);
  if (filter.flatNumPrefix) conditions.push(sql`f.flat_num::text like ${`${filter.flatNumPrefix}%`}`);
  const rows = await queryRows<{ id: number; flatNum: number; letter: string | null; status: number; total: number; usersCount: number; keysCount: number; entrances: string[] }>(
    db,
    sql`with page as (
          select f.id, f.flat_num, f.letter, f.status, count(*) over () as total
          from flats f
          where ${sql.join(conditions, sql` and `)}
          order by f.flat_num
          limit ${pageSize} offset ${(page - 1) * pageSize}
        )
        select p.id, p.flat_num as "flatNum", p.letter, p.status::int as status, p.total::int as total,
          (select count(*)::int from flat_users fu where fu.flat_id = p.id) as "usersCount",
          (select count(*)::int from keys k where k.flat_id = p.id) as "keysCount",
          array(select e.title from flat_entrances fe join entrances e on e.uid = fe.entrance_uid
                where fe.flat_id = p.id order by e.entrance_num, e.title) as entrances
        from page p
        order by p.flat_num`,
  );
  if (rows.length > 0) return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]!.total };
  if (page === 1) return { rows: [], total: 0 };
  const [counted] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from flats f where ${sql.join(conditions, sql` and `)}`);
  return { rows: [], total: counted?.total ?? 0 };
}
