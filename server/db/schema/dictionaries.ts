import { foreignKey, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The option sets (device_types, supported_languages …): a numeric key to a label.
 * Reference data: written from server/seed/dictionaries.ts on every start (after the migrations),
 * so every database has it whether or not it is seeded. `label` is the Russian one (the default
 * language), and the one user options are checked against (a language code, a time zone).
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

/**
 * An option's label in another UI language (`en`). An option without one answers its Russian
 * label, so a set nobody translated (codes, time zones) or an operator's own rows still show.
 */
export const dictionaryOptionLabels = pgTable(
  'dictionary_option_labels',
  {
    dictionaryId: text('dictionary_id').notNull(),
    key: integer('key').notNull(),
    language: text('language').notNull(),
    label: text('label').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dictionaryId, t.key, t.language] }),
    foreignKey({ name: 'dictionary_option_labels_option_fk', columns: [t.dictionaryId, t.key], foreignColumns: [dictionaryOptions.dictionaryId, dictionaryOptions.key] }).onDelete('cascade'),
  ],
);
