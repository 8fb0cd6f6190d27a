import type { DeviceGatewayOption, DeviceSimulatorOptions } from '../device-gateway';
import { DeviceSimulator } from '../simulator';
import { BewardDriver } from './beward/driver';
import { DriverGateway } from './driver-gateway';
import { IsSokolDriver } from './iscom/driver';
import { NetworkAllowList } from './network-allow-list';
import type { PanelDriver } from './panel-driver';
import { PanelHttp } from './panel-http';

/** The drivers of each family (PANEL_FAMILY_TYPES), talking through one guarded HTTP client; one each per server (they cache what they learnt of a panel). */
export function panelDrivers(http: PanelHttp): Record<string, PanelDriver> {
  return { beward: new BewardDriver(http), iscom: new IsSokolDriver(http) };
}

export type GatewayKind = 'simulator' | 'drivers';

/** DEVICE_GATEWAY: `simulator` (default) or `drivers`; anything else stops the start with a clear error. */
export function gatewayKindFromEnv(value: string | undefined): GatewayKind {
  const kind = (value ?? '').trim() || 'simulator';
  if (kind !== 'simulator' && kind !== 'drivers') throw new Error(`DEVICE_GATEWAY must be simulator or drivers, not «${kind}»`);
  return kind;
}

/**
 * The app's device gateway option: the simulator with its knobs, or (DEVICE_GATEWAY=drivers) the
 * real panels' drivers, limited to DEVICE_NETWORKS (required) and DEVICE_TIMEOUT_MS per call; the
 * video server and the registry stay simulated (there is no real one to reach).
 */
export function deviceGatewayFromEnv(env: NodeJS.ProcessEnv, simulator: DeviceSimulatorOptions): DeviceGatewayOption {
  if (gatewayKindFromEnv(env.DEVICE_GATEWAY) === 'simulator') return simulator;
  const http = new PanelHttp(NetworkAllowList.parse(env.DEVICE_NETWORKS), { timeoutMs: simulator.timeoutMs });
  return { driver: new DriverGateway({ drivers: panelDrivers(http), surroundings: new DeviceSimulator({ ...simulator, failureShare: 0 }) }) };
}
