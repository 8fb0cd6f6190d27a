import { DEVICE_TYPE_NAMES, deviceTypeId, type DeviceTypeName } from '../../../../contract/devices';
import type { Rs485Scan } from '../../../../contract/device-card-settings';
import {
  DeviceGatewayError,
  type CameraLinks,
  type CommutationOnDevice,
  type CompanyFlatList,
  type DeviceChange,
  type DeviceGateway,
  type DeviceHolding,
  type DeviceRef,
  type FirmwareReport,
  type FlatSettingValue,
  type FlatDeviceReading,
  type FlatOnDevice,
  type LineLevelReading,
  type LiveStatus,
  type Snapshot,
  type VoltageNow,
} from '../device-gateway';
import { devicePasswordOf } from '../../../security/device-secrets';
import { PanelError, panelFailureText, type PanelDriver, type PanelTarget } from './panel-driver';

/** The device types each driver family serves (PANELS.md); the other types have no driver yet. */
export const PANEL_FAMILY_TYPES: Readonly<Record<string, readonly DeviceTypeName[]>> = {
  beward: ['BEWARD', 'BEWARD_SD06M', 'BEWARD_DKS977957'],
  iscom: ['ISCOM_X0', 'ISCOM_X1', 'BEWARD_ISCOM', 'ISCOM_RWE', 'ISCOM_S2'],
};

/** What is around the panels and not a panel: the video server and the external registry. */
export type PanelSurroundings = Pick<DeviceGateway, 'externalExists' | 'snapshot' | 'cameraLinks' | 'sendToExternal'>;

export interface DriverGatewayOptions {
  /** family → its driver (PANEL_FAMILY_TYPES names the families). */
  drivers: Readonly<Record<string, PanelDriver>>;
  surroundings: PanelSurroundings;
  /** How long the device list waits for a panel's status before showing it offline, ms (default 1500). */
  statusTimeoutMs?: number;
}

/**
 * A panel's address and login from the device's options: `url` (its port, else `apiPort`), `login`,
 * `password` (opened when stored sealed; one that cannot be opened is refused before any connection).
 */
export function panelTargetOf(device: DeviceRef): PanelTarget {
  const { url, apiPort, login, password } = device.options;
  if (typeof url !== 'string' || url.trim() === '') throw new PanelError('bad-address');
  let parsed: URL;
  try {
    parsed = new URL(/^[a-z]+:\/\//i.test(url.trim()) ? url.trim() : `http://${url.trim()}`);
  } catch {
    throw new PanelError('bad-address', url);
  }
  const secret = devicePasswordOf(password);
  if (!secret.ok) throw new PanelError('secret-unreadable', secret.reason);
  const port = parsed.port || (typeof apiPort === 'number' && Number.isInteger(apiPort) && apiPort > 0 && apiPort < 65_536 ? String(apiPort) : '80');
  return {
    mac: device.mac,
    type: device.type,
    baseUrl: `${parsed.protocol}//${parsed.hostname}:${port}`,
    login: typeof login === 'string' ? login : '',
    password: secret.value,
  };
}

/** 14 hex digits, as the panels keep a key (a shorter value is padded with zeros in front). */
const panelKeyForm = (value: string): string => value.toUpperCase().padStart(14, '0');

/**
 * A flat setting is compared only where both sides keep it: the database keeps flat settings only
 * for devices that take realtime saves (none for the others), and a panel holds only some of them
 * (`flatSettingKeys`). Where one side cannot say, the database's value stands for the panel's.
 */
function comparableFlatSettings(expected: DeviceHolding['flatSettings'], held: DeviceHolding['flatSettings'], panelKeys: ReadonlySet<string>): DeviceHolding['flatSettings'] {
  if (expected.length === 0) return [];
  const onPanel = new Map(held.map((flat) => [flat.flatNum, flat.settings]));
  const flatNums = [...new Set([...expected.map((flat) => flat.flatNum), ...onPanel.keys()])].sort((a, b) => a - b);
  const stored = new Map(expected.map((flat) => [flat.flatNum, flat.settings]));
  return flatNums.map((flatNum) => {
    const database = stored.get(flatNum) ?? {};
    const panel = onPanel.get(flatNum) ?? {};
    const settings: Record<string, FlatSettingValue> = {};
    for (const name of new Set([...Object.keys(database), ...Object.keys(panel)])) {
      const value = panelKeys.has(name) ? panel[name] : database[name];
      if (value !== undefined) settings[name] = value;
    }
    return { flatNum, settings };
  });
}

/**
 * The device gateway of real panels (DEVICE_GATEWAY=drivers): each device is served by the driver
 * of its type's family, reached only inside DEVICE_NETWORKS (the drivers' PanelHttp checks).
 * Failures become DeviceGatewayError with the server's words, so the owed changes, retries and
 * read-back of the device sync work as with the simulator; a type with no driver refuses every
 * call with «для этого типа устройств нет драйвера» and its changes stay owed.
 */
export class DriverGateway implements DeviceGateway {
  private readonly familyOfType = new Map<number, string>();
  private readonly statusTimeoutMs: number;

  constructor(private readonly options: DriverGatewayOptions) {
    for (const [family, types] of Object.entries(PANEL_FAMILY_TYPES)) {
      if (!options.drivers[family]) continue;
      for (const name of types) this.familyOfType.set(deviceTypeId(name), family);
    }
    this.statusTimeoutMs = options.statusTimeoutMs ?? 1_500;
  }

  /** The device types a driver serves. */
  servedTypes(): number[] {
    return [...this.familyOfType.keys()];
  }

  /** Points the panel's syslog at `host:port` (SYSLOG_PUBLIC_ADDRESS, server/syslog/syslog-targets.ts). */
  pointSyslog(device: DeviceRef, host: string, port: number): Promise<void> {
    return this.onPanel(device, (driver, panel) => driver.setSyslog(panel, host, port));
  }

  /** Runs `work` on the device's driver; a PanelError becomes the DeviceGatewayError the callers know. */
  private async onPanel<T>(device: DeviceRef, work: (driver: PanelDriver, panel: PanelTarget) => Promise<T>): Promise<T> {
    try {
      const family = this.familyOfType.get(device.type);
      if (family === undefined) throw new PanelError('no-driver', DEVICE_TYPE_NAMES[device.type] ?? String(device.type));
      return await work(this.options.drivers[family], panelTargetOf(device));
    } catch (error) {
      if (error instanceof PanelError) throw new DeviceGatewayError(error.kind === 'timeout' ? 'timeout' : 'error', panelFailureText(error, device.mac));
      throw error;
    }
  }

  async statuses(devices: readonly DeviceRef[]): Promise<Map<string, LiveStatus>> {
    const offline: LiveStatus = { liveStatus: false, sipStatus: false, rtspStatus: false };
    const answers = await Promise.all(
      devices.map(async (device): Promise<[string, LiveStatus]> => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<LiveStatus>((resolve) => {
          timer = setTimeout(() => resolve(offline), this.statusTimeoutMs);
        });
        const asked = this.onPanel(device, (driver, panel) => driver.systemInfo(panel))
          .then((info): LiveStatus => ({ liveStatus: info.alive, sipStatus: info.sipRegistered ?? false, rtspStatus: info.alive }))
          .catch(() => offline);
        const status = await Promise.race([asked, timeout]);
        clearTimeout(timer);
        return [device.mac, status];
      }),
    );
    return new Map(answers);
  }

  externalExists(device: DeviceRef): Promise<boolean | null> {
    return this.options.surroundings.externalExists(device);
  }

  snapshot(device: DeviceRef): Promise<Snapshot | null> {
    return this.options.surroundings.snapshot(device);
  }

  cameraLinks(device: DeviceRef): CameraLinks | null {
    return this.options.surroundings.cameraLinks(device);
  }

  sendToExternal(device: DeviceRef): Promise<void> {
    return this.options.surroundings.sendToExternal(device);
  }

  async apply(device: DeviceRef, change: DeviceChange): Promise<void> {
    // The device's status and the card's options (address, login, billing) are the server's own records, not the panel's.
    if (change.kind === 'status' || change.kind === 'options') return;
    await this.onPanel(device, (driver, panel) => driver.push(panel, change));
  }

  push(device: DeviceRef, change: DeviceChange): Promise<void> {
    return this.apply(device, change);
  }

  /**
   * What the panel holds. Panels keep a key as 14 hex digits: a key the database keeps shorter
   * comes back padded, and is named as the database names it so the comparison matches.
   */
  async readHolding(device: DeviceRef, expected: DeviceHolding): Promise<DeviceHolding> {
    const { held, settingKeys } = await this.onPanel(device, async (driver, panel) => ({ held: await driver.readHolding(panel), settingKeys: new Set(driver.flatSettingKeys) }));
    const databaseForm = new Map(expected.keys.map((key) => [panelKeyForm(key.value), key.value]));
    return {
      ...held,
      keys: held.keys.map((key) => ({ ...key, value: databaseForm.get(panelKeyForm(key.value)) ?? key.value })),
      flatSettings: comparableFlatSettings(expected.flatSettings, held.flatSettings, settingKeys),
    };
  }

  scanRs485(device: DeviceRef): Promise<Rs485Scan[]> {
    return this.onPanel(device, async () => {
      throw new PanelError('unsupported', 'опрос шины RS485 — протокол опроса у панели неизвестен');
    });
  }

  firmware(device: DeviceRef): Promise<FirmwareReport> {
    return this.onPanel(device, async (driver, panel) => ({ current: (await driver.systemInfo(panel)).firmware, update: null }));
  }

  updateFirmware(device: DeviceRef): Promise<void> {
    return this.onPanel(device, async () => {
      throw new PanelError('unsupported', 'обновление прошивки — у сервера нет файлов прошивок для загрузки на панель');
    });
  }

  readFlatSettings(device: DeviceRef, flat: FlatOnDevice): Promise<FlatDeviceReading> {
    return this.onPanel(device, async (driver, panel) => {
      const held = (await driver.readHolding(panel)).flatSettings.find((item) => item.flatNum === flat.flatNum);
      const settings: Record<string, string | null> = {};
      for (const [name, value] of Object.entries(held?.settings ?? {})) {
        if (name !== 'blockCms' && name !== 'panelCode') settings[name] = value === null || value === false ? null : String(value);
      }
      const panelCode = held?.settings.panelCode;
      return { panelCode: typeof panelCode === 'number' ? panelCode : flat.panelCode, blockCms: held?.settings.blockCms === true, settings };
    });
  }

  uploadFlats(device: DeviceRef, list: CompanyFlatList): Promise<void> {
    return this.onPanel(device, (driver, panel) => driver.uploadCompanyFlats(panel, list));
  }

  readCommutators(device: DeviceRef, _stored: CommutationOnDevice): Promise<{ model: number | null; commutators: { index: number; matrix: number[][] }[] }> {
    return this.onPanel(device, (driver, panel) => driver.readCommutation(panel));
  }

  checkLineLevels(device: DeviceRef, panelCodes: readonly number[], onProgress: (percent: number) => Promise<void> | void): Promise<LineLevelReading[]> {
    return this.onPanel(device, async (driver, panel) => {
      const readings: LineLevelReading[] = [];
      for (const [index, panelCode] of panelCodes.entries()) {
        readings.push({ panelCode, level: await driver.lineLevel(panel, panelCode) });
        await onProgress(Math.round(((index + 1) / panelCodes.length) * 100));
      }
      return readings;
    });
  }

  openDoor(device: DeviceRef, relay: number): Promise<void> {
    return this.onPanel(device, (driver, panel) => driver.openDoor(panel, relay - 1));
  }

  reboot(device: DeviceRef): Promise<void> {
    return this.onPanel(device, (driver, panel) => driver.reboot(panel));
  }

  readVoltage(device: DeviceRef): Promise<VoltageNow> {
    return this.onPanel(device, async () => {
      throw new PanelError('unsupported', 'напряжение питания — панель не сообщает его по известному протоколу');
    });
  }

  /** The drivers' put-off writes go out before the process ends (a restart must not leave keys out of a panel's flash). */
  async close(): Promise<void> {
    await Promise.allSettled(Object.values(this.options.drivers).map((driver) => driver.flush?.()));
  }
}
