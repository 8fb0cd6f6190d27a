import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The access catalogue. */
export const accessReasons = pgTable('access_reasons', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  description: text('description'),
});

export const accessActions = pgTable('access_actions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  description: text('description'),
});

export const accessServices = pgTable('access_services', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  description: text('description'),
  type: smallint('type').notNull().default(1),
});

/** A user's access entries (User detail `access`: action, reason, service). */
export const userAccess = pgTable(
  'user_access',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => accessServices.id, { onDelete: 'cascade' }),
    actionId: integer('action_id')
      .notNull()
      .references(() => accessActions.id),
    reasonId: integer('reason_id')
      .notNull()
      .references(() => accessReasons.id),
  },
  (t) => [uniqueIndex('user_access_user_service_idx').on(t.userId, t.serviceId), index('user_access_service_idx').on(t.serviceId)],
);
