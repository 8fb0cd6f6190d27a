import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The option sets of spec §3 (device_types, supported_languages …): a numeric key to a label.
 * Reference data: written from server/seed/dictionaries.ts on every start (after the migrations),
 * so every database has it whether or not it is seeded.
 */
export const dictionaryOptions = pgTable(
  'dictionary_options',
  {
    dictionaryId: text('dictionary_id').notNull(),
    key: integer('key').notNull(),
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dictionaryId, t.key] })],
);
