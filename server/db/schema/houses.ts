import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { normalisedAddressSql } from './address-search';
import { buyers, managementCompanies } from './buyers';

/** House: the id is a string uid; `fias` is the FIAS house GUID. */
export const houses = pgTable(
  'houses',
  {
    uid: text('uid').primaryKey(),
    address: text('address').notNull(),
    region: smallint('region').notNull(),
    fias: text('fias'),
    managementCompanyId: integer('management_company_id').references(() => managementCompanies.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The address as contract/address-search.ts normalises it (lower case, «ё» as «е», any run of
     * other than letters and digits one space), after a space: `% 1%` then finds a word that starts
     * with «1» anywhere, the first word too. Stored, so the trigram index's matches are checked
     * against the column rather than by running the normalisation on every row again.
     */
    addressSearch: text('address_search')
      .notNull()
      .generatedAlwaysAs(normalisedAddressSql(sql.raw('address'))),
    /**
     * The buyers of the house's entrances (empty: none yet, the house is everyone's to see), kept
     * by triggers on entrances (migration 0026): a list's buyer scope is then a test of the row
     * itself, not a probe of entrances per house.
     */
    buyerIds: integer('buyer_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [
    index('houses_address_idx').on(t.address, t.uid),
    // `?address=` finds the words of the address in any order (contract/address-search.ts) through pg_trgm.
    index('houses_address_words_idx').using('gin', sql`${t.addressSearch} gin_trgm_ops`),
    index('houses_region_idx').on(t.region),
    index('houses_fias_idx').on(t.fias),
    index('houses_management_company_idx').on(t.managementCompanyId),
  ],
);

/** An entrance; type 1 main, 2 gate with prefix, 3 additional, 4 gate without prefix. */
export const entrances = pgTable(
  'entrances',
  {
    uid: text('uid').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    houseUid: text('house_uid')
      .notNull()
      .references(() => houses.uid, { onDelete: 'cascade' }),
    entranceNum: integer('entrance_num').notNull(),
    title: text('title').notNull(),
    type: smallint('type').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('entrances_house_idx').on(t.houseUid, t.entranceNum), index('entrances_buyer_idx').on(t.buyerId)],
);

/** The flat range an entrance serves (Entrance.range). */
export const entranceRanges = pgTable('entrance_ranges', {
  entranceUid: text('entrance_uid')
    .primaryKey()
    .references(() => entrances.uid, { onDelete: 'cascade' }),
  rangeStart: integer('range_start').notNull(),
  rangeEnd: integer('range_end').notNull(),
});

/** A gate entrance (type 2 or 4) serving a flat range of another entrance (Entrance.gates). */
export const entranceGates = pgTable(
  'entrance_gates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    gateEntranceUid: text('gate_entrance_uid')
      .notNull()
      .references(() => entrances.uid, { onDelete: 'cascade' }),
    entranceUid: text('entrance_uid')
      .notNull()
      .references(() => entrances.uid, { onDelete: 'cascade' }),
    flatFrom: integer('flat_from').notNull(),
    flatTo: integer('flat_to').notNull(),
    prefix: integer('prefix'),
    additionalFlats: text('additional_flats'),
  },
  (t) => [index('entrance_gates_gate_idx').on(t.gateEntranceUid), index('entrance_gates_entrance_idx').on(t.entranceUid)],
);
