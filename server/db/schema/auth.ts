import { bigint, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { users } from './users';

/** RBAC items, Yii-style: type 1 is a role, 2 a permission. Times are Unix seconds. */
export const authItems = pgTable(
  'auth_items',
  {
    name: text('name').primaryKey(),
    type: smallint('type').notNull(),
    description: text('description'),
    ruleName: text('rule_name'),
    data: text('data'),
    createdAt: integer('created_at'),
    updatedAt: integer('updated_at'),
  },
  (t) => [index('auth_items_type_idx').on(t.type)],
);

/** A parent item grants its children (the superuser role holds every other item). */
export const authItemChildren = pgTable(
  'auth_item_children',
  {
    parent: text('parent')
      .notNull()
      .references(() => authItems.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
    child: text('child')
      .notNull()
      .references(() => authItems.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.parent, t.child] })],
);

export const authAssignments = pgTable(
  'auth_assignments',
  {
    itemName: text('item_name')
      .notNull()
      .references(() => authItems.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at'),
  },
  (t) => [primaryKey({ columns: [t.itemName, t.userId] }), index('auth_assignments_user_idx').on(t.userId)],
);

/**
 * One row whose version every change to the three RBAC tables bumps (statement triggers, in
 * migration 0001). Each request reads it with its session, so a process may reuse the grants it
 * computed for a user until the version moves.
 */
export const authVersion = pgTable('auth_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
