import { asc, eq } from 'drizzle-orm';
import type { ManagementCompany } from '../../contract/mc';
import type { Db } from '../db/client';
import { managementCompanies } from '../db/schema/buyers';

/** Every company of a buyer (or of every buyer: null) in name order, for selects. */
export async function listAllCompanies(db: Db, buyerId: number | null): Promise<ManagementCompany[]> {
  const rows = await db
    .select({
      id: managementCompanies.id,
      internalId: managementCompanies.internalId,
      name: managementCompanies.name,
      buyerId: managementCompanies.buyerId,
      codeAccess: managementCompanies.codeAccess,
      active: managementCompanies.active,
      nextExecute: managementCompanies.nextExecute,
      flatNum: managementCompanies.flatNum,
      interval: managementCompanies.interval,
    })
    .from(managementCompanies)
    .where(buyerId === null ? undefined : eq(managementCompanies.buyerId, buyerId))
    .orderBy(asc(managementCompanies.name), asc(managementCompanies.id));
  return rows.map((row) => ({ ...row, nextExecute: row.nextExecute?.toISOString() ?? null }));
}
