import { asc, count, eq, sql } from 'drizzle-orm';
import type { AccessReason, AccessService } from '../../contract/access';
import type { Db } from '../db/client';
import { accessActions, accessReasons, accessServices, userAccess } from '../db/schema/access';
import { flatAccessServices, flatPermissions } from '../db/schema/flats';

/** The two editable lists of the catalogue; services are read only (the product defines them). */
export type CatalogueKind = 'reason' | 'action';

const TABLES = { reason: accessReasons, action: accessActions } as const;

export interface CatalogueFields {
  name: string;
  description: string | null;
}

export async function listServices(db: Db): Promise<AccessService[]> {
  const table = accessServices;
  return db.select({ id: table.id, name: table.name, description: table.description, type: table.type }).from(table).orderBy(asc(table.id));
}

/** Reasons or actions (the same shape), by id. */
export async function listEntries(db: Db, kind: CatalogueKind): Promise<AccessReason[]> {
  const table = TABLES[kind];
  return db.select({ id: table.id, name: table.name, description: table.description }).from(table).orderBy(asc(table.id));
}

/** Thrown inside a catalogue transaction to roll it back; the route turns it into its answer. */
export class CatalogueConflict extends Error {
  constructor(
    readonly status: 404 | 409,
    readonly detail: { id?: number; name?: string },
  ) {
    super(status === 404 ? `no entry ${detail.id}` : `duplicate name ${detail.name}`);
  }
}

/** Writes to a list wait for each other, so that each sees the names the one before gave. */
async function lockList(tx: Db, kind: CatalogueKind): Promise<void> {
  await tx.execute(sql`lock table ${TABLES[kind]} in share row exclusive mode`);
}

/** A name already taken by another entry of the list (case aside) rolls the transaction back. */
async function refuseDuplicateNames(db: Db, kind: CatalogueKind): Promise<void> {
  const table = TABLES[kind];
  const [duplicate] = await db
    .select({ name: sql<string>`min(${table.name})` })
    .from(table)
    .groupBy(sql`lower(${table.name})`)
    .having(sql`count(*) > 1`)
    .limit(1);
  if (duplicate) throw new CatalogueConflict(409, { name: duplicate.name });
}

/** Creates an entry (id null) or updates one, in one transaction; throws CatalogueConflict. */
export async function saveEntry(db: Db, kind: CatalogueKind, id: number | null, fields: CatalogueFields): Promise<AccessReason> {
  return db.transaction(async (tx) => {
    await lockList(tx, kind);
    const table = TABLES[kind];
    const columns = { id: table.id, name: table.name, description: table.description };
    const rows = id === null ? await tx.insert(table).values(fields).returning(columns) : await tx.update(table).set(fields).where(eq(table.id, id)).returning(columns);
    const [row] = rows;
    if (!row) throw new CatalogueConflict(404, { id: id ?? undefined });
    await refuseDuplicateNames(tx, kind);
    return row;
  });
}

/** Updates every entry given, all or none; throws CatalogueConflict (the first unknown id, or a name taken twice). */
export async function saveEntries(db: Db, kind: CatalogueKind, entries: readonly (CatalogueFields & { id: number })[]): Promise<AccessReason[]> {
  return db.transaction(async (tx) => {
    await lockList(tx, kind);
    const table = TABLES[kind];
    for (const { id, ...fields } of entries) {
      const rows = await tx.update(table).set(fields).where(eq(table.id, id)).returning({ id: table.id });
      if (rows.length === 0) throw new CatalogueConflict(404, { id });
    }
    await refuseDuplicateNames(tx, kind);
    return listEntries(tx, kind);
  });
}

/** What still refers to an entry: flat permissions, flat access services, users' access. */
export interface CatalogueUses {
  flatPermissions: number;
  flatServices: number;
  userAccess: number;
}

export type DeleteEntryResult = { status: 'deleted' } | { status: 'not-found' } | { status: 'in-use'; uses: CatalogueUses };

/** Deletes an entry nothing refers to (the foreign keys would clear or refuse it silently otherwise). */
export async function deleteEntry(db: Db, kind: CatalogueKind, id: number): Promise<DeleteEntryResult> {
  return db.transaction(async (tx) => {
    const table = TABLES[kind];
    const found = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
    if (found.length === 0) return { status: 'not-found' };
    const [permissions] =
      kind === 'reason' ? await tx.select({ n: count() }).from(flatPermissions).where(eq(flatPermissions.reason, id)) : [{ n: 0 }];
    const [services] = await tx
      .select({ n: count() })
      .from(flatAccessServices)
      .where(kind === 'reason' ? eq(flatAccessServices.reasonId, id) : eq(flatAccessServices.actionId, id));
    const [users] = await tx
      .select({ n: count() })
      .from(userAccess)
      .where(kind === 'reason' ? eq(userAccess.reasonId, id) : eq(userAccess.actionId, id));
    const uses = { flatPermissions: permissions?.n ?? 0, flatServices: services?.n ?? 0, userAccess: users?.n ?? 0 };
    if (uses.flatPermissions + uses.flatServices + uses.userAccess > 0) return { status: 'in-use', uses };
    await tx.delete(table).where(eq(table.id, id));
    return { status: 'deleted' };
  });
}
