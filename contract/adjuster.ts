import { array, boolean, define, integer, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { MacLike, NonEmptyString, endpoint, map, withAdjusterResult } from './common';
import { DeviceAddress, DevicePort, FiasId, PorchNum } from './device-fields';
import { DeviceType, HardwareRevision } from './devices';

// ---------------------------------------------------------------------------
// Values (adjuster answers carry a string result; the values are ours, docs/api.md)

export const ADJUSTER_RESULT = { success: 'success', error: 'error' } as const;
export function isAdjusterSuccess(answer: { result: string }): boolean {
  return answer.result === ADJUSTER_RESULT.success;
}

/** The three port jobs of the adjuster wizard, keyed in this order. */
export const ADJUSTER_JOB_KINDS = ['changeVlanPort', 'disablePort', 'enablePort'] as const;
export type AdjusterJobKind = (typeof ADJUSTER_JOB_KINDS)[number];
/** 'unknown' is the wizard's start value; success and error end a job. */
export const JOB_STATUSES = ['unknown', 'queued', 'running', 'success', 'error'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const FINAL_JOB_STATUSES: readonly string[] = ['success', 'error'];

export const IPV4_PATTERN = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const Ipv4 = define<string>('Ipv4', (value) => typeof value === 'string' && IPV4_PATTERN.test(value));

// ---------------------------------------------------------------------------
// Entities

export const AdjusterDevice = type({
  mac: MacLike,
  ip: nullable(string()),
  message: nullable(string()),
  options: type({
    billing_bsName: nullable(string()),
    billing_bsPort: nullable(string()),
    billing_porchNum: nullable(string()),
  }),
});
export type AdjusterDevice = Infer<typeof AdjusterDevice>;

/** The address behind a base-station port; all null when none is known ('Адрес не найден'). */
export const AddressLookup = type({ address: nullable(string()), entranceNum: nullable(number()), fiasId: nullable(string()) });
export type AddressLookup = Infer<typeof AddressLookup>;

// ---------------------------------------------------------------------------
// Requests and responses

/** `name`: the base station (switch) name. */
export const PortDeviceRequest = object({ name: NonEmptyString, portNum: DevicePort });
export const PortDeviceResponse = withAdjusterResult(AddressLookup.schema);
export const PortJobsRequest = object({ bsName: NonEmptyString, portNum: DevicePort });
/** The job numbers to poll. */
export const PortJobsResponse = withAdjusterResult({
  jobs: type({ changeVlanPort: number(), disablePort: number(), enablePort: number() }),
});
export const AdjusterDeviceResponse = withAdjusterResult({ data: AdjusterDevice });
export const JobStatusResponse = withAdjusterResult({ status: string(), completed: boolean() });
export type JobStatusResponse = Infer<typeof JobStatusResponse>;
export const SetupDdnsRequest = object({ mac: MacLike, ip: Ipv4 });
export const AdjusterPlainResponse = withAdjusterResult({});

/** Per wire pair: length in metres (null when the test failed) and 'ok' | 'open' | 'short' | 'unknown'. */
export const CableLengthResponse = withAdjusterResult({
  pairs: array(type({ pair: number(), length: nullable(number()), status: string() })),
});
/** `link`: 'up' | 'down'; `port`: the switch's port name. */
export const LinkStatusResponse = withAdjusterResult({ link: string(), port: string() });
/** Error counter name → count, received and sent. */
export const ErrorsOnPortResponse = withAdjusterResult({ rx: map(number()), tx: map(number()) });

/** `porchNum` (ours, optional): the entrance the installer chose; relay 1 opens it. Without it, the porch the port gave. */
export const DeviceHouseRequest = object({ fiasId: FiasId, porchNum: optional(PorchNum) });
export const DeviceGroupRequest = object({ groupId: integer() });
export const AdjusterDeviceCreate = object({ mac: MacLike, url: DeviceAddress, type: DeviceType });

/**
 * The spec's fields, then (optional, ours) the rest of the serial-number draft, so nothing the
 * installer typed is dropped.
 */
export const PrepareDeviceRequest = object({
  mac: MacLike,
  url: DeviceAddress,
  type: DeviceType,
  model: NonEmptyString,
  serialNumber: NonEmptyString,
  fias: FiasId,
  porch: PorchNum,
  deviceOwner: nullable(string()),
  login: optional(string()),
  pass: optional(string()),
  deviceRevision: optional(HardwareRevision),
  leftBorder: optional(integer()),
  rightBorder: optional(integer()),
  commutators: optional(integer()),
  relayNum: optional(integer()),
});
export type PrepareDeviceRequest = Infer<typeof PrepareDeviceRequest>;
export const PrepareDeviceResponse = withAdjusterResult({
  data: optional(type({ deviceId: number(), mac: MacLike, serialNumber: string() })),
});

export const adjusterEndpoints = {
  portDevice: endpoint({ method: 'POST', pattern: '/adjuster/api/device/port-device', body: PortDeviceRequest, response: PortDeviceResponse }),
  port: endpoint({ method: 'POST', pattern: '/adjuster/api/device/port', body: PortJobsRequest, response: PortJobsResponse }),
  create: endpoint({ method: 'POST', pattern: '/adjuster/api/device/create', body: PortDeviceRequest, response: AdjusterDeviceResponse }),
  jobStatus: endpoint({ method: 'GET', pattern: '/adjuster/api/job/:id/status', response: JobStatusResponse }),
  setupDdns: endpoint({ method: 'POST', pattern: '/adjuster/api/device/setup-ddns', body: SetupDdnsRequest, response: AdjusterPlainResponse }),
  /** `id`: the device MAC. */
  device: endpoint({ method: 'GET', pattern: '/adjuster/api/device/:id', response: AdjusterDeviceResponse }),
  cableLength: endpoint({ method: 'GET', pattern: '/adjuster/api/device/:bsName/:portNum/cable-length', response: CableLengthResponse }),
  linkStatus: endpoint({ method: 'GET', pattern: '/adjuster/api/device/:bsName/:portNum/link-status', response: LinkStatusResponse }),
  errorsOnPort: endpoint({ method: 'GET', pattern: '/adjuster/api/device/:bsName/:portNum/errors-on-port', response: ErrorsOnPortResponse }),
  setHouse: endpoint({ method: 'POST', pattern: '/adjuster/api/device/:id/house', body: DeviceHouseRequest, response: AdjusterPlainResponse }),
  setGroup: endpoint({ method: 'POST', pattern: '/adjuster/api/device/:id/group', body: DeviceGroupRequest, response: AdjusterPlainResponse }),
  addDevice: endpoint({ method: 'POST', pattern: '/adjuster/api/device', body: AdjusterDeviceCreate, response: AdjusterDeviceResponse }),
  prepareDevice: endpoint({ method: 'POST', pattern: '/adjuster/api/prepare-device', body: PrepareDeviceRequest, response: PrepareDeviceResponse }),
} as const;
