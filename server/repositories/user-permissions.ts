import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthItem } from '../../contract/users';
import { queryRows, type Db } from '../db/client';
import { authAssignments, authItemChildren } from '../db/schema/auth';
import { users } from '../db/schema/users';
import { recordChange } from '../plugins/audit-changes';
import { listAuthItems } from './sessions';

/** The user whose roles and permissions a screen shows. */
export interface PermissionTarget {
  id: number;
  login: string;
  buyerId: number;
}

/** Everything the RBAC tables say about one user: the catalogue, the hierarchy and its assignments. */
export interface UserGrantsState {
  items: AuthItem[];
  /** parent → its direct children. */
  children: Map<string, string[]>;
  /** Assigned item → when (Unix seconds, null when not recorded). */
  assigned: Map<string, number | null>;
}

export async function findPermissionTarget(db: Db, userId: number): Promise<PermissionTarget | null> {
  const [row] = await db.select({ id: users.id, login: users.login, buyerId: users.buyerId }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function loadUserGrants(db: Db, userId: number): Promise<UserGrantsState> {
  const [catalogue, edges, assignments] = await Promise.all([
    listAuthItems(db),
    db.select({ parent: authItemChildren.parent, child: authItemChildren.child }).from(authItemChildren),
    db.select({ name: authAssignments.itemName, createdAt: authAssignments.createdAt }).from(authAssignments).where(eq(authAssignments.userId, userId)),
  ]);
  // Roles first, each kind by name (the catalogue comes by name).
  const items = [...catalogue.items].sort((a, b) => a.type - b.type);
  const children = new Map<string, string[]>();
  for (const edge of edges) children.set(edge.parent, [...(children.get(edge.parent) ?? []), edge.child]);
  return { items, children, assigned: new Map(assignments.map((row) => [row.name, row.createdAt])) };
}

/**
 * Assigns `grant` and takes away `revoke` in one transaction; a name already so is left alone (its
 * assignment time kept), and a statement with nothing to do is not run, so auth_version (which
 * every statement on the table bumps) moves only on a real change. `check` sees the assignments
 * before the change, inside the transaction, and may refuse it by throwing. False when the user is gone.
 */
export async function changeUserGrants(
  db: Db,
  userId: number,
  change: { grant: readonly string[]; revoke: readonly string[] },
  check: (state: UserGrantsState) => void,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two changes of one user's grants run one after the other, so each checks what the other left.
    const locked = await queryRows<{ id: number; login: string; buyerId: number }>(tx, sql`select id, login, buyer_id as "buyerId" from users where id = ${userId} for update`);
    if (locked.length === 0) return false;
    const state = await loadUserGrants(tx, userId);
    check(state);
    const toRevoke = change.revoke.filter((name) => state.assigned.has(name));
    const toGrant = change.grant.filter((name) => !state.assigned.has(name));
    if (toRevoke.length > 0) {
      await tx.delete(authAssignments).where(and(eq(authAssignments.userId, userId), inArray(authAssignments.itemName, toRevoke)));
    }
    if (toGrant.length > 0) {
      await tx
        .insert(authAssignments)
        .values(toGrant.map((itemName) => ({ itemName, userId, createdAt: sql`extract(epoch from now())::integer` })))
        .onConflictDoNothing();
    }
    const user = { kind: 'user', id: String(userId), label: locked[0].login } as const;
    for (const [names, action] of [[toGrant, 'grant'], [toRevoke, 'revoke']] as const) {
      for (const name of names) recordChange({ kind: 'permission', id: name, label: name, action, parent: user, buyerId: locked[0].buyerId });
    }
    return true;
  });
}
