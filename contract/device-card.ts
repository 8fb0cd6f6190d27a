import { array, boolean, integer, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { BooleanLike, MacLike, NonEmptyString, ResultResponse, Scalar, endpoint, withResult } from './common';
import { Device, DeviceStatusCode, Relay } from './devices';
import { Group } from './groups';
import { House } from './houses';

// ---------------------------------------------------------------------------
// Card

/** One row of mainOptions / billingOptions: an option key and its value. */
export const OptionRow = type({ name: string(), value: Scalar });
export type OptionRow = Infer<typeof OptionRow>;

/** Entrances and relays listing. `entrance` and `house` are uids. */
export const EntranceRelayRow = type({
  relay: number(),
  entrance: string(),
  entranceTitle: string(),
  house: string(),
  houseAddress: string(),
});
export type EntranceRelayRow = Infer<typeof EntranceRelayRow>;

export const DeviceCardResponse = withResult({
  device: Device,
  liveStatus: boolean(),
  rtspStatus: boolean(),
  sipStatus: boolean(),
  /** null: the external system was not asked or did not answer. */
  externalExistsStatus: nullable(boolean()),
  /** A URL (or data: URL) of the last camera frame; null without a camera. */
  snapshot: nullable(string()),
  groups: array(Group),
  mainOptions: array(OptionRow),
  billingOptions: array(OptionRow),
  entrances: array(EntranceRelayRow),
  houses: array(House),
  camsLink: nullable(string()),
  camsArchiveLink: nullable(string()),
});
export type DeviceCardResponse = Infer<typeof DeviceCardResponse>;

export const SipStatusResponse = withResult({ sipStatus: boolean() });

/** Wizard and card executors: who installs the device. */
export const Executor = type({ id: number(), text: string() });
export type Executor = Infer<typeof Executor>;
export const ExecutorsResponse = withResult({ data: array(Executor) });

export const DeviceGetResponse = withResult({ data: Device });

// ---------------------------------------------------------------------------
// Requests

export const DeviceStatusUpdate = object({ status: DeviceStatusCode });
/** `status` is the wanted new value of isMifare / autoCollectKeys (the card flips it on success). */
export const DeviceToggle = object({ mac: MacLike, status: BooleanLike });
export const DeviceGroupsUpdate = object({ mac: MacLike, groups: array(integer()) });
export const DeviceHousesUpdate = object({ houses: array(NonEmptyString) });
/** `entrance` is an entrance uid, '' to unbind the relay. */
export const RelayInput = object({ id: integer(), entrance: string() });
export const DeviceRelaysUpdate = object({ relays: array(RelayInput) });
export type DeviceRelaysUpdate = Infer<typeof DeviceRelaysUpdate>;
export const RelaysResponse = withResult({ data: array(EntranceRelayRow) });
export const RelaysUpdateResponse = withResult({ data: optional(array(Relay)) });

export const deviceCardEndpoints = {
  card: endpoint({ method: 'GET', pattern: '/front/device-card/device/:mac', response: DeviceCardResponse }),
  sipStatus: endpoint({ method: 'GET', pattern: '/front/device-card/device/:mac/sip-status', response: SipStatusResponse }),
  executors: endpoint({ method: 'GET', pattern: '/front/device-card/executors', response: ExecutorsResponse }),
  /** `id` is DEVICE_ID. */
  byId: endpoint({ method: 'GET', pattern: '/front/device/:id', response: DeviceGetResponse }),
  setSecurity: endpoint({ method: 'PUT', pattern: '/front/devices/:mac/set-security', body: DeviceToggle, response: ResultResponse }),
  setAutoCollect: endpoint({ method: 'PUT', pattern: '/front/devices/:mac/auto-collect', body: DeviceToggle, response: ResultResponse }),
  setStatus: endpoint({ method: 'PUT', pattern: '/front/devices/:mac/status', body: DeviceStatusUpdate, response: ResultResponse }),
  setGroups: endpoint({ method: 'POST', pattern: '/front/devices/:mac/groups', body: DeviceGroupsUpdate, response: ResultResponse }),
  setHouses: endpoint({ method: 'PUT', pattern: '/front/devices/:mac/houses', body: DeviceHousesUpdate, response: ResultResponse }),
  relays: endpoint({ method: 'GET', pattern: '/front/devices/:mac/relays', response: RelaysResponse }),
  setRelays: endpoint({ method: 'POST', pattern: '/front/devices/:mac/relays', body: DeviceRelaysUpdate, response: RelaysUpdateResponse }),
  sendToPapi: endpoint({ method: 'POST', pattern: '/front/devices/:mac/send-to-papi', response: ResultResponse }),
  /** Opens the door the device's relay drives, now (not owed: a door opened later is no use). */
  openDoor: endpoint({ method: 'POST', pattern: '/front/devices/:mac/relays/:relay/open', response: ResultResponse }),
  /** Restarts the device. */
  reboot: endpoint({ method: 'POST', pattern: '/front/devices/:mac/reboot', response: ResultResponse }),
} as const;
