import { array, boolean, define, integer, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { BooleanLike, MacLike, NonEmptyString, ResultResponse, endpoint, withResult } from './common';
import { Entrance } from './entrances';
import {
  BlockHistoryResponse,
  DeviceFlatData,
  Flat,
  FlatDataResponse,
  FlatStatus,
  FlatUser,
  MoveOutSummary,
  TemporaryCode,
  flatPath,
  FLAT_DEVICE_SETTING_KEYS,
} from './flats';

// ---------------------------------------------------------------------------
// Requests

const PositiveInteger = define<number>('PositiveInteger', (value) => typeof value === 'number' && Number.isInteger(value) && value > 0);

export const FlatCreate = object({ flatNum: PositiveInteger, letter: optional(nullable(string())) });
export type FlatCreate = Infer<typeof FlatCreate>;
/** `reason` (ours, optional): why the flat is blocked or unblocked; kept in its block history. */
export const FlatStatusUpdate = object({ status: FlatStatus, reason: optional(nullable(string())) });
export const FlatUserBody = object({ userId: integer() });
/** `duration` in seconds; posting again while a code exists changes its duration. */
export const TemporaryCodeCreate = object({ duration: PositiveInteger });
export const FlatEntranceRemove = object({ entranceUid: NonEmptyString });

const setting = () => optional(nullable(string()));
/** One device's settings for this flat: only the keys sent are changed. */
export const FlatDeviceSettingsInput = object({
  mac: MacLike,
  panelCode: optional(nullable(integer())),
  blockCMS: optional(boolean()),
  doorCode: setting(),
  musicVolume: setting(),
  analogVolume: setting(),
  uartVolume: setting(),
  panelVolume: setting(),
  handsetDownLevel: setting(),
  panelCall: setting(),
  panelTalk: setting(),
  thTalk: setting(),
  thCall: setting(),
  uartFrom: setting(),
  uartTo: setting(),
  doorOpenLevel: setting(),
  handsetUpLevel: setting(),
  regCode: setting(),
});
export type FlatDeviceSettingsInput = Infer<typeof FlatDeviceSettingsInput>;
/** abonent-units stores the settings; realtime-abonent-units also writes them to the device now. */
export const AbonentUnitsUpdate = object({ data: array(FlatDeviceSettingsInput) });

/** `status` true blocks the flat's CMS handset on the device `mac`. */
export const FlatCmsUpdate = object({ status: BooleanLike, mac: MacLike });
export const FlatHistoryQuery = object({ mac: optional(MacLike) });
export const FlatSettingsFromDeviceQuery = object({ mac: MacLike });

export const FlatPermissionInput = object({
  permissionName: NonEmptyString,
  access: boolean(),
  reason: optional(nullable(integer())),
  comment: optional(nullable(string())),
});
export const AccessServiceInput = object({
  service: object({ id: integer() }),
  action: object({ id: integer() }),
  reason: object({ id: integer() }),
  access: boolean(),
});
export const FlatPermissionsUpdate = object({ permissions: array(FlatPermissionInput), accessServices: array(AccessServiceInput) });
export type FlatPermissionsUpdate = Infer<typeof FlatPermissionsUpdate>;

// ---------------------------------------------------------------------------
// Responses

export const FlatCreateResponse = withResult({ data: optional(Flat) });
export const FlatEntrancesResponse = withResult({ data: array(Entrance) });
export const FlatUsersResponse = withResult({ data: array(FlatUser) });
export const TemporaryCodeResponse = withResult({ data: nullable(TemporaryCode) });
export const FlatSettingsFromDeviceResponse = withResult({ data: DeviceFlatData });

// «Move out» (ours, docs/api.md "Flats"): its summary and the pending undo are in contract/flats.ts.

export const MoveOutPreviewResponse = withResult({ data: MoveOutSummary });
/** `undoUntil` (ISO): the undo call is accepted until then. */
export const MoveOutResponse = withResult({ data: type({ moveOutId: number(), undoUntil: string(), removed: MoveOutSummary }) });
export type MoveOutResponse = Infer<typeof MoveOutResponse>;
export const MOVE_OUT_UNDO_SECONDS = 15 * 60;

const FLAT = '/front/flats/:flat';

/** Every path with `:flat` takes `flatParams(houseUid, flatNum)`, e.g. `/front/flats/4f0c…:12/users`. */
export const flatEndpoints = {
  get: endpoint({ method: 'GET', pattern: FLAT, response: FlatDataResponse, path: flatPath(FLAT) }),
  remove: endpoint({ method: 'DELETE', pattern: FLAT, response: ResultResponse, path: flatPath(FLAT) }),
  create: endpoint({ method: 'POST', pattern: '/front/flats/:house/flat', body: FlatCreate, response: FlatCreateResponse }),
  setStatus: endpoint({
    method: 'PUT',
    pattern: `${FLAT}/status`,
    body: FlatStatusUpdate,
    response: ResultResponse,
    path: flatPath(`${FLAT}/status`),
  }),
  entrances: endpoint({
    method: 'GET',
    pattern: `${FLAT}/get-entrances`,
    response: FlatEntrancesResponse,
    path: flatPath(`${FLAT}/get-entrances`),
  }),
  users: endpoint({ method: 'GET', pattern: `${FLAT}/users`, response: FlatUsersResponse, path: flatPath(`${FLAT}/users`) }),
  addUser: endpoint({
    method: 'POST',
    pattern: `${FLAT}/users`,
    body: FlatUserBody,
    response: ResultResponse,
    path: flatPath(`${FLAT}/users`),
  }),
  removeUser: endpoint({
    method: 'DELETE',
    pattern: `${FLAT}/user`,
    body: FlatUserBody,
    response: ResultResponse,
    path: flatPath(`${FLAT}/user`),
  }),
  temporaryCode: endpoint({
    method: 'GET',
    pattern: `${FLAT}/temporary-access-code`,
    response: TemporaryCodeResponse,
    path: flatPath(`${FLAT}/temporary-access-code`),
  }),
  setTemporaryCode: endpoint({
    method: 'POST',
    pattern: `${FLAT}/temporary-access-code`,
    body: TemporaryCodeCreate,
    response: TemporaryCodeResponse,
    path: flatPath(`${FLAT}/temporary-access-code`),
  }),
  removeTemporaryCode: endpoint({
    method: 'DELETE',
    pattern: `${FLAT}/temporary-access-code`,
    response: ResultResponse,
    path: flatPath(`${FLAT}/temporary-access-code`),
  }),
  removeEntrance: endpoint({
    method: 'DELETE',
    pattern: `${FLAT}/entrance`,
    body: FlatEntranceRemove,
    response: ResultResponse,
    path: flatPath(`${FLAT}/entrance`),
  }),
  setAbonentUnits: endpoint({
    method: 'PUT',
    pattern: `${FLAT}/abonent-units`,
    body: AbonentUnitsUpdate,
    response: ResultResponse,
    path: flatPath(`${FLAT}/abonent-units`),
  }),
  setRealtimeAbonentUnits: endpoint({
    method: 'PUT',
    pattern: `${FLAT}/realtime-abonent-units`,
    body: AbonentUnitsUpdate,
    response: ResultResponse,
    path: flatPath(`${FLAT}/realtime-abonent-units`),
  }),
  /** `historyKind`: one of FLAT_HISTORY_KINDS. */
  history: endpoint({
    method: 'GET',
    pattern: `${FLAT}/:historyKind`,
    query: FlatHistoryQuery,
    response: BlockHistoryResponse,
    path: flatPath(`${FLAT}/:historyKind`),
  }),
  setCms: endpoint({ method: 'PUT', pattern: `${FLAT}/cms`, body: FlatCmsUpdate, response: ResultResponse, path: flatPath(`${FLAT}/cms`) }),
  settingsFromDevice: endpoint({
    method: 'GET',
    pattern: `${FLAT}/get-settings-from-device`,
    query: FlatSettingsFromDeviceQuery,
    response: FlatSettingsFromDeviceResponse,
    path: flatPath(`${FLAT}/get-settings-from-device`),
  }),
  setPermissions: endpoint({
    method: 'PUT',
    pattern: `${FLAT}/permissions`,
    body: FlatPermissionsUpdate,
    response: ResultResponse,
    path: flatPath(`${FLAT}/permissions`),
  }),
  moveOutPreview: endpoint({
    method: 'GET',
    pattern: `${FLAT}/move-out`,
    response: MoveOutPreviewResponse,
    path: flatPath(`${FLAT}/move-out`),
  }),
  moveOut: endpoint({ method: 'POST', pattern: `${FLAT}/move-out`, response: MoveOutResponse, path: flatPath(`${FLAT}/move-out`) }),
  undoMoveOut: endpoint({
    method: 'POST',
    pattern: `${FLAT}/move-out/:moveOutId/undo`,
    response: ResultResponse,
    path: flatPath(`${FLAT}/move-out/:moveOutId/undo`),
  }),
} as const;

// ---------------------------------------------------------------------------
// Field rules of the per-device settings (the server checks them; the card's form checks the same)

export type FlatSettingRule = { kind: 'digits'; minLength: number; maxLength: number } | { kind: 'integer'; min: number; max: number };
/** Door and registration codes are digit strings; volumes and levels whole numbers sent as text. */
export const FLAT_SETTING_RULES: Readonly<Record<(typeof FLAT_DEVICE_SETTING_KEYS)[number], FlatSettingRule>> = {
  doorCode: { kind: 'digits', minLength: 1, maxLength: 8 },
  regCode: { kind: 'digits', minLength: 4, maxLength: 10 },
  musicVolume: { kind: 'integer', min: 0, max: 100 },
  analogVolume: { kind: 'integer', min: 0, max: 100 },
  uartVolume: { kind: 'integer', min: 0, max: 100 },
  panelVolume: { kind: 'integer', min: 0, max: 100 },
  handsetDownLevel: { kind: 'integer', min: 0, max: 10000 },
  handsetUpLevel: { kind: 'integer', min: 0, max: 10000 },
  panelCall: { kind: 'integer', min: 0, max: 10000 },
  panelTalk: { kind: 'integer', min: 0, max: 10000 },
  thTalk: { kind: 'integer', min: 0, max: 10000 },
  thCall: { kind: 'integer', min: 0, max: 10000 },
  doorOpenLevel: { kind: 'integer', min: 0, max: 10000 },
  uartFrom: { kind: 'integer', min: 0, max: 10000 },
  uartTo: { kind: 'integer', min: 0, max: 10000 },
};
/** Settings a device takes only with `canIndividualLevels`. */
export const FLAT_LEVEL_KEYS = ['handsetDownLevel', 'handsetUpLevel', 'panelCall', 'panelTalk', 'thTalk', 'thCall', 'doorOpenLevel'] as const;
/** The longest temporary code, in seconds (a year). */
export const TEMPORARY_CODE_MAX_SECONDS = 31_536_000;
/** The highest flat number. */
export const MAX_FLAT_NUM = 99_999;
