import type { CommutationOnDevice, CompanyFlatList, DeviceChange, DeviceHolding, FlatSettingValue, SipChange } from '../../device-gateway';
import { FLAT_WRITES_AT_ONCE, PanelError, eachAtMost, uploadedFlatNumbers, type PanelCommutation, type PanelDriver, type PanelSystemInfo, type PanelTarget } from '../panel-driver';
import type { PanelAnswer, PanelHttp } from '../panel-http';
import {
  REV2_CAPACITIES,
  REV2_MODEL_IDS,
  fromPanelMatrix,
  modelOfRev2Id,
  rev2Shift,
  rev5TypeFor,
  rev5TypeOf,
  toPanelMatrix,
  type PanelMatrixShape,
} from './commutation';
import { ISCOM_FLAT_SETTING_KEYS, flatEntryBody, flatSettingsOf, newFlatEntry, parseFlatEntry, withFlatSettings, type IsFlatEntry } from './flat-entry';
import {
  field,
  fieldAt,
  optionalBoolean,
  optionalInteger,
  optionalNumber,
  optionalString,
  parseJsonAnswer,
  requireArray,
  requireInteger,
  requireRecord,
} from './json-answer';
import { refuseUnlessOk, refuseOnErrors, keyUidOf, panelCodeOf, doorCodeOf, PANEL_RESISTANCES, PANEL_VOLUMES, knownLevels, levelValue, panelMatrixOf, keptCommutators, capacityOf, emptyMatrix } from './panel-values';

export type IsRevision = 2 | 5;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type KeyChange = Extract<DeviceChange, { kind: 'key' }>;
type DoorCodeChange = Extract<DeviceChange, { kind: 'doorCode' }>;
type CommutatorsChange = Extract<DeviceChange, { kind: 'commutators' }>;

interface PanelVersions {
  revision: IsRevision;
  firmware: string | null;
  hardware: string;
}

interface OpenCode {
  code: number;
  panelCode: number;
}

interface PanelKey {
  uuid: string;
  panelCode: number;
}

export interface IsSokolDriverOptions {
  /** How long a panel's revision is trusted before `/v2/system/versions` is asked again, ms (default 10 minutes). */
  revisionTtlMs?: number;
  now?: () => number;
}

/** Rev.5 takes flats in bulk; a long range goes in parts this size. */
const FLATS_PER_BULK_WRITE = 500;
const REV2_MATRICES = 3;
const REV5_SWITCHES = 4;

/** Rev.5 (Sokol Plus) keeps most resources under `/v1`; rev.2 has no prefix (PANELS.md). */
function pathsOf(revision: IsRevision) {
  const v1 = revision === 5 ? '/v1' : '';
  return {
    flats: `${v1}/panelCode`,
    openCodes: `${v1}/openCode`,
    levels: `${v1}/levels`,
    sip: `${v1}/sip/settings`,
  };
}

/**
 * IS Sokol / ISCom X1 panels (ISCOM_X0, ISCOM_X1, BEWARD_ISCOM, ISCOM_RWE, ISCOM_S2): REST + JSON,
 * rev.2 and rev.5 told apart by the hardware version (docs/panels-iscom.md).
 */
export class IsSokolDriver implements PanelDriver {
  readonly family = 'iscom';
  readonly flatSettingKeys: readonly string[] = ISCOM_FLAT_SETTING_KEYS;
  private readonly versions = new Map<string, { at: number; versions: Promise<PanelVersions> }>();
  private readonly revisionTtlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly http: PanelHttp,
    options: IsSokolDriverOptions = {},
  ) {
    this.revisionTtlMs = options.revisionTtlMs ?? 10 * 60_000;
    this.now = options.now ?? Date.now;
  }

  async systemInfo(panel: PanelTarget): Promise<PanelSystemInfo> {
    const versions = await this.panelVersions(panel, true);
    const info = requireRecord(await this.read(panel, '/system/info'), 'GET /system/info');
    const deviceId = optionalString(field(info, 'deviceID'), 'deviceID');
    let sipRegistered: boolean | null;
    try {
      sipRegistered = optionalBoolean(field(info, 'registerStatus'), 'registerStatus');
    } catch {
      // A registration state in a form we do not know is no reason to call the panel dead.
      sipRegistered = null;
    }
    return {
      alive: deviceId !== null && deviceId.trim() !== '',
      model: optionalString(field(info, 'deviceModel'), 'deviceModel') ?? optionalString(field(info, 'model'), 'model'),
      firmware: versions.firmware,
      hardware: versions.hardware,
      sipRegistered,
    };
  }

  async push(panel: PanelTarget, change: DeviceChange): Promise<void> {
    switch (change.kind) {
      case 'key':
        return this.pushKey(panel, change);
      case 'doorCode':
        return this.pushDoorCode(panel, change);
      case 'clear':
        return change.what === 'keys' ? this.clearKeys(panel) : this.write(panel, 'DELETE', `${pathsOf(await this.revision(panel)).openCodes}/clear`);
      case 'flats':
        return this.pushFlatRange(panel, change.firstFlat, change.lastFlat);
      case 'flatSettings':
        return this.pushFlatSettings(panel, change.flatNum, change.settings);
      case 'commutators':
        return this.pushCommutators(panel, change);
      case 'sip':
        return this.pushSip(panel, change);
      case 'levels':
        return this.pushLevels(panel, change.value);
      case 'display':
        return this.pushDisplay(panel, change.value);
      default:
        throw new PanelError('unsupported', UNSUPPORTED_CHANGES[change.kind]);
    }
  }

  async readHolding(panel: PanelTarget): Promise<DeviceHolding> {
    const revision = await this.revision(panel);
    const keys = await this.readKeys(panel, revision);
    const codes = await this.readOpenCodes(panel, revision);
    const flats = await this.readFlats(panel, revision);
    const commutation = await this.readCommutation(panel);
    const sip = await this.readSip(panel, revision);
    const panelCodes = flats.map((flat) => flat.panelCode);
    const flatRange = panelCodes.length === 0 ? null : { firstFlat: Math.min(...panelCodes), lastFlat: Math.max(...panelCodes) };
    const onDevice: CommutationOnDevice | null =
      commutation.model === null && commutation.commutators.length === 0
        ? null
        : { model: commutation.model, commutators: commutation.commutators, flatRange, defaultSize: capacityOf(commutation.commutators[0]?.matrix) };
    return {
      keys: keys.map((key) => ({ value: key.uuid, rs: false, inner: false, flatNum: key.panelCode > 0 ? key.panelCode : null, isSecurity: false, scenarios: [] })),
      doorCodes: codes.map((code) => ({ flatNum: code.panelCode === 0 ? null : code.panelCode, code: String(code.code) })),
      keylessCodes: [],
      commutation: onDevice,
      sip,
      flatSettings: flats.flatMap((flat) => {
        const settings = flatSettingsOf(flat);
        return Object.keys(settings).length === 0 ? [] : [{ flatNum: flat.panelCode, settings }];
      }),
    };
  }

  async readCommutation(panel: PanelTarget): Promise<PanelCommutation> {
    return (await this.revision(panel)) === 5 ? this.readRev5Commutation(panel) : this.readRev2Commutation(panel);
  }

  async lineLevel(panel: PanelTarget, flatNum: number): Promise<number> {
    const what = `GET /panelCode/${flatNum}/resist`;
    const answer = await this.read(panel, `/panelCode/${panelCodeOf(flatNum)}/resist`);
    const resist = optionalNumber(field(answer, 'resist'), `${what}: resist`);
    if (resist === null) throw new PanelError('garbled', `${what}: нет resist`);
    return Math.round(Math.min(100, Math.max(0, resist)));
  }

  async openDoor(panel: PanelTarget, door: number): Promise<void> {
    if (door !== 0 && door !== 1) throw new PanelError('unsupported', `дверь ${door}: у панели две (0, 1)`);
    await this.write(panel, 'PUT', `/relay/${door + 1}/open`);
  }

  async reboot(panel: PanelTarget): Promise<void> {
    await this.write(panel, 'PUT', '/system/reboot');
  }

  async setSyslog(panel: PanelTarget, address: string, port: number): Promise<void> {
    if ((await this.revision(panel)) === 2) throw new PanelError('unsupported', 'rev.2 меняет syslog только правкой конфигурации по telnet');
    await this.write(panel, 'PUT', '/v1/network/syslog', { addr: address, port, severity: 6, transport: 1 });
  }

  // ---------------------------------------------------------------------------
  // Revision

  /** Rev.2 or rev.5, from the hardware version (5.x: rev.5), asked again once `revisionTtlMs` has passed. */
  async revision(panel: PanelTarget): Promise<IsRevision> {
    return (await this.panelVersions(panel, false)).revision;
  }

  private panelVersions(panel: PanelTarget, fresh: boolean): Promise<PanelVersions> {
    const cacheKey = `${panel.mac}|${panel.baseUrl}`;
    const cached = this.versions.get(cacheKey);
    if (!fresh && cached && this.now() - cached.at < this.revisionTtlMs) return cached.versions;
    const versions = this.readVersions(panel);
    this.versions.set(cacheKey, { at: this.now(), versions });
    versions.catch(() => {
      if (this.versions.get(cacheKey)?.versions === versions) this.versions.delete(cacheKey);
    });
    return versions;
  }

  private async readVersions(panel: PanelTarget): Promise<PanelVersions> {
    const what = 'GET /v2/system/versions';
    const answer = await this.read(panel, '/v2/system/versions');
    const hardware = optionalString(fieldAt(answer, 'opt.versions.hw.name'), `${what}: opt.versions.hw.name`);
    if (hardware === null || hardware.trim() === '') throw new PanelError('garbled', `${what}: нет версии железа`);
    return {
      revision: /^\s*v?5(\.|\s|$)/i.test(hardware) ? 5 : 2,
      firmware: optionalString(fieldAt(answer, 'opt.name'), `${what}: opt.name`),
      hardware: hardware.trim(),
    };
  }

  // ---------------------------------------------------------------------------
  // Keys

  private async pushKey(panel: PanelTarget, change: KeyChange): Promise<void> {
    if (change.rs) throw new PanelError('unsupported', 'ключи контроллеров RS485');
    if (change.action === 'encode' || change.action === 'decode') throw new PanelError('unsupported', 'защищённый режим ключа');
    if (change.inner) throw new PanelError('unsupported', 'внутренние ключи: у панели одна таблица ключей');
    const uuid = keyUidOf(change.value);
    if (change.action === 'remove') return this.write(panel, 'DELETE', `/key/store/${uuid}`, undefined, { absentIsDone: true });
    const revision = await this.revision(panel);
    const key = revision === 5 ? { uuid, panelCode: change.flatNum === null ? 0 : panelCodeOf(change.flatNum) } : { uuid };
    await this.write(panel, 'PUT', '/key/store/merge', [key]);
  }

  private async clearKeys(panel: PanelTarget): Promise<void> {
    await this.write(panel, 'DELETE', '/key/store/clear');
    // A full re-sync writes 7-byte UIDs next: the table is put in that mode while it is empty.
    await this.write(panel, 'PUT', '/key/settings', { mode: 2 });
  }

  private async readKeys(panel: PanelTarget, revision: IsRevision): Promise<PanelKey[]> {
    const list = requireArray(await this.read(panel, '/key/store', revision === 5 ? [] : undefined), 'GET /key/store');
    return list.map((item, index) => {
      const what = `GET /key/store [${index}]`;
      const uuid = optionalString(field(item, 'uuid'), `${what}: uuid`);
      if (uuid === null || !/^[0-9A-Fa-f]{1,14}$/.test(uuid.trim())) throw new PanelError('garbled', `${what}: uuid`);
      return { uuid: keyUidOf(uuid), panelCode: optionalInteger(field(item, 'panelCode'), `${what}: panelCode`) ?? 0 };
    });
  }

  // ---------------------------------------------------------------------------
  // Door codes

  private async pushDoorCode(panel: PanelTarget, change: DoorCodeChange): Promise<void> {
    if (change.service !== undefined) {
      throw new PanelError('unsupported', 'код бесключевого доступа: панель не отличает его от общего кода (оба на коде панели 0)');
    }
    const panelCode = change.flatNum === null ? 0 : panelCodeOf(change.flatNum);
    const code = doorCodeOf(change.code);
    const revision = await this.revision(panel);
    const held = await this.readOpenCodes(panel, revision);
    if (change.action === 'set') return this.setOpenCode(panel, revision, held, panelCode, code);
    if (held.some((item) => item.code === code && item.panelCode === panelCode)) await this.deleteOpenCode(panel, revision, code);
  }

  /** Gives `panelCode` exactly the code `code` (null: none), removing the others it holds. */
  private async setOpenCode(panel: PanelTarget, revision: IsRevision, held: readonly OpenCode[], panelCode: number, code: number | null): Promise<void> {
    for (const other of held) if (other.panelCode === panelCode && other.code !== code) await this.deleteOpenCode(panel, revision, other.code);
    if (code === null || held.some((item) => item.code === code && item.panelCode === panelCode)) return;
    const openCode = { code, panelCode };
    await this.write(panel, 'POST', pathsOf(revision).openCodes, revision === 5 ? [openCode] : openCode);
  }

  private deleteOpenCode(panel: PanelTarget, revision: IsRevision, code: number): Promise<void> {
    return this.write(panel, 'DELETE', `${pathsOf(revision).openCodes}/${code}`, undefined, { absentIsDone: true });
  }

  private async readOpenCodes(panel: PanelTarget, revision: IsRevision): Promise<OpenCode[]> {
    const path = pathsOf(revision).openCodes;
    const list = requireArray(await this.read(panel, path, revision === 5 ? [] : undefined), `GET ${path}`);
    return list.map((item, index) => ({
      code: requireInteger(field(item, 'code'), `GET ${path} [${index}]: code`),
      panelCode: optionalInteger(field(item, 'panelCode'), `GET ${path} [${index}]: panelCode`) ?? 0,
    }));
  }

  // ---------------------------------------------------------------------------
  // Flats

  private async readFlats(panel: PanelTarget, revision: IsRevision): Promise<IsFlatEntry[]> {
    const path = pathsOf(revision).flats;
    const list = requireArray(await this.read(panel, path, revision === 5 ? [] : undefined), `GET ${path}`);
    return list.map((item, index) => parseFlatEntry(item, `GET ${path} [${index}]`));
  }

  private async pushFlatRange(panel: PanelTarget, firstFlat: number, lastFlat: number): Promise<void> {
    panelCodeOf(firstFlat);
    panelCodeOf(lastFlat);
    if (firstFlat > lastFlat) throw new PanelError('unsupported', `квартиры ${firstFlat}–${lastFlat}: первая больше последней`);
    const revision = await this.revision(panel);
    const flats = await this.readFlats(panel, revision);
    const inRange = (flatNum: number) => flatNum >= firstFlat && flatNum <= lastFlat;
    const outside = flats.filter((flat) => !inRange(flat.panelCode));
    if (outside.length > 0 && outside.length === flats.length) await this.write(panel, 'DELETE', '/panelCode/clear');
    else for (const flat of outside) await this.write(panel, 'DELETE', `/panelCode/${flat.panelCode}`, undefined, { absentIsDone: true });
    // A flat the panel no longer serves keeps no door code.
    for (const code of await this.readOpenCodes(panel, revision)) {
      if (code.panelCode !== 0 && !inRange(code.panelCode)) await this.deleteOpenCode(panel, revision, code.code);
    }
    const present = new Set(flats.map((flat) => flat.panelCode));
    const missing: IsFlatEntry[] = [];
    for (let flatNum = firstFlat; flatNum <= lastFlat; flatNum++) if (!present.has(flatNum)) missing.push(newFlatEntry(flatNum));
    await this.writeFlats(panel, revision, missing, present);
  }

  private async pushFlatSettings(panel: PanelTarget, flatNum: number, settings: Readonly<Record<string, FlatSettingValue>>): Promise<void> {
    const panelCode = panelCodeOf(flatNum);
    const revision = await this.revision(panel);
    const flats = await this.readFlats(panel, revision);
    const current = flats.find((flat) => flat.panelCode === panelCode);
    const entry = withFlatSettings(current ?? newFlatEntry(panelCode), panelCode, settings);
    const doorCode = 'doorCode' in settings ? (settings.doorCode === null || settings.doorCode === '' ? null : doorCodeOf(String(settings.doorCode))) : undefined;
    await this.writeFlats(panel, revision, [entry], new Set(current ? [panelCode] : []));
    if (doorCode !== undefined) await this.setOpenCode(panel, revision, await this.readOpenCodes(panel, revision), panelCode, doorCode);
  }

  /**
   * A management company's flats: those the panel lacks are created (rev.5 in bulk, rev.2 a few
   * requests at a time), those it has keep their entry. The concierge flat is called over SIP and
   * named with `PUT …/panelCode/settings {consiergeRoom}`; created for the purpose, its handset is
   * off: no handset is wired for a concierge number that is no company flat.
   */
  async uploadCompanyFlats(panel: PanelTarget, list: CompanyFlatList): Promise<void> {
    const numbers = uploadedFlatNumbers(list).map(panelCodeOf);
    const revision = await this.revision(panel);
    const held = new Map((await this.readFlats(panel, revision)).map((flat) => [flat.panelCode, flat]));
    const concierge = list.conciergeFlatNum;
    const entries = numbers.filter((panelCode) => panelCode !== concierge && !held.has(panelCode)).map(newFlatEntry);
    if (concierge !== null) {
      const current = held.get(concierge);
      const hasNumber = current?.sipAccounts.some((account) => account !== '') ?? false;
      if (!current || !current.callsEnabled.sip || !hasNumber) {
        const base = current ?? { ...newFlatEntry(concierge), callsEnabled: { handset: list.flats.includes(concierge), sip: true } };
        entries.push({ ...base, callsEnabled: { ...base.callsEnabled, sip: true }, sipAccounts: hasNumber ? base.sipAccounts : [String(concierge)] });
      }
    }
    await this.writeFlats(panel, revision, entries, new Set(held.keys()));
    if (concierge !== null) await this.write(panel, 'PUT', `${pathsOf(revision).flats}/settings`, { consiergeRoom: concierge });
  }

  /** Creates or changes flats: rev.5 in bulk (`rooms_update`), rev.2 a request per flat, a few at a time (POST a new one, PUT a held one). */
  private async writeFlats(panel: PanelTarget, revision: IsRevision, entries: readonly IsFlatEntry[], held: ReadonlySet<number>): Promise<void> {
    if (revision === 5) {
      for (let start = 0; start < entries.length; start += FLATS_PER_BULK_WRITE) {
        await this.write(panel, 'PUT', '/panelCode/rooms_update', entries.slice(start, start + FLATS_PER_BULK_WRITE).map(flatEntryBody));
      }
      return;
    }
    await eachAtMost(entries, FLAT_WRITES_AT_ONCE, (entry) =>
      held.has(entry.panelCode) ? this.write(panel, 'PUT', `/panelCode/${entry.panelCode}`, flatEntryBody(entry)) : this.write(panel, 'POST', '/panelCode', flatEntryBody(entry)),
    );
  }

  // ---------------------------------------------------------------------------
  // Commutation

  private async pushCommutators(panel: PanelTarget, change: CommutatorsChange): Promise<void> {
    const wired = change.commutators.filter((item) => item.matrix.some((row) => row.some((cell) => cell > 0)));
    if ((await this.revision(panel)) === 5) return this.pushRev5Commutators(panel, change, wired.length === 0);
    if (change.model === null) {
      if (wired.length > 0) throw new PanelError('unsupported', 'матрица без модели коммутатора');
      // Rev.2 always has a model: its matrices are emptied in the size that model takes.
      const factorial = modelOfRev2Id(optionalString(field(await this.read(panel, '/switch/settings'), 'modelId'), 'GET /switch/settings: modelId') ?? '') === 0;
      for (let index = 1; index <= REV2_MATRICES; index++) {
        await this.write(panel, 'PUT', `/switch/matrix/${index}`, factorial ? { capacity: 64, matrix: emptyMatrix(8, 8) } : { capacity: 100, matrix: emptyMatrix(10, 10) });
      }
      return;
    }
    const modelId = REV2_MODEL_IDS[change.model];
    if (modelId === undefined) throw new PanelError('unsupported', `модель коммутатора ${change.model}`);
    const shapes = change.commutators.map((item) => {
      if (item.index < 0 || item.index >= REV2_MATRICES) throw new PanelError('unsupported', `коммутатор ${item.index + 1}: у rev.2 их ${REV2_MATRICES}`);
      const shape: PanelMatrixShape = { dozens: item.matrix[0]?.length ?? 0, units: item.matrix.length, shift: rev2Shift(change.model) };
      const capacity = shape.dozens * shape.units;
      if (!(REV2_CAPACITIES as readonly number[]).includes(capacity) || (capacity === 64) !== (change.model === 0)) {
        throw new PanelError('unsupported', `коммутатор ${modelId} на ${capacity} квартир`);
      }
      return { index: item.index, capacity, matrix: toPanelMatrix(item.matrix, shape) };
    });
    const blank = shapes[0] ?? { capacity: change.model === 0 ? 64 : 100, matrix: change.model === 0 ? emptyMatrix(8, 8) : emptyMatrix(10, 10) };
    await this.write(panel, 'PUT', '/switch/settings', { modelId });
    for (let index = 0; index < REV2_MATRICES; index++) {
      const written = shapes.find((item) => item.index === index);
      await this.write(panel, 'PUT', `/switch/matrix/${index + 1}`, written ? { capacity: written.capacity, matrix: written.matrix } : { capacity: blank.capacity, matrix: emptyMatrix(blank.matrix.length, blank.matrix[0]?.length ?? 0) });
    }
  }

  private async pushRev5Commutators(panel: PanelTarget, change: CommutatorsChange, empty: boolean): Promise<void> {
    if (change.model === null && !empty) throw new PanelError('unsupported', 'матрица без модели коммутатора');
    for (const item of change.commutators) {
      if (item.index < 0 || item.index >= REV5_SWITCHES) throw new PanelError('unsupported', `коммутатор ${item.index + 1}: у rev.5 их ${REV5_SWITCHES}`);
    }
    // The type a switch has is kept when it fits: it names the commutator wired on site (KKM-100S2 is not a KMG-100).
    const heldTypes = new Map<number, number | null>();
    if (change.model !== null) {
      for (const item of change.commutators) {
        const what = `GET /v1/switch/${item.index + 1}`;
        heldTypes.set(item.index, optionalInteger(field(await this.read(panel, `/v1/switch/${item.index + 1}`), 'type'), `${what}: type`));
      }
    }
    const switches = change.commutators.map((item) => {
      if (change.model === null) return { index: item.index, body: { type: null, summator: null, matrices: [] } };
      const dozens = item.matrix[0]?.length ?? 0;
      const switchType = rev5TypeFor(change.model, dozens, item.matrix.length, heldTypes.get(item.index) ?? null);
      if (!switchType) throw new PanelError('unsupported', `коммутатор модели ${change.model} размером ${item.matrix.length}×${dozens}`);
      const matrix = toPanelMatrix(item.matrix, { dozens, units: item.matrix.length, shift: switchType.unitsFromOne ? 'same-dozen' : 'none' });
      return { index: item.index, body: { type: switchType.type, summator: null, matrices: [{ id: 1, capacity: dozens * item.matrix.length, matrix }] } };
    });
    for (let index = 0; index < REV5_SWITCHES; index++) {
      const written = switches.find((item) => item.index === index);
      await this.write(panel, 'PUT', `/v1/switch/${index + 1}`, written ? written.body : { type: null, summator: null, matrices: [] });
    }
  }

  private async readRev2Commutation(panel: PanelTarget): Promise<PanelCommutation> {
    const modelId = optionalString(field(await this.read(panel, '/switch/settings'), 'modelId'), 'GET /switch/settings: modelId');
    const model = modelId === null ? null : modelOfRev2Id(modelId);
    const grids: number[][][] = [];
    for (let index = 1; index <= REV2_MATRICES; index++) {
      const what = `GET /switch/matrix/${index}`;
      grids.push(fromPanelMatrix(panelMatrixOf(field(await this.read(panel, `/switch/matrix/${index}`), 'matrix'), what), rev2Shift(model)));
    }
    return { model, commutators: keptCommutators(grids) };
  }

  private async readRev5Commutation(panel: PanelTarget): Promise<PanelCommutation> {
    let model: number | null = null;
    const grids: number[][][] = [];
    for (let index = 1; index <= REV5_SWITCHES; index++) {
      const what = `GET /v1/switch/${index}`;
      const answer = requireRecord(await this.read(panel, `/v1/switch/${index}`), what);
      const switchType = rev5TypeOf(optionalInteger(field(answer, 'type'), `${what}: type`));
      model ??= switchType?.model ?? null;
      const matrices = requireArray(field(answer, 'matrices') ?? [], `${what}: matrices`);
      for (const item of matrices) grids.push(fromPanelMatrix(panelMatrixOf(field(item, 'matrix'), what), switchType?.unitsFromOne ? 'same-dozen' : 'none'));
    }
    return { model, commutators: keptCommutators(grids) };
  }

  // ---------------------------------------------------------------------------
  // SIP, levels, display

  /** Without a password in the change, `remote.password` is left out: the panel keeps the one it has. */
  private async pushSip(panel: PanelTarget, { account, password }: SipChange): Promise<void> {
    const revision = await this.revision(panel);
    const remote = account
      ? {
          enabled: true,
          username: account.login,
          ...(password === undefined ? {} : { password }),
          domain: account.domain,
          port: account.port,
          ...(revision === 5 ? { domainRegister: account.domain, portRegister: account.port, transport: { udp: true, tcp: false } } : {}),
        }
      : { enabled: false, username: '', password: '', domain: '', port: 5060 };
    await this.write(panel, 'PUT', pathsOf(revision).sip, { videoEnable: true, remote });
  }

  private async readSip(panel: PanelTarget, revision: IsRevision): Promise<DeviceHolding['sip']> {
    const path = pathsOf(revision).sip;
    const remote = field(await this.read(panel, path), 'remote');
    if (remote === undefined || remote === null) return null;
    requireRecord(remote, `GET ${path}: remote`);
    const login = optionalString(field(remote, 'username'), `GET ${path}: remote.username`) ?? '';
    const domain = optionalString(field(remote, 'domain'), `GET ${path}: remote.domain`) ?? '';
    const enabled = optionalBoolean(field(remote, 'enabled'), `GET ${path}: remote.enabled`);
    if (enabled === false || login === '' || domain === '') return null;
    return { login, domain, port: optionalInteger(field(remote, 'port'), `GET ${path}: remote.port`) ?? 5060 };
  }

  /** The card's levels: the four call volumes by name, the handset up / down thresholds as the answer / quiescent resistances. */
  private async pushLevels(panel: PanelTarget, value: Readonly<Record<string, unknown>>): Promise<void> {
    const path = pathsOf(await this.revision(panel)).levels;
    const held = requireRecord(await this.read(panel, path), `GET ${path}`);
    const resistances = knownLevels(field(held, 'resistances'), PANEL_RESISTANCES, `GET ${path}: resistances`);
    const volumes = knownLevels(field(held, 'volumes'), PANEL_VOLUMES, `GET ${path}: volumes`);
    for (const name of ['panelCall', 'panelTalk', 'thCall', 'thTalk']) if (name in value) volumes[name] = levelValue(value[name], name);
    if ('handsetUpLevel' in value) resistances.answer = levelValue(value.handsetUpLevel, 'handsetUpLevel');
    if ('handsetDownLevel' in value) resistances.quiescent = levelValue(value.handsetDownLevel, 'handsetDownLevel');
    await this.write(panel, 'PUT', path, { resistances, volumes });
  }

  private async pushDisplay(panel: PanelTarget, value: Readonly<Record<string, unknown>>): Promise<void> {
    if ((await this.revision(panel)) === 2) throw new PanelError('unsupported', 'текст на экране: только у rev.5');
    const text = typeof value.welcomeText === 'string' ? value.welcomeText : '';
    await this.write(panel, 'PUT', '/v1/display', { enable: text !== '', text });
  }

  // ---------------------------------------------------------------------------
  // HTTP

  private async send(panel: PanelTarget, method: Method, path: string, body?: unknown): Promise<PanelAnswer> {
    return this.http.request(panel, { method, path, ...(body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' }) });
  }

  /** A JSON read: a refusal (any status but 2xx, an `errors` body) is 'refused'; what is not JSON is 'garbled'. */
  private async read(panel: PanelTarget, path: string, emptyAs?: unknown): Promise<unknown> {
    const what = `GET ${path}`;
    const answer = await this.send(panel, 'GET', path);
    refuseUnlessOk(answer, what);
    const parsed = parseJsonAnswer(answer.text, what, emptyAs);
    refuseOnErrors(parsed, what);
    return parsed;
  }

  /**
   * A write: done on 2xx with an empty, JSON or «OK» body; a 404 of a DELETE with `absentIsDone`
   * means the thing is already gone. Any other body is 'garbled': a write is never taken as done on
   * an answer that could be something else.
   */
  private async write(panel: PanelTarget, method: Method, path: string, body?: unknown, options: { absentIsDone?: boolean } = {}): Promise<void> {
    const what = `${method} ${path}`;
    const answer = await this.send(panel, method, path, body);
    if (options.absentIsDone && answer.status === 404) return;
    refuseUnlessOk(answer, what);
    const text = answer.text.trim();
    if (text === '' || /^ok$/i.test(text)) return;
    refuseOnErrors(parseJsonAnswer(text, what), what);
  }
}

const UNSUPPORTED_CHANGES: Readonly<Record<Exclude<DeviceChange['kind'], 'key' | 'doorCode' | 'clear' | 'flats' | 'flatSettings' | 'commutators' | 'sip' | 'levels' | 'display'>, string>> = {
  security: 'режим ключей Mifare',
  autoCollect: 'автосбор ключей',
  status: 'статус устройства хранит сервер, не панель',
  relays: 'привязку реле к подъездам',
  options: 'параметры устройства хранит сервер, не панель',
  audio: 'громкости карточки (у панели другие уровни: /levels)',
  echoCancellation: 'эхоподавление',
  rs485Model: 'модель устройства RS485',
  keyScenario: 'сценарии ключей',
  gates: 'префиксы калитки (у протокола IS нет такого вызова)',
};
