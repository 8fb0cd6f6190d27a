import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { DictionaryData, DictionaryId } from '../../contract/dictionaries';
import type { Db } from '../db/client';
import { dictionaryOptions } from '../db/schema/dictionaries';
import { DICTIONARIES } from '../seed/dictionaries';

/** Makes the table equal to DICTIONARIES (run after the migrations, under the startup lock). */
export async function syncDictionaries(db: Db): Promise<void> {
  const rows = Object.entries(DICTIONARIES).flatMap(([dictionaryId, entries]) =>
    Object.entries(entries).map(([key, label]) => ({ dictionaryId, key: Number(key), label })),
  );
  await db
    .insert(dictionaryOptions)
    .values(rows)
    .onConflictDoUpdate({
      target: [dictionaryOptions.dictionaryId, dictionaryOptions.key],
      set: { label: sql`excluded.label` },
      setWhere: sql`${dictionaryOptions.label} is distinct from excluded.label`,
    });
  for (const [dictionaryId, entries] of Object.entries(DICTIONARIES)) {
    await db
      .delete(dictionaryOptions)
      .where(and(eq(dictionaryOptions.dictionaryId, dictionaryId), notInArray(dictionaryOptions.key, Object.keys(entries).map(Number))));
  }
}

export async function getDictionary(db: Db, dictionaryId: DictionaryId): Promise<DictionaryData> {
  const rows = await db
    .select({ key: dictionaryOptions.key, label: dictionaryOptions.label })
    .from(dictionaryOptions)
    .where(eq(dictionaryOptions.dictionaryId, dictionaryId))
    .orderBy(asc(dictionaryOptions.key));
  return Object.fromEntries(rows.map((row) => [String(row.key), row.label]));
}

/** Whether `label` is one of the dictionary's labels (a language code, an IANA time zone). */
export async function hasDictionaryLabel(db: Db, dictionaryId: DictionaryId, label: string): Promise<boolean> {
  const rows = await db
    .select({ key: dictionaryOptions.key })
    .from(dictionaryOptions)
    .where(and(eq(dictionaryOptions.dictionaryId, dictionaryId), eq(dictionaryOptions.label, label)))
    .limit(1);
  return rows.length > 0;
}
