import { describe, expect, it } from 'vitest';
import { DEVICE_STATUS } from '../../contract/devices';
import { NORMAL_BAND, isOutsideBand } from '../../contract/power';
import { DeviceGatewayError, type DeviceRef } from '../../server/gateways/device/device-gateway';
import { DeviceSimulator } from '../../server/gateways/device/simulator';
import { hasFailingSupply, simulatedVolts } from '../../server/gateways/device/voltage';

const macOf = (n: number) => `0A:16:00:00:${Math.floor(n / 256).toString(16).padStart(2, '0')}:${(n % 256).toString(16).padStart(2, '0')}`.toUpperCase();
const START = Date.parse('2026-11-01T00:00:00Z');
/** A month of half-hourly readings of one device. */
const month = (mac: string) => Array.from({ length: 30 * 48 }, (_item, n) => simulatedVolts(mac, new Date(START + n * 1_800_000)));

function ref(mac: string, statusCode: number = DEVICE_STATUS.active): DeviceRef {
  return { id: 1, mac, type: 1, statusCode, capabilities: ['power'], hasSipAccount: false, options: {} };
}

describe('the simulated supply voltage', () => {
  it('is the same for a device and a minute on every call, and moves from minute to minute', () => {
    const at = new Date('2026-11-20T10:15:20Z');
    expect(simulatedVolts('0A:16:00:00:00:01', at)).toBe(simulatedVolts('0A:16:00:00:00:01', new Date('2026-11-20T10:15:59Z')));
    const hour = Array.from({ length: 60 }, (_item, n) => simulatedVolts('0A:16:00:00:00:01', new Date(at.getTime() + n * 60_000)));
    expect(new Set(hour).size).toBeGreaterThan(10);
  });

  it('keeps a healthy device near 12.0–12.6 V with a daily swing, rare dips below 11 V and rarer spikes', () => {
    const healthy = Array.from({ length: 200 }, (_item, n) => macOf(n)).filter((mac) => !hasFailingSupply(mac));
    expect(healthy.length).toBeGreaterThan(150);
    const readings = healthy.slice(0, 40).flatMap(month);
    const steady = readings.filter((volts) => volts >= 11 && volts <= 13.3);
    const sorted = [...steady].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.05)]).toBeGreaterThan(11.85);
    expect(sorted[Math.floor(sorted.length * 0.95)]).toBeLessThan(12.7);
    const dips = readings.filter((volts) => volts < 11).length / readings.length;
    expect(dips).toBeGreaterThan(0.005);
    expect(dips).toBeLessThan(0.03);
    const spikes = readings.filter((volts) => volts > NORMAL_BAND.max).length / readings.length;
    expect(spikes).toBeGreaterThan(0);
    expect(spikes).toBeLessThan(0.01);
    // The day's swing: the 07:00 readings sit above the 19:00 ones.
    const mac = healthy[0];
    const at = (hour: number) => Array.from({ length: 30 }, (_item, day) => simulatedVolts(mac, new Date(START + day * 86_400_000 + hour * 3_600_000))).sort((a, b) => a - b)[15];
    expect(at(7)).toBeGreaterThan(at(19));
  });

  it('gives a failing PSU a lower level and far more dips, to a share of the devices', () => {
    const macs = Array.from({ length: 400 }, (_item, n) => macOf(n));
    const failing = macs.filter(hasFailingSupply);
    expect(failing.length / macs.length).toBeGreaterThan(0.06);
    expect(failing.length / macs.length).toBeLessThan(0.2);
    const readings = month(failing[0]);
    expect(readings.filter((volts) => volts < 11).length / readings.length).toBeGreaterThan(0.05);
    expect(readings.filter((volts) => isOutsideBand(volts, NORMAL_BAND)).length).toBeGreaterThan(readings.length * 0.08);
  });

  it('reads a device now through the gateway, and a disabled or reset one refuses', async () => {
    const now = Date.parse('2026-11-20T10:15:00Z');
    const simulator = new DeviceSimulator({ failureShare: 0, voltageReadMs: 1 }, () => now);
    const reading = await simulator.readVoltage(ref('0A:16:00:00:00:02'));
    expect(reading).toEqual({ volts: simulatedVolts('0A:16:00:00:00:02', new Date(now)), measuredAt: new Date(now) });
    for (const status of [DEVICE_STATUS.disabled, DEVICE_STATUS.reset]) {
      const refused = simulator.readVoltage(ref('0A:16:00:00:00:02', status));
      await expect(refused).rejects.toBeInstanceOf(DeviceGatewayError);
      await expect(refused).rejects.toMatchObject({ kind: 'error' });
    }
    await simulator.close();
  });
});
