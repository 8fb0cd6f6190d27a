import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database, type Db } from '../../server/db/client';
import type { Backend } from './helpers';
import { adminQuery, databaseUrl } from './postgres';

/** A new, empty database of the backend (not a copy of the seeded template), for the seed's own tests. */
export async function emptyDatabase(backend: Backend): Promise<{ database: Database; drop(): Promise<void> }> {
  if (backend === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `intercom_test_empty_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: 2 });
  return {
    database,
    drop: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** What the user, group and company screens find in a seeded database. */
export interface PeopleFacts {
  buyers: number;
  users: number;
  /** Residents whose card fills every section: SIP account, phone, flat, access entry, group, external id, operator. */
  complete: number;
  /** The shallowest of the buyers' group trees, in levels. */
  minDepth: number;
  /** Companies with fewer than two houses that have devices. */
  thinCompanies: number;
  /** Rows that break the rules: a staff user without a role, a group given by nobody or of another buyer, an operator who is not the buyer's management, an external id of another buyer. */
  broken: Record<'staffWithoutRole' | 'groupWithoutGiver' | 'foreignGroup' | 'foreignOperator' | 'foreignExternal', number>;
  /** The phones' systems and push settings seen. */
  phoneKinds: string[];
}

export async function peopleFacts(db: Db): Promise<PeopleFacts> {
  const [row] = await queryRows<Omit<PeopleFacts, 'broken' | 'phoneKinds'> & PeopleFacts['broken'] & { phoneKinds: string[] }>(
    db,
    sql`with recursive tree as (
          select id, buyer_id, 1 as depth from groups where parent_id is null
          union all select g.id, g.buyer_id, t.depth + 1 from groups g join tree t on g.parent_id = t.id
        )
        select (select count(*) from buyers)::int as buyers, (select count(*) from users)::int as users,
          (select count(*) from users u
           where exists (select 1 from sip_accounts x where x.user_id = u.id) and exists (select 1 from user_devices x where x.user_id = u.id)
             and exists (select 1 from flat_users x where x.user_id = u.id) and exists (select 1 from user_access x where x.user_id = u.id)
             and exists (select 1 from user_groups x where x.user_id = u.id) and exists (select 1 from external_users x where x.user_id = u.id)
             and u.operator_id is not null)::int as complete,
          (select min(depth) from (select buyer_id, max(depth) as depth from tree group by buyer_id) as trees)::int as "minDepth",
          (select count(*) from management_companies c
           where (select count(distinct h.uid) from houses h join device_houses dh on dh.house_uid = h.uid where h.management_company_id = c.id) < 2)::int as "thinCompanies",
          (select count(*) from users u where u.password_hash is not null and not exists (select 1 from auth_assignments a where a.user_id = u.id))::int as "staffWithoutRole",
          (select count(*) from user_groups where given_by is null)::int as "groupWithoutGiver",
          (select count(*) from user_groups ug join users u on u.id = ug.user_id join groups g on g.id = ug.group_id where g.buyer_id <> u.buyer_id)::int as "foreignGroup",
          (select count(*) from users u join users o on o.id = u.operator_id
           where o.buyer_id <> u.buyer_id or not exists (select 1 from auth_assignments a where a.user_id = o.id and a.item_name = 'management'))::int as "foreignOperator",
          (select count(*) from external_users e join users u on u.id = e.user_id where e.buyer_id <> u.buyer_id)::int as "foreignExternal",
          array(select distinct os || case when push_enabled then ' push' else ' silent' end from user_devices order by 1) as "phoneKinds"`,
  );
  const { staffWithoutRole, groupWithoutGiver, foreignGroup, foreignOperator, foreignExternal, ...facts } = row;
  return { ...facts, broken: { staffWithoutRole, groupWithoutGiver, foreignGroup, foreignOperator, foreignExternal } };
}
