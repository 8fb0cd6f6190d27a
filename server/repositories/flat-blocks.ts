import { sql, type SQL } from 'drizzle-orm';
import type { BlockedFlat, FlatRef, FlatStatusOutcome } from '../../contract/flat-blocks';
import { FLAT_STATUS } from '../../contract/flats';
import { queryRows, type Db } from '../db/client';
import { writeFlatStatus, type FlatStatusWrite } from './flats';
import { addressMatches } from './houses';

export interface BlockedFlatFilter {
  /** The buyer whose flats are listed; null lists every buyer's (the superuser). */
  buyerId: number | null;
  houseUid?: string;
  /** Words of the house address in any order (contract/address-search.ts). */
  address?: string;
  flatNum?: number;
}

/**
 * One page of blocked flats, newest block first (one blocked at an unknown time last), with their
 * house address. The page walks flats_blocked_idx (blocked_at desc nulls last, id; blocked flats
 * only) and stops at its rows; the count, apart, reads every blocked flat of the buyer, which a
 * window count would make the page wait for (0.7 ms against 500 ms over 1.3 million flats).
 */
export async function listBlockedFlats(db: Db, filter: BlockedFlatFilter, page: number, pageSize: number): Promise<{ rows: BlockedFlat[]; total: number }> {
  const conditions: SQL[] = [sql`f.status = ${FLAT_STATUS.blocked}`];
  if (filter.buyerId !== null) conditions.push(sql`f.buyer_id = ${filter.buyerId}`);
  if (filter.houseUid) conditions.push(sql`f.house_uid = ${filter.houseUid}`);
  if (filter.flatNum !== undefined) conditions.push(sql`f.flat_num = ${filter.flatNum}`);
  const address = filter.address ? addressMatches(sql`h.address_search`, filter.address) : undefined;
  if (address) conditions.push(address);
  const where = sql.join(conditions, sql` and `);
  const [rows, [counted]] = await Promise.all([
    queryRows<Omit<BlockedFlat, 'blockedAt'> & { blockedAt: Date | string | null }>(
      db,
      sql`select f.id as "flatId", f.house_uid as "houseUid", h.address, f.flat_num as "flatNum", f.letter,
            f.blocked_at as "blockedAt", f.blocked_by as "blockedBy", f.block_reason as reason
          from flats f join houses h on h.uid = f.house_uid
          where ${where}
          order by f.blocked_at desc nulls last, f.id
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from flats f ${filter.address ? sql`join houses h on h.uid = f.house_uid` : sql``} where ${where}`),
  ]);
  const data = rows.map(({ blockedAt, ...row }) => ({ ...row, blockedAt: blockedAt === null ? null : new Date(blockedAt).toISOString() }));
  return { rows: data, total: counted?.total ?? 0 };
}

export interface StatusChange extends FlatStatusWrite {
  /** The caller's buyer; null may change any buyer's flats (the superuser). */
  buyerId: number | null;
}

const REFUSALS = {
  notFound: 'Квартира не найдена',
  otherBuyer: 'Нет доступа к квартире: она другого покупателя',
  alreadyBlocked: 'Квартира уже заблокирована',
  alreadyActive: 'Квартира уже разблокирована',
} as const;

/**
 * Blocks or unblocks flats, answering each in the order asked: a flat that is missing, another
 * buyer's, or already in that state (asked twice too) fails with the reason and is not touched.
 * Every change is `writeFlatStatus`'s, all of them in one transaction.
 */
export async function setFlatStatuses(db: Db, refs: readonly FlatRef[], change: StatusChange): Promise<FlatStatusOutcome[]> {
  return db.transaction(async (tx) => {
    const pairs = sql.join(
      refs.map((ref) => sql`(${ref.houseUid}, ${ref.flatNum}::int)`),
      sql`, `,
    );
    const found = await queryRows<{ id: number; houseUid: string; flatNum: number; buyerId: number; status: number }>(
      tx,
      sql`select id, house_uid as "houseUid", flat_num as "flatNum", buyer_id as "buyerId", status::int as status
          from flats where (house_uid, flat_num) in (${pairs}) order by id for update`,
    );
    const byRef = new Map(found.map((flat) => [`${flat.houseUid}\u0000${flat.flatNum}`, flat]));
    const changed = new Set<number>();
    const outcomes = refs.map((ref): FlatStatusOutcome => {
      const flat = byRef.get(`${ref.houseUid}\u0000${ref.flatNum}`);
      const refuse = (message: string) => ({ houseUid: ref.houseUid, flatNum: ref.flatNum, result: false, message });
      if (!flat) return refuse(REFUSALS.notFound);
      if (change.buyerId !== null && flat.buyerId !== change.buyerId) return refuse(REFUSALS.otherBuyer);
      if (flat.status === change.status || changed.has(flat.id)) {
        return refuse(change.status === FLAT_STATUS.blocked ? REFUSALS.alreadyBlocked : REFUSALS.alreadyActive);
      }
      changed.add(flat.id);
      return { houseUid: ref.houseUid, flatNum: ref.flatNum, result: true, message: null };
    });
    await writeFlatStatus(tx, [...changed], change);
    return outcomes;
  });
}
