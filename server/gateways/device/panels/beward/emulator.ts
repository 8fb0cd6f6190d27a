import { startPanelEmulator, type EmulatorAnswer, type EmulatorRequest, type RunningEmulator } from '../panel-emulator';
import { commutatorTypeNamed } from './commutators';
import type { BewardFlat } from './flats';

/** Everything an emulated Beward panel keeps, as plain data a test reads and seeds. */
export interface BewardPanelState {
  system: { deviceId: string; model: string; hardware: string; firmware: string; upTime: string };
  /** single: one table (rfid_cgi); dual: mifare_cgi for the panel's reader plus extrfid_cgi for the external one. */
  keyTables: 'single' | 'dual';
  keys: { rfid: string[]; mifare: string[]; external: string[] };
  flats: BewardFlat[];
  intercom: {
    handsetUpLevel: number;
    doorOpenLevel: number;
    doorOpenTime: number;
    callTimeout: number;
    talkTimeout: number;
    conciergeApartment: number;
    doorCode: string;
    doorCodeActive: boolean;
  };
  /** type: the model's name ('' none); matrix[cms][unit][dozen] = flat, 0 empty. */
  commutator: { type: string; matrix: number[][][] };
  sip: { enabled: boolean; login: string; password: string; server: string; port: number; registered: boolean };
  audio: Record<string, number>;
  display: { tickerEnable: boolean; tickerText: string; tickerTimeout: number };
  syslog: { enable: boolean; protocol: string; address: string; port: number; logLevel: number };
  /** Gate mode (`gate_cgi`): the houses a gate serves, by prefix. */
  gate: { mode: number; enable: boolean; entrances: { address: string; prefix: number; begNumber: number; endNumber: number }[] };
  /** Raw line level (0..1023) by flat number. */
  lineLevels: Record<string, number>;
  /** What the door outputs did: `maindoor`, `altdoor`, `light:on`, `light:off`. */
  doorEvents: string[];
  /** forcesave calls, and reboots (a reboot brings back what was last saved). */
  saves: number;
  reboots: number;
}

/** How the emulator words its answers, to test a driver's tolerance. */
export interface BewardAnswerStyle {
  lineEnd: '\r\n' | '\n';
  keyCase: 'as-is' | 'lower' | 'upper';
  /** Lines a driver does not ask for, in every `Key=Value` answer. */
  extraLines: boolean;
}

export interface BewardEmulator extends RunningEmulator {
  state: BewardPanelState;
  style: BewardAnswerStyle;
}

/** Model ids as `/xml/kmnducfg.xml` lists them (`opkmntype<id>`); the emulator's own order. */
const KMN_TYPES = [
  'COM-25U',
  'COM-80U',
  'COM-100U',
  'COM-160U',
  'COM-220U',
  'BK-30/BK-10/BK-4AV/BK-4MVE/BK-4M',
  'BK-100',
  'BK-400',
  'KMG-100',
  'KMG-100I',
  'KM20-1',
  'KM100-7.1',
  'KM100-7.2',
  'KM100-7.3',
  'KM100-7.5',
  'KKM-100S2',
  'KKM-105',
  'KKM-108',
  'Factorial 8x8',
  'KAD2501',
  'KAD2502 (DP-K2D)',
] as const;

const KEY_PATTERN = /^[0-9A-F]{14}$/;
const LAST_FLAT = 9999;

export function factoryBewardState(): BewardPanelState {
  return {
    system: { deviceId: '1F2E3D4C5B6A', model: 'DKS977957_rev5.5.3.9.2', hardware: '5.5.3.9.2', firmware: '2.5.0.9.2', upTime: '0.01:02:03' },
    keyTables: 'dual',
    keys: { rfid: [], mifare: [], external: [] },
    flats: [],
    intercom: { handsetUpLevel: 330, doorOpenLevel: 530, doorOpenTime: 3, callTimeout: 30, talkTimeout: 120, conciergeApartment: 0, doorCode: '12345', doorCodeActive: false },
    commutator: { type: 'KMG-100', matrix: zeroMatrix('KMG-100') },
    sip: { enabled: false, login: '', password: '', server: '', port: 5060, registered: false },
    audio: { AudioInVol: 8, AudioOutVol: 8, SystemVol: 8, AHSVol: 8, AHSSens: 8, GateInVol: 8, GateOutVol: 8, MicInSensitivity: 8, MicOutSensitivity: 8, SpeakerInVolume: 8, SpeakerOutVolume: 8 },
    display: { tickerEnable: false, tickerText: '', tickerTimeout: 125 },
    syslog: { enable: false, protocol: 'udp', address: '', port: 514, logLevel: 6 },
    gate: { mode: 0, enable: false, entrances: [] },
    lineLevels: {},
    doorEvents: [],
    saves: 0,
    reboots: 0,
  };
}

function dimensionsOf(type: string): { commutators: number; units: number; dozens: number } {
  return commutatorTypeNamed(type) ?? { commutators: 1, units: 10, dozens: 10 };
}

function zeroMatrix(type: string): number[][][] {
  if (type === '') return [];
  const { commutators, units, dozens } = dimensionsOf(type);
  return Array.from({ length: commutators }, () => Array.from({ length: units }, () => Array.from({ length: dozens }, () => 0)));
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (message: string, status = 400): never => {
  throw new Refusal(status, `Error: ${message}`);
};

function onOff(query: URLSearchParams, name: string, current: boolean): boolean {
  const value = query.get(name);
  if (value === null) return current;
  if (value === 'on' || value === '1') return true;
  if (value === 'off' || value === '0') return false;
  return refuse(`${name} must be on or off`);
}

function integer(query: URLSearchParams, name: string, current: number, min = 0, max = 65_535): number {
  const value = query.get(name);
  if (value === null) return current;
  if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) return refuse(`${name} out of range`);
  return Number(value);
}

function digits(query: URLSearchParams, name: string, current: string): string {
  const value = query.get(name);
  if (value === null) return current;
  if (!/^\d{1,8}$/.test(value)) return refuse(`${name} must be 1 to 8 digits`);
  return value;
}

/**
 * A Beward DKS panel on loopback, answering its CGI as PANELS.md says: `Key=Value` lines ending in
 * `\r\n`, `OK` for a write, 400 with `Error: …` for a bad request, 404 «… is not defined» for a CGI
 * the panel does not have (one key table or two). Factory credentials admin / admin. Settings live
 * in `state`; `forcesave` copies them to «flash», which a reboot brings back.
 */
export async function startBewardEmulator(options: { port?: number; host?: string; login?: string; password?: string; state?: BewardPanelState } = {}): Promise<BewardEmulator> {
  const state = options.state ?? factoryBewardState();
  let saved = structuredClone(state);
  const style: BewardAnswerStyle = { lineEnd: '\r\n', keyCase: 'as-is', extraLines: false };

  const keyValues = (lines: readonly (readonly [string, string | number | boolean])[], extra: readonly (readonly [string, string | number | boolean])[] = []): EmulatorAnswer => {
    const shown = style.extraLines ? [...lines, ...extra] : lines;
    const name = (key: string) => (style.keyCase === 'lower' ? key.toLowerCase() : style.keyCase === 'upper' ? key.toUpperCase() : key);
    const text = (value: string | number | boolean) => (typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value));
    return { body: shown.map(([key, value]) => `${name(key)}=${text(value)}${style.lineEnd}`).join('') };
  };
  const ok = (): EmulatorAnswer => ({ body: `OK${style.lineEnd}` });
  const notDefined = (path: string): EmulatorAnswer => ({ status: 404, body: `Error: ${path} is not defined${style.lineEnd}` });

  const keyTable = (path: string, query: URLSearchParams): EmulatorAnswer => {
    const table = path === '/cgi-bin/rfid_cgi' ? 'rfid' : path === '/cgi-bin/mifare_cgi' ? 'mifare' : 'external';
    if ((state.keyTables === 'single') !== (table === 'rfid')) return notDefined(path);
    const keys = state.keys[table];
    const action = query.get('action');
    if (action === null) return ok();
    if (action === 'list') {
      const name = table === 'rfid' ? 'KeyValue' : 'Key';
      return keyValues(keys.flatMap((key, index) => (table === 'rfid' ? [[`${name}${index + 1}`, key] as const] : [[`${name}${index + 1}`, key] as const, [`Type${index + 1}`, 1] as const])));
    }
    if (action === 'clear') {
      if (table !== 'rfid') return refuse('unknown action');
      keys.splice(0);
      return ok();
    }
    const key = query.get('Key') ?? '';
    if (!KEY_PATTERN.test(key)) return refuse('Key must be 14 upper-case hex digits');
    if (action === 'add') {
      if (!keys.includes(key)) keys.push(key);
      return ok();
    }
    if (action === 'delete') {
      const at = keys.indexOf(key);
      if (at >= 0) keys.splice(at, 1);
      return ok();
    }
    return refuse('unknown action');
  };

  const apartments = (query: URLSearchParams): EmulatorAnswer => {
    const action = query.get('action');
    if (action === 'list') {
      const first = integer(query, 'FirstNumber', 1, 1, LAST_FLAT);
      const last = integer(query, 'LastNumber', LAST_FLAT, 1, LAST_FLAT);
      const listed = state.flats.filter((flat) => flat.number >= first && flat.number <= last).sort((left, right) => left.number - right.number);
      return keyValues(
        listed.flatMap((flat, at) => {
          const i = at + 1;
          return [
            [`Number${i}`, flat.number],
            [`DoorCode${i}`, flat.doorCode],
            [`DoorCodeActive${i}`, flat.doorCodeActive],
            [`RegCodeActive${i}`, false],
            [`BlockCMS${i}`, flat.blockCms],
            [`PhonesActive${i}`, flat.phonesActive],
            ...flat.phones.map((phone, k) => [`Phone${i}_${k + 1}`, phone] as const),
            [`HandsetUpLevel${i}`, flat.handsetUpLevel ?? state.intercom.handsetUpLevel],
            [`DoorOpenLevel${i}`, flat.doorOpenLevel ?? state.intercom.doorOpenLevel],
          ] as const;
        }),
      );
    }
    if (action === 'set') {
      const number = integer(query, 'Number', -1, 1, LAST_FLAT);
      if (number < 0) return refuse('Number is required');
      const current = state.flats.find((flat) => flat.number === number);
      const flat: BewardFlat = current ?? { number, doorCode: '', doorCodeActive: false, blockCms: false, phonesActive: false, phones: ['', '', '', '', ''], handsetUpLevel: state.intercom.handsetUpLevel, doorOpenLevel: state.intercom.doorOpenLevel };
      const next: BewardFlat = {
        number,
        doorCode: digits(query, 'DoorCode', flat.doorCode),
        doorCodeActive: onOff(query, 'DoorCodeActive', flat.doorCodeActive),
        blockCms: onOff(query, 'BlockCMS', flat.blockCms),
        phonesActive: onOff(query, 'PhonesActive', flat.phonesActive),
        phones: flat.phones.map((phone, k) => query.get(`Phone${k + 1}`) ?? phone),
        handsetUpLevel: integer(query, 'HandsetUpLevel', flat.handsetUpLevel ?? state.intercom.handsetUpLevel),
        doorOpenLevel: integer(query, 'DoorOpenLevel', flat.doorOpenLevel ?? state.intercom.doorOpenLevel),
      };
      onOff(query, 'RegCodeActive', false);
      if (next.doorCodeActive && next.doorCode === '') return refuse('DoorCode is required');
      state.flats = [...state.flats.filter((item) => item.number !== number), next].sort((left, right) => left.number - right.number);
      return ok();
    }
    if (action === 'clear') {
      const first = integer(query, 'FirstNumber', -1, 1, LAST_FLAT);
      if (first < 0) return refuse('FirstNumber is required');
      const last = integer(query, 'LastNumber', first, first, LAST_FLAT);
      state.flats = state.flats.filter((flat) => flat.number < first || flat.number > last);
      return ok();
    }
    return refuse('unknown action');
  };

  const intercom = (query: URLSearchParams): EmulatorAnswer => {
    const action = query.get('action');
    const settings = state.intercom;
    if (action === 'get') {
      return keyValues(
        [
          ['HandsetUpLevel', settings.handsetUpLevel],
          ['DoorOpenLevel', settings.doorOpenLevel],
          ['DoorOpenTime', settings.doorOpenTime],
          ['CallTimeout', settings.callTimeout],
          ['TalkTimeout', settings.talkTimeout],
          ['ConciergeApartment', settings.conciergeApartment],
          ['DoorCode', settings.doorCode],
          ['DoorCodeActive', settings.doorCodeActive],
        ],
        [
          ['IndividualLevels', 'on'],
          ['AlertNoUSBDisk', 'off'],
        ],
      );
    }
    if (action === 'set') {
      state.intercom = {
        handsetUpLevel: integer(query, 'HandsetUpLevel', settings.handsetUpLevel),
        doorOpenLevel: integer(query, 'DoorOpenLevel', settings.doorOpenLevel),
        doorOpenTime: integer(query, 'DoorOpenTime', settings.doorOpenTime),
        callTimeout: integer(query, 'CallTimeout', settings.callTimeout),
        talkTimeout: integer(query, 'TalkTimeout', settings.talkTimeout),
        conciergeApartment: integer(query, 'ConciergeApartment', settings.conciergeApartment),
        doorCode: digits(query, 'DoorCode', settings.doorCode),
        doorCodeActive: onOff(query, 'DoorCodeActive', settings.doorCodeActive),
      };
      return ok();
    }
    if (action === 'linelevel') {
      const flat = integer(query, 'Apartment', -1, 1, LAST_FLAT);
      if (flat < 0) return refuse('Apartment is required');
      return { body: `${state.lineLevels[String(flat)] ?? 0}${style.lineEnd}` };
    }
    if (action === 'maindoor' || action === 'altdoor') {
      state.doorEvents.push(action);
      return ok();
    }
    if (action === 'light') {
      state.doorEvents.push(`light:${onOff(query, 'Enable', false) ? 'on' : 'off'}`);
      return ok();
    }
    return refuse('unknown action');
  };

  const commutator = (query: URLSearchParams): EmulatorAnswer => {
    const action = query.get('action');
    if (action === 'list' && query.get('Index') === '-1') return keyValues([['Type', state.commutator.type]], [['Count', state.commutator.matrix.length]]);
    if (action === 'export') {
      const id = KMN_TYPES.indexOf(state.commutator.type as (typeof KMN_TYPES)[number]);
      const end = style.lineEnd;
      const blocks = state.commutator.matrix.map((units) => units.map((dozens) => dozens.join(',')).join(end));
      return { body: `${id}${end}${end}${blocks.join(end + end)}${end}` };
    }
    return refuse('unknown action');
  };

  const commutatorForm = (request: EmulatorRequest): EmulatorAnswer => {
    if (request.method === 'GET') {
      const id = integer(request.query, 'kmntype', -1, 0, KMN_TYPES.length - 1);
      if (id < 0) return refuse('kmntype is required');
      state.commutator = { type: KMN_TYPES[id], matrix: zeroMatrix(KMN_TYPES[id]) };
      return { body: '<html><body>Saved</body></html>', contentType: 'text/html' };
    }
    const matrix = state.commutator.matrix;
    for (const [name, value] of new URLSearchParams(request.body)) {
      const cell = /^du(\d+)_(\d+)_(\d+)$/.exec(name);
      if (!cell) continue;
      const [cms, unit, dozen] = cell.slice(1).map(Number);
      if (!/^\d+$/.test(value)) return refuse(`${name} must be a flat number`);
      if (matrix[cms]?.[unit]?.[dozen] === undefined) {
        if (value !== '0') return refuse(`${name} is outside ${state.commutator.type}`);
        continue;
      }
      matrix[cms][unit][dozen] = Number(value);
    }
    return { body: '<html><body>Saved</body></html>', contentType: 'text/html' };
  };

  const sipForm = (query: URLSearchParams): EmulatorAnswer => {
    if (query.get('cksip') === '0') {
      state.sip = { ...state.sip, enabled: false, login: '', server: '', registered: false };
    } else {
      const server = query.get('regserver') ?? state.sip.server;
      const enabled = query.get('ckenablesip') === '1';
      state.sip = {
        enabled,
        login: query.get('username') ?? state.sip.login,
        password: query.get('passchanged') === '1' ? (query.get('pass') ?? '') : state.sip.password,
        server,
        port: integer(query, 'regport', state.sip.port, 1, 65_535),
        registered: enabled && server !== '',
      };
    }
    return { body: '<html><body>Saved</body></html>', contentType: 'text/html' };
  };

  const sip = (query: URLSearchParams): EmulatorAnswer => {
    const action = query.get('action');
    if (action === 'get') {
      return keyValues(
        [
          ['AccEnable1', state.sip.enabled],
          ['AccUser1', state.sip.login],
          ['RegServerUrl1', state.sip.server],
          ['RegServerPort1', state.sip.port],
          ['NatEnable1', false],
          ['StunUrl1', ''],
          ['StunPort1', 3478],
        ],
        [
          ['DtmfSignal1', '1'],
          ['DtmfSignal2', '2'],
        ],
      );
    }
    if (action === 'regstatus') return keyValues([['AccountReg1', state.sip.registered ? 1 : 0]], [['AccountReg2', '0']]);
    return refuse('unknown action');
  };

  const section = (query: URLSearchParams, read: () => EmulatorAnswer, write: () => void): EmulatorAnswer => {
    const action = query.get('action');
    if (action === 'get') return read();
    if (action !== 'set') return refuse('unknown action');
    write();
    return ok();
  };

  const handler = (request: EmulatorRequest): EmulatorAnswer => {
    const { path, query } = request;
    try {
      switch (path) {
        case '/cgi-bin/systeminfo_cgi':
          return keyValues(
            [
              ['DeviceID', state.system.deviceId],
              ['DeviceModel', state.system.model],
              ['HardwareVersion', state.system.hardware],
              ['SoftwareVersion', state.system.firmware],
              ['UpTime', state.system.upTime],
            ],
            [['WebVersion', '1.0.0']],
          );
        case '/cgi-bin/rfid_cgi':
        case '/cgi-bin/mifare_cgi':
        case '/cgi-bin/extrfid_cgi':
          return keyTable(path, query);
        case '/cgi-bin/apartment_cgi':
          return apartments(query);
        case '/cgi-bin/intercom_cgi':
          return intercom(query);
        case '/cgi-bin/intercomdu_cgi':
          return commutator(query);
        case '/xml/kmnducfg.xml':
          return { contentType: 'text/xml', body: kmnTypesXml() };
        case '/webs/kmnDUCfgEx':
          return commutatorForm(request);
        case '/cgi-bin/sip_cgi':
          return sip(query);
        case '/webs/SIP1CfgEx':
          return sipForm(query);
        case '/cgi-bin/audio_cgi':
          return section(
            query,
            () => keyValues(Object.entries(state.audio)),
            () => {
              for (const name of Object.keys(state.audio)) state.audio[name] = integer(query, name, state.audio[name], 0, 15);
            },
          );
        case '/cgi-bin/display_cgi':
          return section(
            query,
            () => keyValues([['TickerEnable', state.display.tickerEnable], ['TickerText', state.display.tickerText], ['TickerTimeout', state.display.tickerTimeout]]),
            () => {
              state.display = { tickerEnable: onOff(query, 'TickerEnable', state.display.tickerEnable), tickerText: query.get('TickerText') ?? state.display.tickerText, tickerTimeout: integer(query, 'TickerTimeout', state.display.tickerTimeout) };
            },
          );
        case '/cgi-bin/rsyslog_cgi':
          return section(
            query,
            () => keyValues([['Enable', state.syslog.enable], ['Protocol', state.syslog.protocol], ['ServerAddress', state.syslog.address], ['ServerPort', state.syslog.port], ['LogLevel', state.syslog.logLevel]]),
            () => {
              state.syslog = {
                enable: onOff(query, 'Enable', state.syslog.enable),
                protocol: query.get('Protocol') ?? state.syslog.protocol,
                address: query.get('ServerAddress') ?? state.syslog.address,
                port: integer(query, 'ServerPort', state.syslog.port, 1, 65_535),
                logLevel: integer(query, 'LogLevel', state.syslog.logLevel, 0, 7),
              };
            },
          );
        case '/cgi-bin/gate_cgi':
          return section(
            query,
            () =>
              keyValues([
                ['Mode', state.gate.mode],
                ['Enable', state.gate.enable],
                ['EntranceCount', state.gate.entrances.length],
                ...state.gate.entrances.flatMap((entrance, index): [string, string | number][] => [
                  [`Address${index + 1}`, entrance.address],
                  [`Prefix${index + 1}`, entrance.prefix],
                  [`BegNumber${index + 1}`, entrance.begNumber],
                  [`EndNumber${index + 1}`, entrance.endNumber],
                ]),
              ]),
            () => {
              const count = integer(query, 'EntranceCount', 0, 0, 64);
              state.gate = {
                mode: integer(query, 'Mode', state.gate.mode, 0, 2),
                enable: onOff(query, 'Enable', state.gate.enable),
                entrances: Array.from({ length: count }, (_item, index) => ({
                  address: query.get(`Address${index + 1}`) ?? '',
                  prefix: integer(query, `Prefix${index + 1}`, 0, 0, 9999),
                  begNumber: integer(query, `BegNumber${index + 1}`, 1, 1, 9999),
                  endNumber: integer(query, `EndNumber${index + 1}`, 1, 1, 9999),
                })),
              };
            },
          );
        case '/cgi-bin/config_cgi':
          if (query.get('action') !== 'forcesave') return refuse('unknown action');
          state.saves += 1;
          saved = structuredClone(state);
          return ok();
        case '/webs/btnHitEx':
          if (query.get('flag') !== '21') return refuse('unknown flag');
          Object.assign(state, structuredClone(saved), { saves: state.saves, reboots: state.reboots + 1, doorEvents: state.doorEvents });
          return { body: '<html><body>Rebooting</body></html>', contentType: 'text/html' };
        default:
          return notDefined(path);
      }
    } catch (error) {
      if (error instanceof Refusal) return { status: error.status, body: `${error.message}${style.lineEnd}` };
      throw error;
    }
  };

  const running = await startPanelEmulator(handler, { port: options.port, host: options.host, login: options.login ?? 'admin', password: options.password ?? 'admin' });
  return Object.assign(running, { state, style });
}

/** The panel's model list as its web UI loads it: a Russian and an English section, ids in the element names. */
function kmnTypesXml(): string {
  const section = (attributes: string, prefix: string) =>
    `<Resources ${attributes}><Page name="kmnducfg">${KMN_TYPES.map((name, id) => `<opkmntype${id}>${prefix}${name}</opkmntype${id}>`).join('')}</Page></Resources>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Root>${section('lan="ru" name="Russian"', 'Коммутатор ')}${section('lan="en" name="English"', 'Beward ')}</Root>\n`;
}
