import { type AnyPgColumn, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { buyers } from './buyers';
import { devices } from './devices';
import { users } from './users';

/** A group: groupId, name, buyerId, parentId, uid. */
export const groups = pgTable(
  'groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    parentId: integer('parent_id').references((): AnyPgColumn => groups.id, { onDelete: 'set null' }),
    uid: text('uid').notNull(),
  },
  (t) => [uniqueIndex('groups_uid_idx').on(t.uid), index('groups_buyer_idx').on(t.buyerId), index('groups_parent_idx').on(t.parentId)],
);

export const deviceGroups = pgTable(
  'device_groups',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.groupId] }), index('device_groups_group_idx').on(t.groupId)],
);

/** A user's groups (User detail `groups`: id, name, givenBy). */
export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    givenBy: text('given_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_idx').on(t.groupId)],
);
