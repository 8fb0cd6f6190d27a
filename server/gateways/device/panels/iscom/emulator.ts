import { startPanelEmulator, type EmulatorAnswer, type EmulatorRequest, type RunningEmulator } from '../panel-emulator';
import { REV2_CAPACITIES, REV2_MODEL_IDS, rev5TypeOf } from './commutation';

export type IsSokolCell = number | null;

export interface IsSokolFlat {
  panelCode: number;
  callsEnabled: { handset: boolean; sip: boolean };
  soundOpenTh: boolean | null;
  resistances: { answer: number | null; quiescent: number | null };
  volumes: Record<string, number | null>;
  sipAccounts: string[];
}

export interface IsSokolMatrix {
  id: number;
  capacity: number;
  /** `[dozen][unit]` */
  matrix: IsSokolCell[][];
}

/** What the emulated panel holds: tests read it, and seed it before the driver looks. */
export interface IsSokolPanelState {
  revision: 2 | 5;
  deviceId: string;
  model: string;
  firmware: string;
  hardware: string;
  sipRegistered: boolean;
  keys: { uuid: string; panelCode: number }[];
  keyMode: number;
  flats: IsSokolFlat[];
  openCodes: { code: number; panelCode: number }[];
  levels: { resistances: Record<string, number>; volumes: Record<string, number> };
  /** Rev.2: the model and matrices 1..3. */
  rev2Switch: { modelId: string; matrices: IsSokolMatrix[] };
  /** Rev.5: switches 1..4. */
  rev5Switches: { type: number | null; summator: number | null; matrices: IsSokolMatrix[] }[];
  sip: { videoEnable: boolean; remote: { enabled: boolean; username: string; password: string; domain: string; port: number } & Record<string, unknown> };
  sipOptions: Record<string, unknown>;
  panelSettings: Record<string, unknown>;
  display: { enable: boolean; text: string };
  syslog: { addr: string; port: number; severity: number; transport: number } | null;
  /** Handset line test answers by flat (`/panelCode/<n>/resist`); a flat not listed answers 0. */
  lineResist: Record<number, number>;
  /** Relays opened, in order (1: main door, 2: second). */
  doorOpens: number[];
  reboots: number;
  /** How the answers look: extra fields nobody asked for, keys with a capital first letter, `\r\n` line ends. */
  quirks: { extraFields: boolean; capitalizedKeys: boolean; crlf: boolean };
}

/** `state` is the one object the emulator answers from: change its fields, do not replace it. */
export type IsSokolEmulator = RunningEmulator & { readonly state: IsSokolPanelState };

/** A request the panel refuses: `notFound` answers 404 on both revisions; the rest is the revision's refusal. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly notFound = false,
  ) {
    super(message);
  }
}

function emptyCells(dozens: number, units: number): IsSokolCell[][] {
  return Array.from({ length: dozens }, () => Array.from({ length: units }, (): IsSokolCell => null));
}

export function factoryPanelState(revision: 2 | 5): IsSokolPanelState {
  return {
    revision,
    deviceId: revision === 5 ? 'ISC5-0001A2B3' : 'ISC2-00C0FFEE',
    model: revision === 5 ? 'ISCom X1 Plus' : 'ISCom X1',
    firmware: revision === 5 ? '5.4.12' : '2.5.0.9',
    hardware: revision === 5 ? '5.1' : '2.2',
    sipRegistered: false,
    keys: [],
    keyMode: 0,
    flats: [],
    openCodes: [],
    levels: {
      resistances: revision === 5 ? { break: 9.5, error: 2, quiescent: 5, answer: 9 } : { break: 950, error: 200, quiescent: 500, answer: 900 },
      volumes: { panelCall: 7, panelTalk: 7, thTalk: 6, thCall: 6, uartFrom: 5, uartTo: 5, ...(revision === 5 ? { thGate: 5 } : {}) },
    },
    rev2Switch: { modelId: 'CYFRAL', matrices: [1, 2, 3].map((id) => ({ id, capacity: 100, matrix: emptyCells(10, 10) })) },
    rev5Switches: [1, 2, 3, 4].map(() => ({ type: null, summator: null, matrices: [] })),
    sip: { videoEnable: false, remote: { enabled: false, username: '', password: '', domain: '', port: 5060 } },
    sipOptions: { ringDuration: 30, talkDuration: 120, dtmf: { '1': '1', '2': '2' } },
    panelSettings: {},
    display: { enable: false, text: '' },
    syslog: null,
    lineResist: {},
    doorOpens: [],
    reboots: 0,
    quirks: { extraFields: false, capitalizedKeys: false, crlf: false },
  };
}

/**
 * An IS Sokol panel on loopback, rev.2 or rev.5 (PANELS.md «IS Sokol»): factory login root / 123456.
 * Rev.5 also takes rev.2's unprefixed paths for flats, open codes, levels and SIP (the public driver
 * mixes them); rev.2 knows nothing under `/v1`. Refusals: rev.5 answers 400 / 404 with `{errors}`,
 * rev.2 answers 200 with `{errors}` (404 for a thing that is not there).
 */
export async function startIsSokolEmulator(options: { port?: number; host?: string; login?: string; password?: string; revision?: 2 | 5 } = {}): Promise<IsSokolEmulator> {
  const state = factoryPanelState(options.revision ?? 2);
  const handle = (request: EmulatorRequest): EmulatorAnswer => {
    try {
      const body = request.body.trim() === '' ? undefined : (JSON.parse(request.body) as unknown);
      const answer = route(state, request.method, resourcePath(state, request.path), body);
      return render(state, answer);
    } catch (error) {
      // A bug of the emulator itself is no refusal: it surfaces as the shared side's 500.
      if (!(error instanceof Refusal) && !(error instanceof SyntaxError)) throw error;
      const refusal = error instanceof Refusal ? error : new Refusal('malformed JSON');
      const status = refusal.notFound ? 404 : state.revision === 5 ? 400 : 200;
      return { status, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: refusal.message }] }) };
    }
  };
  const running = await startPanelEmulator(handle, { port: options.port, host: options.host, login: options.login ?? 'root', password: options.password ?? '123456' });
  return Object.assign(running, { state });
}

/** Rev.5 serves flats, open codes, levels and SIP with and without `/v1`; rev.2 has no `/v1`. */
function resourcePath(state: IsSokolPanelState, path: string): string {
  const trimmed = path.replace(/\/+$/, '') || '/';
  if (!trimmed.startsWith('/v1/')) return trimmed;
  if (state.revision === 2) throw new Refusal(`${trimmed}: no such resource`, true);
  return /^\/v1\/(panelCode|openCode|levels|sip)(\/|$)/.test(trimmed) ? trimmed.slice(3) : trimmed;
}

/** `undefined`: done, no body; anything else is answered as JSON. */
function route(state: IsSokolPanelState, method: string, path: string, body: unknown): unknown {
  const rev5 = state.revision === 5;
  const at = (pattern: RegExp, verb: string) => (method === verb ? pattern.exec(path) : null);
  let match: RegExpExecArray | null;

  if (at(/^\/v2\/system\/versions$/, 'GET')) return { opt: { name: state.firmware, versions: { hw: { name: state.hardware } } } };
  if (at(/^\/system\/info$/, 'GET')) return { deviceID: state.deviceId, [rev5 ? 'deviceModel' : 'model']: state.model, registerStatus: state.sipRegistered, uptime: 86_400 };
  if (at(/^\/system\/reboot$/, 'PUT')) return void state.reboots++;

  if (at(/^\/key\/store$/, 'GET')) return listOf(state, state.keys.map((key) => (rev5 ? { ...key, encryption: false, access: { main: true, second: true }, securityLevel: 0 } : { uuid: key.uuid })));
  if (at(/^\/key\/store\/merge$/, 'PUT')) return void mergeKeys(state, body);
  if (at(/^\/key\/store\/clear$/, 'DELETE')) return void (state.keys = []);
  if ((match = at(/^\/key\/store\/([^/]+)$/, 'DELETE'))) return void removeWhere(state.keys, (key) => key.uuid === match?.[1].toUpperCase(), `key ${match[1]}`);
  if (at(/^\/key\/settings$/, 'PUT')) return void (state.keyMode = integerIn(field(body, 'mode'), 0, 3, 'mode'));

  if (at(/^\/panelCode$/, 'GET')) return listOf(state, state.flats);
  if (at(/^\/panelCode$/, 'POST')) return void createFlat(state, body);
  if (at(/^\/panelCode\/clear$/, 'DELETE')) return void (state.flats = []);
  if (at(/^\/panelCode\/rooms_update$/, 'PUT') && rev5) return void arrayOf(body, 'rooms').forEach((item) => upsertFlat(state, item));
  if (at(/^\/panelCode\/settings$/, 'GET')) return state.panelSettings;
  if (at(/^\/panelCode\/settings$/, 'PUT')) return void Object.assign(state.panelSettings, objectOf(body, 'settings'));
  if ((match = at(/^\/panelCode\/(\d+)\/resist$/, 'GET'))) return { resist: state.lineResist[flatOf(state, Number(match[1])).panelCode] ?? 0 };
  if ((match = at(/^\/panelCode\/(\d+)$/, 'PUT'))) return void Object.assign(flatOf(state, Number(match[1])), parseFlat(body, Number(match[1])));
  if ((match = at(/^\/panelCode\/(\d+)$/, 'DELETE'))) return void removeWhere(state.flats, (flat) => flat.panelCode === Number(match?.[1]), `flat ${match[1]}`);

  if (at(/^\/openCode$/, 'GET')) return listOf(state, state.openCodes);
  if (at(/^\/openCode$/, 'POST')) return void (rev5 ? arrayOf(body, 'open codes') : [body]).forEach((item) => addOpenCode(state, item));
  if (at(/^\/openCode\/clear$/, 'DELETE')) return void (state.openCodes = []);
  if ((match = at(/^\/openCode\/(\d+)$/, 'DELETE'))) return void removeWhere(state.openCodes, (code) => code.code === Number(match?.[1]), `code ${match[1]}`);

  if (at(/^\/levels$/, 'GET')) return state.levels;
  if (at(/^\/levels$/, 'PUT')) return void putLevels(state, body);

  if (at(/^\/sip\/settings$/, 'GET')) return state.sip;
  if (at(/^\/sip\/settings$/, 'PUT')) return void putSip(state, body);
  if (at(/^\/sip\/options$/, 'PUT')) return void Object.assign(state.sipOptions, objectOf(body, 'options'));

  if (at(/^\/relay\/info$/, 'GET')) return [1, 2];
  if ((match = at(/^\/relay\/(\d+)\/open$/, 'PUT'))) return void state.doorOpens.push(integerIn(Number(match[1]), 1, 2, 'relay'));

  if (!rev5) {
    if (at(/^\/switch\/settings$/, 'GET')) return { modelId: state.rev2Switch.modelId };
    if (at(/^\/switch\/settings$/, 'PUT')) return void putRev2Model(state, body);
    if ((match = at(/^\/switch\/matrix\/([1-3])$/, 'GET'))) return rev2MatrixOf(state, Number(match[1]));
    if ((match = at(/^\/switch\/matrix\/([1-3])$/, 'PUT'))) return void putRev2Matrix(state, Number(match[1]), body);
  } else {
    if ((match = at(/^\/v1\/switch\/([1-4])$/, 'GET'))) return state.rev5Switches[Number(match[1]) - 1];
    if ((match = at(/^\/v1\/switch\/([1-4])$/, 'PUT'))) return void putRev5Switch(state, Number(match[1]), body);
    if (at(/^\/v1\/display$/, 'GET')) return state.display;
    if (at(/^\/v1\/display$/, 'PUT')) return void (state.display = { enable: booleanOf(field(body, 'enable'), 'enable'), text: stringOf(field(body, 'text'), 'text') });
    if (at(/^\/v1\/network\/syslog$/, 'GET')) return state.syslog ?? {};
    if (at(/^\/v1\/network\/syslog$/, 'PUT')) return void putSyslog(state, body);
  }
  throw new Refusal(`${method} ${path}: no such resource`, true);
}

// ---------------------------------------------------------------------------
// Answers

/** Rev.5 answers an empty list with no body at all. */
function listOf(state: IsSokolPanelState, items: readonly unknown[]): unknown {
  return items.length === 0 && state.revision === 5 ? undefined : items;
}

function render(state: IsSokolPanelState, answer: unknown): EmulatorAnswer {
  if (answer === undefined) return { body: '', contentType: 'application/json' };
  const shaped = shapeAnswer(answer, state.quirks);
  const text = state.quirks.crlf ? `${JSON.stringify(shaped, null, 2).replaceAll('\n', '\r\n')}\r\n` : JSON.stringify(shaped);
  return { body: text, contentType: 'application/json' };
}

function shapeAnswer(value: unknown, quirks: IsSokolPanelState['quirks']): unknown {
  if (Array.isArray(value)) return value.map((item) => shapeAnswer(item, quirks));
  if (typeof value !== 'object' || value === null) return value;
  const shaped: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) shaped[quirks.capitalizedKeys ? name.charAt(0).toUpperCase() + name.slice(1) : name] = shapeAnswer(item, quirks);
  if (quirks.extraFields) Object.assign(shaped, { vendorNote: 'extra', _rev: 1 });
  return shaped;
}

// ---------------------------------------------------------------------------
// Requests

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Object.hasOwn(body, name) ? (body as Record<string, unknown>)[name] : undefined;
}

function objectOf(body: unknown, what: string): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Refusal(`${what}: an object expected`);
  return body as Record<string, unknown>;
}

function arrayOf(body: unknown, what: string): unknown[] {
  if (!Array.isArray(body)) throw new Refusal(`${what}: an array expected`);
  return body;
}

function integerIn(value: unknown, min: number, max: number, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw new Refusal(`${what}: an integer ${min}..${max} expected`);
  return value;
}

function levelOrNull(value: unknown, what: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Refusal(`${what}: a number expected`);
  return value;
}

function booleanOf(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') throw new Refusal(`${what}: true or false expected`);
  return value;
}

function stringOf(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Refusal(`${what}: a string expected`);
  return value;
}

function removeWhere<T>(items: T[], matches: (item: T) => boolean, what: string): void {
  const index = items.findIndex(matches);
  if (index === -1) throw new Refusal(`${what}: not found`, true);
  items.splice(index, 1);
}

function mergeKeys(state: IsSokolPanelState, body: unknown): void {
  const given = arrayOf(body, 'keys').map((item) => {
    const uuid = stringOf(field(item, 'uuid'), 'uuid');
    if (!/^[0-9A-Fa-f]{14}$/.test(uuid)) throw new Refusal(`uuid ${uuid}: 14 hex digits expected`);
    const panelCode = field(item, 'panelCode');
    return { uuid: uuid.toUpperCase(), panelCode: panelCode === undefined ? 0 : integerIn(panelCode, 0, 9999, 'panelCode') };
  });
  for (const key of given) {
    const held = state.keys.find((item) => item.uuid === key.uuid);
    if (held) held.panelCode = key.panelCode;
    else state.keys.push(key);
  }
}

function parseFlat(body: unknown, panelCode: number): IsSokolFlat {
  const record = objectOf(body, 'flat');
  if (record.panelCode !== undefined && record.panelCode !== panelCode) throw new Refusal(`panelCode ${String(record.panelCode)} ≠ ${panelCode}`);
  const calls = field(record, 'callsEnabled');
  const resistances = field(record, 'resistances');
  const volumes = field(record, 'volumes');
  const accounts = field(record, 'sipAccounts');
  return {
    panelCode,
    callsEnabled: { handset: booleanOf(field(calls, 'handset') ?? true, 'callsEnabled.handset'), sip: booleanOf(field(calls, 'sip') ?? true, 'callsEnabled.sip') },
    soundOpenTh: (field(record, 'soundOpenTh') as boolean | null | undefined) ?? null,
    resistances: { answer: levelOrNull(field(resistances, 'answer'), 'resistances.answer'), quiescent: levelOrNull(field(resistances, 'quiescent'), 'resistances.quiescent') },
    volumes: Object.fromEntries(
      Object.entries(volumes === undefined ? {} : objectOf(volumes, 'volumes'))
        .filter(([name]) => FLAT_VOLUMES.includes(name))
        .map(([name, level]) => [name, levelOrNull(level, `volumes.${name}`)]),
    ),
    sipAccounts: accounts === undefined ? [String(panelCode)] : arrayOf(accounts, 'sipAccounts').map((account) => stringOf(account, 'sipAccounts[]')),
  };
}

/** Volumes a flat keeps; the panel ignores other names. */
const FLAT_VOLUMES = ['panelTalk', 'thTalk', 'thCall', 'uartFrom', 'uartTo', 'thGate'];

function flatOf(state: IsSokolPanelState, panelCode: number): IsSokolFlat {
  const flat = state.flats.find((item) => item.panelCode === panelCode);
  if (!flat) throw new Refusal(`flat ${panelCode}: not found`, true);
  return flat;
}

function createFlat(state: IsSokolPanelState, body: unknown): void {
  const panelCode = integerIn(field(body, 'panelCode'), 1, 9999, 'panelCode');
  if (state.flats.some((flat) => flat.panelCode === panelCode)) throw new Refusal(`flat ${panelCode}: exists`);
  state.flats.push(parseFlat(body, panelCode));
  state.flats.sort((a, b) => a.panelCode - b.panelCode);
}

function upsertFlat(state: IsSokolPanelState, body: unknown): void {
  const panelCode = integerIn(field(body, 'panelCode'), 1, 9999, 'panelCode');
  const flat = parseFlat(body, panelCode);
  const index = state.flats.findIndex((item) => item.panelCode === panelCode);
  if (index === -1) state.flats.push(flat);
  else state.flats[index] = flat;
  state.flats.sort((a, b) => a.panelCode - b.panelCode);
}

function addOpenCode(state: IsSokolPanelState, body: unknown): void {
  const code = integerIn(field(body, 'code'), 10_000, 99_999, 'code');
  const panelCode = integerIn(field(body, 'panelCode'), 0, 9999, 'panelCode');
  if (state.openCodes.some((item) => item.code === code)) throw new Refusal(`code ${code}: exists`);
  state.openCodes.push({ code, panelCode });
}

function putLevels(state: IsSokolPanelState, body: unknown): void {
  const record = objectOf(body, 'levels');
  for (const part of ['resistances', 'volumes'] as const) {
    if (record[part] === undefined) continue;
    for (const [name, level] of Object.entries(objectOf(record[part], part))) {
      const value = levelOrNull(level, `${part}.${name}`);
      if (value !== null) state.levels[part][name] = value;
    }
  }
}

function putSip(state: IsSokolPanelState, body: unknown): void {
  const record = objectOf(body, 'sip');
  if (record.videoEnable !== undefined) state.sip.videoEnable = booleanOf(record.videoEnable, 'videoEnable');
  if (record.remote === undefined) return;
  const remote = objectOf(record.remote, 'remote');
  if (remote.port !== undefined) integerIn(remote.port, 1, 65_535, 'remote.port');
  for (const name of ['username', 'password', 'domain'] as const) if (remote[name] !== undefined) stringOf(remote[name], `remote.${name}`);
  Object.assign(state.sip.remote, remote);
}

function putSyslog(state: IsSokolPanelState, body: unknown): void {
  state.syslog = {
    addr: stringOf(field(body, 'addr'), 'addr'),
    port: integerIn(field(body, 'port'), 1, 65_535, 'port'),
    severity: integerIn(field(body, 'severity'), 0, 7, 'severity'),
    transport: integerIn(field(body, 'transport'), 0, 2, 'transport'),
  };
}

/** A matrix of `dozens` × `units` cells, each null (0 is taken as null) or a flat 1..9999. */
function cellsOf(value: unknown, dozens: number, units: number, what: string): IsSokolCell[][] {
  const matrix = arrayOf(value, what);
  if (matrix.length !== dozens) throw new Refusal(`${what}: ${dozens} dozens expected`);
  return matrix.map((dozen) => {
    const cells = arrayOf(dozen, what);
    if (cells.length !== units) throw new Refusal(`${what}: ${units} units per dozen expected`);
    return cells.map((cell) => (cell === null || cell === 0 ? null : integerIn(cell, 1, 9999, `${what} cell`)));
  });
}

/** [dozens, units] of a rev.2 matrix by its capacity. */
const REV2_GRIDS: Readonly<Record<number, readonly [number, number]>> = { 64: [8, 8], 100: [10, 10], 220: [22, 10] };

function rev2MatrixOf(state: IsSokolPanelState, index: number): { capacity: number; matrix: IsSokolCell[][] } {
  const { capacity, matrix } = state.rev2Switch.matrices[index - 1];
  return { capacity, matrix };
}

/** A new model wipes the matrices (assumed, as Beward's does). */
function putRev2Model(state: IsSokolPanelState, body: unknown): void {
  const modelId = stringOf(field(body, 'modelId'), 'modelId');
  if (!(REV2_MODEL_IDS as readonly string[]).includes(modelId)) throw new Refusal(`modelId ${modelId}: unknown`);
  if (modelId === state.rev2Switch.modelId) return;
  const [dozens, units] = modelId === 'FACTORIAL' ? REV2_GRIDS[64] : REV2_GRIDS[100];
  state.rev2Switch = { modelId, matrices: [1, 2, 3].map((id) => ({ id, capacity: dozens * units, matrix: emptyCells(dozens, units) })) };
}

function putRev2Matrix(state: IsSokolPanelState, index: number, body: unknown): void {
  const capacity = field(body, 'capacity');
  if (typeof capacity !== 'number' || !(REV2_CAPACITIES as readonly number[]).includes(capacity)) throw new Refusal(`capacity ${String(capacity)}: 64, 100 or 220 expected`);
  if ((capacity === 64) !== (state.rev2Switch.modelId === 'FACTORIAL')) throw new Refusal(`capacity ${capacity} does not fit ${state.rev2Switch.modelId}`);
  const [dozens, units] = REV2_GRIDS[capacity];
  state.rev2Switch.matrices[index - 1] = { id: index, capacity, matrix: cellsOf(field(body, 'matrix'), dozens, units, 'matrix') };
}

function putRev5Switch(state: IsSokolPanelState, index: number, body: unknown): void {
  const type = field(body, 'type');
  if (type !== null) integerIn(type, 0, 99, 'type');
  const known = rev5TypeOf(type as number | null);
  if (type !== null && !known) throw new Refusal(`type ${String(type)}: unknown`);
  const matrices = arrayOf(field(body, 'matrices') ?? [], 'matrices').map((item, position) => {
    if (!known) throw new Refusal('matrices need a type');
    if (position > 0) throw new Refusal(`type ${known.type} has one matrix per switch`);
    const capacity = integerIn(field(item, 'capacity'), 1, 1000, 'capacity');
    if (capacity !== known.dozens * known.units) throw new Refusal(`capacity ${capacity}: ${known.name} holds ${known.dozens * known.units}`);
    return { id: integerIn(field(item, 'id'), 1, 8, 'id'), capacity, matrix: cellsOf(field(item, 'matrix'), known.dozens, known.units, 'matrix') };
  });
  const summator = field(body, 'summator');
  state.rev5Switches[index - 1] = { type: known?.type ?? null, summator: summator === undefined || summator === null ? null : integerIn(summator, 0, 1, 'summator'), matrices };
}
