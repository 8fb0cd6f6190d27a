import { and, asc, eq, sql } from 'drizzle-orm';
import type { UserOption } from '../../contract/user-options';
import type { Db } from '../db/client';
import { userOptions } from '../db/schema/users';

export async function listUserOptions(db: Db, userId: number): Promise<UserOption[]> {
  const rows = await db.select().from(userOptions).where(eq(userOptions.userId, userId)).orderBy(asc(userOptions.id));
  return rows.map((row) => ({
    optionId: row.id,
    userId: row.userId,
    optionName: row.optionName,
    value: row.value,
    lastChangeDate: row.lastChangeDate.toISOString(),
  }));
}

/** Creates or updates the named options in one statement. */
export async function saveUserOptions(db: Db, userId: number, values: Record<string, string>): Promise<void> {
  const rows = Object.entries(values).map(([optionName, value]) => ({ userId, optionName, value }));
  if (rows.length === 0) return;
  await db
    .insert(userOptions)
    .values(rows)
    .onConflictDoUpdate({
      target: [userOptions.userId, userOptions.optionName],
      set: { value: sql`excluded.value`, lastChangeDate: sql`now()` },
    });
}

/** The user's option `language`, or null when it is not set. */
export async function userLanguage(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ value: userOptions.value })
    .from(userOptions)
    .where(and(eq(userOptions.userId, userId), eq(userOptions.optionName, 'language')));
  return row?.value || null;
}
