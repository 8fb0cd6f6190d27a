import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { UserDetail } from '../../contract/users';
import { queryRows, type Db } from '../db/client';
import { users } from '../db/schema/users';
import { AUTH_ITEM_ROLE } from './sessions';

/** Role whose holders of the user's buyer are listed as operators (User detail `operators`). */
export const OPERATOR_ROLE = 'management';

/** A timestamp as the contract's ISO text (`2024-06-03T17:42:10.000Z`). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `json_agg(…)` of a subquery, `[]` without rows. */
const list = (item: string, rest: string) => `coalesce((select json_agg(${item}) ${rest}), '[]'::json)`;

type Lookups = Pick<UserDetail, 'rolesList' | 'operators' | 'services' | 'actions' | 'reasons'>;
type DetailRow = Omit<UserDetail, keyof Lookups>;

const u = alias(users, 'u');
const part = <T>(text: string) => sql<T>`${sql.raw(text)}`;

// Every part of the user detail but the lookup maps, each a correlated subquery on the user
// row `u`: one statement, one round trip, each part an index lookup by the user's id.
function prepareDetail(db: Db) {
  return db
    .select({
      id: u.id,
      login: u.login,
      password: sql<string>`''`,
      buyerId: u.buyerId,
      comment: u.comment,
      dateCreated: part<string>(iso('u.date_created')),
      dontUnlinkFromFlats: u.dontUnlinkFromFlats,
      operatorId: u.operatorId,
      newRoles: u.newRoles,
      externalUser: part<UserDetail['externalUser']>(`(select json_build_object('id', e.id, 'userId', e.user_id, 'buyerId', e.buyer_id, 'externalId', e.external_id)
        from external_users e where e.user_id = u.id limit 1)`),
      roles: part<string[]>(`array(select a.item_name from auth_assignments a join auth_items i on i.name = a.item_name
        where a.user_id = u.id and i.type = ${AUTH_ITEM_ROLE} order by a.item_name)`),
      sipAccounts: part<UserDetail['sipAccounts']>(
        list(
          `json_build_object('id', s.id, 'login', s.login, 'password', s.password, 'domain', s.domain, 'port', s.port, 'type', s.type) order by s.id`,
          'from sip_accounts s where s.user_id = u.id',
        ),
      ),
      groups: part<UserDetail['groups']>(
        list(`json_build_object('id', g.id, 'name', g.name, 'givenBy', ug.given_by) order by g.name, g.id`, 'from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = u.id'),
      ),
      devices: part<UserDetail['devices']>(
        list(
          `json_build_object('id', d.id, 'name', d.name, 'os', d.os, 'pushEnabled', d.push_enabled, 'dateUpdated', ${iso('d.date_updated')}) order by d.id`,
          'from user_devices d where d.user_id = u.id',
        ),
      ),
      flats: part<UserDetail['flats']>(
        list(
          `json_build_object('flatId', f.id, 'address', h.address, 'houseUid', f.house_uid, 'flatNum', f.flat_num) order by h.address, f.flat_num, f.id`,
          'from flat_users fu join flats f on f.id = fu.flat_id join houses h on h.uid = f.house_uid where fu.user_id = u.id',
        ),
      ),
      access: part<UserDetail['access']>(
        list(`json_build_object('action', x.action_id, 'reason', x.reason_id, 'service', x.service_id) order by x.service_id`, 'from user_access x where x.user_id = u.id'),
      ),
    })
    .from(u)
    .where(eq(u.id, sql.placeholder('userId')))
    .prepare('user_detail');
}

/** One prepared statement per database: PostgreSQL plans the card once per connection, not per call. */
const prepared = new WeakMap<Db, ReturnType<typeof prepareDetail>>();

/** The user's detail without the lookup maps (null: no such user). The password is never sent. */
export async function readUserDetail(db: Db, userId: number): Promise<DetailRow | null> {
  let query = prepared.get(db);
  if (!query) {
    query = prepareDetail(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ userId });
  return row ?? null;
}

interface LookupRow extends Record<string, unknown> {
  kind: 'role' | 'operator' | 'service' | 'action' | 'reason';
  key: string;
  label: string;
}

/** The lookup maps of a buyer's user detail: every role, the buyer's operators, the access catalogue. */
export async function readUserLookups(db: Db, buyerId: number): Promise<Required<Lookups>> {
  const rows = await queryRows<LookupRow>(
    db,
    sql`(select 'role' as kind, name as key, coalesce(description, name) as label from auth_items where type = ${AUTH_ITEM_ROLE} order by name)
        union all (select 'operator', u.id::text, u.login from users u join auth_assignments a on a.user_id = u.id and a.item_name = ${OPERATOR_ROLE}
                   where u.buyer_id = ${buyerId} order by lower(u.login))
        union all (select 'service', id::text, name from access_services order by id)
        union all (select 'action', id::text, name from access_actions order by id)
        union all (select 'reason', id::text, name from access_reasons order by id)`,
  );
  const maps: Required<Lookups> = { rolesList: {}, operators: {}, services: {}, actions: {}, reasons: {} };
  const target = { role: maps.rolesList, operator: maps.operators, service: maps.services, action: maps.actions, reason: maps.reasons };
  for (const row of rows) target[row.kind][row.key] = row.label;
  return maps;
}

/** The lookup maps change rarely: each buyer's are reused this long (and dropped on any user write here). */
const LOOKUP_TTL_MS = 5_000;

/** Per-buyer lookup maps kept a few seconds, loaded once for callers that ask at the same time. */
export class UserLookupCache {
  private readonly entries = new Map<number, { expires: number; value: Promise<Required<Lookups>> }>();

  constructor(private readonly db: Db) {}

  get(buyerId: number): Promise<Required<Lookups>> {
    const entry = this.entries.get(buyerId);
    if (entry && entry.expires > Date.now()) return entry.value;
    const value = readUserLookups(this.db, buyerId);
    this.entries.set(buyerId, { expires: Date.now() + LOOKUP_TTL_MS, value });
    value.catch(() => {
      if (this.entries.get(buyerId)?.value === value) this.entries.delete(buyerId);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
