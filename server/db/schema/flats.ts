import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accessActions, accessReasons, accessServices } from './access';
import { buyers } from './buyers';
import { devices } from './devices';
import { entrances, houses } from './houses';
import { users } from './users';

/** A flat; addressed as `{houseUid}:{flatNum}`, so the number is unique in a house. */
export const flats = pgTable(
  'flats',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    houseUid: text('house_uid')
      .notNull()
      .references(() => houses.uid, { onDelete: 'cascade' }),
    flatNum: integer('flat_num').notNull(),
    letter: text('letter'),
    /** contract FLAT_STATUS: 0 active, 1 blocked. */
    status: smallint('status').notNull().default(0),
    /** The block in force (status 1): when, by whom (a login; null for billing or a schedule) and why. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedBy: text('blocked_by'),
    blockReason: text('block_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('flats_house_num_idx').on(t.houseUid, t.flatNum),
    index('flats_buyer_idx').on(t.buyerId),
    // The /access list: blocked flats only, newest block first (a small part of a million flats).
    index('flats_blocked_idx').on(t.blockedAt.desc(), t.id).where(sql`${t.status} = 1`),
  ],
);

export const flatEntrances = pgTable(
  'flat_entrances',
  {
    flatId: integer('flat_id')
      .notNull()
      .references(() => flats.id, { onDelete: 'cascade' }),
    entranceUid: text('entrance_uid')
      .notNull()
      .references(() => entrances.uid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.flatId, t.entranceUid] }), index('flat_entrances_entrance_idx').on(t.entranceUid)],
);

/** Residents of a flat (Flat.users). */
export const flatUsers = pgTable(
  'flat_users',
  {
    flatId: integer('flat_id')
      .notNull()
      .references(() => flats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.flatId, t.userId] }), index('flat_users_user_idx').on(t.userId)],
);

/** Flat.permissions: access, comment, flatId, permissionName, reason. */
export const flatPermissions = pgTable(
  'flat_permissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    flatId: integer('flat_id')
      .notNull()
      .references(() => flats.id, { onDelete: 'cascade' }),
    permissionName: text('permission_name').notNull(),
    access: boolean('access').notNull(),
    comment: text('comment'),
    reason: integer('reason').references(() => accessReasons.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('flat_permissions_flat_name_idx').on(t.flatId, t.permissionName)],
);

/** Access service entry for a flat: service, reason, action, access, source. */
export const flatAccessServices = pgTable(
  'flat_access_services',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    flatId: integer('flat_id')
      .notNull()
      .references(() => flats.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => accessServices.id, { onDelete: 'cascade' }),
    reasonId: integer('reason_id').references(() => accessReasons.id, { onDelete: 'set null' }),
    actionId: integer('action_id').references(() => accessActions.id, { onDelete: 'set null' }),
    access: boolean('access').notNull(),
    source: text('source').notNull(),
  },
  (t) => [uniqueIndex('flat_access_services_flat_service_idx').on(t.flatId, t.serviceId)],
);

/** Flat.temporaryCode: one live code per flat; `duration` in seconds. */
export const temporaryCodes = pgTable('temporary_codes', {
  flatId: integer('flat_id')
    .primaryKey()
    .references(() => flats.id, { onDelete: 'cascade' }),
  tempCode: text('temp_code').notNull(),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  duration: integer('duration').notNull(),
  entrances: text('entrances').array().notNull(),
});

/** A planned CMS block or unblock of a flat (hasSchedule, scheduleNext). */
export const flatBlockSchedules = pgTable(
  'flat_block_schedules',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    flatId: integer('flat_id')
      .notNull()
      .references(() => flats.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    blockCms: boolean('block_cms').notNull(),
  },
  (t) => [index('flat_block_schedules_flat_idx').on(t.flatId, t.runAt)],
);

/**
 * Block history response: `kind` 'manual' rows are blockData (mac, date, login,
 * userId), 'schedule' rows are scheduleBlockData (mac, date, blockCms).
 */
export const flatBlockHistory = pgTable(
  'flat_block_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    flatId: integer('flat_id')
      .notNull()
      .references(() => flats.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Null for a block of the whole flat (its status), a MAC for a CMS block on one device. */
    mac: text('mac'),
    /** True for a block, false for an unblock. */
    blocked: boolean('blocked'),
    reason: text('reason'),
    date: timestamp('date', { withTimezone: true }).notNull(),
    blockCms: boolean('block_cms'),
    login: text('login'),
    userId: integer('user_id'),
  },
  (t) => [index('flat_block_history_flat_idx').on(t.flatId, t.kind, t.date)],
);

/** Device data per flat: a flat's settings on one device (codes, volumes, levels). */
export const flatDeviceSettings = pgTable(
  'flat_device_settings',
  {
    flatId: integer('flat_id')
      .notNull()
      .references(() => flats.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    blockCms: boolean('block_cms').notNull().default(false),
    panelCode: integer('panel_code'),
    doorCode: text('door_code'),
    regCode: text('reg_code'),
    musicVolume: text('music_volume'),
    analogVolume: text('analog_volume'),
    uartVolume: text('uart_volume'),
    panelVolume: text('panel_volume'),
    handsetDownLevel: text('handset_down_level'),
    handsetUpLevel: text('handset_up_level'),
    panelCall: text('panel_call'),
    panelTalk: text('panel_talk'),
    thTalk: text('th_talk'),
    thCall: text('th_call'),
    uartFrom: text('uart_from'),
    uartTo: text('uart_to'),
    doorOpenLevel: text('door_open_level'),
  },
  (t) => [primaryKey({ columns: [t.flatId, t.deviceId] }), index('flat_device_settings_device_idx').on(t.deviceId)],
);

/**
 * A «move out» (docs/api.md "Flats"): what left the flat, kept so that it can be put back until
 * `undoUntil`; `undoneAt` is set once it was.
 */
export const flatMoveOuts = pgTable(
  'flat_move_outs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    flatId: integer('flat_id')
      .notNull()
      .references(() => flats.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    undoUntil: timestamp('undo_until', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    /** Every removed row, as it was, to restore on undo. */
    snapshot: jsonb('snapshot').notNull(),
  },
  (t) => [index('flat_move_outs_flat_idx').on(t.flatId, t.createdAt)],
);
