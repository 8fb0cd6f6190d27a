import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { MC_DEVICES_LIMIT, type ManagementCompany, type McDevice } from '../../contract/mc';
import { queryRows, type Db } from '../db/client';
import { buyers, managementCompanies } from '../db/schema/buyers';
import { selectPage } from './paging';
import { containsPattern } from '../db/like-patterns';

const companyColumns = {
  id: managementCompanies.id,
  internalId: managementCompanies.internalId,
  name: managementCompanies.name,
  buyerId: managementCompanies.buyerId,
  codeAccess: managementCompanies.codeAccess,
  active: managementCompanies.active,
  nextExecute: managementCompanies.nextExecute,
  flatNum: managementCompanies.flatNum,
  interval: managementCompanies.interval,
};

type CompanyRow = Omit<ManagementCompany, 'nextExecute'> & { nextExecute: Date | null };

function toCompany(row: CompanyRow): ManagementCompany {
  return { ...row, nextExecute: row.nextExecute?.toISOString() ?? null };
}

function inScope(scope: number | null): SQL | undefined {
  return scope === null ? undefined : eq(managementCompanies.buyerId, scope);
}

/** Every company of a buyer (or of every buyer: null) in name order, for selects. */
export async function listAllCompanies(db: Db, buyerId: number | null): Promise<ManagementCompany[]> {
  const rows = await db.select(companyColumns).from(managementCompanies).where(inScope(buyerId)).orderBy(asc(managementCompanies.name), asc(managementCompanies.id));
  return rows.map(toCompany);
}

export interface CompanyFilter {
  /** The caller's buyer; null for every buyer (the superuser). */
  scope: number | null;
  internalId?: string;
  buyerId?: number;
  name?: string;
  codeAccess?: string;
  flatNum?: number;
}

/** A page of companies in name order: internalId and name match a part, case-insensitively; the rest exactly. */
export async function pageCompanies(db: Db, filter: CompanyFilter, page: number, pageSize: number): Promise<{ rows: ManagementCompany[]; total: number }> {
  const where = and(
    inScope(filter.scope),
    filter.buyerId === undefined ? undefined : eq(managementCompanies.buyerId, filter.buyerId),
    filter.internalId ? ilike(managementCompanies.internalId, containsPattern(filter.internalId)) : undefined,
    filter.name ? ilike(managementCompanies.name, containsPattern(filter.name)) : undefined,
    filter.codeAccess ? eq(managementCompanies.codeAccess, filter.codeAccess) : undefined,
    filter.flatNum === undefined ? undefined : eq(managementCompanies.flatNum, filter.flatNum),
  );
  const { rows, total } = await selectPage(db, {
    table: managementCompanies,
    columns: companyColumns,
    where,
    orderBy: [asc(managementCompanies.name), asc(managementCompanies.id)],
    page,
    pageSize,
  });
  return { rows: rows.map(toCompany), total };
}

/** The company when the caller's buyer may see it (null: missing or another buyer's). */
export async function findCompany(db: Db, id: number, scope: number | null): Promise<ManagementCompany | null> {
  const [row] = await db
    .select(companyColumns)
    .from(managementCompanies)
    .where(and(eq(managementCompanies.id, id), inScope(scope)));
  return row ? toCompany(row) : null;
}

export async function buyerExists(db: Db, buyerId: number): Promise<boolean> {
  const [row] = await db.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, buyerId));
  return row !== undefined;
}

export type CompanyFields = Omit<ManagementCompany, 'id' | 'nextExecute'> & { nextExecute: Date | null };

/**
 * Whether another company of the buyer has this internalId. Call it inside the transaction that
 * writes: the advisory lock on (buyer, internalId) keeps two writers from both passing the check.
 */
async function internalIdTaken(db: Db, buyerId: number, internalId: string, exceptId: number | null): Promise<boolean> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mc-internal-id:${buyerId}:${internalId}`}, 0))`);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from management_companies where buyer_id = ${buyerId} and internal_id = ${internalId} ${exceptId === null ? sql`` : sql`and id <> ${exceptId}`} limit 1`,
  );
  return rows.length > 0;
}

/** Creates a company; 'duplicate' when the buyer has one with the same internalId. */
export async function createCompany(db: Db, fields: CompanyFields): Promise<ManagementCompany | 'duplicate'> {
  return db.transaction(async (tx) => {
    const inner = tx as unknown as Db;
    if (await internalIdTaken(inner, fields.buyerId, fields.internalId, null)) return 'duplicate';
    const [row] = await inner.insert(managementCompanies).values(fields).returning(companyColumns);
    return toCompany(row);
  });
}

/** Saves every field; null when the company is gone, 'duplicate' as for create. */
export async function updateCompany(db: Db, id: number, fields: CompanyFields): Promise<ManagementCompany | 'duplicate' | null> {
  return db.transaction(async (tx) => {
    const inner = tx as unknown as Db;
    if (await internalIdTaken(inner, fields.buyerId, fields.internalId, id)) return 'duplicate';
    const [row] = await inner.update(managementCompanies).set(fields).where(eq(managementCompanies.id, id)).returning(companyColumns);
    return row ? toCompany(row) : null;
  });
}

export async function disableCompany(db: Db, id: number): Promise<boolean> {
  const rows = await db.update(managementCompanies).set({ active: false }).where(eq(managementCompanies.id, id)).returning({ id: managementCompanies.id });
  return rows.length > 0;
}

/** The joins and filter of the company's devices, `mac` narrowing to those whose MAC contains it. */
function companyDevicesFrom(companyId: number, mac: string | undefined): SQL {
  const compact = mac?.replace(/[^0-9a-f]/gi, '').toUpperCase() ?? '';
  return sql`from houses h
        join device_houses dh on dh.house_uid = h.uid
        join devices d on d.id = dh.device_id
        where h.management_company_id = ${companyId}
          ${compact === '' ? sql`` : sql`and replace(d.mac, ':', '') like ${`%${compact}%`}`}`;
}

/**
 * The devices of the company's houses (houses.management_company_id → device_houses), MAC order,
 * at most MC_DEVICES_LIMIT, and how many there are in all (what «upload to all» would reach);
 * `mac` narrows to those whose MAC contains it. `houses` are the company's houses the device serves.
 */
export async function listCompanyDevices(db: Db, companyId: number, mac: string | undefined): Promise<{ data: McDevice[]; totalCount: number }> {
  const from = companyDevicesFrom(companyId, mac);
  const rows = await queryRows<{ id: number; mac: string; type: number; statusCode: number; houses: { uid: string; address: string }[] }>(
    db,
    sql`select d.id, d.mac, d.type, d.status_code as "statusCode", json_agg(json_build_object('uid', h.uid, 'address', h.address) order by h.address) as houses
        ${from}
        group by d.id
        order by d.mac
        limit ${MC_DEVICES_LIMIT}`,
  );
  const data = rows.map((row) => ({ ...row, id: Number(row.id), type: Number(row.type), statusCode: Number(row.statusCode) }));
  const [count] = await queryRows<{ total: number }>(db, sql`select count(distinct d.id)::int as total ${from}`);
  return { data, totalCount: Number(count.total) };
}
