import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CompanyFlatList, DeviceChange } from '../../server/gateways/device/device-gateway';
import { IsSokolDriver } from '../../server/gateways/device/panels/iscom/driver';
import { startIsSokolEmulator, type IsSokolEmulator, type IsSokolFlat } from '../../server/gateways/device/panels/iscom/emulator';
import { NetworkAllowList } from '../../server/gateways/device/panels/network-allow-list';
import { PanelError, type PanelFailureKind, type PanelTarget } from '../../server/gateways/device/panels/panel-driver';
import { PanelHttp } from '../../server/gateways/device/panels/panel-http';
import { guardLoopback, outsideAttempts } from './loopback-guard';

guardLoopback();

const allowList = new NetworkAllowList(['127.0.0.1/32']);
/** ISCOM_X1 (contract/devices.ts). */
const ISCOM_X1 = 6;

function targetOf(emulator: IsSokolEmulator, password = '123456'): PanelTarget {
  return { mac: 'AA:BB:CC:00:00:01', type: ISCOM_X1, baseUrl: emulator.url, login: 'root', password };
}

async function failureOf(work: Promise<unknown>): Promise<PanelError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof PanelError) return error;
    throw error;
  }
  throw new Error('the call succeeded, a PanelError was expected');
}

async function expectFailure(work: Promise<unknown>, ...kinds: PanelFailureKind[]): Promise<PanelError> {
  const error = await failureOf(work);
  expect(kinds).toContain(error.kind);
  return error;
}

function seededFlat(panelCode: number): IsSokolFlat {
  return { panelCode, callsEnabled: { handset: true, sip: true }, soundOpenTh: null, resistances: { answer: null, quiescent: null }, volumes: {}, sipAccounts: [String(panelCode)] };
}

/** A product grid (`grid[row][column]`) of `rows` × `columns`, flats in sequence down each column from `first`. */
function sequentialGrid(rows: number, columns: number, first = 1): number[][] {
  return Array.from({ length: rows }, (_row, row) => Array.from({ length: columns }, (_column, column) => first + column * rows + row));
}

const writes = (emulator: IsSokolEmulator) => emulator.requests.filter((line) => !line.startsWith('GET '));

afterAll(() => {
  expect(outsideAttempts).toEqual([]);
});

describe.each([2, 5] as const)('IS Sokol rev.%i', (revision) => {
  let emulator: IsSokolEmulator;
  let driver: IsSokolDriver;
  let panel: PanelTarget;
  const v1 = revision === 5 ? '/v1' : '';

  beforeEach(async () => {
    emulator = await startIsSokolEmulator({ revision });
    driver = new IsSokolDriver(new PanelHttp(allowList, { timeoutMs: 2_000 }));
    panel = targetOf(emulator);
  });
  afterEach(async () => {
    await emulator.close();
  });

  it('tells its revision from the hardware version and says who it is', async () => {
    expect(await driver.revision(panel)).toBe(revision);
    const info = await driver.systemInfo(panel);
    expect(info).toEqual({
      alive: true,
      model: emulator.state.model,
      firmware: emulator.state.firmware,
      hardware: emulator.state.hardware,
      sipRegistered: false,
    });
    emulator.state.sipRegistered = true;
    emulator.state.deviceId = '';
    expect(await driver.systemInfo(panel)).toMatchObject({ alive: false, sipRegistered: true });
  });

  it('reads the revision from hardware versions as firmwares write them', async () => {
    emulator.state.hardware = revision === 5 ? 'V5.2 build 7' : '2.5-r1';
    expect(await driver.revision(panel)).toBe(revision);
    emulator.state.hardware = '';
    await expectFailure(driver.systemInfo(panel), 'garbled');
  });

  it('asks the revision once per panel while it is fresh, again once it is old', async () => {
    let now = 1_000;
    driver = new IsSokolDriver(new PanelHttp(allowList), { revisionTtlMs: 60_000, now: () => now });
    await driver.push(panel, { kind: 'key', action: 'add', value: '1', flatNum: null });
    await driver.push(panel, { kind: 'key', action: 'add', value: '2', flatNum: null });
    const versionReads = () => emulator.requests.filter((line) => line === 'GET /v2/system/versions').length;
    expect(versionReads()).toBe(1);
    now += 60_000;
    await driver.push(panel, { kind: 'key', action: 'add', value: '3', flatNum: null });
    expect(versionReads()).toBe(2);
  });

  describe('keys', () => {
    it('adds 14 upper-case hex digits (shorter and lower-case values padded), removes one, clears all', async () => {
      await driver.push(panel, { kind: 'key', action: 'add', value: '75bc01ad', flatNum: null });
      await driver.push(panel, { kind: 'key', action: 'add', value: '00000012345678', flatNum: 12 });
      expect(emulator.state.keys.map((key) => key.uuid)).toEqual(['00000075BC01AD', '00000012345678']);
      expect(emulator.requests).toContain('PUT /key/store/merge');

      const held = await driver.readHolding(panel);
      expect(held.keys).toEqual([
        { value: '00000075BC01AD', rs: false, inner: false, flatNum: null, isSecurity: false, scenarios: [] },
        // Rev.2 keys carry no flat (PANELS.md: `[{uuid}]`).
        { value: '00000012345678', rs: false, inner: false, flatNum: revision === 5 ? 12 : null, isSecurity: false, scenarios: [] },
      ]);

      await driver.push(panel, { kind: 'key', action: 'remove', value: '75BC01AD', flatNum: null });
      expect(emulator.state.keys.map((key) => key.uuid)).toEqual(['00000012345678']);
      // A key the panel does not hold is already removed.
      await driver.push(panel, { kind: 'key', action: 'remove', value: 'ABCDEF', flatNum: null });

      await driver.push(panel, { kind: 'clear', what: 'keys' });
      expect(emulator.state.keys).toEqual([]);
      expect(emulator.state.keyMode).toBe(2);
      expect((await driver.readHolding(panel)).keys).toEqual([]);
    });

    it('refuses what the panel cannot hold before sending anything', async () => {
      const refused: DeviceChange[] = [
        { kind: 'key', action: 'add', value: '00000075BC01AD', flatNum: null, rs: true },
        { kind: 'key', action: 'add', value: '00000075BC01AD', flatNum: null, inner: true },
        { kind: 'key', action: 'encode', value: '00000075BC01AD', flatNum: null },
        { kind: 'key', action: 'add', value: 'not a key', flatNum: null },
        { kind: 'key', action: 'add', value: '000000000000000', flatNum: null },
        { kind: 'keyScenario', action: 'add', scenario: 1, values: ['00000075BC01AD'] },
      ];
      for (const change of refused) await expectFailure(driver.push(panel, change), 'unsupported');
      expect(writes(emulator)).toEqual([]);
    });
  });

  describe('door codes', () => {
    it('sets the common code and a flat code, replaces and removes them, clears all', async () => {
      await driver.push(panel, { kind: 'doorCode', action: 'set', flatNum: null, code: '12345', expiresAt: null });
      await driver.push(panel, { kind: 'doorCode', action: 'set', flatNum: null, code: '23456', expiresAt: null });
      await driver.push(panel, { kind: 'doorCode', action: 'set', flatNum: 7, code: '34567', expiresAt: null });
      expect(emulator.state.openCodes).toEqual([
        { code: 23456, panelCode: 0 },
        { code: 34567, panelCode: 7 },
      ]);
      expect(emulator.requests).toContain(`POST ${v1}/openCode`);
      expect((await driver.readHolding(panel)).doorCodes).toEqual([
        { flatNum: null, code: '23456' },
        { flatNum: 7, code: '34567' },
      ]);

      await driver.push(panel, { kind: 'doorCode', action: 'remove', flatNum: 7, code: '34567', expiresAt: null });
      // Removing a code the flat does not hold leaves the panel as it is.
      await driver.push(panel, { kind: 'doorCode', action: 'remove', flatNum: 8, code: '23456', expiresAt: null });
      expect(emulator.state.openCodes).toEqual([{ code: 23456, panelCode: 0 }]);

      await driver.push(panel, { kind: 'clear', what: 'doorCodes' });
      expect(emulator.state.openCodes).toEqual([]);
    });

    it('refuses keyless service codes and codes that are not five digits', async () => {
      await expectFailure(driver.push(panel, { kind: 'doorCode', action: 'set', flatNum: null, code: '12345', expiresAt: null, service: 'post' }), 'unsupported');
      await expectFailure(driver.push(panel, { kind: 'doorCode', action: 'set', flatNum: null, code: '1234', expiresAt: null }), 'unsupported');
      await expectFailure(driver.push(panel, { kind: 'doorCode', action: 'set', flatNum: 3, code: '01234', expiresAt: null }), 'unsupported');
      expect(writes(emulator)).toEqual([]);
    });

    it('reports the panel refusing a code another flat holds', async () => {
      emulator.state.openCodes = [{ code: 55555, panelCode: 4 }];
      const error = await expectFailure(driver.push(panel, { kind: 'doorCode', action: 'set', flatNum: 5, code: '55555', expiresAt: null }), 'refused');
      expect(error.detail).toContain('exists');
      expect(emulator.state.openCodes).toEqual([{ code: 55555, panelCode: 4 }]);
    });
  });

  describe('flats', () => {
    it('serves exactly the range: flats outside it and their codes go, missing ones are created', async () => {
      emulator.state.flats = [1, 2, 3, 50].map(seededFlat);
      emulator.state.openCodes = [
        { code: 11111, panelCode: 0 },
        { code: 22222, panelCode: 50 },
        { code: 33333, panelCode: 3 },
      ];
      await driver.push(panel, { kind: 'flats', firstFlat: 2, lastFlat: 6 });
      expect(emulator.state.flats.map((flat) => flat.panelCode)).toEqual([2, 3, 4, 5, 6]);
      expect(emulator.state.openCodes).toEqual([
        { code: 11111, panelCode: 0 },
        { code: 33333, panelCode: 3 },
      ]);
      if (revision === 5) expect(emulator.requests).toContain('PUT /panelCode/rooms_update');
      else expect(emulator.requests.filter((line) => line === 'POST /panelCode')).toHaveLength(3);

      await driver.push(panel, { kind: 'flats', firstFlat: 10, lastFlat: 12 });
      expect(emulator.state.flats.map((flat) => flat.panelCode)).toEqual([10, 11, 12]);
      expect(emulator.requests).toContain('DELETE /panelCode/clear');
      expect((await driver.readHolding(panel)).commutation?.flatRange ?? null).toEqual(revision === 5 ? null : { firstFlat: 10, lastFlat: 12 });
    });

    it('refuses flat numbers the panel does not know', async () => {
      await expectFailure(driver.push(panel, { kind: 'flats', firstFlat: 0, lastFlat: 10 }), 'unsupported');
      await expectFailure(driver.push(panel, { kind: 'flats', firstFlat: 9990, lastFlat: 10_000 }), 'unsupported');
      await expectFailure(driver.push(panel, { kind: 'flats', firstFlat: 20, lastFlat: 10 }), 'unsupported');
      expect(writes(emulator)).toEqual([]);
    });

    it('writes flat settings and reads back what it wrote; the door code goes to the flat as an open code', async () => {
      emulator.state.flats = [1, 2, 3].map(seededFlat);
      const settings = { blockCms: true, panelCode: 3, handsetUpLevel: '80', handsetDownLevel: '40', thCall: '5', uartTo: '2', doorCode: '54321' };
      await driver.push(panel, { kind: 'flatSettings', flatNum: 3, settings });
      expect(emulator.state.flats[2]).toMatchObject({ panelCode: 3, callsEnabled: { handset: false, sip: true }, resistances: { answer: 80, quiescent: 40 } });
      const held = await driver.readHolding(panel);
      expect(held.flatSettings).toEqual([{ flatNum: 3, settings: { blockCms: true, handsetUpLevel: '80', handsetDownLevel: '40', thCall: '5', uartTo: '2' } }]);
      expect(held.doorCodes).toEqual([{ flatNum: 3, code: '54321' }]);

      await driver.push(panel, { kind: 'flatSettings', flatNum: 3, settings: { blockCms: false, handsetUpLevel: null, doorCode: null } });
      const after = await driver.readHolding(panel);
      expect(after.flatSettings).toEqual([{ flatNum: 3, settings: { handsetDownLevel: '40', thCall: '5', uartTo: '2' } }]);
      expect(after.doorCodes).toEqual([]);

      // A flat the panel does not serve yet is created with the settings.
      await driver.push(panel, { kind: 'flatSettings', flatNum: 9, settings: { blockCms: true } });
      expect(emulator.state.flats.map((flat) => flat.panelCode)).toEqual([1, 2, 3, 9]);
    });

    it('refuses a flat setting the panel has no place for, sending nothing', async () => {
      emulator.state.flats = [seededFlat(3)];
      await expectFailure(driver.push(panel, { kind: 'flatSettings', flatNum: 3, settings: { musicVolume: '5', thCall: '4' } }), 'unsupported');
      await expectFailure(driver.push(panel, { kind: 'flatSettings', flatNum: 3, settings: { panelCode: 30 } }), 'unsupported');
      await expectFailure(driver.push(panel, { kind: 'flatSettings', flatNum: 3, settings: { doorCode: '12' } }), 'unsupported');
      expect(writes(emulator)).toEqual([]);
      // An unknown setting with no value has nothing to hold.
      await driver.push(panel, { kind: 'flatSettings', flatNum: 3, settings: { musicVolume: null, thCall: '4' } });
      expect(emulator.state.flats[0].volumes.thCall).toBe(4);
    });
  });

  describe('commutation', () => {
    it('writes a Metakom 220 matrix with its unit shift and reads the same grid back', async () => {
      const grid = sequentialGrid(10, 22);
      await driver.push(panel, { kind: 'commutators', model: 1, commutators: [{ index: 0, matrix: grid }] });
      if (revision === 2) {
        expect(emulator.state.rev2Switch.modelId).toBe('METAKOM');
        const matrix = emulator.state.rev2Switch.matrices[0].matrix;
        // Row r is unit r + 1; the tenth row is unit 0 of the next dozen.
        expect([matrix[0][1], matrix[0][9], matrix[1][0], matrix[1][1], matrix[0][0]]).toEqual([1, 9, 10, 11, 220]);
      } else {
        expect(emulator.state.rev5Switches[0].type).toBe(65);
        const matrix = emulator.state.rev5Switches[0].matrices[0].matrix;
        // Rev.5 keeps the tenth row in the same dozen, as unit 0.
        expect([matrix[0][1], matrix[0][9], matrix[0][0], matrix[1][1]]).toEqual([1, 9, 10, 11]);
      }
      expect(await driver.readCommutation(panel)).toEqual({ model: 1, commutators: [{ index: 0, matrix: grid }] });
    });

    it('writes Cyfral 100 on two commutators and Factorial 8x8, unshifted and shifted, and reads them back', async () => {
      const first = sequentialGrid(10, 10);
      const second = sequentialGrid(10, 10, 101);
      await driver.push(panel, { kind: 'commutators', model: 2, commutators: [{ index: 0, matrix: first }, { index: 1, matrix: second }] });
      const cyfral = revision === 2 ? emulator.state.rev2Switch.matrices[0].matrix : emulator.state.rev5Switches[0].matrices[0].matrix;
      expect([cyfral[0][0], cyfral[0][9], cyfral[1][0]]).toEqual([1, 10, 11]);
      expect(await driver.readCommutation(panel)).toEqual({ model: 2, commutators: [{ index: 0, matrix: first }, { index: 1, matrix: second }] });

      const factorial = sequentialGrid(8, 8, 201);
      await driver.push(panel, { kind: 'commutators', model: 0, commutators: [{ index: 0, matrix: factorial }] });
      expect(await driver.readCommutation(panel)).toEqual({ model: 0, commutators: [{ index: 0, matrix: factorial }] });
    });

    it('keeps the commutator type a rev.5 switch has when it fits the model and size', async () => {
      if (revision === 2) return;
      emulator.state.rev5Switches[0] = { type: 13, summator: null, matrices: [] };
      await driver.push(panel, { kind: 'commutators', model: 2, commutators: [{ index: 0, matrix: sequentialGrid(10, 10) }] });
      expect(emulator.state.rev5Switches[0].type).toBe(13);
      await driver.push(panel, { kind: 'commutators', model: 3, commutators: [{ index: 0, matrix: sequentialGrid(10, 10) }] });
      expect(emulator.state.rev5Switches[0].type).toBe(30);
    });

    it('empties the matrices when the commutation has no model', async () => {
      await driver.push(panel, { kind: 'commutators', model: 0, commutators: [{ index: 0, matrix: sequentialGrid(8, 8) }] });
      await driver.push(panel, { kind: 'commutators', model: null, commutators: [{ index: 0, matrix: [] }] });
      const read = await driver.readCommutation(panel);
      expect(read.commutators.every((item) => item.matrix.every((row) => row.every((cell) => cell === 0)))).toBe(true);
      await expectFailure(driver.push(panel, { kind: 'commutators', model: null, commutators: [{ index: 0, matrix: sequentialGrid(8, 8) }] }), 'unsupported');
    });

    it('keeps empty cells empty and refuses sizes the panel has no model for', async () => {
      const grid = sequentialGrid(10, 10).map((row, rowIndex) => row.map((flat) => (rowIndex === 3 ? 0 : flat)));
      await driver.push(panel, { kind: 'commutators', model: 3, commutators: [{ index: 0, matrix: grid }] });
      expect(await driver.readCommutation(panel)).toEqual({ model: 3, commutators: [{ index: 0, matrix: grid }] });
      // Metakom 80 exists only on rev.5 (COM-80U); Metakom 100 only on rev.2.
      const metakom = revision === 5 ? sequentialGrid(10, 10) : sequentialGrid(10, 8);
      await expectFailure(driver.push(panel, { kind: 'commutators', model: 1, commutators: [{ index: 0, matrix: metakom }] }), 'unsupported');
      await expectFailure(driver.push(panel, { kind: 'commutators', model: 2, commutators: [{ index: 5, matrix: sequentialGrid(10, 10) }] }), 'unsupported');
    });
  });

  describe('SIP, levels, display', () => {
    it('sets and removes the SIP account, read back as written', async () => {
      const account = { login: '1000000020', domain: 'sip.example.net', port: 5070 };
      await driver.push(panel, { kind: 'sip', account });
      expect(emulator.requests).toContain(`PUT ${v1}/sip/settings`);
      expect(emulator.state.sip.remote).toMatchObject({ enabled: true, username: account.login, domain: account.domain, port: 5070 });
      expect((await driver.readHolding(panel)).sip).toEqual(account);
      await driver.push(panel, { kind: 'sip', account: null });
      expect((await driver.readHolding(panel)).sip).toBeNull();
    });

    it('writes the SIP password the change carries, and keeps the panel’s when it carries none', async () => {
      const account = { login: '1000000021', domain: 'sip.example.net', port: 5060 };
      await driver.push(panel, { kind: 'sip', account, password: 's3cret' });
      expect(emulator.state.sip.remote).toMatchObject({ username: account.login, password: 's3cret' });
      await driver.push(panel, { kind: 'sip', account: { ...account, port: 5070 } });
      expect(emulator.state.sip.remote).toMatchObject({ port: 5070, password: 's3cret' });
      expect((await driver.readHolding(panel)).sip).toEqual({ ...account, port: 5070 });
    });

    it('writes the card levels into the panel levels, keeping the ones it has no value for', async () => {
      const breakLevel = emulator.state.levels.resistances.break;
      await driver.push(panel, {
        kind: 'levels',
        value: { panelCall: 8, panelTalk: 7, thCall: 6, thTalk: 5, handsetUpLevel: 9, handsetDownLevel: 4, doorOpenLevel: 230, streamType: 0 },
      });
      expect(emulator.state.levels.volumes).toMatchObject({ panelCall: 8, panelTalk: 7, thCall: 6, thTalk: 5 });
      expect(emulator.state.levels.resistances).toMatchObject({ answer: 9, quiescent: 4, break: breakLevel });
      expect(emulator.requests).toContain(`PUT ${v1}/levels`);
    });

    it('writes the display text on rev.5 only', async () => {
      const push = driver.push(panel, { kind: 'display', value: { welcomeText: 'Добро пожаловать', infoText: '', brightness: 50 } });
      if (revision === 2) {
        await expectFailure(push, 'unsupported');
        return;
      }
      await push;
      expect(emulator.state.display).toEqual({ enable: true, text: 'Добро пожаловать' });
    });

    it('refuses the changes the panel has no place for', async () => {
      const refused: DeviceChange[] = [
        { kind: 'audio', value: { musicVolume: 1, analogVolume: 2, uartVolume: 3, panelVolume: 4 } },
        { kind: 'relays', relays: [{ id: 1, entrance: '1' }] },
        { kind: 'security', isMifare: true },
        { kind: 'echoCancellation', echoCancellationType: 1 },
      ];
      for (const change of refused) await expectFailure(driver.push(panel, change), 'unsupported');
    });
  });

  describe('company upload', () => {
    const companyList = (flats: readonly number[], conciergeFlatNum: number | null = 999): CompanyFlatList => ({ companyId: 7, internalId: 'УК-7', codeAccess: '123456', conciergeFlatNum, flats });

    it('creates the flats the panel lacks, keeps those it has, and names the concierge flat, called over SIP', async () => {
      emulator.state.flats = [seededFlat(1), { ...seededFlat(2), callsEnabled: { handset: false, sip: true } }, seededFlat(3)];
      const flats = Array.from({ length: 300 }, (_flat, index) => index + 1);
      const started = performance.now();
      await driver.uploadCompanyFlats(panel, companyList(flats));
      // Some 20 ms (rev.5, in bulk) and 300–500 ms (rev.2, a request per flat) here; the limit leaves room for a busy machine.
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(emulator.state.flats.map((flat) => flat.panelCode)).toEqual([...flats, 999]);
      expect(emulator.state.flats[1].callsEnabled).toEqual({ handset: false, sip: true });
      expect(emulator.state.flats.at(-1)).toMatchObject({ panelCode: 999, callsEnabled: { handset: false, sip: true }, sipAccounts: ['999'] });
      expect(emulator.state.panelSettings).toEqual({ consiergeRoom: 999 });
      // The company's code signs its uploads: it is no open code.
      expect(emulator.state.openCodes).toEqual([]);
      const expectedWrites = revision === 5 ? ['PUT /panelCode/rooms_update'] : Array.from({ length: 298 }, () => 'POST /panelCode');
      expect(writes(emulator)).toEqual([...expectedWrites, `PUT ${v1}/panelCode/settings`]);
    });

    it('writes nothing for flats the panel has; no concierge leaves the panel’s as it is', async () => {
      emulator.state.flats = [seededFlat(5), seededFlat(6)];
      emulator.state.panelSettings = { consiergeRoom: 777, sosRoom: 112 };
      await driver.uploadCompanyFlats(panel, companyList([5, 6], null));
      expect(writes(emulator)).toEqual([]);
      // A company flat that is also the concierge flat, callable already, is only named.
      await driver.uploadCompanyFlats(panel, companyList([5, 6], 6));
      expect(writes(emulator)).toEqual([`PUT ${v1}/panelCode/settings`]);
      expect(emulator.state.panelSettings).toEqual({ consiergeRoom: 6, sosRoom: 112 });
    });

    it('refuses flats the panel cannot hold before sending anything', async () => {
      await expectFailure(driver.uploadCompanyFlats(panel, companyList([1, 10_000])), 'unsupported');
      expect(emulator.requests).toEqual([]);
    });

    it('a 401 is auth, a garbled answer to a write is garbled, no answer is timeout', async () => {
      emulator.fault({ kind: 'unauthorized' }, { times: 1 });
      await expectFailure(driver.uploadCompanyFlats(panel, companyList([1, 2])), 'auth');
      emulator.fault({ kind: 'garbled' }, { match: /panelCode\/settings/, times: 1 });
      await expectFailure(driver.uploadCompanyFlats(panel, companyList([1, 2])), 'garbled');
      emulator.fault({ kind: 'timeout' }, { match: /panelCode\/settings/, times: 1 });
      await expectFailure(new IsSokolDriver(new PanelHttp(allowList, { timeoutMs: 300 })).uploadCompanyFlats(panel, companyList([1, 2])), 'timeout');
      await driver.uploadCompanyFlats(panel, companyList([1, 2]));
      expect(emulator.state.flats.map((flat) => flat.panelCode)).toEqual([1, 2, 999]);
      expect(emulator.state.panelSettings).toEqual({ consiergeRoom: 999 });
    });
  });

  describe('reads and commands', () => {
    it('reads back the whole holding after a full set of writes', async () => {
      const grid = sequentialGrid(10, 10, 1);
      const changes: DeviceChange[] = [
        { kind: 'clear', what: 'keys' },
        { kind: 'clear', what: 'doorCodes' },
        { kind: 'flats', firstFlat: 1, lastFlat: 100 },
        { kind: 'key', action: 'add', value: '0000003375A686', flatNum: null },
        { kind: 'doorCode', action: 'set', flatNum: null, code: '77777', expiresAt: null },
        { kind: 'doorCode', action: 'set', flatNum: 12, code: '12121', expiresAt: null },
        { kind: 'flatSettings', flatNum: 12, settings: { blockCms: true } },
        { kind: 'commutators', model: 2, commutators: [{ index: 0, matrix: grid }] },
        { kind: 'sip', account: { login: 'panel-1', domain: '10.0.0.5', port: 5060 } },
      ];
      for (const change of changes) await driver.push(panel, change);
      expect(await driver.readHolding(panel)).toEqual({
        keys: [{ value: '0000003375A686', rs: false, inner: false, flatNum: null, isSecurity: false, scenarios: [] }],
        doorCodes: [
          { flatNum: null, code: '77777' },
          { flatNum: 12, code: '12121' },
        ],
        keylessCodes: [],
        commutation: { model: 2, commutators: [{ index: 0, matrix: grid }], flatRange: { firstFlat: 1, lastFlat: 100 }, defaultSize: 100 },
        sip: { login: 'panel-1', domain: '10.0.0.5', port: 5060 },
        flatSettings: [{ flatNum: 12, settings: { blockCms: true } }],
      });
    });

    it('reads an empty panel (rev.5 answers empty lists with no body)', async () => {
      const held = await driver.readHolding(panel);
      expect(held).toMatchObject({ keys: [], doorCodes: [], keylessCodes: [], sip: null, flatSettings: [] });
      if (revision === 5) expect(held.commutation).toBeNull();
      else expect(held.commutation).toMatchObject({ model: 2, flatRange: null, defaultSize: 100 });
    });

    it('measures a line, opens doors, reboots, points the syslog', async () => {
      emulator.state.flats = [seededFlat(5)];
      emulator.state.lineResist = { 5: 63 };
      expect(await driver.lineLevel(panel, 5)).toBe(63);
      await expectFailure(driver.lineLevel(panel, 6), 'refused');

      await driver.openDoor(panel, 0);
      await driver.openDoor(panel, 1);
      await expectFailure(driver.openDoor(panel, 2), 'unsupported');
      expect(emulator.state.doorOpens).toEqual([1, 2]);

      await driver.reboot(panel);
      expect(emulator.state.reboots).toBe(1);

      const syslog = driver.setSyslog(panel, '127.0.0.9', 5514);
      if (revision === 2) await expectFailure(syslog, 'unsupported');
      else {
        await syslog;
        expect(emulator.state.syslog).toEqual({ addr: '127.0.0.9', port: 5514, severity: 6, transport: 1 });
      }
    });

    it('reads answers with extra fields, capitalised keys and \\r\\n line ends', async () => {
      await driver.push(panel, { kind: 'flats', firstFlat: 1, lastFlat: 3 });
      await driver.push(panel, { kind: 'key', action: 'add', value: '00000075BC01AD', flatNum: 2 });
      await driver.push(panel, { kind: 'doorCode', action: 'set', flatNum: 2, code: '22222', expiresAt: null });
      await driver.push(panel, { kind: 'flatSettings', flatNum: 2, settings: { handsetUpLevel: '70' } });
      await driver.push(panel, { kind: 'commutators', model: 4, commutators: [{ index: 0, matrix: sequentialGrid(10, 10) }] });
      await driver.push(panel, { kind: 'sip', account: { login: 'a', domain: 'b', port: 5060 } });
      const plain = await driver.readHolding(panel);
      const plainInfo = await driver.systemInfo(panel);
      emulator.state.quirks = { extraFields: true, capitalizedKeys: true, crlf: true };
      expect(await driver.readHolding(panel)).toEqual(plain);
      expect(await driver.systemInfo(panel)).toEqual(plainInfo);
      // A write keeps the fields it does not know (`vendorNote`, `soundOpenTh`) rather than failing on them.
      await driver.push(panel, { kind: 'flatSettings', flatNum: 2, settings: { handsetUpLevel: '75' } });
      expect(emulator.state.flats[1].resistances.answer).toBe(75);
    });
  });

  describe('faults', () => {
    it('a 401 is auth; a corrected password then works', async () => {
      emulator.fault({ kind: 'unauthorized' }, { times: 1 });
      await expectFailure(driver.systemInfo(panel), 'auth');
      expect((await driver.systemInfo(panel)).alive).toBe(true);

      emulator.setCredentials('root', 'n3w-secret');
      await expectFailure(driver.push(panel, { kind: 'key', action: 'add', value: '1', flatNum: null }), 'auth');
      const corrected = targetOf(emulator, 'n3w-secret');
      await driver.push(corrected, { kind: 'key', action: 'add', value: '1', flatNum: null });
      expect(emulator.state.keys.map((key) => key.uuid)).toEqual(['00000000000001']);
    });

    it('no answer in time is a timeout', async () => {
      const impatient = new IsSokolDriver(new PanelHttp(allowList, { timeoutMs: 300 }));
      emulator.fault({ kind: 'timeout' }, { times: 1 });
      await expectFailure(impatient.systemInfo(panel), 'timeout');
      await driver.revision(panel);
      emulator.fault({ kind: 'timeout' }, { match: /key\/store/, times: 1 });
      await expectFailure(impatient.readHolding(panel), 'timeout');
    });

    it('a dropped connection is unreachable', async () => {
      emulator.fault({ kind: 'drop' }, { match: /openCode/, times: 1 });
      await expectFailure(driver.readHolding(panel), 'unreachable');
      emulator.fault({ kind: 'drop' }, { match: /openCode/, times: 1 });
      await expectFailure(driver.push(panel, { kind: 'doorCode', action: 'set', flatNum: null, code: '12345', expiresAt: null }), 'unreachable');
      expect(emulator.state.openCodes).toEqual([]);
    });

    it('a garbled answer is garbled, to a read and to a write', async () => {
      emulator.fault({ kind: 'garbled' }, { match: /versions/, times: 1 });
      await expectFailure(driver.systemInfo(panel), 'garbled', 'unreachable');
      emulator.fault({ kind: 'garbled' }, { match: /panelCode/, times: 1 });
      await expectFailure(driver.readHolding(panel), 'garbled', 'unreachable');
      emulator.fault({ kind: 'garbled' }, { match: /merge/, times: 1 });
      await expectFailure(driver.push(panel, { kind: 'key', action: 'add', value: '1', flatNum: null }), 'garbled', 'unreachable');
    });

    it('half an answer is never taken as the whole', async () => {
      emulator.state.keys = Array.from({ length: 40 }, (_key, index) => ({ uuid: String(index + 1).padStart(14, '0'), panelCode: 0 }));
      emulator.fault({ kind: 'partial' }, { match: /key\/store/, times: 1 });
      await expectFailure(driver.readHolding(panel), 'garbled', 'unreachable');
      emulator.fault({ kind: 'partial' }, { match: /switch/, times: 1 });
      await expectFailure(driver.readCommutation(panel), 'garbled', 'unreachable');
      expect((await driver.readHolding(panel)).keys).toHaveLength(40);
    });

    it('a slow answer within the limit works', async () => {
      emulator.fault({ kind: 'slow', ms: 250 }, { times: 3 });
      expect((await driver.systemInfo(panel)).alive).toBe(true);
    });

    it('answers that are JSON but not the expected shape are garbled', async () => {
      emulator.state.keys = [{ uuid: 'zz-not-hex', panelCode: 0 }];
      await expectFailure(driver.readHolding(panel), 'garbled');
      emulator.state.keys = [];
      emulator.state.openCodes = [{ code: Number.NaN, panelCode: 0 }];
      await expectFailure(driver.readHolding(panel), 'garbled');
    });
  });
});

describe('IS Sokol outside the allowed networks', () => {
  it('refuses a panel outside DEVICE_NETWORKS before connecting', async () => {
    const driver = new IsSokolDriver(new PanelHttp(allowList, { timeoutMs: 500 }));
    const panel: PanelTarget = { mac: 'AA:BB:CC:00:00:02', type: ISCOM_X1, baseUrl: 'http://10.1.2.3', login: 'root', password: '123456' };
    await expectFailure(driver.systemInfo(panel), 'address-not-allowed');
    await expectFailure(driver.push(panel, { kind: 'key', action: 'add', value: '1', flatNum: null }), 'address-not-allowed');
    await expectFailure(driver.readHolding(panel), 'address-not-allowed');
    await expectFailure(driver.openDoor({ ...panel, baseUrl: 'http://10.1.2.3:8080' }, 0), 'address-not-allowed');
    expect(outsideAttempts).toEqual([]);
  });
});
