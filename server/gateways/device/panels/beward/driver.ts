import type { CompanyFlatList, DeviceChange, DeviceHolding, FlatSettingValue, GateLink, SipChange } from '../../device-gateway';
import { FLAT_WRITES_AT_ONCE, PanelError, eachAtMost, uploadedFlatNumbers, type PanelCommutation, type PanelDriver, type PanelSystemInfo, type PanelTarget } from '../panel-driver';
import type { PanelHttp } from '../panel-http';
import { CgiValues, bodyOf, expectAccepted, printable } from './cgi-answer';
import { commutatorTypeFor, commutatorTypeId, commutatorTypeNamed, matrixForm, parseCommutatorTypeIds, parseMatrixExport, type BewardCommutatorType } from './commutators';
import { BEWARD_LAST_FLAT, flatSetParams, newFlat, parseFlatList, type BewardFlat } from './flats';
import { bewardKeyValue, parseKeyList, type BewardKeyTable } from './keys';

export interface BewardDriverOptions {
  /**
   * How long after the last key write the panel's settings go to flash, ms (default 2000; 0: at
   * once). A re-sync writes thousands of keys: one flash write after them, not one per key.
   */
  keySaveDelayMs?: number;
}

type KeyTables = 'single' | 'dual';
type Params = Readonly<Record<string, string | number>>;

/** The panel's raw line level is taken as a 10-bit reading (docs/panels-beward.md); the driver answers 0..100. */
const LINE_LEVEL_FULL_SCALE = 1023;
/** Beward volumes run 0..15 (assumed); the server's run 0..100. */
const BEWARD_VOLUME_MAX = 15;
/** Flat settings the panel keeps per apartment; every other one is refused as 'unsupported'. */
const FLAT_SETTINGS_HELD = new Set(['handsetUpLevel', 'doorOpenLevel', 'blockCms', 'doorCode', 'panelCode']);
const OPEN_DOOR_ACTIONS: readonly string[] = ['maindoor', 'altdoor'];

const query = (params: Params) => new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)])).toString();
const panelId = (panel: PanelTarget) => `${panel.baseUrl}|${panel.mac}`;

/**
 * Beward DKS / DS panels (BEWARD, BEWARD_SD06M, BEWARD_DKS977957) over their CGI: `Key=Value`
 * answers, settings saved to flash with `config_cgi?action=forcesave` after each write (keys: once
 * after a run of them). docs/panels-beward.md tells each operation's requests.
 */
export class BewardDriver implements PanelDriver {
  readonly family = 'beward';
  readonly flatSettingKeys = [...FLAT_SETTINGS_HELD];
  private readonly keySaveDelayMs: number;
  /** Which key tables a panel has, once asked (firmware does not change under a running server often). */
  private readonly keyTables = new Map<string, KeyTables>();
  private readonly pendingKeySaves = new Map<string, { timer: NodeJS.Timeout; panel: PanelTarget }>();

  constructor(
    private readonly http: PanelHttp,
    options: BewardDriverOptions = {},
  ) {
    this.keySaveDelayMs = options.keySaveDelayMs ?? 2_000;
  }

  async systemInfo(panel: PanelTarget): Promise<PanelSystemInfo> {
    const info = await this.values(panel, 'cgi-bin/systeminfo_cgi', { action: 'get' });
    if (!info.get('DeviceID')) return { alive: false, model: null, firmware: null, hardware: null, sipRegistered: null };
    return {
      alive: true,
      model: info.get('DeviceModel') || null,
      firmware: info.get('SoftwareVersion') || null,
      hardware: info.get('HardwareVersion') || null,
      sipRegistered: await this.sipRegistered(panel),
    };
  }

  async push(panel: PanelTarget, change: DeviceChange): Promise<void> {
    switch (change.kind) {
      case 'key':
        return this.pushKey(panel, change);
      case 'clear':
        return change.what === 'keys' ? this.clearKeys(panel) : this.clearDoorCodes(panel);
      case 'doorCode':
        return this.pushDoorCode(panel, change);
      case 'flats':
        return this.pushFlatRange(panel, change.firstFlat, change.lastFlat);
      case 'flatSettings':
        return this.pushFlatSettings(panel, change.flatNum, change.settings);
      case 'commutators':
        return this.pushCommutators(panel, change);
      case 'sip':
        return this.pushSip(panel, change);
      case 'audio':
        return this.pushAudio(panel, change.value);
      case 'display':
        return this.pushDisplay(panel, change.value);
      case 'levels':
        return this.pushLevels(panel, change.value);
      case 'gates':
        return this.pushGates(panel, change.links);
      default:
        throw new PanelError('unsupported', `изменение «${change.kind}»`);
    }
  }

  async readHolding(panel: PanelTarget): Promise<DeviceHolding> {
    const keys = await this.readKeys(panel);
    const intercom = await this.values(panel, 'cgi-bin/intercom_cgi', { action: 'get' });
    const flats = await this.readFlats(panel);
    const commonCode = this.commonDoorCode(intercom);
    const doorCodes: DeviceHolding['doorCodes'] = [
      ...(commonCode === null ? [] : [{ flatNum: null, code: commonCode }]),
      ...flats.filter((flat) => flat.doorCodeActive).map((flat) => ({ flatNum: flat.number, code: flat.doorCode })),
    ];
    const type = await this.commutatorType(panel);
    const commutation: DeviceHolding['commutation'] = type && {
      model: type.model,
      commutators: await this.readMatrix(panel, type),
      flatRange: flats.length === 0 ? null : { firstFlat: Math.min(...flats.map((flat) => flat.number)), lastFlat: Math.max(...flats.map((flat) => flat.number)) },
      defaultSize: type.units * type.dozens,
    };
    return {
      keys: keys.map((key) => ({ value: key.value, rs: false, inner: key.table === 'external', flatNum: null, isSecurity: false, scenarios: [] })),
      doorCodes,
      keylessCodes: [],
      commutation,
      sip: await this.readSip(panel),
      flatSettings: flatSettingsHeld(flats, intercom),
    };
  }

  async readCommutation(panel: PanelTarget): Promise<PanelCommutation> {
    const type = await this.commutatorType(panel);
    if (!type) return { model: null, commutators: [] };
    return { model: type.model, commutators: await this.readMatrix(panel, type) };
  }

  async lineLevel(panel: PanelTarget, flatNum: number): Promise<number> {
    const what = `уровень линии кв. ${flatNum}`;
    const text = bodyOf(await this.request(panel, 'cgi-bin/intercom_cgi', { action: 'linelevel', Apartment: flatNum }), what).trim();
    if (!/^\d+$/.test(text)) throw new PanelError('garbled', `${what}: «${printable(text)}»`);
    return Math.min(100, Math.round((Number(text) * 100) / LINE_LEVEL_FULL_SCALE));
  }

  async openDoor(panel: PanelTarget, door: number): Promise<void> {
    const action = OPEN_DOOR_ACTIONS[door];
    if (action !== undefined) return this.write(panel, 'cgi-bin/intercom_cgi', { action });
    if (door !== 2) throw new PanelError('unsupported', `дверь ${door}`);
    // The third output is a relay held while «light» is on: a short pulse opens what it drives.
    await this.write(panel, 'cgi-bin/intercom_cgi', { action: 'light', Enable: 'on' });
    await this.write(panel, 'cgi-bin/intercom_cgi', { action: 'light', Enable: 'off' });
  }

  async reboot(panel: PanelTarget): Promise<void> {
    await this.forceSave(panel);
    await this.webForm(panel, 'webs/btnHitEx', { flag: 21 });
  }

  async setSyslog(panel: PanelTarget, address: string, port: number): Promise<void> {
    await this.write(panel, 'cgi-bin/rsyslog_cgi', { action: 'set', Enable: 'on', Protocol: 'udp', ServerAddress: address, ServerPort: port, LogLevel: 6 });
    await this.forceSave(panel);
  }

  // ---------------------------------------------------------------------------
  // Keys

  private async pushKey(panel: PanelTarget, change: Extract<DeviceChange, { kind: 'key' }>): Promise<void> {
    if (change.rs) throw new PanelError('unsupported', 'ключи контроллеров RS485');
    if (change.action === 'encode' || change.action === 'decode') throw new PanelError('unsupported', 'режим безопасности ключа');
    const key = bewardKeyValue(change.value);
    // A one-table panel cannot hold an inner key, so removing one has nothing to do.
    if (change.action === 'remove' && change.inner && (await this.tables(panel)) === 'single') return;
    const table = await this.keyTableFor(panel, change.inner ?? false);
    const params: Record<string, string | number> = { action: change.action === 'add' ? 'add' : 'delete', Key: key };
    if (change.action === 'add' && table !== 'rfid') params.Type = 1;
    await this.forgettingTablesOnRefusal(panel, () => this.write(panel, `cgi-bin/${tableCgi(table)}`, params));
    await this.keysWritten(panel);
  }

  /** A key table the panel refuses may be gone (another firmware, another panel at the address): the next call asks again. */
  private async forgettingTablesOnRefusal<T>(panel: PanelTarget, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PanelError && error.kind === 'refused') this.keyTables.delete(panelId(panel));
      throw error;
    }
  }

  /** Outer keys go to the panel's own reader (rfid_cgi, or mifare_cgi), inner ones to the external reader (extrfid_cgi). */
  private async keyTableFor(panel: PanelTarget, inner: boolean): Promise<BewardKeyTable> {
    const tables = await this.tables(panel);
    if (tables === 'single') {
      if (inner) throw new PanelError('unsupported', 'внутренний ключ: у панели одна таблица ключей (rfid_cgi)');
      return 'rfid';
    }
    return inner ? 'external' : 'mifare';
  }

  private async clearKeys(panel: PanelTarget): Promise<void> {
    if ((await this.tables(panel)) === 'single') await this.write(panel, 'cgi-bin/rfid_cgi', { action: 'clear' });
    // Whatever a clear left (and every key of the two-table panels, which have no documented clear) is deleted one by one.
    for (const key of await this.readKeys(panel)) await this.write(panel, `cgi-bin/${tableCgi(key.table)}`, { action: 'delete', Key: key.value });
    await this.keysWritten(panel);
  }

  private async readKeys(panel: PanelTarget): Promise<{ value: string; table: BewardKeyTable }[]> {
    const tables: BewardKeyTable[] = (await this.tables(panel)) === 'single' ? ['rfid'] : ['mifare', 'external'];
    const held = new Map<string, BewardKeyTable>();
    for (const table of tables) {
      const answer = await this.request(panel, `cgi-bin/${tableCgi(table)}`, { action: 'list' });
      const text = await this.forgettingTablesOnRefusal(panel, async () => bodyOf(answer, `ключи ${tableCgi(table)}`));
      // A value in both tables (another system wrote it to both readers) is one outer key: the panel holds a value once.
      for (const value of parseKeyList(text, table)) if (!held.has(value)) held.set(value, table);
    }
    return [...held].map(([value, table]) => ({ value, table }));
  }

  /** The key-table probe: `extrfid_cgi` with no arguments answers «… is not defined» on one-table panels. */
  private async tables(panel: PanelTarget): Promise<KeyTables> {
    const known = this.keyTables.get(panelId(panel));
    if (known) return known;
    const answer = await this.http.request(panel, { path: '/cgi-bin/extrfid_cgi' });
    let tables: KeyTables;
    if (/is not defined/i.test(answer.text)) tables = 'single';
    else if (answer.status !== 200) throw new PanelError('refused', `extrfid_cgi: HTTP ${answer.status}`);
    else if (/[\u0000-\u0008\u000e-\u001f]/.test(answer.text)) throw new PanelError('garbled', `extrfid_cgi: «${printable(answer.text)}»`);
    else tables = 'dual';
    this.keyTables.set(panelId(panel), tables);
    return tables;
  }

  /** Keys are saved to flash once the writes pause (keySaveDelayMs); a failed save is retried by the next key write. */
  private async keysWritten(panel: PanelTarget): Promise<void> {
    if (this.keySaveDelayMs === 0) return this.forceSave(panel);
    const id = panelId(panel);
    clearTimeout(this.pendingKeySaves.get(id)?.timer);
    const timer = setTimeout(() => {
      this.pendingKeySaves.delete(id);
      this.forceSave(panel).catch(() => undefined);
    }, this.keySaveDelayMs);
    timer.unref();
    this.pendingKeySaves.set(id, { timer, panel });
  }

  /** The saves still waiting for the writes to pause, at once: keys written to a panel's memory must reach its flash. */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.pendingKeySaves.values()].map(({ panel }) => this.forceSave(panel)));
  }

  private async forceSave(panel: PanelTarget): Promise<void> {
    const id = panelId(panel);
    clearTimeout(this.pendingKeySaves.get(id)?.timer);
    this.pendingKeySaves.delete(id);
    await this.write(panel, 'cgi-bin/config_cgi', { action: 'forcesave' });
  }

  // ---------------------------------------------------------------------------
  // Door codes and flats

  private async pushDoorCode(panel: PanelTarget, change: Extract<DeviceChange, { kind: 'doorCode' }>): Promise<void> {
    if (change.service !== undefined) throw new PanelError('unsupported', 'бесключевой код: панель держит один общий код и по коду на квартиру');
    const code = doorCodeOf(change.code);
    if (change.flatNum === null) {
      if (change.action === 'set') await this.write(panel, 'cgi-bin/intercom_cgi', { action: 'set', DoorCode: code, DoorCodeActive: 'on' });
      else if (this.commonDoorCode(await this.values(panel, 'cgi-bin/intercom_cgi', { action: 'get' })) === code) {
        await this.write(panel, 'cgi-bin/intercom_cgi', { action: 'set', DoorCodeActive: 'off' });
      }
    } else {
      const flat = await this.readFlat(panel, change.flatNum);
      if (change.action === 'set') await this.writeFlat(panel, { ...(flat ?? newFlat(change.flatNum)), doorCode: code, doorCodeActive: true });
      else if (flat?.doorCodeActive && flat.doorCode === code) await this.writeFlat(panel, { ...flat, doorCodeActive: false });
    }
    await this.forceSave(panel);
  }

  private async clearDoorCodes(panel: PanelTarget): Promise<void> {
    await this.write(panel, 'cgi-bin/intercom_cgi', { action: 'set', DoorCodeActive: 'off' });
    for (const flat of await this.readFlats(panel)) if (flat.doorCodeActive) await this.writeFlat(panel, { ...flat, doorCodeActive: false });
    await this.forceSave(panel);
  }

  private commonDoorCode(intercom: CgiValues): string | null {
    const active = intercom.get('DoorCodeActive') === undefined ? false : intercom.flag('DoorCodeActive', 'intercom_cgi');
    const code = intercom.get('DoorCode') ?? '';
    return active && code !== '' ? code : null;
  }

  /** Flats outside the range are cleared (two requests at most), missing ones created; those inside keep their settings. */
  private async pushFlatRange(panel: PanelTarget, firstFlat: number, lastFlat: number): Promise<void> {
    if (!Number.isInteger(firstFlat) || !Number.isInteger(lastFlat) || firstFlat < 1 || lastFlat > BEWARD_LAST_FLAT || firstFlat > lastFlat) {
      throw new PanelError('unsupported', `квартиры ${firstFlat}–${lastFlat}: панель держит 1–${BEWARD_LAST_FLAT}`);
    }
    const held = new Set((await this.readFlats(panel)).map((flat) => flat.number));
    const numbers = [...held];
    if (numbers.some((number) => number < firstFlat)) await this.write(panel, 'cgi-bin/apartment_cgi', { action: 'clear', FirstNumber: 1, LastNumber: firstFlat - 1 });
    if (numbers.some((number) => number > lastFlat)) await this.write(panel, 'cgi-bin/apartment_cgi', { action: 'clear', FirstNumber: lastFlat + 1, LastNumber: BEWARD_LAST_FLAT + 1 });
    const missing: BewardFlat[] = [];
    for (let number = firstFlat; number <= lastFlat; number++) if (!held.has(number)) missing.push(newFlat(number));
    await eachAtMost(missing, FLAT_WRITES_AT_ONCE, (flat) => this.writeFlat(panel, flat));
    await this.forceSave(panel);
  }

  private async pushFlatSettings(panel: PanelTarget, flatNum: number, settings: Readonly<Record<string, FlatSettingValue>>): Promise<void> {
    const given = Object.entries(settings).filter(([, value]) => value !== null && value !== undefined);
    const refused = given.filter(([name, value]) => !FLAT_SETTINGS_HELD.has(name) || (name === 'panelCode' && Number(value) !== flatNum)).map(([name]) => name);
    if (refused.length > 0) throw new PanelError('unsupported', `настройки квартиры: ${refused.join(', ')}`);
    const flat = (await this.readFlat(panel, flatNum)) ?? newFlat(flatNum);
    const next: BewardFlat = { ...flat };
    if ('blockCms' in settings) next.blockCms = settings.blockCms === true;
    if ('doorCode' in settings) {
      const code = settings.doorCode;
      next.doorCodeActive = code !== null && code !== '';
      if (next.doorCodeActive) next.doorCode = doorCodeOf(String(code));
    }
    if ('handsetUpLevel' in settings || 'doorOpenLevel' in settings) {
      // A level set to null goes back to the panel's common one.
      const common = await this.values(panel, 'cgi-bin/intercom_cgi', { action: 'get' });
      if ('handsetUpLevel' in settings) next.handsetUpLevel = levelOf(settings.handsetUpLevel) ?? common.integer('HandsetUpLevel', 'intercom_cgi');
      if ('doorOpenLevel' in settings) next.doorOpenLevel = levelOf(settings.doorOpenLevel) ?? common.integer('DoorOpenLevel', 'intercom_cgi');
    }
    await this.writeFlat(panel, next);
    await this.forceSave(panel);
  }

  /**
   * A management company's flats: each one the panel lacks is created (a request per flat, a few
   * at a time: the panel has no bulk call), one it has keeps its record. The concierge flat is
   * called over SIP (`PhonesActive`, `Phone1` its number) and named `ConciergeApartment`; created
   * for the purpose, its CMS handset is off: no handset is wired for a concierge number that is no
   * company flat.
   */
  async uploadCompanyFlats(panel: PanelTarget, list: CompanyFlatList): Promise<void> {
    const numbers = uploadedFlatNumbers(list);
    const outside = numbers.filter((number) => !Number.isInteger(number) || number < 1 || number > BEWARD_LAST_FLAT);
    if (outside.length > 0) throw new PanelError('unsupported', `квартиры ${outside.slice(0, 5).join(', ')}${outside.length > 5 ? ', …' : ''}: панель держит 1–${BEWARD_LAST_FLAT}`);
    const held = new Map((await this.readFlats(panel)).map((flat) => [flat.number, flat]));
    const concierge = list.conciergeFlatNum;
    const created = numbers.filter((number) => number !== concierge && !held.has(number)).map(newFlat);
    await eachAtMost(created, FLAT_WRITES_AT_ONCE, (flat) => this.writeFlat(panel, flat));
    if (concierge !== null) {
      const current = held.get(concierge) ?? { ...newFlat(concierge), blockCms: !list.flats.includes(concierge) };
      if (!held.has(concierge) || !current.phonesActive || current.phones[0] === '') {
        await this.writeFlat(panel, { ...current, phonesActive: true, phones: [current.phones[0] || String(concierge), ...current.phones.slice(1)] });
      }
      await this.write(panel, 'cgi-bin/intercom_cgi', { action: 'set', ConciergeApartment: concierge });
    }
    await this.forceSave(panel);
  }

  private async readFlats(panel: PanelTarget): Promise<BewardFlat[]> {
    return parseFlatList(bodyOf(await this.request(panel, 'cgi-bin/apartment_cgi', { action: 'list', LastNumber: BEWARD_LAST_FLAT }), 'список квартир'));
  }

  /** One flat, asked by its number alone (a panel that ignores FirstNumber lists them all: the flat is found among them). */
  private async readFlat(panel: PanelTarget, number: number): Promise<BewardFlat | null> {
    const text = bodyOf(await this.request(panel, 'cgi-bin/apartment_cgi', { action: 'list', FirstNumber: number, LastNumber: number }), `кв. ${number}`);
    return parseFlatList(text).find((flat) => flat.number === number) ?? null;
  }

  private writeFlat(panel: PanelTarget, flat: BewardFlat): Promise<void> {
    return this.write(panel, 'cgi-bin/apartment_cgi', flatSetParams(flat));
  }

  // ---------------------------------------------------------------------------
  // Commutators

  private async pushCommutators(panel: PanelTarget, change: Extract<DeviceChange, { kind: 'commutators' }>): Promise<void> {
    const current = await this.commutatorType(panel);
    const target = commutatorTypeFor(change.model, change.commutators, current);
    if (target !== current) {
      const xml = bodyOf(await this.request(panel, 'xml/kmnducfg.xml', {}), 'kmnducfg.xml');
      // Changing the model wipes the panel's matrix: the whole grid is written right after.
      await this.webForm(panel, 'webs/kmnDUCfgEx', { kmntype: commutatorTypeId(parseCommutatorTypeIds(xml), target) });
    }
    const what = 'POST webs/kmnDUCfgEx';
    const answer = await this.http.request(panel, { method: 'POST', path: '/webs/kmnDUCfgEx', body: matrixForm(target, change.commutators), contentType: 'application/x-www-form-urlencoded' });
    webFormAccepted(answer.status, answer.text, what);
    await this.forceSave(panel);
  }

  /** The panel's commutator model (`intercomdu_cgi?action=list&Index=-1` → `Type`); null when none or one the driver does not know. */
  private async commutatorType(panel: PanelTarget): Promise<BewardCommutatorType | null> {
    const values = await this.values(panel, 'cgi-bin/intercomdu_cgi', { action: 'list', Index: -1 });
    const name = values.get('Type') ?? '';
    return name === '' ? null : commutatorTypeNamed(name);
  }

  private async readMatrix(panel: PanelTarget, type: BewardCommutatorType): Promise<{ index: number; matrix: number[][] }[]> {
    return parseMatrixExport(bodyOf(await this.request(panel, 'cgi-bin/intercomdu_cgi', { action: 'export' }), 'матрица'), type);
  }

  // ---------------------------------------------------------------------------
  // SIP, audio, display, levels

  /** Gate mode with the houses' prefixes (`gate_cgi`, Mode 1); no links turns the gate mode off. */
  private async pushGates(panel: PanelTarget, links: readonly GateLink[]): Promise<void> {
    const entries = links.flatMap((link, index) => [
      [`Address${index + 1}`, link.address],
      [`Prefix${index + 1}`, link.prefix],
      [`BegNumber${index + 1}`, link.firstFlat],
      [`EndNumber${index + 1}`, link.lastFlat],
    ]);
    await this.write(panel, 'cgi-bin/gate_cgi', { action: 'set', Mode: 1, Enable: links.length > 0 ? 'on' : 'off', EntranceCount: links.length, ...Object.fromEntries(entries) });
  }

  private async pushSip(panel: PanelTarget, { account, password }: SipChange): Promise<void> {
    // Without a password (`pass`, `passchanged`) the panel keeps the one it has.
    const secret: Params = password === undefined ? {} : { pass: password, passchanged: 1 };
    const params: Params = account
      ? { cksip: 1, sipname: account.login, number: account.login, username: account.login, ...secret, sipport: account.port, ckenablesip: 1, regserver: account.domain, regport: account.port, sipserver: account.domain, sipserverport: account.port }
      : { cksip: 0, sipname: '', number: '', username: '', ckenablesip: 0, regserver: '', sipserver: '' };
    await this.webForm(panel, 'webs/SIP1CfgEx', params);
    await this.forceSave(panel);
  }

  private async readSip(panel: PanelTarget): Promise<DeviceHolding['sip']> {
    const what = 'sip_cgi';
    const sip = await this.values(panel, 'cgi-bin/sip_cgi', { action: 'get' });
    const login = sip.get('AccUser1') ?? '';
    const domain = sip.get('RegServerUrl1') ?? '';
    const enabled = sip.get('AccEnable1') === undefined || sip.flag('AccEnable1', what);
    if (!enabled || login === '' || domain === '') return null;
    return { login, domain, port: sip.integer('RegServerPort1', what) };
  }

  /** `sip_cgi?action=regstatus` → `AccountReg1`; null when the panel does not say (old firmware answers no such action). */
  private async sipRegistered(panel: PanelTarget): Promise<boolean | null> {
    try {
      const status = await this.values(panel, 'cgi-bin/sip_cgi', { action: 'regstatus' });
      return status.get('AccountReg1') === undefined ? null : status.flag('AccountReg1', 'sip_cgi regstatus');
    } catch (error) {
      if (error instanceof PanelError && (error.kind === 'refused' || error.kind === 'garbled')) return null;
      throw error;
    }
  }

  private async pushAudio(panel: PanelTarget, value: Readonly<Record<string, unknown>>): Promise<void> {
    const params: Record<string, number> = {};
    const volume = (name: string) => (typeof value[name] === 'number' ? Math.round(((value[name] as number) * BEWARD_VOLUME_MAX) / 100) : undefined);
    const system = volume('panelVolume');
    const handset = volume('analogVolume');
    if (system !== undefined) params.SystemVol = system;
    if (handset !== undefined) params.AHSVol = handset;
    if (Object.keys(params).length === 0) throw new PanelError('unsupported', 'громкость: панель берёт только panelVolume и analogVolume');
    await this.write(panel, 'cgi-bin/audio_cgi', { action: 'set', ...params });
    await this.forceSave(panel);
  }

  private async pushDisplay(panel: PanelTarget, value: Readonly<Record<string, unknown>>): Promise<void> {
    if (typeof value.welcomeText !== 'string') throw new PanelError('unsupported', 'дисплей: панель показывает только бегущую строку (welcomeText)');
    const text = value.welcomeText.trim();
    await this.write(panel, 'cgi-bin/display_cgi', { action: 'set', TickerEnable: text === '' ? 'off' : 'on', TickerText: text, TickerTimeout: 125 });
    await this.forceSave(panel);
  }

  private async pushLevels(panel: PanelTarget, value: Readonly<Record<string, unknown>>): Promise<void> {
    const params: Record<string, number> = {};
    if (typeof value.handsetUpLevel === 'number') params.HandsetUpLevel = value.handsetUpLevel;
    if (typeof value.doorOpenLevel === 'number') params.DoorOpenLevel = value.doorOpenLevel;
    if (Object.keys(params).length === 0) throw new PanelError('unsupported', 'уровни: панель берёт только handsetUpLevel и doorOpenLevel');
    await this.write(panel, 'cgi-bin/intercom_cgi', { action: 'set', ...params });
    await this.forceSave(panel);
  }

  // ---------------------------------------------------------------------------
  // HTTP

  private request(panel: PanelTarget, path: string, params: Params) {
    const search = query(params);
    return this.http.request(panel, { path: `/${path}${search === '' ? '' : `?${search}`}` });
  }

  private async values(panel: PanelTarget, path: string, params: Params): Promise<CgiValues> {
    const what = `${path.split('/').pop() ?? path} ${params.action ?? ''}`.trim();
    return CgiValues.parse(bodyOf(await this.request(panel, path, params), what), what);
  }

  private async write(panel: PanelTarget, path: string, params: Params): Promise<void> {
    const what = `${path.split('/').pop() ?? path} ${params.action ?? ''}`.trim();
    expectAccepted(await this.request(panel, path, params), what);
  }

  /** A `webs/…Ex` handler: a web form answers a page or a redirect, so only its status and a refusal text count. */
  private async webForm(panel: PanelTarget, path: string, params: Params): Promise<void> {
    const answer = await this.request(panel, path, params);
    webFormAccepted(answer.status, answer.text, path);
  }
}

function webFormAccepted(status: number, text: string, what: string): void {
  if (status < 200 || status >= 400) throw new PanelError('refused', `${what}: HTTP ${status}`);
  if (/^\s*error|is not defined/i.test(text)) throw new PanelError('refused', `${what}: ${printable(text.trim())}`);
}

function tableCgi(table: BewardKeyTable): string {
  return table === 'rfid' ? 'rfid_cgi' : table === 'mifare' ? 'mifare_cgi' : 'extrfid_cgi';
}

function doorCodeOf(code: string): string {
  if (!/^\d{1,8}$/.test(code)) throw new PanelError('unsupported', `код двери «${printable(code)}»: панель берёт 1–8 цифр`);
  return code;
}

function levelOf(value: FlatSettingValue | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const level = Number(value);
  if (!Number.isInteger(level) || level < 0 || level > 10_000) throw new PanelError('unsupported', `уровень «${String(value)}»`);
  return level;
}

/**
 * What the flats hold of the server's flat settings: a CMS block, and levels where they differ
 * from the panel's common ones (a level equal to the common one is not told from «not set»).
 * Door codes are answered as door codes, not here.
 */
function flatSettingsHeld(flats: readonly BewardFlat[], intercom: CgiValues): DeviceHolding['flatSettings'] {
  const commonHandsetUp = intercom.get('HandsetUpLevel') === undefined ? null : intercom.integer('HandsetUpLevel', 'intercom_cgi');
  const commonDoorOpen = intercom.get('DoorOpenLevel') === undefined ? null : intercom.integer('DoorOpenLevel', 'intercom_cgi');
  return flats.flatMap((flat) => {
    const settings: Record<string, FlatSettingValue> = {};
    if (flat.blockCms) settings.blockCms = true;
    if (flat.handsetUpLevel !== null && flat.handsetUpLevel !== commonHandsetUp) settings.handsetUpLevel = String(flat.handsetUpLevel);
    if (flat.doorOpenLevel !== null && flat.doorOpenLevel !== commonDoorOpen) settings.doorOpenLevel = String(flat.doorOpenLevel);
    return Object.keys(settings).length === 0 ? [] : [{ flatNum: flat.number, settings }];
  });
}
