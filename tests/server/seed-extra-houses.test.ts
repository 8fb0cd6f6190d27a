import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { addExtraHouses } from '../../server/seed/extra-houses';
import { BACKENDS, useApp } from './helpers';

describe.each(BACKENDS)('SEED_EXTRA_HOUSES on %s', (backend) => {
  const app = useApp(backend);

  it('pads the house list once with varied, region-coded addresses that a 3-letter search narrows', async () => {
    const db = app().database.drizzle;
    const [before] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from houses`);
    expect(await addExtraHouses(db, 25_000)).toBe(25_000);
    expect(await addExtraHouses(db, 25_000)).toBe(0);
    const [after] = await queryRows<{ n: number; addresses: number; nullFias: number; regions: number }>(
      db,
      sql`select count(*)::int as n, count(distinct address) filter (where fias is null)::int as addresses, count(*) filter (where fias is null)::int as "nullFias",
                 count(distinct region)::int as regions
          from houses`,
    );
    expect(after.n - before.n).toBe(25_000);
    expect(after.nullFias).toBe(25_000);
    expect(after.addresses).toBe(25_000);
    expect(after.regions).toBeGreaterThan(15);
    for (const part of ['сад', 'Гог', 'Лом', 'Чех']) {
      const [found] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from houses where address ilike ${`%${part}%`}`);
      expect(found.n, part).toBeGreaterThan(100);
      expect(found.n, part).toBeLessThan(1_500);
    }
  });
});
