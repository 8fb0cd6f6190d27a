import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceSettingsEndpoints } from '../../contract/device-card-settings';
import { deviceEndpoints, deviceTypeId } from '../../contract/devices';
import { queryRows } from '../../server/db/client';
import { startBewardEmulator, type BewardEmulator } from '../../server/gateways/device/panels/beward/emulator';
import { DriverGateway } from '../../server/gateways/device/panels/driver-gateway';
import { panelDrivers } from '../../server/gateways/device/panels/gateway-from-env';
import { startIsSokolEmulator, type IsSokolEmulator } from '../../server/gateways/device/panels/iscom/emulator';
import { NetworkAllowList } from '../../server/gateways/device/panels/network-allow-list';
import { PanelHttp } from '../../server/gateways/device/panels/panel-http';
import { DeviceSimulator } from '../../server/gateways/device/simulator';
import { syslogTargetFromEnv } from '../../server/syslog/syslog-targets';
import { useFlatSetup } from './flat-fixtures';
import { BACKENDS } from './helpers';
import { guardLoopback, outsideAttempts } from './loopback-guard';

guardLoopback();

describe('SYSLOG_PUBLIC_ADDRESS', () => {
  it('reads host[:port], the port defaulting to SYSLOG_PORT, and refuses a malformed value or no port', () => {
    expect(syslogTargetFromEnv({})).toBeNull();
    expect(syslogTargetFromEnv({ SYSLOG_PUBLIC_ADDRESS: ' ' })).toBeNull();
    expect(syslogTargetFromEnv({ SYSLOG_PUBLIC_ADDRESS: '10.20.0.5:1514', SYSLOG_PORT: '5514' })).toEqual({ host: '10.20.0.5', port: 1514 });
    expect(syslogTargetFromEnv({ SYSLOG_PUBLIC_ADDRESS: 'syslog.example.net', SYSLOG_PORT: '5514' })).toEqual({ host: 'syslog.example.net', port: 5514 });
    expect(syslogTargetFromEnv({ SYSLOG_PUBLIC_ADDRESS: '[fd00::5]:514' })).toEqual({ host: 'fd00::5', port: 514 });
    expect(() => syslogTargetFromEnv({ SYSLOG_PUBLIC_ADDRESS: '10.20.0.5' })).toThrow(/needs a port/);
    expect(() => syslogTargetFromEnv({ SYSLOG_PUBLIC_ADDRESS: '10.20.0.5:70000' })).toThrow(/needs a port/);
    expect(() => syslogTargetFromEnv({ SYSLOG_PUBLIC_ADDRESS: 'udp://10.20.0.5:514' })).toThrow(/must be host\[:port\]/);
  });
});

/*
 * With the drivers and SYSLOG_PUBLIC_ADDRESS, each panel of a type with a driver is pointed at the
 * server's syslog: those with a URL at start, then a device whose URL changes or that is added. The
 * seed's devices (addresses outside DEVICE_NETWORKS) are refused without a connection, and a panel
 * that cannot be reached is logged, neither stopping the others.
 */
describe.each(BACKENDS)('panels pointed at the syslog on %s', (backend) => {
  const gateway = new DriverGateway({
    drivers: panelDrivers(new PanelHttp(new NetworkAllowList(['127.0.0.1/32']), { timeoutMs: 2_000 })),
    surroundings: new DeviceSimulator({ failureShare: 0 }),
  });
  const target = { host: '127.0.0.1', port: 5514 };
  const { app, fx, operator } = useFlatSetup(backend, 0x5d, {
    deviceGateway: { driver: gateway },
    deviceSync: { enabled: false },
    syslogTargets: { target, pollMs: 100 },
  });
  const emulators: { close(): Promise<void> }[] = [];
  let beward: BewardEmulator;
  let iscom: IsSokolEmulator;
  const bewardPointed = (panel: BewardEmulator) => expect(panel.state.syslog).toMatchObject({ enable: true, protocol: 'udp', address: target.host, port: target.port });
  const iscomPointed = (panel: IsSokolEmulator) => expect(panel.state.syslog).toMatchObject({ addr: target.host, port: target.port });
  const started = <T extends { close(): Promise<void> }>(emulator: T): T => {
    emulators.push(emulator);
    return emulator;
  };

  beforeAll(async () => {
    [beward, iscom] = await Promise.all([startBewardEmulator().then(started), startIsSokolEmulator({ revision: 5 }).then(started)]);
    const setOptions = (mac: string, options: Record<string, unknown>) =>
      queryRows(app().database.drizzle, sql`update devices set options = options || ${JSON.stringify(options)}::jsonb where mac = ${mac}`);
    await setOptions(fx().bewardMac, { url: beward.url, login: 'admin', password: 'admin' });
    await setOptions(fx().iscomMac, { url: iscom.url, login: 'root', password: '123456' });
  });
  afterAll(async () => {
    await Promise.all(emulators.map((emulator) => emulator.close()));
  });

  it("points the panels with a URL at the server's syslog, and contacts nothing outside the loopback", async () => {
    await vi.waitFor(() => bewardPointed(beward), { timeout: 5_000, interval: 50 });
    await vi.waitFor(() => iscomPointed(iscom), { timeout: 5_000, interval: 50 });
    expect(outsideAttempts).toEqual([]);
  });

  it("points a panel again when its URL changes on the card", async () => {
    const moved = started(await startBewardEmulator());
    const response = await operator().request('PUT', deviceSettingsEndpoints.setOptions.path({ mac: fx().bewardMac }), { payload: { options: { url: moved.url } } });
    expect(response.statusCode, response.body).toBe(200);
    await vi.waitFor(() => bewardPointed(moved), { timeout: 5_000, interval: 50 });
  });

  it('points a device added through the API, past one that cannot be reached', async () => {
    const gone = await startIsSokolEmulator({ revision: 5 });
    await gone.close();
    const added = started(await startIsSokolEmulator({ revision: 5 }));
    const create = async (mac: string, url: string) => {
      const payload = { mac, type: deviceTypeId('ISCOM_X1'), url, login: 'root', password: '123456', revision: 5, houses: [fx().houseUid] };
      const response = await operator().request('POST', deviceEndpoints.create.path({}), { payload });
      expect(response.statusCode, response.body).toBe(200);
    };
    await create('02:5D:00:00:20:01', gone.url);
    await create('02:5D:00:00:20:02', added.url);
    await vi.waitFor(() => iscomPointed(added), { timeout: 5_000, interval: 50 });
    expect(gone.state.syslog).toBeNull();
  });
});
