import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { DictionaryData, DictionaryId } from '../../contract/dictionaries';
import type { Db } from '../db/client';
import { dictionaryOptionLabels, dictionaryOptions } from '../db/schema/dictionaries';
import { DICTIONARIES, DICTIONARY_LABELS } from '../seed/dictionaries';

/** Makes the tables equal to DICTIONARIES and DICTIONARY_LABELS (run after the migrations, under the startup lock). */
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
    // The labels of a removed option go with it (on delete cascade).
    await db
      .delete(dictionaryOptions)
      .where(and(eq(dictionaryOptions.dictionaryId, dictionaryId), notInArray(dictionaryOptions.key, Object.keys(entries).map(Number))));
  }

  const labels = Object.entries(DICTIONARY_LABELS).flatMap(([language, sets]) =>
    Object.entries(sets).flatMap(([dictionaryId, entries]) => Object.entries(entries).map(([key, label]) => ({ dictionaryId, key: Number(key), language, label }))),
  );
  if (labels.length > 0) {
    await db
      .insert(dictionaryOptionLabels)
      .values(labels)
      .onConflictDoUpdate({
        target: [dictionaryOptionLabels.dictionaryId, dictionaryOptionLabels.key, dictionaryOptionLabels.language],
        set: { label: sql`excluded.label` },
        setWhere: sql`${dictionaryOptionLabels.label} is distinct from excluded.label`,
      });
  }
  const kept = labels.map((row) => sql`(${row.language}, ${row.dictionaryId}, ${row.key})`);
  const labelColumns = sql`(${dictionaryOptionLabels.language}, ${dictionaryOptionLabels.dictionaryId}, ${dictionaryOptionLabels.key})`;
  await db.delete(dictionaryOptionLabels).where(kept.length === 0 ? undefined : sql`${labelColumns} not in (${sql.join(kept, sql`, `)})`);
}

/** The dictionary's labels in `language`; an option with no label in it answers its Russian one. */
export async function getDictionary(db: Db, dictionaryId: DictionaryId, language: string): Promise<DictionaryData> {
  const rows = await db
    .select({ key: dictionaryOptions.key, label: sql<string>`coalesce(${dictionaryOptionLabels.label}, ${dictionaryOptions.label})` })
    .from(dictionaryOptions)
    .leftJoin(
      dictionaryOptionLabels,
      and(
        eq(dictionaryOptionLabels.dictionaryId, dictionaryOptions.dictionaryId),
        eq(dictionaryOptionLabels.key, dictionaryOptions.key),
        eq(dictionaryOptionLabels.language, language),
      ),
    )
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
