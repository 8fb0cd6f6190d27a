import { setMaxListeners } from 'node:events';
import type { FirmwareUpdateState, Rs485Scan } from '../../../contract/device-card-settings';
import { matrixSize } from '../../../contract/commutators';
import { DEVICE_STATUS } from '../../../contract/devices';
import { KEY_TYPES } from '../../../contract/keys';
import { serverText, type ServerTextCode } from '../../../contract/server-texts';
import {
  DeviceGatewayError,
  type CameraLinks,
  type DeviceChange,
  type DeviceGatewayOption,
  type DeviceGateway,
  type DeviceHolding,
  type DeviceRef,
  type DeviceSimulatorOptions,
  type FirmwareReport,
  type CommutationOnDevice,
  type CompanyFlatList,
  type LineLevelReading,
  type FlatDeviceReading,
  type FlatOnDevice,
  type FirmwareUpdateRecord,
  type LiveStatus,
  type Snapshot,
  type VoltageNow,
} from './device-gateway';
import { flatReadingOf } from './flat-settings';
import { SimulatedHoldings } from './holdings';
import { digest, percentOf, renderSnapshotSvg } from './snapshot';
import { simulatedVolts } from './voltage';

export const SIMULATOR_DEFAULTS = {
  failureShare: 0.05,
  timeoutMs: 5_000,
  scanMs: 3_000,
  firmwareMs: 10_000,
  flatReadMs: 1_200,
  uploadMs: 300,
  commutatorReadMs: 2_000,
  lineLevelMs: 4_000,
  voltageReadMs: 500,
  holdingReadMs: 800,
  statusPeriodMs: 60_000,
  videoBaseUrl: 'https://video.intercom.local',
} as const;

/** What a failed call says: a refusal and no answer in time, by what was asked. */
interface CallTexts {
  error: ServerTextCode;
  timeout: ServerTextCode;
}
const DEVICE_TEXTS: CallTexts = { error: 'device.error', timeout: 'device.timeout' };

/** RS485 sub-devices the simulated buses hold. */
const RS485_MODELS = ['ISCom RS-K1', 'ISCom RS-K2', 'Считыватель MF-485'] as const;
/** Bus addresses a scan polls, one step of progress each. */
const RS485_BUS_ADDRESSES = 8;

/** Odds (in percent) that a device answers, by its status code: a reset or disabled one rarely does. */
function liveOdds(statusCode: number): number {
  if (statusCode === DEVICE_STATUS.active) return 88;
  if (statusCode === DEVICE_STATUS.new) return 60;
  return 15;
}

function hasCamera(device: DeviceRef): boolean {
  return device.capabilities.includes('camera');
}

function compactMac(mac: string): string {
  return mac.replaceAll(':', '').toLowerCase();
}

/** How many RS485 sub-devices a bus holds (0–3: a quarter of the devices have none), from its digest. */
function rs485Count(bytes: Buffer): number {
  return bytes[0] % 4;
}

/** `rs485Count` of a simulated device, from its MAC (for tests that need a device with sub-devices). */
export function simulatedRs485Count(mac: string): number {
  return rs485Count(digest('rs485', mac));
}

/**
 * A fleet of intercoms that exists only in this process: statuses that drift over time (each
 * device keeps its state for a period, then may change), a camera frame per device, RS485 buses
 * that take seconds to scan, firmware, and a configurable share of calls that fail or time out.
 * Everything but the failures is derived from the MAC and the clock, so every server process
 * sees the same fleet.
 */
export class DeviceSimulator implements DeviceGateway {
  private readonly options: Required<Omit<DeviceSimulatorOptions, 'random' | 'halfApplyShare'>> & { random: () => number; halfApplyShare: number };
  /** What each device holds of the changes pushed to it (docs/api.md "Device sync"). */
  private readonly holdings = new SimulatedHoldings();
  private readonly closing = new AbortController();
  /** Devices registered in the external system by send-to-papi since start. */
  private readonly external = new Set<string>();

  constructor(options: DeviceSimulatorOptions = {}, private readonly now: () => number = Date.now) {
    // An option left undefined (an unset environment variable) keeps its default.
    const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
    const merged: Omit<typeof this.options, 'halfApplyShare'> & { halfApplyShare?: number } = { ...SIMULATOR_DEFAULTS, random: Math.random, ...given };
    this.options = { ...merged, halfApplyShare: merged.halfApplyShare ?? merged.failureShare / 2 };
    // Every pending sleep listens for the close and removes itself when done; a company upload has
    // dozens at once. That is no leak, so Node's warning past 10 listeners is turned off.
    setMaxListeners(0, this.closing.signal);
  }

  async statuses(devices: readonly DeviceRef[]): Promise<Map<string, LiveStatus>> {
    return new Map(devices.map((device) => [device.mac, this.statusOf(device)]));
  }

  async externalExists(device: DeviceRef): Promise<boolean | null> {
    if (this.external.has(device.mac)) return true;
    const odds = percentOf('external', device.mac);
    // Some devices were never asked about (null), most are known there.
    if (odds < 10) return null;
    return odds < 80;
  }

  async snapshot(device: DeviceRef): Promise<Snapshot | null> {
    if (!hasCamera(device)) return null;
    // A new frame every 10 s: the card shows a camera that is alive without changing on each call.
    const at = new Date(Math.floor(this.now() / 10_000) * 10_000);
    return { contentType: 'image/svg+xml', body: Buffer.from(renderSnapshotSvg(device.mac, at), 'utf8') };
  }

  cameraLinks(device: DeviceRef): CameraLinks | null {
    if (!hasCamera(device)) return null;
    const id = compactMac(device.mac);
    const token = digest('video', device.mac).subarray(0, 8).toString('hex');
    return {
      live: `${this.options.videoBaseUrl}/live/${id}?token=${token}`,
      archive: `${this.options.videoBaseUrl}/archive/${id}?token=${token}`,
    };
  }

  async apply(device: DeviceRef, change: DeviceChange): Promise<void> {
    await this.call(device, `apply:${change.kind}`);
  }

  async push(device: DeviceRef, change: DeviceChange): Promise<void> {
    if (device.statusCode === DEVICE_STATUS.disabled || device.statusCode === DEVICE_STATUS.reset) {
      await this.sleep(Math.min(this.options.timeoutMs, 300));
      this.holdings.record(device.mac, change, false);
      throw new DeviceGatewayError('timeout', serverText('device.unreachable', { mac: device.mac }));
    }
    try {
      await this.apply(device, change);
    } catch (error) {
      this.holdings.record(device.mac, change, false);
      throw error;
    }
    // Now and then a device says yes and keeps nothing: only a read-back shows it.
    this.holdings.record(device.mac, change, this.options.random() >= this.options.halfApplyShare);
  }

  async readHolding(device: DeviceRef, expected: DeviceHolding): Promise<DeviceHolding> {
    if (device.statusCode === DEVICE_STATUS.disabled || device.statusCode === DEVICE_STATUS.reset) {
      await this.sleep(Math.min(this.options.holdingReadMs, 300));
      throw new DeviceGatewayError('error', serverText('device.connectionRefused', { mac: device.mac }));
    }
    await this.sleep(this.options.holdingReadMs);
    await this.call(device, 'holding:read', { error: 'device.error.holding', timeout: 'device.timeout' });
    return this.holdings.read(device, expected);
  }

  async scanRs485(device: DeviceRef, onProgress: (percent: number) => Promise<void> | void): Promise<Rs485Scan[]> {
    // A failing scan fails part-way, as a bus that stops answering would.
    const failAt = this.options.random() < this.options.failureShare ? Math.floor(this.options.random() * RS485_BUS_ADDRESSES) : -1;
    const step = this.options.scanMs / RS485_BUS_ADDRESSES;
    await onProgress(0);
    for (let address = 0; address < RS485_BUS_ADDRESSES; address++) {
      await this.sleep(step);
      if (address === failAt) throw new DeviceGatewayError('error', serverText('device.rs485Interrupted', { mac: device.mac }));
      await onProgress(Math.round(((address + 1) / RS485_BUS_ADDRESSES) * 100));
    }
    return this.busOf(device);
  }

  async firmware(device: DeviceRef, known: readonly string[]): Promise<FirmwareReport> {
    const record = firmwareUpdateOf(device.options);
    const installed = this.installedFirmware(device, known);
    if (!record) return { current: installed, update: null };
    const update = this.flashState(device, record);
    return { current: update.status === 'done' ? record.target : (record.from ?? installed), update };
  }

  async updateFirmware(device: DeviceRef, version: string): Promise<void> {
    await this.call(device, `firmware:${version}`);
  }

  async openDoor(device: DeviceRef, relay: number): Promise<void> {
    this.refuseIfOff(device);
    await this.call(device, `door:${relay}`);
  }

  async reboot(device: DeviceRef): Promise<void> {
    this.refuseIfOff(device);
    await this.call(device, 'reboot');
  }

  /** A disabled or reset device refuses a connection at once, as a panel switched off would. */
  private refuseIfOff(device: DeviceRef): void {
    if (device.statusCode === DEVICE_STATUS.disabled || device.statusCode === DEVICE_STATUS.reset) {
      throw new DeviceGatewayError('error', serverText('device.connectionRefused', { mac: device.mac }));
    }
  }

  async readFlatSettings(device: DeviceRef, flat: FlatOnDevice): Promise<FlatDeviceReading> {
    if (device.statusCode === DEVICE_STATUS.disabled || device.statusCode === DEVICE_STATUS.reset) {
      await this.sleep(Math.min(this.options.flatReadMs, 300));
      throw new DeviceGatewayError('error', serverText('device.connectionRefused', { mac: device.mac }));
    }
    await this.sleep(this.options.flatReadMs);
    await this.call(device, 'flat:read', { error: 'device.error.flatRead', timeout: 'device.timeout' });
    return flatReadingOf(device, flat);
  }

  async sendToExternal(device: DeviceRef): Promise<void> {
    await this.call(device, 'external', { error: 'device.error.external', timeout: 'device.timeout.external' });
    this.external.add(device.mac);
  }

  /**
   * A disabled or reset device never answers (so a test or a demo fails one for sure by setting
   * its status); any other fails with the configured share, half refusing, half not answering.
   */
  async uploadFlats(device: DeviceRef, list: CompanyFlatList): Promise<void> {
    if (device.statusCode === DEVICE_STATUS.disabled || device.statusCode === DEVICE_STATUS.reset) {
      await this.sleep(Math.min(this.options.timeoutMs, 500));
      throw new DeviceGatewayError('timeout', serverText('device.unreachable', { mac: device.mac }));
    }
    const base = this.options.uploadMs + list.flats.length / 20;
    await this.sleep(base * (0.75 + this.options.random() * 0.5));
    await this.call(device, 'upload', { error: 'device.error.flatUpload', timeout: 'device.timeout' });
  }

  async readCommutators(device: DeviceRef, stored: CommutationOnDevice): Promise<{ model: number | null; commutators: { index: number; matrix: number[][] }[] }> {
    if (device.statusCode === DEVICE_STATUS.disabled || device.statusCode === DEVICE_STATUS.reset) {
      await this.sleep(Math.min(this.options.commutatorReadMs, 300));
      throw new DeviceGatewayError('error', serverText('device.connectionRefused', { mac: device.mac }));
    }
    await this.sleep(this.options.commutatorReadMs);
    await this.call(device, 'commutators:read', { error: 'device.error.commutators', timeout: 'device.timeout' });
    return commutationRead(device, stored);
  }

  async checkLineLevels(device: DeviceRef, panelCodes: readonly number[], onProgress: (percent: number) => Promise<void> | void): Promise<LineLevelReading[]> {
    const steps = Math.max(1, Math.min(10, panelCodes.length));
    const failAt = this.options.random() < this.options.failureShare ? Math.floor(this.options.random() * steps) : -1;
    await onProgress(0);
    for (let step = 0; step < steps; step++) {
      await this.sleep(this.options.lineLevelMs / steps);
      if (step === failAt) throw new DeviceGatewayError('error', serverText('device.lineLevelInterrupted', { mac: device.mac }));
      await onProgress(Math.round(((step + 1) / steps) * 100));
    }
    // Each handset has its own steady level (from the MAC and the code); a few lines are dead.
    return panelCodes.map((panelCode) => {
      const seed = percentOf('line-level', device.mac, String(panelCode));
      const level = seed < 4 ? seed * 3 : 40 + ((seed * 7) % 55);
      return { panelCode, level };
    });
  }

  async readVoltage(device: DeviceRef): Promise<VoltageNow> {
    if (device.statusCode === DEVICE_STATUS.disabled || device.statusCode === DEVICE_STATUS.reset) {
      await this.sleep(Math.min(this.options.voltageReadMs, 300));
      throw new DeviceGatewayError('error', serverText('device.connectionRefused', { mac: device.mac }));
    }
    await this.sleep(this.options.voltageReadMs);
    await this.call(device, 'voltage:read', { error: 'device.error.voltage', timeout: 'device.timeout' });
    const measuredAt = new Date(this.now());
    return { volts: simulatedVolts(device.mac, measuredAt), measuredAt };
  }

  async close(): Promise<void> {
    this.closing.abort();
  }

  private statusOf(device: DeviceRef): LiveStatus {
    const period = this.options.statusPeriodMs;
    // Each device changes at its own moment, so the fleet never flips all at once.
    const offset = digest('phase', device.mac).readUInt32BE(0) % period;
    const slot = Math.floor((this.now() + offset) / period);
    const liveStatus = percentOf('live', device.mac, slot) < liveOdds(device.statusCode);
    return {
      liveStatus,
      sipStatus: liveStatus && device.hasSipAccount && percentOf('sip', device.mac, slot) < 90,
      rtspStatus: liveStatus && hasCamera(device) && percentOf('rtsp', device.mac, slot) < 92,
    };
  }

  private installedFirmware(device: DeviceRef, known: readonly string[]): string | null {
    const installed = device.options['systemInfo.firmware'];
    if (typeof installed === 'string') return installed;
    if (known.length === 0) return null;
    return known[digest('firmware', device.mac)[0] % known.length] ?? null;
  }

  /**
   * How far the device has got, from the clock: flashing takes `firmwareMs`. The configured share
   * of updates stops part-way (the same ones for every process: drawn from the MAC and the start).
   */
  private flashState(device: DeviceRef, record: FirmwareUpdateRecord): FirmwareUpdateState {
    const elapsed = this.now() - Date.parse(record.startedAt);
    const progress = Math.min(100, Math.max(0, Math.floor((elapsed / this.options.firmwareMs) * 100)));
    const fails = percentOf('firmware-fails', device.mac, record.startedAt) < this.options.failureShare * 100;
    const failAt = 10 + (percentOf('firmware-fail-at', device.mac, record.startedAt) % 80);
    const state = { ...record, progress, message: null };
    if (fails && progress >= failAt) {
      return { ...state, status: 'failed', progress: failAt, ...serverText('device.firmwareInterrupted', { percent: failAt, mac: device.mac }) };
    }
    return { ...state, status: progress >= 100 ? 'done' : 'running' };
  }

  /** What is on the device's bus: the same for each scan of the same device. */
  private busOf(device: DeviceRef): Rs485Scan[] {
    const bytes = digest('rs485', device.mac);
    const count = rs485Count(bytes);
    if (count === 0) return [];
    return [
      {
        priority: 0,
        address: 1,
        devices: Array.from({ length: count }, (_item, index) => ({
          index,
          model: RS485_MODELS[bytes[1 + index] % RS485_MODELS.length],
          address: index + 1,
          version: `1.${bytes[5 + index] % 10}`,
          enable: bytes[9 + index] % 10 !== 0,
          status: bytes[13 + index] % 8 === 0 ? 'offline' : 'online',
        })),
      },
    ];
  }

  /** One request to the device: answers after a short delay, or fails with the configured odds. */
  private async call(device: DeviceRef, _operation: string, texts = DEVICE_TEXTS): Promise<void> {
    const draw = this.options.random();
    const share = this.options.failureShare;
    if (draw < share / 2) {
      throw new DeviceGatewayError('error', serverText(texts.error, { mac: device.mac }));
    }
    if (draw < share) {
      await this.sleep(this.options.timeoutMs);
      throw new DeviceGatewayError('timeout', serverText(texts.timeout, { seconds: Math.round(this.options.timeoutMs / 1000), mac: device.mac }));
    }
  }

  private sleep(ms: number): Promise<void> {
    const signal = this.closing.signal;
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(new DeviceGatewayError('error', serverText('server.stopping')));
        return;
      }
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(new DeviceGatewayError('error', serverText('server.stopping')));
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/**
 * What a simulated device answers for its matrix: what was written, with one cell in twenty
 * matrices rewired on site (from the MAC, so every read agrees); a never-written device wires its
 * entrance's flats in sequence on the model's default size.
 */
export function commutationRead(device: DeviceRef, stored: CommutationOnDevice): { model: number | null; commutators: { index: number; matrix: number[][] }[] } {
  const copy = stored.commutators.map((commutator) => ({ index: commutator.index, matrix: commutator.matrix.map((row) => [...row]) }));
  const written = copy.some((commutator) => commutator.matrix.some((row) => row.some((cell) => cell !== 0)));
  if (!written && stored.flatRange) {
    const model = stored.model ?? 1;
    const size = matrixSize(KEY_TYPES[model] ?? 'Metakom', stored.defaultSize) ?? { columns: 0, rows: 0 };
    let flat = stored.flatRange.firstFlat;
    const matrix = Array.from({ length: size.rows }, () => Array.from({ length: size.columns }, () => 0));
    for (let column = 0; column < size.columns; column++) {
      for (let row = 0; row < size.rows; row++) {
        if (flat > stored.flatRange.lastFlat) break;
        matrix[row][column] = flat++;
      }
    }
    return { model, commutators: [{ index: 0, matrix }] };
  }
  const first = copy[0]?.matrix;
  if (first && first.length > 0 && first[0].length > 1 && percentOf('rewired', device.mac) < 5) {
    const row = first[0];
    [row[0], row[1]] = [row[1], row[0]];
  }
  return { model: stored.model, commutators: copy };
}

/** The update recorded in the device's options, or null when there is none (or it is not one). */
export function firmwareUpdateOf(options: Readonly<Record<string, unknown>>): FirmwareUpdateRecord | null {
  const value = options.firmwareUpdate;
  if (typeof value !== 'object' || value === null) return null;
  const { from, target, startedAt } = value as Record<string, unknown>;
  if (typeof target !== 'string' || typeof startedAt !== 'string' || Number.isNaN(Date.parse(startedAt))) return null;
  return { from: typeof from === 'string' ? from : null, target, startedAt };
}

/** The app's gateway: the simulator unless a driver is given. */
export function createDeviceGateway(option: DeviceGatewayOption = {}): DeviceGateway {
  return 'driver' in option ? option.driver : new DeviceSimulator(option);
}
