import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/db/client';
import { syncDictionaries } from '../../server/repositories/dictionaries';
import { THIRD_LEVEL_GROUP_NAME } from '../../server/seed/people';
import { seedDatabase } from '../../server/seed/seed';
import { BACKENDS, useApp } from './helpers';
import { emptyDatabase, peopleFacts } from './seed-fixtures';

const NO_BROKEN_ROWS = { staffWithoutRole: 0, groupWithoutGiver: 0, foreignGroup: 0, foreignOperator: 0, foreignExternal: 0 };

describe.each(BACKENDS)('people and organisations of the demo seed on %s', (backend) => {
  let fresh: { database: Database; drop(): Promise<void> };

  beforeAll(async () => {
    fresh = await emptyDatabase(backend);
    await fresh.database.migrate(syncDictionaries);
    await seedDatabase(fresh.database.drizzle, 'demo');
  }, 120_000);
  afterAll(async () => {
    await fresh?.drop();
  });

  it('has three buyers, group trees of three levels and more, about 200 residents with every section of the user card, and no row of another buyer', async () => {
    const facts = await peopleFacts(fresh.database.drizzle);
    expect(facts.buyers).toBe(3);
    expect(facts.users).toBeGreaterThan(1_000);
    expect(facts.complete).toBeGreaterThan(150);
    expect(facts.complete).toBeLessThan(300);
    expect(facts.minDepth).toBeGreaterThanOrEqual(3);
    expect(facts.broken).toEqual(NO_BROKEN_ROWS);
    expect(facts.phoneKinds).toEqual(['android push', 'android silent', 'ios push', 'ios silent']);
  });

  it('gives each buyer a handful of companies, each with several houses that have devices, and staff in every role', async () => {
    const db = fresh.database.drizzle;
    expect((await peopleFacts(db)).thinCompanies).toBe(0);
    const companies = await queryRows<{ buyerId: number; n: number }>(db, sql`select buyer_id as "buyerId", count(*)::int as n from management_companies group by 1 order by 1`);
    expect(companies).toEqual([1, 2, 3].map((buyerId) => ({ buyerId, n: 3 })));
    const roles = await queryRows<{ buyers: number }>(
      db,
      sql`select count(distinct u.buyer_id)::int as buyers from auth_assignments a join users u on u.id = a.user_id
          where a.item_name in ('management', 'adjuster', 'support') group by a.item_name`,
    );
    expect(roles).toEqual([{ buyers: 3 }, { buyers: 3 }, { buyers: 3 }]);
    // Residents are members as well as staff, some of two groups, given by an operator or the admin.
    const [members] = await queryRows<{ residents: number; twice: number; givers: number }>(
      db,
      sql`select count(distinct ug.user_id) filter (where u.password_hash is null)::int as residents,
                 (select count(*) from (select user_id from user_groups group by user_id having count(*) = 2) as two)::int as twice,
                 count(distinct ug.given_by)::int as givers
          from user_groups ug join users u on u.id = ug.user_id`,
    );
    expect(members.residents).toBeGreaterThan(200);
    expect(members.twice).toBeGreaterThan(50);
    expect(members.givers).toBeGreaterThan(2);
  });
});

describe.each(BACKENDS)('the small seed on %s', (backend) => {
  const app = useApp(backend);

  it('keeps its groups and adds one at a third level per buyer, with the next ids (nothing else of the people seed changes its rows)', async () => {
    const db = app().database.drizzle;
    const groups = await queryRows<{ id: number; name: string; buyerId: number; parentId: number | null }>(
      db,
      sql`select id, name, buyer_id as "buyerId", parent_id as "parentId" from groups where id <= 8 order by id`,
    );
    expect(groups).toEqual([
      { id: 1, name: 'Северный район', buyerId: 1, parentId: null },
      { id: 2, name: 'Южный район', buyerId: 1, parentId: null },
      { id: 3, name: 'Центр', buyerId: 1, parentId: 1 },
      { id: 4, name: 'Северный район', buyerId: 2, parentId: null },
      { id: 5, name: 'Южный район', buyerId: 2, parentId: null },
      { id: 6, name: 'Центр', buyerId: 2, parentId: 4 },
      { id: 7, name: THIRD_LEVEL_GROUP_NAME, buyerId: 1, parentId: 3 },
      { id: 8, name: THIRD_LEVEL_GROUP_NAME, buyerId: 2, parentId: 6 },
    ]);
    const facts = await peopleFacts(db);
    expect(facts).toMatchObject({ buyers: 2, minDepth: 3, broken: NO_BROKEN_ROWS });
    const [untouched] = await queryRows<{ external: number; operators: number; residentGroups: number }>(
      db,
      sql`select (select count(*) from external_users)::int as external, (select count(*) from users where operator_id is not null)::int as operators,
                 (select count(*) from user_groups ug join users u on u.id = ug.user_id where u.password_hash is null)::int as "residentGroups"`,
    );
    expect(untouched).toEqual({ external: 0, operators: 0, residentGroups: 0 });
  });
});
