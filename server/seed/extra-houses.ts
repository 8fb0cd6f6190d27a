import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { SEED_BASE_DATE } from './context';
import { CITIES, EXTRA_STREETS, STREETS } from './names';

/** House numbers 1…180 on every street of every city. */
const HOUSE_NUMBERS = 180;
const STREET_NAMES = [...STREETS, ...EXTRA_STREETS].map(([prefix, name]) => `${prefix} ${name}`);
const CITY_NAMES = CITIES.map((city) => `${city.regionName ? `${city.regionName}, ` : ''}г. ${city.name}`);
/** Every street × city × house number: the addresses a generator may hand out. */
const ADDRESS_SPACE = STREET_NAMES.length * CITY_NAMES.length * HOUSE_NUMBERS;

const jsonText = (value: unknown) => `'${JSON.stringify(value).replaceAll("'", "''")}'::jsonb`;

/**
 * `select address, region` for the house numbered by the SQL integer `n`: i ↦ i·step mod the
 * address space is one-to-one for a prime step that divides none of its sizes, so different
 * numbers get different addresses (street × house number × city), spread over all of them.
 */
export function addressColumnsSql(n: string, step: number): string {
  if (ADDRESS_SPACE % step === 0) throw new Error(`the step ${step} must not divide ${ADDRESS_SPACE}`);
  const streets = STREET_NAMES.length;
  const cities = CITY_NAMES.length;
  const k = `((${n})::bigint * ${step}) % ${ADDRESS_SPACE}`;
  return `select (${jsonText(CITY_NAMES)} ->> ((${k}) / ${streets} % ${cities})::int) || ', ' || (${jsonText(STREET_NAMES)} ->> ((${k}) % ${streets})::int)
                 || ', д. ' || ((${k}) / ${streets * cities} + 1)
                 || case when (${n}) % 10 < 3 then ', корп. ' || ((${n}) % 4 + 1) when (${n}) % 20 = 3 then ', стр. ' || ((${n}) % 3 + 1) else '' end as address,
                 (${jsonText(CITIES.map((city) => city.region))} ->> ((${k}) / ${streets} % ${cities})::int)::smallint as region`;
}

/**
 * Pads the house list with `count` generated houses (SEED_EXTRA_HOUSES), without entrances or
 * devices: enough rows for a typeahead to search a list the size of the large seed's. One
 * set-based statement; applied once (the first padding house's uid marks it done). Addresses are
 * street × number × city, all different, so a three-letter search finds a few hundred, not all.
 */
export async function addExtraHouses(db: Db, count: number): Promise<number> {
  if (!Number.isInteger(count) || count <= 0) return 0;
  if (count > ADDRESS_SPACE) throw new Error(`SEED_EXTRA_HOUSES: at most ${ADDRESS_SPACE} houses`);
  const done = await queryRows<{ done: boolean }>(db, sql`select exists (select 1 from houses where uid = md5('extra-house-1')::uuid::text) as "done"`);
  if (done[0]?.done) return 0;
  await db.execute(
    sql.raw(`
    insert into houses (uid, address, region, fias, management_company_id, created_at)
    select md5('extra-house-' || i)::uuid::text, a.address, a.region, null, null,
           '${SEED_BASE_DATE.toISOString()}'::timestamptz - make_interval(days => (i % 1300)::int + 200)
    from generate_series(1, ${count}) as i cross join lateral (${addressColumnsSql('i', 1_000_003)}) as a
    on conflict (uid) do nothing`),
  );
  return count;
}
