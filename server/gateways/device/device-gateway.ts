import type { FirmwareUpdateState, Rs485Scan } from '../../../contract/device-card-settings';
import { asCodedText, type CodedText } from '../../../contract/server-texts';

/** What a driver needs to know about the device it talks to (read from the database by the caller). */
export interface DeviceRef {
  id: number;
  mac: string;
  type: number;
  statusCode: number;
  capabilities: readonly string[];
  hasSipAccount: boolean;
  options: Readonly<Record<string, unknown>>;
}

/** Live, SIP registration and RTSP stream, as the device answers now. */
export interface LiveStatus {
  liveStatus: boolean;
  sipStatus: boolean;
  rtspStatus: boolean;
}

export interface Snapshot {
  contentType: string;
  body: Buffer;
}

export interface CameraLinks {
  live: string;
  archive: string;
}

/**
 * A setting pushed to the device: either before the database keeps it (the device card's own
 * settings), or stored first and owed to the device until it confirms (docs/api.md "Device sync":
 * keys, scenarios, door and keyless codes, the matrix, the SIP account, flat settings).
 */
export type DeviceChange =
  | { kind: 'security'; isMifare: boolean }
  | { kind: 'autoCollect'; autoCollectKeys: boolean }
  | { kind: 'status'; statusCode: number }
  | { kind: 'relays'; relays: readonly { id: number; entrance: string }[] }
  | SipChange
  | { kind: 'options'; options: Readonly<Record<string, unknown>> }
  | { kind: 'audio' | 'display' | 'levels'; value: Readonly<Record<string, unknown>> }
  | { kind: 'echoCancellation'; echoCancellationType: number }
  | { kind: 'rs485Model'; model: string }
  /** A flat's settings written now (realtime save); only the keys given change. */
  | { kind: 'flatSettings'; flatNum: number; settings: Readonly<Record<string, FlatSettingValue>> }
  /**
   * A key written to or removed from the device (rs: on its RS485 controllers); encode / decode
   * switch the key's security mode.
   */
  | { kind: 'key'; action: 'add' | 'remove' | 'encode' | 'decode'; value: string; flatNum: number | null; rs?: boolean; inner?: boolean }
  /** A scenario added to or removed from keys of the device (rs: its RS485 controllers' keys). */
  | { kind: 'keyScenario'; action: 'add' | 'remove'; scenario: number; values: readonly string[]; rs?: boolean }
  /** The commutation matrix written to the device (model in the KEY_TYPES order). */
  | { kind: 'commutators'; model: number | null; commutators: readonly { index: number; matrix: readonly (readonly number[])[] }[] }
  /**
   * A door-open code set or removed: flatNum null is the common code, unless `service` names the
   * keyless-access service (post, courier …) the code was made for.
   */
  | { kind: 'doorCode'; action: 'set' | 'remove'; flatNum: number | null; code: string; expiresAt: string | null; service?: string }
  /** The flats the device serves (its entrance's range), written by a full re-sync. */
  | { kind: 'flats'; firstFlat: number; lastFlat: number }
  /** A full re-sync starts: the device forgets its keys and door codes before they are written again. */
  | { kind: 'clear'; what: 'keys' | 'doorCodes' }
  /** A gate's house prefixes (its gate entrances of type 2): a visitor dials the prefix, then the flat. */
  | { kind: 'gates'; links: readonly GateLink[] };

/** One house a gate serves: its address, the prefix dialled for it and the flats behind it. */
export interface GateLink {
  address: string;
  prefix: number;
  firstFlat: number;
  lastFlat: number;
}

/** A device's SIP account as the server keeps it for a panel (its password is kept apart: SipChange). */
export interface SipAccountRef {
  login: string;
  domain: string;
  port: number;
}

/**
 * The device's SIP account written (null: removed). `password` is the account's password as the
 * database holds it when the change is sent (the device sync looks it up, so a password changed
 * since goes out too); an owed row never keeps it. Without it a panel keeps the password it has.
 */
export interface SipChange {
  kind: 'sip';
  account: SipAccountRef | null;
  password?: string;
}

/**
 * The changes the device sync stores as owed and sends until the device confirms them (docs/api.md
 * "Device sync"); the card's other settings are applied at once and refused on the spot. A SIP
 * change is stored without its password.
 */
export type SyncedChange = Extract<DeviceChange, { kind: 'key' | 'keyScenario' | 'doorCode' | 'commutators' | 'flats' | 'flatSettings' | 'clear' | 'gates' }> | Omit<SipChange, 'password'>;

/** An owed change as it is sent: a SIP change with the account's password it has now. */
export type SentChange = Exclude<SyncedChange, { kind: 'sip' }> | SipChange;

/**
 * What a device holds of what the database keeps for it, as compared by a read-back («сверка»):
 * keys by side and value, door codes by flat (null: the common code), the matrix, the SIP account.
 */
export interface DeviceHolding {
  /** isSecurity: the key's security mode (encode / decode); scenarios: the scenarios it starts, ascending. */
  keys: readonly { value: string; rs: boolean; inner: boolean; flatNum: number | null; isSecurity: boolean; scenarios: readonly number[] }[];
  doorCodes: readonly { flatNum: number | null; code: string }[];
  /** Live keyless-access codes (post, courier …) written to the device. */
  keylessCodes: readonly { service: string; code: string }[];
  commutation: CommutationOnDevice | null;
  sip: SipAccountRef | null;
  /** Per flat, what the realtime saves wrote (a device that takes them: ISCom); FlatSettingValue by setting. */
  flatSettings: readonly { flatNum: number; settings: Readonly<Record<string, FlatSettingValue>> }[];
}

/** A flat setting as written to a device: a setting's text, the panel code, the CMS block. */
export type FlatSettingValue = string | number | boolean | null;

/** The commutation as the server last wrote it, and the flats the device's entrance covers. */
export interface CommutationOnDevice {
  model: number | null;
  commutators: readonly { index: number; matrix: readonly (readonly number[])[] }[];
  /** The entrance's flats (null: the device has no entrance); a never-written device wires them in sequence. */
  flatRange: { firstFlat: number; lastFlat: number } | null;
  /** Commutator size when the device knows none yet. */
  defaultSize: number;
}

/** A handset's line level as measured now, by panel code. */
export interface LineLevelReading {
  panelCode: number;
  level: number;
}

/** One flat as a device knows it: its number and what the server last wrote there for it. */
export interface FlatOnDevice {
  flatNum: number;
  panelCode: number | null;
  blockCms: boolean;
  /** FLAT_DEVICE_SETTING_KEYS → value, as stored by the server. */
  written: Readonly<Record<string, string | null>>;
}

/**
 * A management company's flat list written to one device (an upload): the company's flats in the
 * device's houses, the code the upload is signed with and the concierge flat (null: none).
 */
export interface CompanyFlatList {
  companyId: number;
  internalId: string;
  codeAccess: string | null;
  conciergeFlatNum: number | null;
  flats: readonly number[];
}

/** The supply voltage a device reports, and when it measured it. */
export interface VoltageNow {
  volts: number;
  measuredAt: Date;
}

/** A flat's settings as the device answers them. */
export interface FlatDeviceReading {
  panelCode: number | null;
  blockCms: boolean;
  settings: Record<string, string | null>;
}

/**
 * A firmware update the server started: kept with the device (its option `firmwareUpdate`), so
 * any server process can ask the device how it goes.
 */
export interface FirmwareUpdateRecord {
  from: string | null;
  target: string;
  startedAt: string;
}

/** What the device says about its firmware: the version it runs and how its last update went. */
export interface FirmwareReport {
  current: string | null;
  /** null when no update was started through this server. */
  update: FirmwareUpdateState | null;
}

export type DeviceFailureKind = 'error' | 'timeout';

/**
 * The device (or the external system) did not do what was asked. `kind` 'timeout' means no answer
 * in time; the message is Russian and is shown to the operator as it is, or in the operator's
 * language when the gateway names it with a code (contract/server-texts.ts).
 */
export class DeviceGatewayError extends Error {
  readonly kind: DeviceFailureKind;
  readonly text: CodedText;

  constructor(kind: DeviceFailureKind, message: string | CodedText) {
    const text = asCodedText(message);
    super(text.message);
    this.name = 'DeviceGatewayError';
    this.kind = kind;
    this.text = text;
  }
}

/**
 * Everything the server asks of the intercom hardware and the systems around it (video server,
 * the external "papi" registry). Every call may reject with DeviceGatewayError; reads of status
 * are expected to be cheap and never reject (an unreachable device is simply offline).
 */
export interface DeviceGateway {
  /** Statuses of many devices at once (the device list refreshes the visible rows). */
  statuses(devices: readonly DeviceRef[]): Promise<Map<string, LiveStatus>>;
  /** Whether the external system knows the device; null when it could not be asked. */
  externalExists(device: DeviceRef): Promise<boolean | null>;
  /** The last camera frame; null for a device without a camera. */
  snapshot(device: DeviceRef): Promise<Snapshot | null>;
  /** Links of the video server; null for a device without a camera. */
  cameraLinks(device: DeviceRef): CameraLinks | null;
  /** Pushes a setting to the device. */
  apply(device: DeviceRef, change: DeviceChange): Promise<void>;
  /**
   * Sends one owed change (docs/api.md "Device sync"): like apply, but a disabled or reset device
   * does not answer (DeviceGatewayError 'timeout'), and a device may acknowledge a change it then
   * keeps only in part (a read-back shows it).
   */
  push(device: DeviceRef, change: DeviceChange): Promise<void>;
  /**
   * Reads what the device holds, given what the database says it should (a second or so). A
   * disabled or reset device refuses: DeviceGatewayError 'error'.
   */
  readHolding(device: DeviceRef, expected: DeviceHolding): Promise<DeviceHolding>;
  /**
   * Scans the device's RS485 bus; takes a few seconds. `onProgress` gets 0..100 as the bus
   * addresses are polled (the caller records it so any server process can report it).
   */
  scanRs485(device: DeviceRef, onProgress: (percent: number) => Promise<void> | void): Promise<Rs485Scan[]>;
  /**
   * The firmware the device runs (null when it does not say) and the progress of the update
   * recorded in its option `firmwareUpdate`; `known` are the versions of its type.
   */
  firmware(device: DeviceRef, known: readonly string[]): Promise<FirmwareReport>;
  /** Starts flashing the device with `version`; resolves once the device has accepted it, long before it is done. */
  updateFirmware(device: DeviceRef, version: string): Promise<void>;
  /**
   * Reads one flat's settings from the device (a second or so). A device that is disabled or
   * reset refuses the connection: DeviceGatewayError 'error'.
   */
  readFlatSettings(device: DeviceRef, flat: FlatOnDevice): Promise<FlatDeviceReading>;
  /** Registers the device in the external system. */
  sendToExternal(device: DeviceRef): Promise<void>;
  /**
   * Opens the door driven by the device's relay `relay` (1-based, as the card numbers relays). A
   * device that is disabled or reset refuses the connection: DeviceGatewayError 'error'.
   */
  openDoor(device: DeviceRef, relay: number): Promise<void>;
  /** Restarts the device (it is away for a minute or so afterwards); refused like openDoor. */
  reboot(device: DeviceRef): Promise<void>;
  /**
   * Writes a management company's flat list to the device (a few hundred ms, longer for long
   * lists). A device that is disabled or reset does not answer: DeviceGatewayError 'timeout'.
   */
  uploadFlats(device: DeviceRef, list: CompanyFlatList): Promise<void>;
  /**
   * Reads the commutation matrix from the device (a couple of seconds). What the server last wrote
   * comes back, now and then with a cell rewired on site; a device never written answers the
   * entrance's flats wired in sequence. A disabled or reset device refuses: DeviceGatewayError 'error'.
   */
  readCommutators(device: DeviceRef, stored: CommutationOnDevice): Promise<{ model: number | null; commutators: { index: number; matrix: number[][] }[] }>;
  /**
   * Measures the line level of each handset behind `panelCodes` (a few seconds for a full line);
   * `onProgress` gets 0..100. Levels are 0..100; a dead line reads below 20.
   */
  checkLineLevels(device: DeviceRef, panelCodes: readonly number[], onProgress: (percent: number) => Promise<void> | void): Promise<LineLevelReading[]>;
  /**
   * Reads the supply voltage now (about half a second). A disabled or reset device refuses the
   * connection: DeviceGatewayError 'error'.
   */
  readVoltage(device: DeviceRef): Promise<VoltageNow>;
  /** Stops timers; the app calls it on close. */
  close(): Promise<void>;
}

/** AppOptions.deviceGateway: the simulator's knobs, or a driver built elsewhere (tests). */
export interface DeviceSimulatorOptions {
  /** Share of device calls that fail (0..1): half answer an error, half time out. Default 0.05. */
  failureShare?: number;
  /** Share of pushed changes a device acknowledges but keeps only in part (0..1). Default failureShare / 2. */
  halfApplyShare?: number;
  /** How long reading what a device holds takes, ms. Default 800. */
  holdingReadMs?: number;
  /** How long a timing-out call waits before it fails, ms. Default 5000. */
  timeoutMs?: number;
  /** How long an RS485 scan takes, ms. Default 3000. */
  scanMs?: number;
  /** How long reading a flat's settings from a device takes, ms. Default 1200. */
  flatReadMs?: number;
  /** How long writing a company's flat list to a device takes, ms (plus 1 ms per 20 flats, ±25 %). Default 300. */
  uploadMs?: number;
  /** How long reading a commutation matrix from a device takes, ms. Default 2000. */
  commutatorReadMs?: number;
  /** How long a line-level check of a whole line takes, ms. Default 4000. */
  lineLevelMs?: number;
  /** How long reading the supply voltage takes, ms. Default 500. */
  voltageReadMs?: number;
  /** How long flashing a firmware takes, ms. Default 10000. */
  firmwareMs?: number;
  /** How long a live status holds before it may change, ms. Default 60000. */
  statusPeriodMs?: number;
  /** Where the simulated video server lives (camera links). */
  videoBaseUrl?: string;
  /** Random source for failures (tests pass a fixed one). Default Math.random. */
  random?: () => number;
}

export type DeviceGatewayOption = DeviceSimulatorOptions | { driver: DeviceGateway };
