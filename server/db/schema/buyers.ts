import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The operator's customers (fields not shown; docs/api.md). Everything else belongs to a buyer. */
export const buyers = pgTable('buyers', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  inn: text('inn'),
  contactName: text('contact_name'),
  phone: text('phone'),
  email: text('email'),
  address: text('address'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A management company; `interval` is stored in seconds. */
export const managementCompanies = pgTable(
  'management_companies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    internalId: text('internal_id').notNull(),
    name: text('name').notNull(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    codeAccess: text('code_access'),
    active: boolean('active').notNull().default(true),
    nextExecute: timestamp('next_execute', { withTimezone: true }),
    flatNum: integer('flat_num'),
    interval: integer('interval').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('management_companies_buyer_idx').on(t.buyerId), index('management_companies_internal_id_idx').on(t.internalId)],
);
