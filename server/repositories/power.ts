import { sql } from 'drizzle-orm';
import type { VoltageBand, VoltagePoint, VoltageReading } from '../../contract/power';
import { queryRows, type Db } from '../db/client';

export interface VoltageSeries {
  points: VoltagePoint[];
  readingCount: number;
  outsideCount: number;
}

/**
 * The device's readings from `from` to `to` folded into buckets of `bucketMinutes` (start, lowest,
 * mean, highest, count; empty buckets left out), with the readings counted and those outside the
 * band. One range scan of the primary key (device, time).
 */
export async function voltageSeries(db: Db, deviceId: number, range: { from: Date; to: Date; bucketMinutes: number }, band: VoltageBand): Promise<VoltageSeries> {
  const seconds = range.bucketMinutes * 60;
  const rows = await queryRows<{ at: number; min: number; avg: number; max: number; count: number; outside: number }>(
    db,
    sql`select (floor(extract(epoch from measured_at) / ${seconds}) * ${seconds} * 1000)::float8 as "at",
               round(min(volts)::numeric, 2)::float8 as "min",
               round(avg(volts)::numeric, 2)::float8 as "avg",
               round(max(volts)::numeric, 2)::float8 as "max",
               count(*)::int as "count",
               (count(*) filter (where volts < ${band.min} or volts > ${band.max}))::int as "outside"
        from device_voltage_readings
        where device_id = ${deviceId} and measured_at >= ${range.from.toISOString()}::timestamptz and measured_at <= ${range.to.toISOString()}::timestamptz
        group by 1
        order by 1`,
  );
  let readingCount = 0;
  let outsideCount = 0;
  const points = rows.map((row) => {
    readingCount += row.count;
    outsideCount += row.outside;
    return { at: new Date(row.at).toISOString(), min: row.min, avg: row.avg, max: row.max, count: row.count };
  });
  return { points, readingCount, outsideCount };
}

type ReadingRow = { at: number; volts: number; source: VoltageReading['source'] };

function readingOf(row: ReadingRow): VoltageReading {
  return { measuredAt: new Date(row.at).toISOString(), volts: row.volts, source: row.source };
}

/** The device's latest reading up to `now` (the seed writes the rest of today's polls ahead), or null. */
export async function lastVoltageReading(db: Db, deviceId: number, now: Date): Promise<VoltageReading | null> {
  const [row] = await queryRows<ReadingRow>(
    db,
    sql`select (extract(epoch from measured_at) * 1000)::float8 as "at", round(volts::numeric, 2)::float8 as "volts", source
        from device_voltage_readings
        where device_id = ${deviceId} and measured_at <= ${now.toISOString()}::timestamptz
        order by measured_at desc
        limit 1`,
  );
  return row ? readingOf(row) : null;
}

/** Stores a reading (a second one at the same instant replaces the first). */
export async function storeVoltageReading(db: Db, deviceId: number, reading: { measuredAt: Date; volts: number; source: VoltageReading['source'] }): Promise<VoltageReading> {
  const [row] = await queryRows<ReadingRow>(
    db,
    sql`insert into device_voltage_readings (device_id, measured_at, volts, source)
        values (${deviceId}, ${reading.measuredAt.toISOString()}::timestamptz, ${reading.volts}, ${reading.source})
        on conflict (device_id, measured_at) do update set volts = excluded.volts, source = excluded.source
        returning (extract(epoch from measured_at) * 1000)::float8 as "at", round(volts::numeric, 2)::float8 as "volts", source`,
  );
  if (!row) throw new Error('voltage reading not stored');
  return readingOf(row);
}
