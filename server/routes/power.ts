import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_POWER_RANGE, NORMAL_BAND, POWER_RANGE_SPANS, isOutsideBand, powerEndpoints } from '../../contract/power';
import { ROLES } from '../../contract/users';
import type { Db } from '../db/client';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import { defineRoute } from '../http/route';
import { deviceRefOf, type DeviceRecord } from '../repositories/devices';
import { deviceAddress } from '../repositories/door-codes';
import { lastVoltageReading, storeVoltageReading, voltageSeries } from '../repositories/power';
import { MacParams, requireDevice } from './device-card-shared';
import { onDevice, requireCapability } from '../services/device-lookup';

/**
 * Management, support and the installer read the voltage of their buyer's devices, and each may
 * refresh it: a refresh reads the device and changes no setting, so support (read-only) may too
 * (docs/api.md "Voltage"). The superuser passes.
 */
const READERS = { roles: [ROLES.management, ROLES.adjuster, ROLES.support] } as const;

async function requirePowerDevice(db: Db, request: FastifyRequest, mac: string): Promise<DeviceRecord> {
  const record = await requireDevice(db, request, { mac });
  requireCapability(record, 'power', 'индикатор напряжения');
  return record;
}

/** Voltage (docs/api.md "Voltage"): a device's supply voltage over a range, and a reading taken now. */
export async function powerRoutes(app: FastifyInstance, options: { gateway: DeviceGateway }): Promise<void> {
  const { gateway } = options;
  const route = { access: READERS, params: MacParams };

  defineRoute(app, powerEndpoints.get, route, async ({ params, query, request, db }) => {
    const record = await requirePowerDevice(db, request, params.mac);
    const range = query.range ?? DEFAULT_POWER_RANGE;
    const span = POWER_RANGE_SPANS[range];
    const to = new Date();
    const from = new Date(to.getTime() - span.hours * 3_600_000);
    const ref = deviceRefOf(record);
    const [series, last, address, live] = await Promise.all([
      voltageSeries(db, record.id, { from, to, bucketMinutes: span.bucketMinutes }, NORMAL_BAND),
      lastVoltageReading(db, record.id, to),
      deviceAddress(db, record.id),
      gateway.statuses([ref]),
    ]);
    return {
      result: true,
      device: record.device,
      address,
      liveStatus: live.get(ref.mac)?.liveStatus ?? false,
      range,
      from: from.toISOString(),
      to: to.toISOString(),
      bucketMinutes: span.bucketMinutes,
      band: { ...NORMAL_BAND },
      points: series.points,
      last,
      readingCount: series.readingCount,
      outsideCount: series.outsideCount,
    };
  });

  defineRoute(app, powerEndpoints.read, route, async ({ params, request, db }) => {
    const record = await requirePowerDevice(db, request, params.mac);
    const now = await onDevice(() => gateway.readVoltage(deviceRefOf(record)));
    const reading = await storeVoltageReading(db, record.id, { measuredAt: now.measuredAt, volts: now.volts, source: 'manual' });
    return { result: true, reading, band: { ...NORMAL_BAND }, outside: isOutsideBand(reading.volts, NORMAL_BAND) };
  });
}
