import { index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './devices';

/**
 * The supply voltage a device reported over time (`/devices/:mac/power`). One row per reading; the
 * primary key serves the chart's query (one device, a time range, in time order).
 * `source`: 'poll' for the periodic readings, 'manual' for a refresh asked for on the screen.
 */
export const deviceVoltageReadings = pgTable(
  'device_voltage_readings',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    volts: real('volts').notNull(),
    source: text('source').notNull().default('poll'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.measuredAt] }), index('device_voltage_readings_measured_idx').on(t.measuredAt)],
);
