import { array, boolean, enums, integer, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { NoContent, NonEmptyString, ResultResponse, Scalar, StringOrNumber, endpoint, map, withResult } from './common';
import { AudioSettings, DisplayOptionName, DisplaySettings, OptionsUpdate, SipAccount, VoltageLevels } from './devices';

// ---------------------------------------------------------------------------
// SIP (spec §3 "SIP account", §9 defaults)

export const DEFAULT_SOS_LABEL = 'SOS';
export const DEFAULT_CONCIERGE_APARTMENT = 999;

/** sos and conciergeApartment may be left out: the server then stores the spec's defaults. */
export const DeviceSipAccountInput = object({
  login: NonEmptyString,
  password: NonEmptyString,
  domain: NonEmptyString,
  port: integer(),
  sos: optional(string()),
  conciergeApartment: optional(integer()),
});
export type DeviceSipAccountInput = Infer<typeof DeviceSipAccountInput>;
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
// RS485 (spec §3 "RS485 scan")

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
 * The last scan of the bus (ours: spec §2 wants a visible progress). While `PUT …/rs485/scan` runs
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
// Firmware (spec §3: a map of string to string plus result; the list item is ours)

export const FirmwareVersion = type({
  version: string(),
  title: string(),
  releaseDate: nullable(string()),
  installed: boolean(),
});
export type FirmwareVersion = Infer<typeof FirmwareVersion>;
/** `data`: version → title; `current`: the installed version; `list`: the same versions with details. */
export const FirmwareVersionsResponse = withResult({
  data: map(string()),
  current: nullable(string()),
  list: array(FirmwareVersion),
});
/** Starts the update of the device to `version`. */
export const FirmwareUpdate = object({ version: NonEmptyString });
export const FirmwareUpdateResponse = withResult({ data: optional(FirmwareVersion) });

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
  /** Success is HTTP 204 without a body (spec §5); any other answer is a failure. */
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
