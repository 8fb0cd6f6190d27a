import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Each house's buyers (houses.buyer_ids, migration 0026) from its entrances, in one statement: for entrances loaded with triggers off. */
export async function buildHouseBuyers(db: Db): Promise<void> {
  await db.execute(sql`update houses h set buyer_ids = s.ids
    from (select house_uid, array_agg(distinct buyer_id order by buyer_id) as ids from entrances group by house_uid) s
    where s.house_uid = h.uid and h.buyer_ids is distinct from s.ids`);
}
