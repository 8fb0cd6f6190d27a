import { eq, inArray } from 'drizzle-orm';
import type { FlatPermissionsUpdate } from '../../contract/flat-card';
import type { Db } from '../db/client';
import { accessActions, accessReasons, accessServices } from '../db/schema/access';
import { flatAccessServices, flatPermissions } from '../db/schema/flats';

/** The catalogue ids that exist among those asked for. */
export async function knownCatalogueIds(
  db: Db,
  ids: { services: readonly number[]; actions: readonly number[]; reasons: readonly number[] },
): Promise<{ services: Set<number>; actions: Set<number>; reasons: Set<number> }> {
  const some = async (table: typeof accessServices | typeof accessActions | typeof accessReasons, list: readonly number[]) =>
    list.length === 0 ? new Set<number>() : new Set((await db.select({ id: table.id }).from(table).where(inArray(table.id, [...new Set(list)]))).map((row) => row.id));
  const [services, actions, reasons] = await Promise.all([some(accessServices, ids.services), some(accessActions, ids.actions), some(accessReasons, ids.reasons)]);
  return { services, actions, reasons };
}

/**
 * Replaces the flat's permissions and access services with the lists given. An access service
 * saved unchanged (same access, action and reason) keeps its source; any other is the operator's.
 */
export async function replaceFlatAccess(db: Db, flatId: number, update: FlatPermissionsUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await tx.select().from(flatAccessServices).where(eq(flatAccessServices.flatId, flatId));
    const previous = new Map(before.map((row) => [row.serviceId, row]));
    await tx.delete(flatPermissions).where(eq(flatPermissions.flatId, flatId));
    await tx.delete(flatAccessServices).where(eq(flatAccessServices.flatId, flatId));
    if (update.permissions.length > 0) {
      await tx.insert(flatPermissions).values(
        update.permissions.map((permission) => ({
          flatId,
          permissionName: permission.permissionName.trim(),
          access: permission.access,
          comment: permission.comment?.trim() || null,
          reason: permission.reason ?? null,
        })),
      );
    }
    if (update.accessServices.length > 0) {
      await tx.insert(flatAccessServices).values(
        update.accessServices.map((entry) => {
          const old = previous.get(entry.service.id);
          const unchanged = old && old.access === entry.access && old.actionId === entry.action.id && old.reasonId === entry.reason.id;
          return {
            flatId,
            serviceId: entry.service.id,
            actionId: entry.action.id,
            reasonId: entry.reason.id,
            access: entry.access,
            source: unchanged ? old.source : 'operator',
          };
        }),
      );
    }
  });
}
