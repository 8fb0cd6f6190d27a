import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorResponse } from '../../contract/common';
import { DEVICE_STATUS } from '../../contract/devices';
import { NORMAL_BAND, PowerReadResponse, PowerResponse, powerEndpoints, type PowerRange } from '../../contract/power';
import { queryRows } from '../../server/db/client';
import { DeviceGatewayError, type DeviceRef, type VoltageNow } from '../../server/gateways/device/device-gateway';
import { DeviceSimulator } from '../../server/gateways/device/simulator';
import { foreignDevice } from './door-codes-fixtures';
import { insertDevice } from './flat-fixtures';
import { BACKENDS, TestClient, expectError, expectShape, loginAs, useApp } from './helpers';

/** A simulator that reads fast and fails a MAC of `failing` as asked (an error or no answer). */
class PowerGateway extends DeviceSimulator {
  readonly failing = new Map<string, 'error' | 'timeout'>();

  constructor() {
    super({ failureShare: 0, voltageReadMs: 5 });
  }

  override async readVoltage(device: DeviceRef): Promise<VoltageNow> {
    const failure = this.failing.get(device.mac);
    if (failure) throw new DeviceGatewayError(failure, failure === 'timeout' ? `Устройство не ответило (${device.mac})` : `Устройство ответило ошибкой (${device.mac})`);
    return super.readVoltage(device);
  }
}

const HOUR = 3_600_000;
const powerUrl = (mac: string, range?: string) => `${powerEndpoints.get.path({ mac })}${range === undefined ? '' : `?range=${range}`}`;
const readUrl = (mac: string) => powerEndpoints.read.path({ mac });

describe.each(BACKENDS)('voltage on %s', (backend) => {
  const gateway = new PowerGateway();
  const app = useApp(backend, { deviceGateway: { driver: gateway } });
  const db = () => app().database.drizzle;
  let made = 0;

  /** A panel of buyer 1 (the operator's) with the power capability, in a seeded house, without readings. */
  async function powerDevice(): Promise<{ id: number; mac: string }> {
    made += 1;
    const mac = `0A:15:00:00:00:${made.toString(16).padStart(2, '0').toUpperCase()}`;
    const [house] = await queryRows<{ uid: string }>(db(), sql`select dh.house_uid as uid from device_houses dh join devices d on d.id = dh.device_id where d.buyer_id = 1 order by 1 limit 1`);
    const id = await insertDevice(app(), { mac, buyerId: 1, type: 'ISCOM_X1', houseUid: house.uid });
    return { id, mac };
  }

  async function addReading(deviceId: number, at: Date, volts: number, source: 'poll' | 'manual' = 'poll') {
    await db().execute(sql`insert into device_voltage_readings (device_id, measured_at, volts, source) values (${deviceId}, ${at.toISOString()}::timestamptz, ${volts}, ${source})`);
  }

  async function getPower(client: TestClient, mac: string, range?: PowerRange) {
    const response = await client.get(powerUrl(mac, range));
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(PowerResponse, response.json());
  }

  it('answers each range: its buckets in time order, the last reading, the band and the readings outside it', async () => {
    const device = await powerDevice();
    const operator = await loginAs(app(), 'operator');
    const now = Date.now();
    // Two readings in one 5-minute bucket an hour ago (a dip among them), one 3 days, 10 days and 40 days ago.
    const bucket = Math.floor((now - HOUR) / 300_000) * 300_000;
    await addReading(device.id, new Date(bucket), 12.3);
    await addReading(device.id, new Date(bucket + 60_000), 10.5);
    await addReading(device.id, new Date(now - 2 * HOUR), 12.1);
    await addReading(device.id, new Date(now - 72 * HOUR), 12.2);
    await addReading(device.id, new Date(now - 240 * HOUR), 13.6);
    await addReading(device.id, new Date(now - 960 * HOUR), 11.0);
    // A reading ahead of now (the seed writes the rest of the day) is never answered.
    await addReading(device.id, new Date(now + HOUR), 9.0);

    const day = await getPower(operator, device.mac, '24h');
    expect(day).toMatchObject({ result: true, range: '24h', bucketMinutes: 5, band: NORMAL_BAND, readingCount: 3, outsideCount: 1, address: expect.any(String) });
    expect(day.device.mac).toBe(device.mac);
    expect(typeof day.liveStatus).toBe('boolean');
    expect(Date.parse(day.to) - Date.parse(day.from)).toBe(24 * HOUR);
    const earlier = Math.floor((now - 2 * HOUR) / 300_000) * 300_000;
    expect(day.points.map((point) => point.at)).toEqual([new Date(earlier).toISOString(), new Date(bucket).toISOString()]);
    expect(day.points[1]).toEqual({ at: new Date(bucket).toISOString(), min: 10.5, avg: 11.4, max: 12.3, count: 2 });
    expect(day.last).toEqual({ measuredAt: new Date(bucket + 60_000).toISOString(), volts: 10.5, source: 'poll' });

    const week = await getPower(operator, device.mac, '7d');
    expect(week).toMatchObject({ range: '7d', bucketMinutes: 30, readingCount: 4, outsideCount: 1 });
    const month = await getPower(operator, device.mac, '30d');
    expect(month).toMatchObject({ range: '30d', bucketMinutes: 120, readingCount: 5, outsideCount: 2 });
    const times = month.points.map((point) => Date.parse(point.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // No range: 24 hours.
    expect((await getPower(operator, device.mac)).range).toBe('24h');
  });

  it('answers a device never read: no points, no last reading', async () => {
    const device = await powerDevice();
    const body = await getPower(await loginAs(app(), 'operator'), device.mac, '30d');
    expect(body).toMatchObject({ points: [], last: null, readingCount: 0, outsideCount: 0 });
  });

  it('keeps the buckets to a few hundred points over a month of dense readings', async () => {
    const device = await powerDevice();
    const now = Date.now();
    await db().execute(
      sql`insert into device_voltage_readings (device_id, measured_at, volts)
          select ${device.id}, ${new Date(now).toISOString()}::timestamptz - make_interval(mins => n * 10), 12 + (n % 7) * 0.05 from generate_series(1, 4300) n`,
    );
    const operator = await loginAs(app(), 'operator');
    for (const range of ['24h', '7d', '30d'] as const) {
      const body = await getPower(operator, device.mac, range);
      expect(body.points.length, range).toBeGreaterThan(100);
      expect(body.points.length, range).toBeLessThanOrEqual(361);
    }
  });

  it('reads the device now: stores a manual reading, answers it, and the chart has it', async () => {
    const device = await powerDevice();
    for (const account of ['operator', 'support', 'installer', 'admin'] as const) {
      const client = await loginAs(app(), account);
      const response = await client.request('POST', readUrl(device.mac));
      expect(response.statusCode, response.body).toBe(200);
      const body = expectShape(PowerReadResponse, response.json());
      expect(body.reading.source).toBe('manual');
      expect(body.reading.volts).toBeGreaterThan(9);
      expect(body.reading.volts).toBeLessThan(14.5);
      expect(body.outside).toBe(body.reading.volts < NORMAL_BAND.min || body.reading.volts > NORMAL_BAND.max);
      expect(Math.abs(Date.parse(body.reading.measuredAt) - Date.now())).toBeLessThan(10_000);
      const after = await getPower(client, device.mac, '24h');
      expect(after.last).toEqual(body.reading);
    }
    const [stored] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from device_voltage_readings where device_id = ${device.id} and source = 'manual'`);
    expect(stored.n).toBe(4);
  });

  it('answers a device that refuses 502 and one that does not answer 504, and stores nothing', async () => {
    const device = await powerDevice();
    const operator = await loginAs(app(), 'operator');
    gateway.failing.set(device.mac, 'error');
    expectError(await operator.request('POST', readUrl(device.mac)), 502, /ответило ошибкой/);
    gateway.failing.set(device.mac, 'timeout');
    expectError(await operator.request('POST', readUrl(device.mac)), 504, /не ответило/);
    gateway.failing.delete(device.mac);
    // The simulator itself refuses a reset device.
    await db().execute(sql`update devices set status_code = ${DEVICE_STATUS.reset} where id = ${device.id}`);
    expectError(await operator.request('POST', readUrl(device.mac)), 502, /отключено или сброшено/);
    const [stored] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from device_voltage_readings where device_id = ${device.id}`);
    expect(stored.n).toBe(0);
  });

  it('refuses a bad range or MAC with a 400 naming the field, and a refresh without the CSRF token', async () => {
    const device = await powerDevice();
    const operator = await loginAs(app(), 'operator');
    for (const range of ['1y', '', '24H']) {
      expectError(await operator.get(powerUrl(device.mac, range)), 400, /range/);
    }
    expectError(await operator.get(powerUrl('not-a-mac', '24h')), 400, /mac/);
    expectError(await operator.request('POST', readUrl('12:34')), 400, /mac/);
    const noCsrf = await operator.request('POST', readUrl(device.mac), { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expectShape(ErrorResponse, noCsrf.json());
  });

  it('answers 401 without a session; another buyer’s device and an unknown MAC are 404; a device without a supply sensor 409', async () => {
    const device = await powerDevice();
    const anonymous = new TestClient(app());
    expectError(await anonymous.get(powerUrl(device.mac, '24h')), 401);
    expectError(await anonymous.request('POST', readUrl(device.mac)), 401);

    const foreign = await foreignDevice(app());
    await db().execute(sql`update devices set capabilities = array_append(capabilities, 'power') where mac = ${foreign} and not 'power' = any(capabilities)`);
    for (const account of ['operator', 'support', 'installer'] as const) {
      const client = await loginAs(app(), account);
      expectError(await client.get(powerUrl(foreign, '7d')), 404, /не найдено/);
      expectError(await client.request('POST', readUrl(foreign)), 404, /не найдено/);
    }
    // The superuser sees every buyer's devices.
    expect((await getPower(await loginAs(app(), 'admin'), foreign, '7d')).device.mac).toBe(foreign);
    const operator = await loginAs(app(), 'operator');
    expectError(await operator.get(powerUrl('0A:15:FF:FF:FF:FF', '24h')), 404);

    await db().execute(sql`update devices set capabilities = array_remove(capabilities, 'power') where id = ${device.id}`);
    expectError(await operator.get(powerUrl(device.mac, '24h')), 409, /индикатор напряжения/);
    expectError(await operator.request('POST', readUrl(device.mac)), 409, /индикатор напряжения/);
  });

  it('the small seed gives every power device half-hourly readings over 30 days, dips among them', async () => {
    const [counts] = await queryRows<{ devices: number; withReadings: number; dips: number; span: number }>(
      db(),
      sql`select (select count(*)::int from devices where 'power' = any(capabilities) and mac not like '0A:15:%') as "devices",
                 (select count(distinct device_id)::int from device_voltage_readings r join devices d on d.id = r.device_id and d.mac not like '0A:15:%') as "withReadings",
                 (select count(*)::int from device_voltage_readings r join devices d on d.id = r.device_id and d.mac not like '0A:15:%' where volts < 11) as "dips",
                 (select extract(epoch from max(measured_at) - min(measured_at))::float8 / 86400 from device_voltage_readings r join devices d on d.id = r.device_id and d.mac not like '0A:15:%') as "span"`,
    );
    expect(counts.devices).toBeGreaterThan(0);
    expect(counts.withReadings).toBe(counts.devices);
    expect(counts.dips).toBeGreaterThan(0);
    expect(counts.span).toBeGreaterThan(30.9);
  });
});
