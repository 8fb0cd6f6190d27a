import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AdjusterJobKind } from '../../../contract/adjuster';
import { DEVICE_TYPE_NAMES, deviceTypeId } from '../../../contract/devices';
import { serverText, type ServerTextCode } from '../../../contract/server-texts';
import {
  PortNotFoundError,
  type BaseStation,
  type CablePair,
  type GatewayOutcome,
  type LinkStatus,
  type NetworkGateway,
  type PortAddress,
  type PortDevice,
  type PortErrors,
  type PortJobTask,
} from './network-gateway';

/** An entrance the billing knows: the simulator hands them out to the ports in order. */
export interface AddressBookEntry {
  fiasId: string;
  address: string;
  entranceNum: number;
}

export interface NetworkSimulatorOptions {
  /** The same seed gives the same devices, cables, errors, timings and failures. */
  seed?: number;
  /** Share (0..1) of port jobs, DDNS set-ups and preset uploads that fail. */
  failureShare?: number;
  /** Multiplies every simulated duration (tests use a small value). */
  timeScale?: number;
  /** The entrances behind the ports (the seeded houses with a FIAS id); loaded once, on first use. */
  addressBook: () => Promise<AddressBookEntry[]>;
}

export const DEFAULT_NETWORK_SEED = 20_240_601;
export const DEFAULT_NETWORK_FAILURE_SHARE = 0.1;

/** The simulated base stations; each has PORTS_PER_STATION ports (docs: "Network simulator"). */
export const SIMULATED_STATIONS: readonly string[] = ['BS-MSK-0001', 'BS-MSK-0002', 'BS-SPB-0001', 'BS-KZN-0001'];
export const PORTS_PER_STATION = 24;

/**
 * What each port number gives, the same on every station:
 * - 1–18: an address, link up, a device answering, a clean cable;
 * - 19–20: the same, with errors on the port (and on 20 a short pair); on 19 the first job of each
 *   kind fails (whatever the failure share), and the restarted one succeeds;
 * - 21–22: no address ('Адрес не найден'), link up, a device answering;
 * - 23: an address, link down, the cable open, nothing answering;
 * - 24: no address, link down, nothing connected (the cable test fails).
 */
export const PORT_PROFILES = {
  withErrors: [19, 20],
  failsOnce: 19,
  shortPair: 20,
  withoutAddress: [21, 22, 24],
  linkDown: [23, 24],
  cableOpen: 23,
  unplugged: 24,
} as const;

const JOB_QUEUED_MS: readonly [number, number] = [300, 800];
const JOB_RUNNING_MS: readonly [number, number] = [1_000, 2_500];
const CALL_MS: readonly [number, number] = [50, 250];
/** Types the simulated devices report, the common ones more often. */
const DEVICE_TYPES = ['ISCOM_X1', 'ISCOM_X1', 'BEWARD_ISCOM', 'BEWARD', 'HIKVISION', 'ISCOM_X0'] as const;

const JOB_FAILURES: Record<AdjusterJobKind, ServerTextCode> = {
  changeVlanPort: 'portJob.vlanRefused',
  disablePort: 'portJob.disableNoAnswer',
  enablePort: 'portJob.enableFailed',
};

/** A deterministic float in [0, 1) for these parts. */
function unit(...parts: readonly (string | number)[]): number {
  return createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0) / 4_294_967_296;
}

function between(range: readonly [number, number], value: number): number {
  return Math.round(range[0] + (range[1] - range[0]) * value);
}

function hex(value: number): string {
  return value.toString(16).toUpperCase().padStart(2, '0');
}

export class NetworkSimulator implements NetworkGateway {
  private readonly seed: number;
  private readonly failureShare: number;
  private readonly timeScale: number;
  private book: Promise<AddressBookEntry[]> | null = null;
  /** Calls per (operation, key): a retry of a failed DDNS set-up rolls again; port 19's first job fails. */
  private readonly calls = new Map<string, number>();

  constructor(private readonly options: NetworkSimulatorOptions) {
    this.seed = options.seed ?? DEFAULT_NETWORK_SEED;
    this.failureShare = Math.min(1, Math.max(0, options.failureShare ?? DEFAULT_NETWORK_FAILURE_SHARE));
    this.timeScale = Math.max(0, options.timeScale ?? 1);
  }

  baseStations(): readonly BaseStation[] {
    return SIMULATED_STATIONS.map((name) => ({ name, ports: PORTS_PER_STATION }));
  }

  async address(bsName: string, portNum: number): Promise<PortAddress> {
    const station = this.station(bsName, portNum);
    await this.pause(CALL_MS, 'address', bsName, portNum);
    if ((PORT_PROFILES.withoutAddress as readonly number[]).includes(portNum)) return { address: null, entranceNum: null, fiasId: null };
    const book = await this.addressBook();
    if (book.length === 0) return { address: null, entranceNum: null, fiasId: null };
    const entry = book[(station * PORTS_PER_STATION + portNum - 1) % book.length];
    return { address: entry.address, entranceNum: entry.entranceNum, fiasId: entry.fiasId };
  }

  async device(bsName: string, portNum: number): Promise<PortDevice | null> {
    const station = this.station(bsName, portNum);
    await this.pause(CALL_MS, 'device', bsName, portNum);
    if ((PORT_PROFILES.linkDown as readonly number[]).includes(portNum)) return null;
    const roll = unit(this.seed, 'device', bsName, portNum);
    return {
      // 02: a locally administered address, 53:49 ("SI"): no seeded device uses the prefix.
      mac: `02:53:49:${hex(station)}:${hex(portNum)}:${hex(Math.floor(roll * 256))}`,
      ip: `10.${100 + station}.${portNum}.${2 + Math.floor(roll * 200)}`,
      type: deviceTypeId(DEVICE_TYPES[Math.floor(unit(this.seed, 'type', bsName, portNum) * DEVICE_TYPES.length)]),
    };
  }

  async linkStatus(bsName: string, portNum: number): Promise<LinkStatus> {
    this.station(bsName, portNum);
    await this.pause(CALL_MS, 'link', bsName, portNum);
    return { link: (PORT_PROFILES.linkDown as readonly number[]).includes(portNum) ? 'down' : 'up', port: `GigabitEthernet1/0/${portNum}` };
  }

  async cableLength(bsName: string, portNum: number): Promise<CablePair[]> {
    this.station(bsName, portNum);
    await this.pause(CALL_MS, 'cable', bsName, portNum);
    const length = 5 + Math.floor(unit(this.seed, 'cable', bsName, portNum) * 86);
    return [1, 2, 3, 4].map((pair): CablePair => {
      if (portNum === PORT_PROFILES.unplugged) return { pair, length: null, status: 'unknown' };
      if (portNum === PORT_PROFILES.cableOpen) return { pair, length: Math.max(1, length - 3 - pair), status: 'open' };
      if (portNum === PORT_PROFILES.shortPair && pair === 3) return { pair, length: Math.max(1, Math.floor(length / 2)), status: 'short' };
      return { pair, length: length + (pair % 2), status: 'ok' };
    });
  }

  async errorsOnPort(bsName: string, portNum: number): Promise<PortErrors> {
    this.station(bsName, portNum);
    await this.pause(CALL_MS, 'errors', bsName, portNum);
    const noisy = (PORT_PROFILES.withErrors as readonly number[]).includes(portNum);
    const count = (name: string, max: number) => (noisy ? 1 + Math.floor(unit(this.seed, 'errors', bsName, portNum, name) * max) : 0);
    return {
      rx: { crc: count('crc', 500), fragments: count('fragments', 40), jabbers: count('jabbers', 10), symbol: count('symbol', 120) },
      tx: { collisions: count('collisions', 30), lateCollisions: count('late', 5), drops: count('drops', 200) },
    };
  }

  async runPortJob(task: PortJobTask, onRunning: () => Promise<void>, signal: AbortSignal): Promise<GatewayOutcome> {
    try {
      this.station(task.bsName, task.portNum);
    } catch (error) {
      if (error instanceof PortNotFoundError) return { ok: false, ...error.text };
      throw error;
    }
    await sleep(this.scaled(JOB_QUEUED_MS, unit(this.seed, 'queued', task.id, task.attempt)), undefined, { signal });
    await onRunning();
    await sleep(this.scaled(JOB_RUNNING_MS, unit(this.seed, 'running', task.id, task.attempt)), undefined, { signal });
    if (task.portNum === PORT_PROFILES.failsOnce && this.nextCall('flaky', `${task.bsName}:${task.portNum}:${task.kind}`) === 1) {
      return { ok: false, ...serverText('portJob.connectionReset') };
    }
    if (this.fails('job', task.id, task.attempt)) return { ok: false, ...serverText(JOB_FAILURES[task.kind]) };
    return { ok: true, ...serverText('portJob.done') };
  }

  async setupDdns(mac: string, ip: string): Promise<GatewayOutcome & { host?: string }> {
    const attempt = this.nextCall('ddns', mac);
    await this.pause(CALL_MS, 'ddns', mac, attempt);
    if (this.fails('ddns', mac, attempt)) return { ok: false, ...serverText('ddns.failed', { ip }) };
    const host = `${mac.replace(/:/g, '').toLowerCase()}.ddns.intercom.local`;
    return { ok: true, ...serverText('ddns.done', { host }), host };
  }

  async uploadPreset(mac: string, type: number, url: string): Promise<GatewayOutcome> {
    const attempt = this.nextCall('preset', mac);
    await this.pause(CALL_MS, 'preset', mac, attempt);
    if (this.fails('preset', mac, attempt)) return { ok: false, ...serverText('preset.failed', { url }) };
    const deviceType = DEVICE_TYPE_NAMES[type];
    return { ok: true, ...(deviceType === undefined ? serverText('preset.doneForType', { type }) : serverText('preset.done', { deviceType })) };
  }

  /** The station's index; throws PortNotFoundError for an unknown station or port. */
  private station(bsName: string, portNum: number): number {
    const index = SIMULATED_STATIONS.indexOf(bsName);
    if (index < 0) throw new PortNotFoundError(bsName, portNum, 'station');
    if (!Number.isInteger(portNum) || portNum < 1 || portNum > PORTS_PER_STATION) throw new PortNotFoundError(bsName, portNum, 'port');
    return index;
  }

  private addressBook(): Promise<AddressBookEntry[]> {
    if (!this.book) {
      this.book = this.options.addressBook().catch((error: unknown) => {
        this.book = null;
        throw error;
      });
    }
    return this.book;
  }

  private fails(...parts: readonly (string | number)[]): boolean {
    return unit(this.seed, 'fail', ...parts) < this.failureShare;
  }

  private nextCall(operation: string, key: string): number {
    const id = `${operation}:${key}`;
    const count = (this.calls.get(id) ?? 0) + 1;
    this.calls.set(id, count);
    return count;
  }

  private scaled(range: readonly [number, number], value: number): number {
    return between(range, value) * this.timeScale;
  }

  private async pause(range: readonly [number, number], ...parts: readonly (string | number)[]): Promise<void> {
    const ms = this.scaled(range, unit(this.seed, 'pause', ...parts));
    if (ms >= 1) await sleep(ms);
  }
}
