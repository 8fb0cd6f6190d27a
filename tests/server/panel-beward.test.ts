import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CompanyFlatList, DeviceChange } from '../../server/gateways/device/device-gateway';
import { BewardDriver, type BewardDriverOptions } from '../../server/gateways/device/panels/beward/driver';
import { startBewardEmulator, type BewardEmulator } from '../../server/gateways/device/panels/beward/emulator';
import { commutatorTypeNamed, parseCommutatorTypeIds, parseMatrixExport } from '../../server/gateways/device/panels/beward/commutators';
import { newFlat } from '../../server/gateways/device/panels/beward/flats';
import { bewardKeyValue } from '../../server/gateways/device/panels/beward/keys';
import { NetworkAllowList } from '../../server/gateways/device/panels/network-allow-list';
import { PanelError, type PanelTarget } from '../../server/gateways/device/panels/panel-driver';
import { PanelHttp, type PanelHttpOptions } from '../../server/gateways/device/panels/panel-http';
import { guardLoopback, outsideAttempts } from './loopback-guard';

guardLoopback();

const loopbackOnly = new NetworkAllowList(['127.0.0.1/32']);
const BEWARD_DKS977957 = 13;

let emulator: BewardEmulator;
let panel: PanelTarget;
let driver: BewardDriver;

const driverFor = (http: PanelHttpOptions = { timeoutMs: 3_000 }, options: BewardDriverOptions = { keySaveDelayMs: 0 }) => new BewardDriver(new PanelHttp(loopbackOnly, http), options);

beforeEach(async () => {
  emulator = await startBewardEmulator();
  panel = { mac: '00:1A:2B:3C:4D:5E', type: BEWARD_DKS977957, baseUrl: emulator.url, login: 'admin', password: 'admin' };
  driver = driverFor();
});

afterEach(async () => {
  await emulator.close();
});

afterAll(() => {
  expect(outsideAttempts).toEqual([]);
});

/** The PanelError the call fails with (any other outcome fails the test). */
async function failure(call: Promise<unknown>): Promise<PanelError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof PanelError) return error;
    throw error;
  }
  throw new Error('the call succeeded; a PanelError was expected');
}

const key = (action: 'add' | 'remove', value: string, inner = false): DeviceChange => ({ kind: 'key', action, value, flatNum: 12, inner });
const doorCode = (action: 'set' | 'remove', flatNum: number | null, code: string): DeviceChange => ({ kind: 'doorCode', action, flatNum, code, expiresAt: null });
const seedFlats = (...numbers: number[]) => {
  emulator.state.flats = numbers.map((number) => ({ ...newFlat(number), handsetUpLevel: 330, doorOpenLevel: 530 }));
};
const grid = (rows: number, columns: number, first: number) => Array.from({ length: rows }, (_row, row) => Array.from({ length: columns }, (_column, column) => first + column * rows + row));

describe('system info', () => {
  it('answers the identity, firmware and SIP registration', async () => {
    expect(await driver.systemInfo(panel)).toEqual({ alive: true, model: 'DKS977957_rev5.5.3.9.2', firmware: '2.5.0.9.2', hardware: '5.5.3.9.2', sipRegistered: false });
    await driver.push(panel, { kind: 'sip', account: { login: '100001', domain: '127.0.0.9', port: 5060 } });
    expect((await driver.systemInfo(panel)).sipRegistered).toBe(true);
  });

  it('is not alive with an empty DeviceID', async () => {
    emulator.state.system.deviceId = '';
    expect(await driver.systemInfo(panel)).toEqual({ alive: false, model: null, firmware: null, hardware: null, sipRegistered: null });
  });
});

describe('keys', () => {
  it('writes outer keys to mifare_cgi and inner ones to extrfid_cgi, 14 upper-case digits, and reads them back', async () => {
    await driver.push(panel, key('add', '0123456789ABCD'));
    await driver.push(panel, key('add', '3375a686', true));
    expect(emulator.state.keys).toEqual({ rfid: [], mifare: ['0123456789ABCD'], external: ['0000003375A686'] });
    const holding = await driver.readHolding(panel);
    expect(holding.keys).toEqual([
      { value: '0123456789ABCD', rs: false, inner: false, flatNum: null, isSecurity: false, scenarios: [] },
      { value: '0000003375A686', rs: false, inner: true, flatNum: null, isSecurity: false, scenarios: [] },
    ]);
    await driver.push(panel, key('remove', '0123456789ABCD'));
    expect(emulator.state.keys.mifare).toEqual([]);
    await driver.push(panel, key('add', '00000000000001'));
    await driver.push(panel, { kind: 'clear', what: 'keys' });
    expect(emulator.state.keys).toEqual({ rfid: [], mifare: [], external: [] });
    expect(emulator.requests.filter((request) => request.includes('forcesave')).length).toBeGreaterThanOrEqual(5);
  });

  it('uses rfid_cgi on a one-table panel, where an inner key is unsupported', async () => {
    emulator.state.keyTables = 'single';
    await driver.push(panel, key('add', 'ABCDEF'));
    expect(emulator.state.keys.rfid).toEqual(['00000000ABCDEF']);
    expect((await failure(driver.push(panel, key('add', 'ABCDEF01', true)))).kind).toBe('unsupported');
    await driver.push(panel, key('remove', 'ABCDEF01', true));
    expect((await driver.readHolding(panel)).keys.map((item) => [item.value, item.inner])).toEqual([['00000000ABCDEF', false]]);
    await driver.push(panel, { kind: 'clear', what: 'keys' });
    expect(emulator.requests).toContain('GET /cgi-bin/rfid_cgi?action=clear');
    expect(emulator.state.keys.rfid).toEqual([]);
  });

  it('refuses RS485 keys, security modes and values longer than 14 digits without sending them', async () => {
    const kinds = [
      await failure(driver.push(panel, { ...key('add', 'AB'), rs: true } as DeviceChange)),
      await failure(driver.push(panel, { kind: 'key', action: 'encode', value: 'AB', flatNum: null })),
      await failure(driver.push(panel, key('add', '0123456789ABCDEF0123'))),
    ].map((error) => error.kind);
    expect(kinds).toEqual(['unsupported', 'unsupported', 'unsupported']);
    expect(emulator.requests.filter((request) => /rfid_cgi\?|mifare_cgi\?/.test(request))).toEqual([]);
  });

  it('saves keys to flash once after a run of writes, and a reboot keeps what was saved', async () => {
    const batching = driverFor(undefined, { keySaveDelayMs: 80 });
    for (const value of ['01', '02', '03']) await batching.push(panel, key('add', value));
    expect(emulator.state.saves).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(emulator.state.saves).toBe(1);
    await batching.push(panel, key('add', '04'));
    await batching.reboot(panel);
    expect(emulator.state.reboots).toBe(1);
    expect(emulator.state.keys.mifare).toHaveLength(4);
  });

  it('saves the keys still waiting at once when the server stops (flush), and nothing when none wait', async () => {
    const stopping = driverFor(undefined, { keySaveDelayMs: 60_000 });
    const saved = emulator.state.saves;
    await stopping.push(panel, key('add', '05'));
    expect(emulator.state.saves).toBe(saved);
    await stopping.flush();
    expect(emulator.state.saves).toBe(saved + 1);
    await stopping.flush();
    expect(emulator.state.saves).toBe(saved + 1);
  });

  it('loses what was never saved when the panel reboots (the emulator keeps flash apart)', async () => {
    await driver.push(panel, key('add', '01'));
    emulator.state.keys.mifare.push('00000000000099');
    await driver.reboot(panel);
    expect(emulator.state.keys.mifare).toEqual(['00000000000001', '00000000000099']);
    emulator.state.keys.mifare.push('00000000000042');
    await driverFor().openDoor(panel, 0);
    expect(emulator.state.keys.mifare).toContain('00000000000042');
  });
});

describe('door codes', () => {
  it('sets and removes the common code on intercom_cgi', async () => {
    await driver.push(panel, doorCode('set', null, '24680'));
    expect(emulator.state.intercom).toMatchObject({ doorCode: '24680', doorCodeActive: true });
    expect((await driver.readHolding(panel)).doorCodes).toEqual([{ flatNum: null, code: '24680' }]);
    await driver.push(panel, doorCode('remove', null, '11111'));
    expect(emulator.state.intercom.doorCodeActive).toBe(true);
    await driver.push(panel, doorCode('remove', null, '24680'));
    expect(emulator.state.intercom.doorCodeActive).toBe(false);
    expect((await driver.readHolding(panel)).doorCodes).toEqual([]);
  });

  it('sets and removes a flat’s code on apartment_cgi, keeping the flat’s other settings', async () => {
    seedFlats(1, 2, 3);
    emulator.state.flats[1].blockCms = true;
    await driver.push(panel, doorCode('set', 2, '54321'));
    expect(emulator.state.flats[1]).toMatchObject({ number: 2, doorCode: '54321', doorCodeActive: true, blockCms: true });
    expect((await driver.readHolding(panel)).doorCodes).toEqual([{ flatNum: 2, code: '54321' }]);
    await driver.push(panel, doorCode('remove', 2, '54321'));
    expect(emulator.state.flats[1]).toMatchObject({ doorCodeActive: false, blockCms: true });
  });

  it('clears every code, and refuses a keyless service code (the panel holds one code per flat)', async () => {
    seedFlats(7);
    await driver.push(panel, doorCode('set', null, '1357'));
    await driver.push(panel, doorCode('set', 7, '2468'));
    await driver.push(panel, { kind: 'clear', what: 'doorCodes' });
    expect((await driver.readHolding(panel)).doorCodes).toEqual([]);
    const keyless = await failure(driver.push(panel, { ...doorCode('set', null, '99999'), service: 'courier' } as DeviceChange));
    expect(keyless.kind).toBe('unsupported');
    expect((await failure(driver.push(panel, doorCode('set', null, '12a4')))).kind).toBe('unsupported');
  });
});

describe('flats', () => {
  it('makes the panel serve exactly the range: outside cleared, missing created, present kept', async () => {
    seedFlats(1, 2, 3, 50);
    emulator.state.flats[2].blockCms = true;
    await driver.push(panel, { kind: 'flats', firstFlat: 3, lastFlat: 8 });
    expect(emulator.state.flats.map((flat) => flat.number)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(emulator.state.flats[0].blockCms).toBe(true);
    expect(emulator.state.flats[1]).toMatchObject({ doorCodeActive: false, blockCms: false, phones: ['4', '', '', '', ''] });
    expect((await driver.readHolding(panel)).commutation?.flatRange).toEqual({ firstFlat: 3, lastFlat: 8 });
    expect((await failure(driver.push(panel, { kind: 'flats', firstFlat: 5, lastFlat: 10_000 }))).kind).toBe('unsupported');
  });

  it('writes levels and the CMS block, and reads back what was written', async () => {
    seedFlats(5, 6);
    await driver.push(panel, { kind: 'flatSettings', flatNum: 5, settings: { handsetUpLevel: '400', doorOpenLevel: 600, blockCms: true, panelCode: 5 } });
    expect(emulator.state.flats[0]).toMatchObject({ handsetUpLevel: 400, doorOpenLevel: 600, blockCms: true });
    expect((await driver.readHolding(panel)).flatSettings).toEqual([{ flatNum: 5, settings: { blockCms: true, handsetUpLevel: '400', doorOpenLevel: '600' } }]);
    await driver.push(panel, { kind: 'flatSettings', flatNum: 5, settings: { handsetUpLevel: null, doorOpenLevel: null, blockCms: false } });
    expect(emulator.state.flats[0]).toMatchObject({ handsetUpLevel: 330, doorOpenLevel: 530, blockCms: false });
    expect((await driver.readHolding(panel)).flatSettings).toEqual([]);
  });

  it('refuses the settings the panel has no place for, sending nothing', async () => {
    seedFlats(5);
    const before = emulator.requests.length;
    expect((await failure(driver.push(panel, { kind: 'flatSettings', flatNum: 5, settings: { musicVolume: '7', blockCms: true } }))).kind).toBe('unsupported');
    expect((await failure(driver.push(panel, { kind: 'flatSettings', flatNum: 5, settings: { panelCode: 105 } }))).kind).toBe('unsupported');
    expect(emulator.requests.length).toBe(before);
    expect(emulator.state.flats[0].blockCms).toBe(false);
  });
});

describe('company upload', () => {
  const companyList = (flats: readonly number[], conciergeFlatNum: number | null = 999): CompanyFlatList => ({ companyId: 7, internalId: 'УК-7', codeAccess: '123456', conciergeFlatNum, flats });

  it('creates the flats the panel lacks, keeps those it has, and makes the concierge flat callable over SIP', async () => {
    seedFlats(1, 2, 3);
    emulator.state.flats[1] = { ...emulator.state.flats[1], doorCode: '2222', doorCodeActive: true, blockCms: true };
    const flats = Array.from({ length: 300 }, (_flat, index) => index + 1);
    const started = performance.now();
    await driver.uploadCompanyFlats(panel, companyList(flats));
    // Some 300–600 ms here on loopback (a request per flat, four at a time); the limit leaves room for a busy machine.
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(emulator.state.flats.map((flat) => flat.number)).toEqual([...flats, 999]);
    expect(emulator.state.flats[1]).toMatchObject({ number: 2, doorCode: '2222', doorCodeActive: true, blockCms: true });
    // The company's code signs its uploads: it is no door code, and no flat gets it.
    expect(emulator.state.flats.filter((flat) => flat.doorCodeActive).map((flat) => flat.number)).toEqual([2]);
    expect(emulator.state.flats.at(-1)).toMatchObject({ number: 999, phonesActive: true, blockCms: true, phones: ['999', '', '', '', ''] });
    expect(emulator.state.intercom.conciergeApartment).toBe(999);
    expect(emulator.state.saves).toBe(1);
    // One list, a write per missing flat, the concierge's flat and number, one save.
    expect(emulator.requests.filter((line) => line.includes('apartment_cgi?action=set'))).toHaveLength(298);
    expect(emulator.requests).toHaveLength(1 + 298 + 1 + 1);
  });

  it('sends nothing for flats the panel has; no concierge leaves the panel’s as it is', async () => {
    seedFlats(5, 6);
    emulator.state.intercom.conciergeApartment = 777;
    await driver.uploadCompanyFlats(panel, companyList([5, 6], null));
    expect(emulator.requests.filter((line) => !line.includes('action=list') && !line.includes('forcesave'))).toEqual([]);
    expect(emulator.state.intercom.conciergeApartment).toBe(777);
  });

  it('refuses flats the panel cannot hold before sending anything', async () => {
    expect((await failure(driver.uploadCompanyFlats(panel, companyList([1, 10_000])))).kind).toBe('unsupported');
    expect(emulator.requests).toEqual([]);
  });

  it('a 401 is auth, a garbled answer to a write is garbled, no answer is timeout', async () => {
    emulator.fault({ kind: 'unauthorized' }, { times: 1 });
    expect((await failure(driver.uploadCompanyFlats(panel, companyList([1, 2])))).kind).toBe('auth');
    emulator.fault({ kind: 'garbled' }, { match: /apartment_cgi\?action=set&Number=2&/, times: 1 });
    expect((await failure(driver.uploadCompanyFlats(panel, companyList([1, 2])))).kind).toBe('garbled');
    emulator.fault({ kind: 'timeout' }, { match: /intercom_cgi\?action=set/, times: 1 });
    expect((await failure(driverFor({ timeoutMs: 200 }).uploadCompanyFlats(panel, companyList([1, 2])))).kind).toBe('timeout');
    // What was not saved is written again by the next upload, which then goes through.
    await driver.uploadCompanyFlats(panel, companyList([1, 2]));
    expect(emulator.state.flats.map((flat) => flat.number)).toEqual([1, 2, 999]);
    expect(emulator.state.intercom.conciergeApartment).toBe(999);
  });
});

describe('gate prefixes', () => {
  it('writes the houses a gate serves with their prefixes, and no links turns the gate mode off', async () => {
    const links = [
      { address: 'ул. Ленина, 1', prefix: 12, firstFlat: 1, lastFlat: 80 },
      { address: 'ул. Ленина, 3', prefix: 13, firstFlat: 1, lastFlat: 120 },
    ];
    await driver.push(panel, { kind: 'gates', links });
    expect(emulator.state.gate).toEqual({
      mode: 1,
      enable: true,
      entrances: [
        { address: 'ул. Ленина, 1', prefix: 12, begNumber: 1, endNumber: 80 },
        { address: 'ул. Ленина, 3', prefix: 13, begNumber: 1, endNumber: 120 },
      ],
    });
    await driver.push(panel, { kind: 'gates', links: [] });
    expect(emulator.state.gate).toMatchObject({ enable: false, entrances: [] });
  });
});

describe('commutators', () => {
  it('writes a Metakom matrix as COM-100U (the panel held a Cyfral KMG-100) and reads it back', async () => {
    emulator.state.commutator.matrix[1][0][0] = 77;
    const matrix = grid(10, 10, 1);
    await driver.push(panel, { kind: 'commutators', model: 1, commutators: [{ index: 0, matrix }] });
    expect(emulator.state.commutator.type).toBe('COM-100U');
    expect(emulator.state.commutator.matrix).toHaveLength(6);
    expect(emulator.state.commutator.matrix[0]).toEqual(matrix);
    expect(emulator.requests).toContain('GET /webs/kmnDUCfgEx?kmntype=2');
    const read = await driver.readCommutation(panel);
    expect(read.model).toBe(1);
    expect(read.commutators[0]).toEqual({ index: 0, matrix });
    expect(read.commutators[1].matrix.flat().every((cell) => cell === 0)).toBe(true);
    const holding = await driver.readHolding(panel);
    expect(holding.commutation).toMatchObject({ model: 1, defaultSize: 100 });
    expect(holding.commutation?.commutators[0].matrix).toEqual(matrix);
  });

  it('keeps the panel’s model when it fits (no wipe) and picks the smallest model that holds the grid', async () => {
    await driver.push(panel, { kind: 'commutators', model: 2, commutators: [{ index: 1, matrix: grid(10, 10, 101) }] });
    expect(emulator.requests.some((request) => request.includes('kmntype'))).toBe(false);
    expect(emulator.state.commutator).toMatchObject({ type: 'KMG-100' });
    expect(emulator.state.commutator.matrix[1]).toEqual(grid(10, 10, 101));
    await driver.push(panel, { kind: 'commutators', model: null, commutators: [{ index: 0, matrix: grid(10, 5, 1) }] });
    expect(emulator.state.commutator.type).toBe('KMG-100');
    await driver.push(panel, { kind: 'commutators', model: 0, commutators: [{ index: 0, matrix: grid(8, 8, 1) }] });
    expect(emulator.state.commutator.type).toBe('Factorial 8x8');
    expect((await driver.readCommutation(panel)).commutators[0].matrix).toEqual(grid(8, 8, 1));
    await driver.push(panel, { kind: 'commutators', model: 1, commutators: [{ index: 0, matrix: grid(10, 22, 1) }] });
    expect(emulator.state.commutator.type).toBe('COM-220U');
  });

  it('refuses a grid no model of the maker holds', async () => {
    expect((await failure(driver.push(panel, { kind: 'commutators', model: 1, commutators: [{ index: 0, matrix: grid(12, 10, 1) }] }))).kind).toBe('unsupported');
    expect((await failure(driver.push(panel, { kind: 'commutators', model: null, commutators: [{ index: 5, matrix: grid(10, 10, 1) }] }))).kind).toBe('unsupported');
  });

  it('answers no commutation for a panel without a commutator model', async () => {
    emulator.state.commutator = { type: '', matrix: [] };
    expect(await driver.readCommutation(panel)).toEqual({ model: null, commutators: [] });
    expect((await driver.readHolding(panel)).commutation).toBeNull();
  });
});

describe('SIP and the card’s settings', () => {
  it('sets and removes the SIP account, and reads it back', async () => {
    const account = { login: '100001', domain: 'sip.example.test', port: 5070 };
    await driver.push(panel, { kind: 'sip', account });
    expect(emulator.state.sip).toMatchObject({ enabled: true, login: '100001', server: 'sip.example.test', port: 5070 });
    expect((await driver.readHolding(panel)).sip).toEqual(account);
    await driver.push(panel, { kind: 'sip', account: null });
    expect((await driver.readHolding(panel)).sip).toBeNull();
  });

  it('writes the SIP password the change carries (pass, passchanged), and keeps the panel’s when it carries none', async () => {
    const account = { login: '100002', domain: 'sip.example.test', port: 5060 };
    await driver.push(panel, { kind: 'sip', account, password: 's3cret' });
    expect(emulator.state.sip).toMatchObject({ login: '100002', password: 's3cret' });
    await driver.push(panel, { kind: 'sip', account: { ...account, port: 5070 } });
    expect(emulator.state.sip).toMatchObject({ port: 5070, password: 's3cret' });
    // The read-back compares the login, domain and port only: a panel never answers its password.
    expect((await driver.readHolding(panel)).sip).toEqual({ ...account, port: 5070 });
  });

  it('writes audio, display and levels, and refuses what the panel has no place for', async () => {
    await driver.push(panel, { kind: 'audio', value: { musicVolume: 10, analogVolume: 100, uartVolume: 5, panelVolume: 50 } });
    expect(emulator.state.audio).toMatchObject({ SystemVol: 8, AHSVol: 15 });
    await driver.push(panel, { kind: 'display', value: { welcomeText: 'Добро пожаловать', infoText: '', brightness: 50 } });
    expect(emulator.state.display).toEqual({ tickerEnable: true, tickerText: 'Добро пожаловать', tickerTimeout: 125 });
    await driver.push(panel, { kind: 'levels', value: { handsetUpLevel: 300, doorOpenLevel: 500, panelCall: 1, streamType: 0 } });
    expect(emulator.state.intercom).toMatchObject({ handsetUpLevel: 300, doorOpenLevel: 500 });
    const refused: DeviceChange[] = [
      { kind: 'relays', relays: [{ id: 1, entrance: '' }] },
      { kind: 'security', isMifare: true },
      { kind: 'keyScenario', action: 'add', scenario: 1, values: ['01'] },
      { kind: 'audio', value: { musicVolume: 10 } },
      { kind: 'display', value: { brightness: 10 } },
    ];
    for (const change of refused) expect((await failure(driver.push(panel, change))).kind).toBe('unsupported');
  });
});

describe('line level, doors, syslog, reboot', () => {
  it('reads a flat’s line level as 0..100', async () => {
    emulator.state.lineLevels['12'] = 512;
    expect(await driver.lineLevel(panel, 12)).toBe(50);
    expect(await driver.lineLevel(panel, 13)).toBe(0);
  });

  it('opens the main and second doors and pulses the third output', async () => {
    await driver.openDoor(panel, 0);
    await driver.openDoor(panel, 1);
    await driver.openDoor(panel, 2);
    expect(emulator.state.doorEvents).toEqual(['maindoor', 'altdoor', 'light:on', 'light:off']);
    expect((await failure(driver.openDoor(panel, 3))).kind).toBe('unsupported');
  });

  it('points the syslog at an address and saves it', async () => {
    await driver.setSyslog(panel, '127.0.0.5', 5514);
    expect(emulator.state.syslog).toEqual({ enable: true, protocol: 'udp', address: '127.0.0.5', port: 5514, logLevel: 6 });
    expect(emulator.state.saves).toBe(1);
  });

  it('saves, then reboots', async () => {
    emulator.state.display.tickerText = 'kept';
    await driver.reboot(panel);
    expect(emulator.requests.slice(-2)).toEqual(['GET /cgi-bin/config_cgi?action=forcesave', 'GET /webs/btnHitEx?flag=21']);
    expect(emulator.state).toMatchObject({ reboots: 1, display: { tickerText: 'kept' } });
  });
});

describe('faults', () => {
  it('a 401 is auth; a password corrected on the panel works once the driver has it', async () => {
    emulator.fault({ kind: 'unauthorized' }, { times: 1 });
    expect((await failure(driver.systemInfo(panel))).kind).toBe('auth');
    emulator.setCredentials('admin', 'changed');
    expect((await failure(driver.push(panel, key('add', '01')))).kind).toBe('auth');
    expect(emulator.state.keys.mifare).toEqual([]);
    panel = { ...panel, password: 'changed' };
    await driver.push(panel, key('add', '01'));
    expect(emulator.state.keys.mifare).toEqual(['00000000000001']);
  });

  it('no answer in time is timeout; a dropped connection is unreachable', async () => {
    const impatient = driverFor({ timeoutMs: 200 });
    emulator.fault({ kind: 'timeout' }, { times: 1 });
    expect((await failure(impatient.systemInfo(panel))).kind).toBe('timeout');
    emulator.fault({ kind: 'drop' }, { times: 1 });
    expect((await failure(impatient.systemInfo(panel))).kind).toBe('unreachable');
    expect((await impatient.systemInfo(panel)).alive).toBe(true);
  });

  it('a garbled answer is garbled (or unreachable), never a result', async () => {
    for (const match of [/systeminfo_cgi/, /apartment_cgi\?action=list/, /mifare_cgi\?action=list/, /intercomdu_cgi\?action=export/, /sip_cgi\?action=get/]) {
      emulator.fault({ kind: 'garbled' }, { match, times: 1 });
      const error = await failure(match.source.startsWith('systeminfo') ? driver.systemInfo(panel) : driver.readHolding(panel));
      expect(['garbled', 'unreachable']).toContain(error.kind);
    }
    emulator.fault({ kind: 'garbled' }, { match: /intercom_cgi\?action=linelevel/, times: 1 });
    expect((await failure(driver.lineLevel(panel, 1))).kind).toBe('garbled');
    // The key-table probe is asked once per driver: a fresh one asks it.
    emulator.fault({ kind: 'garbled' }, { match: /^\/cgi-bin\/extrfid_cgi$/, times: 1 });
    expect((await failure(driverFor().push(panel, key('add', '01')))).kind).toBe('garbled');
  });

  it('a partial answer is not taken as the panel’s state', async () => {
    seedFlats(...Array.from({ length: 40 }, (_flat, index) => index + 1));
    emulator.fault({ kind: 'partial' }, { match: /apartment_cgi\?action=list/, times: 1 });
    expect(['garbled', 'unreachable']).toContain((await failure(driver.readHolding(panel))).kind);
    emulator.fault({ kind: 'partial' }, { match: /intercomdu_cgi\?action=export/, times: 1 });
    expect(['garbled', 'unreachable']).toContain((await failure(driver.readCommutation(panel))).kind);
    expect((await driver.readHolding(panel)).commutation?.flatRange).toEqual({ firstFlat: 1, lastFlat: 40 });
  });

  it('a slow answer within the limit works', async () => {
    emulator.fault({ kind: 'slow', ms: 150 });
    const patient = driverFor({ timeoutMs: 2_000 });
    expect((await patient.systemInfo(panel)).alive).toBe(true);
    await patient.push(panel, doorCode('set', null, '4321'));
    expect(emulator.state.intercom.doorCode).toBe('4321');
  });

  it('a refusal of the panel is refused; a refused key table is asked for again', async () => {
    await driver.push(panel, key('add', '01'));
    emulator.state.keyTables = 'single';
    expect((await failure(driver.push(panel, key('add', '02')))).kind).toBe('refused');
    await driver.push(panel, key('add', '02'));
    expect(emulator.state.keys.rfid).toEqual(['00000000000002']);
  });
});

describe('tolerance', () => {
  it('parses answers with \\n line ends, other case and extra keys', async () => {
    seedFlats(1, 2);
    await driver.push(panel, doorCode('set', 2, '2222'));
    await driver.push(panel, { kind: 'sip', account: { login: 'a1', domain: 'sip.test', port: 5060 } });
    await driver.push(panel, key('add', 'AB'));
    for (const keyCase of ['lower', 'upper'] as const) {
      emulator.style.lineEnd = '\n';
      emulator.style.keyCase = keyCase;
      emulator.style.extraLines = true;
      expect((await driver.systemInfo(panel)).model).toBe('DKS977957_rev5.5.3.9.2');
      const holding = await driver.readHolding(panel);
      expect(holding.doorCodes).toEqual([{ flatNum: 2, code: '2222' }]);
      expect(holding.sip).toEqual({ login: 'a1', domain: 'sip.test', port: 5060 });
      expect(holding.keys.map((item) => item.value)).toEqual(['000000000000AB']);
      expect(holding.commutation?.flatRange).toEqual({ firstFlat: 1, lastFlat: 2 });
    }
  });
});

describe('protocol helpers', () => {
  it('reads a matrix export with or without the model line, with \\r\\n or \\n', () => {
    const type = commutatorTypeNamed('Beward KM100-7.1');
    expect(type?.name).toBe('KM100-7.1');
    if (!type) return;
    const rows = grid(10, 10, 1).map((row) => row.join(', '));
    expect(parseMatrixExport(`11\r\n\r\n${rows.join('\r\n')}\r\n`, type)).toEqual([{ index: 0, matrix: grid(10, 10, 1) }]);
    expect(parseMatrixExport(`${rows.join('\n')}\n\n`, type)).toEqual([{ index: 0, matrix: grid(10, 10, 1) }]);
    expect(() => parseMatrixExport(rows.slice(0, 9).join('\n'), type)).toThrow(PanelError);
    expect(() => parseMatrixExport(`${rows.join('\n')}\n\n${rows.join('\n')}`, type)).toThrow(PanelError);
  });

  it('reads the model ids of the English section, or of the only one', () => {
    expect(parseCommutatorTypeIds('<Resources lan="en"><Page><opkmntype4>Beward COM-220U</opkmntype4></Page></Resources>').get('COM-220U')).toBe(4);
    expect(parseCommutatorTypeIds('<Resources><opkmntype7>KAD2502 (DP-K2D)</opkmntype7></Resources>').get('KAD2502')).toBe(7);
    expect(() => parseCommutatorTypeIds('<html>no list</html>')).toThrow(PanelError);
  });

  it('pads keys to 14 upper-case hex digits and refuses longer ones', () => {
    expect(bewardKeyValue('3375a686')).toBe('0000003375A686');
    expect(bewardKeyValue('0000003375A686')).toBe('0000003375A686');
    expect(() => bewardKeyValue('0123456789ABCDEF')).toThrow(PanelError);
  });
});

describe('the emulator', () => {
  it('refuses bad requests with 400 and a CGI it lacks with 404 «is not defined»', async () => {
    const http = new PanelHttp(loopbackOnly);
    const badKey = await http.request(panel, { path: '/cgi-bin/mifare_cgi?action=add&Key=3375a686&Type=1' });
    expect([badKey.status, badKey.text.trim()]).toEqual([400, 'Error: Key must be 14 upper-case hex digits']);
    expect((await http.request(panel, { path: '/cgi-bin/apartment_cgi?action=set&Number=5&BlockCMS=maybe' })).status).toBe(400);
    expect((await http.request(panel, { path: '/cgi-bin/intercom_cgi?action=set&DoorCode=12ab' })).status).toBe(400);
    const missing = await http.request(panel, { path: '/cgi-bin/rfid_cgi?action=list' });
    expect([missing.status, missing.text.trim()]).toEqual([404, 'Error: /cgi-bin/rfid_cgi is not defined']);
    expect(emulator.state.flats).toEqual([]);
  });
});

describe('the network allow-list', () => {
  it('refuses a panel outside DEVICE_NETWORKS before any connection', async () => {
    const outside: PanelTarget = { ...panel, baseUrl: 'http://10.1.2.3' };
    expect((await failure(driver.systemInfo(outside))).kind).toBe('address-not-allowed');
    expect((await failure(driver.push(outside, key('add', '01')))).kind).toBe('address-not-allowed');
    expect(outsideAttempts).toEqual([]);
  });
});
