import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { buyers } from './buyers';
import { devices } from './devices';
import { flats } from './flats';

/**
 * Keys: a key (Factorial, Metakom, Cyfral, Eltis, Vizit) or card (MIFARE, RFID)
 * written to a device, for a flat (panel key) or for the whole device. `inner` is INNER = 1.
 */
export const keys = pgTable(
  'keys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    flatId: integer('flat_id').references(() => flats.id, { onDelete: 'set null' }),
    flatNum: integer('flat_num'),
    value: text('value').notNull(),
    keyType: text('key_type').notNull(),
    cipherId: smallint('cipher_id'),
    isSecurity: boolean('is_security').notNull().default(false),
    authentic: boolean('authentic').notNull().default(true),
    inner: boolean('inner').notNull().default(false),
    incValue: text('inc_value'),
    blocked: boolean('blocked').notNull().default(false),
    userLogin: text('user_login'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A key of the RS485 controllers behind the device (/devices/:mac/rs-keys), kept apart from the panel's own. */
    rs: boolean('rs').notNull().default(false),
    /** Scenario numbers the key runs (the device keys screen's addScenario / deleteScenario). */
    scenarios: smallint('scenarios').array().notNull().default(sql`'{}'::smallint[]`),
  },
  (t) => [
    uniqueIndex('keys_device_value_idx').on(t.deviceId, t.rs, t.value, t.inner),
    // Prefix search by value (LIKE 'ABC%') within a buyer and across all of them; text_pattern_ops also serves =.
    index('keys_value_idx').using('btree', sql`${t.value} text_pattern_ops`),
    index('keys_buyer_value_idx').using('btree', t.buyerId, sql`${t.value} text_pattern_ops`),
    index('keys_flat_idx').on(t.flatId),
    // The cross-device list pages by id within a buyer.
    index('keys_buyer_idx').on(t.buyerId, t.id),
    // The cross-device list filtered by panel code (a flat number) alone.
    index('keys_buyer_flat_idx').on(t.buyerId, t.flatNum, t.id),
    // A device's list, newest first.
    index('keys_device_created_idx').on(t.deviceId, t.rs, t.createdAt, t.id),
  ],
);
