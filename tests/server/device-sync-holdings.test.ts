import { describe, expect, it } from 'vitest';
import { DEVICE_STATUS } from '../../contract/devices';
import { DeviceGatewayError, type DeviceHolding, type DeviceRef } from '../../server/gateways/device/device-gateway';
import { DeviceSimulator } from '../../server/gateways/device/simulator';
import { holdingDifferences } from '../../server/repositories/device-resync';
import { describeChange } from '../../server/repositories/device-sync';

const device = (mac: string, statusCode: number = DEVICE_STATUS.active): DeviceRef => ({
  id: 1,
  mac,
  type: 6,
  statusCode,
  capabilities: ['keys'],
  hasSipAccount: false,
  options: {},
});

const holding = (overrides: Partial<DeviceHolding> = {}): DeviceHolding => ({
  keys: [{ value: 'AA0000000001', rs: false, inner: false, flatNum: 5, isSecurity: false, scenarios: [] }],
  doorCodes: [{ flatNum: null, code: '1234' }],
  keylessCodes: [],
  commutation: null,
  sip: { login: '1000', domain: 'sip.local', port: 5060 },
  flatSettings: [],
  ...overrides,
});

/** A simulator that never fails by chance; `halfApply` 1 keeps nothing of what it acknowledges. */
const simulator = (halfApplyShare = 0) => new DeviceSimulator({ failureShare: 0, halfApplyShare, holdingReadMs: 0, timeoutMs: 0 });

describe('the simulator’s per-device holdings and the read-back differences', () => {
  it('answers what the database says for a device it was never sent anything', async () => {
    const expected = holding();
    expect(holdingDifferences(expected, await simulator().readHolding(device('02:00:00:00:00:01'), expected))).toEqual([]);
  });

  it('leaves a key a disabled device did not take missing, and an acknowledged-but-dropped one too', async () => {
    const sim = simulator();
    const expected = holding({ keys: [...holding().keys, { value: 'AA0000000002', rs: true, inner: true, flatNum: null, isSecurity: false, scenarios: [] }] });
    await expect(sim.push(device('02:00:00:00:00:02', DEVICE_STATUS.disabled), { kind: 'key', action: 'add', value: 'AA0000000002', flatNum: null, rs: true, inner: true })).rejects.toBeInstanceOf(DeviceGatewayError);
    expect(holdingDifferences(expected, await sim.readHolding(device('02:00:00:00:00:02'), expected))).toEqual([
      { kind: 'key', target: 'AA0000000002', database: 'RS485, внутренний', device: null },
    ]);
    const dropping = simulator(1);
    await dropping.push(device('02:00:00:00:00:03'), { kind: 'key', action: 'add', value: 'AA0000000002', flatNum: null, rs: true, inner: true });
    expect(holdingDifferences(expected, await dropping.readHolding(device('02:00:00:00:00:03'), expected))).toHaveLength(1);
  });

  it('keeps a key the device was told to remove but refused as an extra, and a cleared device holds only what it got since', async () => {
    const sim = simulator();
    const mac = '02:00:00:00:00:04';
    await expect(sim.push(device(mac, DEVICE_STATUS.reset), { kind: 'key', action: 'remove', value: 'BB0000000001', flatNum: null })).rejects.toThrow(/отключено или сброшено/);
    const expected = holding();
    expect(holdingDifferences(expected, await sim.readHolding(device(mac), expected))).toEqual([
      { kind: 'key', target: 'BB0000000001', database: null, device: 'внешний' },
    ]);
    await sim.push(device(mac), { kind: 'clear', what: 'keys' });
    await sim.push(device(mac), { kind: 'key', action: 'add', value: 'AA0000000001', flatNum: 5, rs: false, inner: false });
    await sim.push(device(mac), { kind: 'doorCode', action: 'set', flatNum: null, code: '9999', expiresAt: null });
    expect(holdingDifferences(expected, await sim.readHolding(device(mac), expected))).toEqual([{ kind: 'doorCode', target: 'общий', database: '1234', device: '9999' }]);
  });

  it('compares the SIP account and each matrix cell; a matrix sent is held as sent', async () => {
    const sim = simulator();
    const mac = '02:00:00:00:00:05';
    const commutation = { model: 1, commutators: [{ index: 0, matrix: [[1, 2], [3, 4]] }], flatRange: { firstFlat: 1, lastFlat: 4 }, defaultSize: 0 };
    const expected = holding({ commutation });
    await expect(sim.push(device(mac, DEVICE_STATUS.disabled), { kind: 'sip', account: { login: '1000', domain: 'sip.local', port: 5060 } })).rejects.toThrow();
    await expect(sim.push(device(mac, DEVICE_STATUS.disabled), { kind: 'commutators', model: 1, commutators: commutation.commutators })).rejects.toThrow();
    const differences = holdingDifferences(expected, await sim.readHolding(device(mac), expected));
    expect(differences).toContainEqual({ kind: 'sip', target: 'аккаунт', database: '1000@sip.local:5060', device: null });
    expect(differences.filter((item) => item.kind === 'matrix')).toHaveLength(4);
    await sim.push(device(mac), { kind: 'sip', account: { login: '1000', domain: 'sip.local', port: 5060 } });
    await sim.push(device(mac), { kind: 'commutators', model: 1, commutators: commutation.commutators });
    expect(holdingDifferences(expected, await sim.readHolding(device(mac), expected))).toEqual([]);
  });

  it('keeps the mode, scenarios, keyless codes and flat settings a device refused as they were, and compares them', async () => {
    const sim = simulator();
    const mac = '02:00:00:00:00:06';
    const expected = holding({
      keys: [{ value: 'AA0000000001', rs: false, inner: false, flatNum: 5, isSecurity: true, scenarios: [2, 4] }],
      keylessCodes: [{ service: 'post', code: '5555' }],
      flatSettings: [{ flatNum: 5, settings: { doorCode: '4321', blockCms: true } }],
    });
    const disabled = device(mac, DEVICE_STATUS.disabled);
    await expect(sim.push(disabled, { kind: 'key', action: 'encode', value: 'AA0000000001', flatNum: 5, rs: false, inner: false })).rejects.toThrow();
    await expect(sim.push(disabled, { kind: 'keyScenario', action: 'add', scenario: 4, values: ['AA0000000001'], rs: false })).rejects.toThrow();
    await expect(sim.push(disabled, { kind: 'doorCode', action: 'set', flatNum: null, code: '5555', expiresAt: null, service: 'post' })).rejects.toThrow();
    await expect(sim.push(disabled, { kind: 'flatSettings', flatNum: 5, settings: { doorCode: '4321' } })).rejects.toThrow();
    expect(holdingDifferences(expected, await sim.readHolding(device(mac), expected))).toEqual([
      { kind: 'key', target: 'AA0000000001', database: 'режим безопасности, сценарии 2, 4', device: 'обычный режим, сценарии 2' },
      { kind: 'doorCode', target: 'бесключевой: post', database: '5555', device: null },
      { kind: 'flats', target: 'кв. 5: doorCode', database: '4321', device: null },
    ]);
    await sim.push(device(mac), { kind: 'key', action: 'encode', value: 'AA0000000001', flatNum: 5, rs: false, inner: false });
    await sim.push(device(mac), { kind: 'keyScenario', action: 'add', scenario: 4, values: ['AA0000000001'], rs: false });
    await sim.push(device(mac), { kind: 'doorCode', action: 'set', flatNum: null, code: '5555', expiresAt: null, service: 'post' });
    await sim.push(device(mac), { kind: 'flatSettings', flatNum: 5, settings: { doorCode: '4321' } });
    expect(holdingDifferences(expected, await sim.readHolding(device(mac), expected))).toEqual([]);
    await sim.push(device(mac), { kind: 'clear', what: 'doorCodes' });
    expect(holdingDifferences(expected, await sim.readHolding(device(mac), expected))).toContainEqual({ kind: 'doorCode', target: 'бесключевой: post', database: '5555', device: null });
  });

  it('names each owed change in Russian, as the server’s other texts', () => {
    expect(describeChange({ kind: 'keyScenario', action: 'remove', scenario: 3, values: ['AA', 'BB'] })).toEqual({ kind: 'key', target: 'ключей: 2', summary: 'убрать сценарий 3' });
    expect(describeChange({ kind: 'doorCode', action: 'set', flatNum: null, code: '5555', expiresAt: null, service: 'post' })).toEqual({ kind: 'doorCode', target: 'бесключевой: post', summary: 'задать 5555' });
    expect(describeChange({ kind: 'flatSettings', flatNum: 7, settings: { doorCode: '1', panelCode: 7 } })).toEqual({ kind: 'flats', target: 'кв. 7', summary: 'настройки: doorCode, panelCode' });
    expect(describeChange({ kind: 'key', action: 'add', value: 'AA', flatNum: 12, rs: false, inner: false })).toEqual({ kind: 'key', target: 'AA', summary: 'добавить, кв. 12, внешний' });
    expect(describeChange({ kind: 'doorCode', action: 'remove', flatNum: null, code: '1234', expiresAt: null })).toEqual({ kind: 'doorCode', target: 'общий', summary: 'удалить 1234' });
    expect(describeChange({ kind: 'flats', firstFlat: 1, lastFlat: 48 })).toEqual({ kind: 'flats', target: '1–48', summary: 'квартиры 1–48' });
  });
});
