import { describe, expect, it } from 'vitest';
import { DeviceGatewayError, type DeviceRef } from '../../server/gateways/device/device-gateway';
import { DeviceSimulator } from '../../server/gateways/device/simulator';
import { renderSnapshotSvg } from '../../server/gateways/device/snapshot';
import { ApiError } from '../../server/http/errors';
import { CountCache, countKey, parseDeviceSort } from '../../server/repositories/device-list';
import { checkOptionsUpdate } from '../../server/routes/device-card-options';
import { parseDeviceListFilter } from '../../server/routes/devices';

const DEVICE: DeviceRef = {
  id: 1,
  mac: 'E4:5A:D4:00:00:01',
  type: 6,
  statusCode: 1,
  capabilities: ['camera', 'rs485'],
  hasSipAccount: true,
  options: {},
};

describe('device list filter', () => {
  it('reads a MAC part in any spelling as bare upper-case hex; twelve digits are the whole MAC', () => {
    expect(parseDeviceListFilter({ mac: 'e4-5a:d4' })).toEqual({ macPart: 'E45AD4' });
    expect(parseDeviceListFilter({ mac: '  ' })).toEqual({});
    expect(() => parseDeviceListFilter({ mac: 'xyz' })).toThrow(ApiError);
    expect(() => parseDeviceListFilter({ mac: 'E45AD4000001FF' })).toThrow(/mac/);
  });

  it('takes a bare date as the whole day, and refuses what is not a date', () => {
    const filter = parseDeviceListFilter({ createDateFrom: '2025-06-01', createDateTo: '2025-06-01', lastChangeFrom: '2025-06-01T10:00:00+03:00' });
    expect(filter.createdFrom?.toISOString()).toBe('2025-06-01T00:00:00.000Z');
    expect(filter.createdTo?.toISOString()).toBe('2025-06-01T23:59:59.999Z');
    expect(filter.changedFrom?.toISOString()).toBe('2025-06-01T07:00:00.000Z');
    expect(() => parseDeviceListFilter({ lastChangeTo: 'soon' })).toThrow(/lastChangeTo/);
  });

  it('refuses a status, type or company that cannot exist', () => {
    expect(parseDeviceListFilter({ status: 3, type: 15, mcId: 4 })).toEqual({ status: 3, type: 15, mcId: 4 });
    expect(() => parseDeviceListFilter({ status: 4 })).toThrow(/status/);
    expect(() => parseDeviceListFilter({ type: -1 })).toThrow(/type/);
    expect(() => parseDeviceListFilter({ mcId: 0 })).toThrow(/mcId/);
  });

  it('reads the sort: -LAST_CHANGE is LAST_CHANGE descending', () => {
    expect(parseDeviceSort('-LAST_CHANGE')).toEqual({ field: 'LAST_CHANGE', descending: true });
    expect(parseDeviceSort('MAC')).toEqual({ field: 'MAC', descending: false });
  });
});

describe('device list totals cache', () => {
  it('reuses a total until its TTL, keeps at most its size, and forgets everything on clear', () => {
    let now = 0;
    const cache = new CountCache(1000, 2, () => now);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([null, 2, 3]);
    now = 1000;
    expect(cache.get('b')).toBeNull();
    cache.set('d', 4);
    cache.clear();
    expect(cache.get('d')).toBeNull();
    const off = new CountCache(0);
    off.set('a', 1);
    expect(off.get('a')).toBeNull();
  });

  it('keys a total by scope and filter, whatever the key order', () => {
    const day = new Date('2025-06-01T00:00:00Z');
    expect(countKey({ buyerId: 1 }, { status: 1, createdFrom: day })).toBe(countKey({ buyerId: 1 }, { createdFrom: day, status: 1 }));
    expect(countKey({ buyerId: 1 }, { status: 1 })).not.toBe(countKey({ buyerId: null }, { status: 1 }));
  });
});

describe('device options update', () => {
  it('normalises text and numbers typed as text', () => {
    expect(checkOptionsUpdate({ url: ' http://a ', sipPort: '5061', VENDOR: '', 'systemInfo.revision': 5 })).toEqual({
      url: 'http://a',
      sipPort: 5061,
      VENDOR: null,
      'systemInfo.revision': 5,
    });
  });

  it('sends the keys with calls of their own to those calls, and refuses unknown keys and bad values', () => {
    expect(() => checkOptionsUpdate({ audio: null })).toThrow(/\/audio/);
    expect(() => checkOptionsUpdate({ echoCancellationType: 1 })).toThrow(/echo-cancellation-type/);
    expect(() => checkOptionsUpdate({ colour: 'red' })).toThrow(/неизвестный/);
    expect(() => checkOptionsUpdate({ apiPort: 1.5 })).toThrow(/apiPort/);
    expect(() => checkOptionsUpdate({ devicePurpose: 9 })).toThrow(/devicePurpose/);
    expect(() => checkOptionsUpdate({ login: null })).toThrow(/login/);
    expect(() => checkOptionsUpdate({})).toThrow(/options/);
  });
});

describe('device simulator', () => {
  it('keeps a device’s statuses for a period and derives them from the MAC, so every process agrees', async () => {
    let now = 1_000_000;
    const a = new DeviceSimulator({ statusPeriodMs: 60_000 }, () => now);
    const b = new DeviceSimulator({ statusPeriodMs: 60_000 }, () => now);
    const first = (await a.statuses([DEVICE])).get(DEVICE.mac);
    expect((await b.statuses([DEVICE])).get(DEVICE.mac)).toEqual(first);
    const seen = new Set<boolean>();
    for (let step = 0; step < 60; step++) {
      now += 60_000;
      const status = (await a.statuses([DEVICE])).get(DEVICE.mac)!;
      seen.add(status.liveStatus);
      if (!status.liveStatus) expect(status.sipStatus || status.rtspStatus).toBe(false);
    }
    expect(seen).toEqual(new Set([true, false]));
  });

  it('draws a stable frame per device with its MAC and time, and none without a camera', async () => {
    const simulator = new DeviceSimulator({}, () => Date.UTC(2025, 5, 1, 12, 0, 7));
    const frame = await simulator.snapshot(DEVICE);
    expect(frame?.contentType).toBe('image/svg+xml');
    expect(frame?.body.toString('utf8')).toBe(renderSnapshotSvg(DEVICE.mac, new Date(Date.UTC(2025, 5, 1, 12, 0, 0))));
    expect(frame?.body.toString('utf8')).toContain('2025-06-01 12:00:00');
    expect(renderSnapshotSvg('00:1F:54:00:00:02', new Date(0))).not.toBe(renderSnapshotSvg(DEVICE.mac, new Date(0)));
    expect(await simulator.snapshot({ ...DEVICE, capabilities: [] })).toBeNull();
    expect(simulator.cameraLinks({ ...DEVICE, capabilities: [] })).toBeNull();
  });

  it('scans the bus over the configured time, reporting rising progress, with the same result each time', async () => {
    const simulator = new DeviceSimulator({ scanMs: 40, failureShare: 0 });
    const progress: number[] = [];
    const scans = await simulator.scanRs485(DEVICE, (percent) => {
      progress.push(percent);
    });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(await simulator.scanRs485(DEVICE, () => undefined)).toEqual(scans);
  });

  it('fails the configured share of calls: an error or a timeout, never with failure share 0', async () => {
    await expect(new DeviceSimulator({ failureShare: 0 }).apply(DEVICE, { kind: 'status', statusCode: 1 })).resolves.toBeUndefined();
    const error = new DeviceSimulator({ failureShare: 1, random: () => 0.1 }).apply(DEVICE, { kind: 'status', statusCode: 1 });
    await expect(error).rejects.toMatchObject({ kind: 'error' });
    const timeout = new DeviceSimulator({ failureShare: 1, timeoutMs: 10, random: () => 0.7 }).updateFirmware(DEVICE, '1.0');
    await expect(timeout).rejects.toBeInstanceOf(DeviceGatewayError);
    await expect(timeout).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('gives up waiting when closed', async () => {
    const simulator = new DeviceSimulator({ scanMs: 10_000 });
    const scan = simulator.scanRs485(DEVICE, () => undefined);
    await simulator.close();
    await expect(scan).rejects.toThrow(/останавливается/);
  });
});
