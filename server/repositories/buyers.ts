import { sql, type SQL } from 'drizzle-orm';
import type { Buyer } from '../../contract/buyers';
import { queryRows, type Db } from '../db/client';
import { containsPattern } from '../db/like-patterns';

export interface BuyerFilter {
  /** A part of the name, any case. */
  name?: string;
  active?: boolean;
}

/** The checked fields of a create or an update; an undefined field keeps what is stored. */
export interface BuyerFields {
  name: string;
  inn?: string | null;
  contact?: string | null;
  active?: boolean;
}

/**
 * `contact` is one free text (docs/api.md "Buyers"); the table keeps a contact name, a phone and an
 * e-mail apart (the seed fills all three). Read, they are joined; written, the text goes into
 * contact_name and the other two are cleared, so what was read is what is saved.
 */
const CONTACT = sql`nullif(concat_ws(', ', nullif(btrim(b.contact_name), ''), nullif(btrim(b.phone), ''), nullif(btrim(b.email), '')), '')`;
const DATE_CREATED = sql`to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const COUNTS = sql`(select count(*)::int from devices d where d.buyer_id = b.id) as devices,
  (select count(*)::int from users u where u.buyer_id = b.id) as users`;

function whereOf(filter: BuyerFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.name) conditions.push(sql`b.name ilike ${containsPattern(filter.name)}`);
  if (filter.active !== undefined) conditions.push(sql`b.active = ${filter.active}`);
  return sql.join(conditions, sql` and `);
}

/**
 * One page of buyers by name, without the counts: counting a page of buyers reads every user and
 * device they have (85 ms over the large seed's 420,000 users), and pickers page through this list.
 */
export async function listBuyers(db: Db, filter: BuyerFilter, page: number, pageSize: number): Promise<{ rows: Buyer[]; total: number }> {
  const where = whereOf(filter);
  const rows = await queryRows<Buyer & { total: number }>(
    db,
    sql`with page as (
          select b.id, count(*) over () as total from buyers b where ${where}
          order by lower(b.name), b.id limit ${pageSize} offset ${(page - 1) * pageSize}
        )
        select b.id, b.name, b.inn, ${CONTACT} as contact, b.active, ${DATE_CREATED} as "dateCreated", p.total::int as total
        from page p join buyers b on b.id = p.id
        order by lower(b.name), b.id`,
  );
  if (rows.length > 0) return { rows: rows.map(({ total: _total, ...buyer }) => buyer), total: rows[0]!.total };
  if (page === 1) return { rows: [], total: 0 };
  const [counted] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from buyers b where ${where}`);
  return { rows: [], total: counted?.total ?? 0 };
}

/** The buyer with its counts; null when there is none. */
export async function findBuyer(db: Db, id: number): Promise<Buyer | null> {
  const [row] = await queryRows<Buyer>(
    db,
    sql`select b.id, b.name, b.inn, ${CONTACT} as contact, b.active, ${DATE_CREATED} as "dateCreated", ${COUNTS} from buyers b where b.id = ${id}`,
  );
  return row ?? null;
}

/**
 * Names are unique in any case, without a unique index in the schema: every buyer write checks and
 * writes under one transaction-scoped advisory lock, so two at once cannot both pass the check.
 */
async function lockBuyerNames(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('buyers:name', 0))`);
}

async function nameTaken(db: Db, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from buyers where lower(name) = lower(${name}) and id <> ${exceptId ?? 0} limit 1`);
  return rows.length > 0;
}

export type CreateBuyerResult = { status: 'created'; buyer: Buyer } | { status: 'duplicate' };

export async function createBuyer(db: Db, fields: BuyerFields): Promise<CreateBuyerResult> {
  return db.transaction(async (tx) => {
    await lockBuyerNames(tx);
    if (await nameTaken(tx, fields.name, null)) return { status: 'duplicate' };
    const [created] = await queryRows<{ id: number }>(
      tx,
      sql`insert into buyers (name, inn, contact_name, active) values (${fields.name}, ${fields.inn ?? null}, ${fields.contact ?? null}, ${fields.active ?? true}) returning id`,
    );
    return { status: 'created', buyer: (await findBuyer(tx, created!.id))! };
  });
}

export type UpdateBuyerResult = { status: 'updated'; buyer: Buyer } | { status: 'not-found' } | { status: 'duplicate' };

export async function updateBuyer(db: Db, id: number, fields: BuyerFields): Promise<UpdateBuyerResult> {
  return db.transaction(async (tx) => {
    await lockBuyerNames(tx);
    const found = await queryRows<{ id: number }>(tx, sql`select id from buyers where id = ${id} for update`);
    if (found.length === 0) return { status: 'not-found' };
    if (await nameTaken(tx, fields.name, id)) return { status: 'duplicate' };
    const sets: SQL[] = [sql`name = ${fields.name}`];
    if (fields.inn !== undefined) sets.push(sql`inn = ${fields.inn}`);
    if (fields.contact !== undefined) sets.push(sql`contact_name = ${fields.contact}, phone = null, email = null`);
    if (fields.active !== undefined) sets.push(sql`active = ${fields.active}`);
    await tx.execute(sql`update buyers set ${sql.join(sets, sql`, `)} where id = ${id}`);
    return { status: 'updated', buyer: (await findBuyer(tx, id))! };
  });
}

/** Data other than devices and users that keeps a buyer from being deleted, by table, in the words of the refusal. */
const OTHER_DATA: readonly { table: string; label: string }[] = [
  { table: 'flats', label: 'квартиры' },
  { table: 'entrances', label: 'подъезды' },
  { table: 'groups', label: 'группы' },
  { table: 'keys', label: 'ключи' },
  { table: 'sip_accounts', label: 'SIP-аккаунты' },
  { table: 'management_companies', label: 'управляющие компании' },
  { table: 'executors', label: 'исполнители' },
  { table: 'external_users', label: 'внешние пользователи' },
];

export type DeleteBuyerResult =
  | { status: 'deleted' }
  | { status: 'not-found' }
  | { status: 'in-use'; devices: number; users: number }
  | { status: 'has-data'; data: { label: string; count: number }[] };

/** Deletes a buyer that nothing belongs to any more; the row stays locked from the counts to the delete. */
export async function deleteBuyer(db: Db, id: number): Promise<DeleteBuyerResult> {
  return db.transaction(async (tx) => {
    const found = await queryRows<{ id: number }>(tx, sql`select id from buyers where id = ${id} for update`);
    if (found.length === 0) return { status: 'not-found' };
    const [counts] = await queryRows<{ devices: number; users: number }>(tx, sql`select ${COUNTS} from (select ${id}::int as id) b`);
    if (counts && (counts.devices > 0 || counts.users > 0)) return { status: 'in-use', devices: counts.devices, users: counts.users };
    const others = sql.join(
      OTHER_DATA.map(({ table, label }) => sql`select ${label}::text as label, count(*)::int as count from ${sql.identifier(table)} where buyer_id = ${id}`),
      sql` union all `,
    );
    const data = (await queryRows<{ label: string; count: number }>(tx, others)).filter((row) => row.count > 0);
    if (data.length > 0) return { status: 'has-data', data };
    await tx.execute(sql`delete from buyers where id = ${id}`);
    return { status: 'deleted' };
  });
}

/** PostgreSQL's SQLSTATE of a failed query, through the wrappers drizzle puts around it. */
export function sqlStateOf(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}
