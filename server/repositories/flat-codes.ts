import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TemporaryCode } from '../../contract/flats';
import type { Db } from '../db/client';
import { temporaryCodes } from '../db/schema/flats';
import { temporaryCodeOf } from './flat-card';
import { entranceUidsOfFlat } from './flats';

function isExpired(code: TemporaryCode, now: number): boolean {
  return Date.parse(code.created) + code.duration * 1000 <= now;
}

/**
 * Gives the flat a temporary code for `duration` seconds. A live code keeps its digits and its
 * `created` and gets the new duration; without one, or when it has expired, a new random 6-digit
 * code opens the flat's entrances from now.
 */
export async function setTemporaryCode(db: Db, flatId: number, duration: number): Promise<TemporaryCode> {
  const existing = await temporaryCodeOf(db, flatId);
  if (existing && !isExpired(existing, Date.now())) {
    await db.update(temporaryCodes).set({ duration }).where(eq(temporaryCodes.flatId, flatId));
    return { ...existing, duration };
  }
  const entrances = await entranceUidsOfFlat(db, flatId);
  const values = { tempCode: String(randomInt(0, 1_000_000)).padStart(6, '0'), created: new Date(), duration, entrances };
  await db
    .insert(temporaryCodes)
    .values({ flatId, ...values })
    .onConflictDoUpdate({ target: temporaryCodes.flatId, set: values });
  return { flatId, ...values, created: values.created.toISOString() };
}

/** Removes the code; false when the flat had none. */
export async function removeTemporaryCode(db: Db, flatId: number): Promise<boolean> {
  const removed = await db.delete(temporaryCodes).where(eq(temporaryCodes.flatId, flatId)).returning({ flatId: temporaryCodes.flatId });
  return removed.length > 0;
}
