import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { flatUsers } from '../db/schema/flats';
import { users } from '../db/schema/users';

export type AddFlatUserOutcome = 'added' | 'unknown-user' | 'other-buyer' | 'already';

/** Links a user of the flat's buyer to the flat. */
export async function addFlatUser(db: Db, flat: { id: number; buyerId: number }, userId: number): Promise<AddFlatUserOutcome> {
  const [user] = await db.select({ buyerId: users.buyerId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return 'unknown-user';
  if (user.buyerId !== flat.buyerId) return 'other-buyer';
  const added = await db.insert(flatUsers).values({ flatId: flat.id, userId }).onConflictDoNothing().returning({ userId: flatUsers.userId });
  return added.length > 0 ? 'added' : 'already';
}

/** Unlinks the user; false when the user was not a resident of the flat. */
export async function removeFlatUser(db: Db, flatId: number, userId: number): Promise<boolean> {
  const removed = await db
    .delete(flatUsers)
    .where(and(eq(flatUsers.flatId, flatId), eq(flatUsers.userId, userId)))
    .returning({ userId: flatUsers.userId });
  return removed.length > 0;
}
