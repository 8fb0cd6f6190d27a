import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { buyers } from './buyers';
import { devices } from './devices';

/**
 * A device's door-open codes (/devices/:mac/codes): the common code (flat_num null) and, where the
 * device has canFlatDoorCode, one code per flat; each may expire.
 */
export const deviceDoorCodes = pgTable(
  'device_door_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    flatNum: integer('flat_num'),
    code: text('code').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    comment: text('comment'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_door_codes_code_idx').on(t.deviceId, t.code),
    uniqueIndex('device_door_codes_flat_idx').on(t.deviceId, t.flatNum),
    uniqueIndex('device_door_codes_common_idx').on(t.deviceId).where(sql`${t.flatNum} is null`),
  ],
);

/** Keyless access (/device/codes): a code for a service (mail, couriers …) put on many devices at once. */
export const keylessCodes = pgTable(
  'keyless_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    service: text('service').notNull(),
    code: text('code').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    comment: text('comment'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('keyless_codes_buyer_idx').on(t.buyerId, t.id)],
);

/** Where a keyless code went: status 0 pending, 1 written, 2 failed (message says why). */
export const keylessCodeDevices = pgTable(
  'keyless_code_devices',
  {
    codeId: integer('code_id')
      .notNull()
      .references(() => keylessCodes.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    message: text('message'),
    writtenAt: timestamp('written_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.deviceId] }), index('keyless_code_devices_device_idx').on(t.deviceId)],
);
