import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { buyers } from './buyers';

/**
 * Staff who log into the console and residents (flat users). `password_hash` is
 * `scrypt$N$r$p$salt$hash`; null means the user cannot log into the console.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    login: text('login').notNull(),
    passwordHash: text('password_hash'),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    comment: text('comment'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dontUnlinkFromFlats: boolean('dont_unlink_from_flats').notNull().default(false),
    operatorId: integer('operator_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    newRoles: text('new_roles').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('users_login_lower_idx').on(sql`lower(${t.login})`),
    // A search by a part of the login (adding a resident to a flat) through pg_trgm.
    index('users_login_trgm_idx').using('gin', t.login.op('gin_trgm_ops')),
    // A login's start («79», «a»): a part of one or two characters has no trigram to look up.
    index('users_login_prefix_idx').on(sql`lower(${t.login}) text_pattern_ops`),
    // The list's walk in login order past its count cap checks the buyer and the login here, not in the table.
    index('users_login_walk_idx').on(sql`lower(${t.login})`, t.buyerId, t.login),
    index('users_buyer_idx').on(t.buyerId),
    index('users_date_created_idx').on(t.dateCreated),
  ],
);

/** User detail `externalUser`: the user's id in an external system. */
export const externalUsers = pgTable(
  'external_users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    externalId: text('external_id').notNull(),
  },
  (t) => [uniqueIndex('external_users_user_idx').on(t.userId)],
);

/** A resident's phone with the mobile app (User detail `devices`). */
export const userDevices = pgTable(
  'user_devices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    os: text('os').notNull(),
    pushEnabled: boolean('push_enabled').notNull().default(true),
    dateUpdated: timestamp('date_updated', { withTimezone: true }),
  },
  (t) => [index('user_devices_user_idx').on(t.userId)],
);

/** A user's options (language, timezone). */
export const userOptions = pgTable(
  'user_options',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionName: text('option_name').notNull(),
    value: text('value'),
    lastChangeDate: timestamp('last_change_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_options_user_name_idx').on(t.userId, t.optionName)],
);
