import { array, boolean, enums, integer, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { NoContent, NonEmptyString, ResultResponse, Scalar, StringOrNumber, endpoint, map, withResult } from './common';
import type { DictionaryId } from './dictionaries';
import { AudioSettings, BILLING_OPTION_KEYS, DisplayOptionName, DisplaySettings, HARDWARE_REVISIONS, OptionsUpdate, SipAccount, VoltageLevels } from './devices';
import { CODED_MESSAGE_FIELDS } from './server-texts';

// ---------------------------------------------------------------------------
// Field rules: what the server accepts in the card's fields. The server enforces them and the
// card's forms check the same before sending, so a limit is written once.

/** A whole number from `min` to `max`, or text of at most `max` characters (`required`: not blank). */
export type FieldRule = { kind: 'integer'; min: number; max: number } | { kind: 'text'; max: number; required?: boolean };

const integerRule = (min: number, max: number) => ({ kind: 'integer', min, max }) as const;
const textRule = (max: number, required = false) => ({ kind: 'text', max, required }) as const;

export const PORT_RULE = integerRule(1, 65_535);
export const AUDIO_RULE = integerRule(0, 100);
export const LEVEL_RULE = integerRule(0, 10_000);
export const REMOVAL_COMMENT_RULE = textRule(500);
export const RS485_MODEL_RULE = textRule(64, true);
export const DISPLAY_RULES = {
  welcomeText: textRule(100),
  infoText: textRule(200),
  brightness: integerRule(0, 100),
} as const satisfies Record<keyof DisplaySettings, FieldRule>;

/**
 * A key PUT …/options may change: a field rule (`nullable`: empty text is stored as null, else as
 * ''), a key of a server dictionary, or one of fixed numbers.
 */
export type OptionRule =
  | (FieldRule & { nullable?: boolean })
  | { kind: 'dictionary'; dictionary: DictionaryId }
  | { kind: 'enum'; values: readonly number[] };

const nullableText = (max: number) => ({ kind: 'text', max, nullable: true }) as const;

export const OPTION_RULES: Readonly<Record<string, OptionRule>> = {
  url: textRule(255),
  login: textRule(64),
  password: textRule(64),
  SHIFT: integerRule(-9999, 9999),
  VENDOR: nullableText(64),
  ...Object.fromEntries(BILLING_OPTION_KEYS.map((key) => [key, nullableText(255)])),
  devicePurpose: { kind: 'dictionary', dictionary: 'device_purposes' },
  deviceOwner: nullableText(255),
  apiPort: PORT_RULE,
  rtspPort: PORT_RULE,
  sipPort: PORT_RULE,
  sos: textRule(32),
  conciergeApartment: integerRule(1, 99_999),
  'systemInfo.revision': { kind: 'enum', values: HARDWARE_REVISIONS },
};

// ---------------------------------------------------------------------------
// SIP

export const DEFAULT_SOS_LABEL = 'SOS';
export const DEFAULT_CONCIERGE_APARTMENT = 999;

/** sos and conciergeApartment may be left out: the server then stores the defaults ('SOS', 999). */
export const DeviceSipAccountInput = object({
  login: NonEmptyString,
  password: NonEmptyString,
  domain: NonEmptyString,
  port: integer(),
  sos: optional(string()),
  conciergeApartment: optional(integer()),
});
export type DeviceSipAccountInput = Infer<typeof DeviceSipAccountInput>;
export const SIP_ACCOUNT_RULES = {
  login: textRule(64, true),
  password: textRule(64, true),
  domain: textRule(255, true),
  port: PORT_RULE,
  sos: textRule(32),
  conciergeApartment: integerRule(1, 99_999),
} as const satisfies Record<keyof DeviceSipAccountInput, FieldRule>;
export const DeviceSipUpdate = object({ account: DeviceSipAccountInput });
export const DeviceSipResponse = withResult({ data: optional(SipAccount) });

// ---------------------------------------------------------------------------
// Options, audio, display, levels, echo cancellation

export const DeviceOptionsUpdate = object({ options: OptionsUpdate });
export const DeviceAudioUpdate = object({ audio: object(AudioSettings.schema) });
export const DeviceDisplayUpdate = object({ display: object(DisplaySettings.schema) });
/** streamType: a key of the stream_type dictionary, saved with the levels in one device write. */
export const DeviceLevelsUpdate = object({ levels: object(VoltageLevels.schema), streamType: integer() });
export const DeviceEchoUpdate = object({ echoCancellationType: integer() });

export const DisplayOptionQuery = object({ optionName: DisplayOptionName });
export const DisplayOptionResponse = withResult({ data: Scalar });
export const DisplayOptionUpdate = object({ option: DisplayOptionName, data: StringOrNumber });

/** POST .../reason: a key of the reasons_removing_device dictionary. */
export const DeviceRemovalReason = object({ reason: integer(), comment: optional(string()) });

// ---------------------------------------------------------------------------
// RS485

export const Rs485Device = type({
  index: number(),
  model: string(),
  address: number(),
  version: string(),
  enable: boolean(),
  /** 'online' | 'offline' | 'error' */
  status: string(),
});
export const Rs485Scan = type({ priority: number(), address: number(), devices: array(Rs485Device) });
export type Rs485Scan = Infer<typeof Rs485Scan>;
export const RS485_SCAN_STATES = ['running', 'done', 'failed'] as const;
/**
 * The last scan of the bus (ours: the progress is visible). While `PUT …/rs485/scan` runs
 * (a few seconds), `GET …/rs485` answers `status: 'running'` and `progress` 0..100.
 */
export const Rs485ScanState = type({
  status: enums(RS485_SCAN_STATES),
  progress: number(),
  startedAt: string(),
  finishedAt: nullable(string()),
  message: nullable(string()),
});
export type Rs485ScanState = Infer<typeof Rs485ScanState>;
/**
 * `model`: the RS485 sub-device model the device is set to talk to; null when not set. `scan`: the
 * last scan, null when the bus was never scanned through this server.
 */
export const Rs485Response = withResult({ model: nullable(string()), data: array(Rs485Scan), scan: optional(nullable(Rs485ScanState)) });
export const Rs485ScanResponse = withResult({ data: array(Rs485Scan) });
export const Rs485ModelUpdate = object({ model: NonEmptyString });

// ---------------------------------------------------------------------------
// Firmware (a map of string to string plus result; the list item is ours)

export const FirmwareVersion = type({
  version: string(),
  title: string(),
  releaseDate: nullable(string()),
  installed: boolean(),
});
export type FirmwareVersion = Infer<typeof FirmwareVersion>;
export const FIRMWARE_UPDATE_STATES = ['running', 'done', 'failed'] as const;
/**
 * The device's last firmware update as the device reports it (ours: the progress is
 * visible). While it runs, `progress` goes 0..100 and `current` stays `from`; once done, the
 * device reports `target` as `current`. A failed update leaves `from` installed and says why in
 * `message`.
 */
export const FirmwareUpdateState = type({
  from: nullable(string()),
  target: string(),
  status: enums(FIRMWARE_UPDATE_STATES),
  progress: number(),
  startedAt: string(),
  message: nullable(string()),
  ...CODED_MESSAGE_FIELDS,
});
export type FirmwareUpdateState = Infer<typeof FirmwareUpdateState>;
/**
 * `data`: version → title; `current`: the installed version; `list`: the same versions with
 * details; `update`: the last update, null when none was started through this server.
 */
export const FirmwareVersionsResponse = withResult({
  data: map(string()),
  current: nullable(string()),
  list: array(FirmwareVersion),
  update: optional(nullable(FirmwareUpdateState)),
});
/** Starts the update of the device to `version`. */
export const FirmwareUpdate = object({ version: NonEmptyString });
/** `data`: the version being installed (`installed` false until the device reports it); `update`: its state. */
export const FirmwareUpdateResponse = withResult({ data: optional(FirmwareVersion), update: optional(FirmwareUpdateState) });

export const deviceSettingsEndpoints = {
  setSip: endpoint({ method: 'PUT', pattern: '/front/devices/:mac/sip', body: DeviceSipUpdate, response: DeviceSipResponse }),
  removeSip: endpoint({ method: 'DELETE', pattern: '/front/devices/:mac/sip', response: ResultResponse }),
  setOptions: endpoint({ method: 'PUT', pattern: '/front/devices/:mac/options', body: DeviceOptionsUpdate, response: ResultResponse }),
  setAudio: endpoint({ method: 'PUT', pattern: '/front/devices/:mac/audio', body: DeviceAudioUpdate, response: ResultResponse }),
  setLevels: endpoint({ method: 'PUT', pattern: '/front/devices/:mac/levels', body: DeviceLevelsUpdate, response: ResultResponse }),
  setDisplay: endpoint({ method: 'PUT', pattern: '/front/devices/:mac/display', body: DeviceDisplayUpdate, response: ResultResponse }),
  displayOption: endpoint({
    method: 'GET',
    pattern: '/front/devices/:mac/display',
    query: DisplayOptionQuery,
    response: DisplayOptionResponse,
  }),
  setDisplayOption: endpoint({ method: 'POST', pattern: '/front/devices/:mac/display', body: DisplayOptionUpdate, response: ResultResponse }),
  setEchoCancellation: endpoint({
    method: 'PUT',
    pattern: '/front/devices/:mac/echo-cancellation-type',
    body: DeviceEchoUpdate,
    response: ResultResponse,
  }),
  setRemovalReason: endpoint({ method: 'POST', pattern: '/front/devices/:mac/reason', body: DeviceRemovalReason, response: ResultResponse }),
  rs485: endpoint({ method: 'GET', pattern: '/front/devices/:mac/rs485', response: Rs485Response }),
  /** Success is HTTP 204 without a body; any other answer is a failure. */
  setRs485Model: endpoint({
    method: 'PUT',
    pattern: '/front/devices/:mac/rs485',
    body: Rs485ModelUpdate,
    response: NoContent,
    successStatus: 204,
  }),
  scanRs485: endpoint({ method: 'PUT', pattern: '/front/devices/:mac/rs485/scan', response: Rs485ScanResponse }),
  firmwareVersions: endpoint({ method: 'GET', pattern: '/front/device/:mac/firmware-versions', response: FirmwareVersionsResponse }),
  updateFirmware: endpoint({
    method: 'POST',
    pattern: '/front/device/:mac/firmware-versions',
    body: FirmwareUpdate,
    response: FirmwareUpdateResponse,
  }),
} as const;
