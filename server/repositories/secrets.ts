import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema/security';

/** The named secret, created on first use; every process reads the same row, so they agree. */
export async function getOrCreateSecret(db: Db, name: string, generate: () => string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const rows = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  const value = rows[0]?.value;
  if (!value) throw new Error(`server secret ${name} is missing`);
  return value;
}
