import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { devices, type JsonValue } from './devices';
import { flats } from './flats';

/** A device's commutation model (Factorial / Metakom … size) and its line-level check. */
export const deviceCommutations = pgTable('device_commutations', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  model: smallint('model'),
  checkLinelevelTaskId: text('check_linelevel_task_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Commutation: one switching matrix (columns × rows of flat numbers) per commutator. */
export const commutators = pgTable(
  'commutators',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    index: smallint('idx').notNull(),
    matrix: jsonb('matrix').$type<number[][]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.index] })],
);

/** Flat.abonentUnits: a handset on a device's line, keyed by its panel code. */
export const abonentUnits = pgTable(
  'abonent_units',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    flatId: integer('flat_id').references(() => flats.id, { onDelete: 'set null' }),
    panelCode: integer('panel_code').notNull(),
    type: smallint('type').notNull().default(0),
    options: jsonb('options').$type<Record<string, JsonValue>>().notNull().default({}),
    lineLevel: integer('line_level'),
    lineLevelChangedAt: timestamp('line_level_changed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('abonent_units_device_code_idx').on(t.deviceId, t.panelCode), index('abonent_units_flat_idx').on(t.flatId)],
);

/**
 * A line-level check of a device's handsets (started by reading the matrix from the device): kept
 * here so any server process can report its progress. status: running, done, failed.
 */
export const lineLevelChecks = pgTable(
  'line_level_checks',
  {
    taskId: text('task_id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('running'),
    progress: smallint('progress').notNull().default(0),
    message: text('message'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('line_level_checks_device_idx').on(t.deviceId, t.startedAt)],
);
