import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { SEED_BASE_DATE } from './context';
import { CITIES, EXTRA_STREETS, STREETS } from './names';

/** House numbers 1…180 on every street of every city. */
const HOUSE_NUMBERS = 180;
/** A prime that divides none of the address space's sizes: i ↦ i·STEP mod space is one-to-one. */
const STEP = 1_000_003;

/**
 * Pads the house list with `count` generated houses (SEED_EXTRA_HOUSES), without entrances or
 * devices: enough rows for a typeahead to search a list the size of the large seed's. One
 * set-based statement; applied once (the first padding house's uid marks it done). Addresses are
 * street × number × city, all different, so a three-letter search finds a few hundred, not all.
 */
export async function addExtraHouses(db: Db, count: number): Promise<number> {
  if (!Number.isInteger(count) || count <= 0) return 0;
  const done = await queryRows<{ done: boolean }>(db, sql`select exists (select 1 from houses where uid = md5('extra-house-1')::uuid::text) as "done"`);
  if (done[0]?.done) return 0;
  const streets = [...STREETS, ...EXTRA_STREETS].map(([prefix, name]) => `${prefix} ${name}`);
  const cities = CITIES.map((city) => `${city.regionName ? `${city.regionName}, ` : ''}г. ${city.name}`);
  const regions = CITIES.map((city) => city.region);
  const space = streets.length * cities.length * HOUSE_NUMBERS;
  if (space % STEP === 0 || count > space) throw new Error(`SEED_EXTRA_HOUSES: at most ${space} houses`);
  await db.execute(sql`
    insert into houses (uid, address, region, fias, management_company_id, created_at)
    select md5('extra-house-' || i)::uuid::text,
           (${JSON.stringify(cities)}::jsonb ->> c::int) || ', ' || (${JSON.stringify(streets)}::jsonb ->> s::int) || ', д. ' || (h + 1)
             || case when i % 10 < 3 then ', корп. ' || (i % 4 + 1) when i % 20 = 3 then ', стр. ' || (i % 3 + 1) else '' end,
           (${JSON.stringify(regions)}::jsonb ->> c::int)::smallint,
           null,
           null,
           ${SEED_BASE_DATE.toISOString()}::timestamptz - make_interval(days => (i % 1300)::int + 200)
    from (
      select i, k % ${streets.length} as s, (k / ${streets.length}) % ${cities.length} as c, k / (${streets.length * cities.length}) as h
      from (select i, (i::bigint * ${STEP}) % ${space} as k from generate_series(1, ${count}::int) as i) as numbered
    ) as picked
    on conflict (uid) do nothing`);
  return count;
}
