import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DeviceCardResponse } from '../../contract/device-card';
import { FirmwareUpdateResponse, FirmwareVersionsResponse, type FirmwareUpdateState } from '../../contract/device-card-settings';
import { queryRows } from '../../server/db/client';
import type { DeviceRef } from '../../server/gateways/device/device-gateway';
import { DeviceSimulator, firmwareUpdateOf } from '../../server/gateways/device/simulator';
import { BACKENDS, expectError, expectShape, loginAs, useApp, type TestClient } from './helpers';

const firmware = (mac: string) => `/front/device/${encodeURIComponent(mac)}/firmware-versions`;
const KNOWN = ['1.0.0', '1.1.0', '2.0.0'];
const START = Date.UTC(2025, 5, 1, 12, 0, 0);

function deviceUpdating(options: Record<string, unknown>): DeviceRef {
  return { id: 1, mac: 'E4:5A:D4:00:00:07', type: 6, statusCode: 1, capabilities: ['firmware'], hasSipAccount: false, options };
}

const RECORD = { from: '1.0.0', target: '2.0.0', startedAt: new Date(START).toISOString() };

describe('firmware on the device simulator', () => {
  it('reports no update and a stable version before any update', async () => {
    const simulator = new DeviceSimulator({ failureShare: 0 });
    const report = await simulator.firmware(deviceUpdating({}), KNOWN);
    expect(report.update).toBeNull();
    expect(KNOWN).toContain(report.current);
    expect(await simulator.firmware(deviceUpdating({}), KNOWN)).toEqual(report);
    expect((await simulator.firmware(deviceUpdating({ 'systemInfo.firmware': '1.1.0' }), KNOWN)).current).toBe('1.1.0');
  });

  it('flashes over the configured time: the old version and rising progress, then the target', async () => {
    let now = START;
    const simulator = new DeviceSimulator({ failureShare: 0, firmwareMs: 10_000 }, () => now);
    const device = deviceUpdating({ 'systemInfo.firmware': '1.0.0', firmwareUpdate: RECORD });
    const seen: FirmwareUpdateState[] = [];
    for (const elapsed of [0, 2_500, 5_000, 9_999]) {
      now = START + elapsed;
      const report = await simulator.firmware(device, KNOWN);
      expect(report.current).toBe('1.0.0');
      seen.push(report.update!);
    }
    expect(seen.map((state) => state.status)).toEqual(['running', 'running', 'running', 'running']);
    expect(seen.map((state) => state.progress)).toEqual([0, 25, 50, 99]);
    now = START + 10_000;
    const done = await simulator.firmware(device, KNOWN);
    expect(done).toEqual({ current: '2.0.0', update: { ...RECORD, status: 'done', progress: 100, message: null } });
  });

  it('stops part-way in the configured share of updates, leaving the old version', async () => {
    let now = START;
    const simulator = new DeviceSimulator({ failureShare: 1, firmwareMs: 10_000 }, () => now);
    const device = deviceUpdating({ firmwareUpdate: RECORD });
    now = START + 10_000;
    const report = await simulator.firmware(device, KNOWN);
    expect(report.current).toBe('1.0.0');
    expect(report.update).toMatchObject({ status: 'failed', target: '2.0.0' });
    expect(report.update!.progress).toBeGreaterThanOrEqual(10);
    expect(report.update!.progress).toBeLessThan(90);
    expect(report.update!.message).toMatch(/прервано/);
    // Before it reaches that point, the update looks like any other.
    now = START + 500;
    expect((await simulator.firmware(device, KNOWN)).update).toMatchObject({ status: 'running', progress: 5 });
  });

  it('reads only a well-formed update record', () => {
    expect(firmwareUpdateOf({ firmwareUpdate: RECORD })).toEqual(RECORD);
    expect(firmwareUpdateOf({ firmwareUpdate: { ...RECORD, from: null } })).toEqual({ ...RECORD, from: null });
    expect(firmwareUpdateOf({})).toBeNull();
    expect(firmwareUpdateOf({ firmwareUpdate: 'soon' })).toBeNull();
    expect(firmwareUpdateOf({ firmwareUpdate: { ...RECORD, startedAt: 'yesterday' } })).toBeNull();
    expect(firmwareUpdateOf({ firmwareUpdate: { from: '1', startedAt: RECORD.startedAt } })).toBeNull();
  });
});

describe.each(BACKENDS)('firmware update through the server on %s', (backend) => {
  const app = useApp(backend, { deviceGateway: { failureShare: 0, firmwareMs: 1_500 } });

  async function firmwareDevice(): Promise<string> {
    const [row] = await queryRows<{ mac: string }>(
      app().database.drizzle,
      sql`select mac from devices where buyer_id = 1 and 'firmware' = any(capabilities) and status_code <> 3 order by id desc limit 1`,
    );
    return row.mac;
  }

  async function versions(client: TestClient, mac: string) {
    const response = await client.get(firmware(mac));
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(FirmwareVersionsResponse, response.json());
  }

  it('reports the progress until the device runs the new version, which the card then lists; an installer follows it', async () => {
    const client = await loginAs(app(), 'operator');
    const installer = await loginAs(app(), 'installer');
    const mac = await firmwareDevice();
    const before = await versions(client, mac);
    const target = before.list.find((item) => !item.installed)!;
    const started = expectShape(FirmwareUpdateResponse, (await client.request('POST', firmware(mac), { payload: { version: target.version } })).json());
    expect(started.update).toMatchObject({ from: before.current, target: target.version, status: 'running', progress: 0, message: null });

    const progress: number[] = [];
    let state = await versions(client, mac);
    for (let n = 0; n < 60 && state.update?.status === 'running'; n++) {
      expect(state.current).toBe(before.current);
      progress.push(state.update.progress);
      await new Promise((resolve) => setTimeout(resolve, 40));
      state = await versions(client, mac);
    }
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(state.update).toMatchObject({ status: 'done', progress: 100, target: target.version });
    expect(state.current).toBe(target.version);
    expect(state.list.filter((item) => item.installed).map((item) => item.version)).toEqual([target.version]);

    const card = expectShape(DeviceCardResponse, (await client.get(`/front/device-card/device/${encodeURIComponent(mac)}`)).json());
    expect(card.mainOptions).toContainEqual({ name: 'systemInfo.firmware', value: target.version });

    // Once done, the next update may start, from the version now installed.
    const back = before.list.find((item) => item.version === before.current)!;
    const again = expectShape(FirmwareUpdateResponse, (await client.request('POST', firmware(mac), { payload: { version: back.version } })).json());
    expect(again.update).toMatchObject({ from: target.version, target: back.version, status: 'running' });
    expectError(await client.request('POST', firmware(mac), { payload: { version: back.version } }), 409, /уже идёт/);

    // An installer follows the same update but may not start one.
    expect((await versions(installer, mac)).update).toMatchObject({ target: back.version, status: 'running' });
    expectError(await installer.request('POST', firmware(mac), { payload: { version: back.version } }), 403);
  });
});
