import { describe, expect, it } from 'vitest';
import type { DeviceHolding } from '../../server/gateways/device/device-gateway';
import { differingChanges, wholeDeviceChanges } from '../../server/repositories/device-resync';

const key = (value: string, extra: Partial<DeviceHolding['keys'][number]> = {}): DeviceHolding['keys'][number] => ({ value, rs: false, inner: false, flatNum: null, isSecurity: false, scenarios: [], ...extra });
const holding = (extra: Partial<DeviceHolding> = {}): DeviceHolding => ({ keys: [], doorCodes: [], keylessCodes: [], commutation: null, sip: null, flatSettings: [], ...extra });
const place = { range: { firstFlat: 1, lastFlat: 20 }, gates: [] };
const nowhere = { range: null, gates: [] };
const matrix = (cell: number) => [{ index: 0, matrix: [[1, cell]] }];

describe('a full re-sync sends only what differs', () => {
  it('sends the flats and the SIP account alone when the device holds what the database says', () => {
    const same = holding({ keys: [key('AA0000000001')], doorCodes: [{ flatNum: null, code: '12345' }], sip: { login: 'l', domain: 'd', port: 5060 } });
    expect(differingChanges(same, same, place)).toEqual([
      { kind: 'flats', firstFlat: 1, lastFlat: 20 },
      { kind: 'sip', account: { login: 'l', domain: 'd', port: 5060 } },
    ]);
    expect(differingChanges(same, same, nowhere).map((change) => change.kind)).toEqual(['sip']);
  });

  it('removes what only the device holds and adds what it lacks, keys and codes in both directions', () => {
    const expected = holding({
      keys: [key('AA0000000001'), key('AA0000000002', { isSecurity: true, scenarios: [3] })],
      doorCodes: [{ flatNum: null, code: '11111' }, { flatNum: 7, code: '22222' }],
      keylessCodes: [{ service: 'post', code: '735291' }],
    });
    const onDevice = holding({
      keys: [key('AA0000000001'), key('BB0000000009')],
      doorCodes: [{ flatNum: null, code: '99999' }, { flatNum: 8, code: '33333' }],
      keylessCodes: [{ service: 'courier', code: '111222' }],
    });
    expect(differingChanges(expected, onDevice, nowhere)).toEqual([
      { kind: 'key', action: 'remove', value: 'BB0000000009', flatNum: null, rs: false, inner: false },
      { kind: 'key', action: 'add', value: 'AA0000000002', flatNum: null, rs: false, inner: false },
      { kind: 'key', action: 'encode', value: 'AA0000000002', flatNum: null, rs: false, inner: false },
      { kind: 'keyScenario', action: 'add', scenario: 3, values: ['AA0000000002'], rs: false },
      { kind: 'doorCode', action: 'remove', flatNum: null, code: '99999', expiresAt: null },
      { kind: 'doorCode', action: 'remove', flatNum: 8, code: '33333', expiresAt: null },
      { kind: 'doorCode', action: 'set', flatNum: null, code: '11111', expiresAt: null },
      { kind: 'doorCode', action: 'set', flatNum: 7, code: '22222', expiresAt: null },
      { kind: 'doorCode', action: 'remove', flatNum: null, code: '111222', expiresAt: null, service: 'courier' },
      { kind: 'doorCode', action: 'set', flatNum: null, code: '735291', expiresAt: null, service: 'post' },
      { kind: 'sip', account: null },
    ]);
  });

  it('sets a key’s mode and scenarios where they differ, and writes a matrix or a flat’s settings only when a cell or a value differs', () => {
    const commutation = (cell: number) => ({ model: 1, commutators: matrix(cell), flatRange: place.range, defaultSize: 0 });
    const expected = holding({ keys: [key('AA0000000001', { scenarios: [1] })], commutation: commutation(2), flatSettings: [{ flatNum: 3, settings: { blockCms: true } }, { flatNum: 4, settings: { blockCms: false } }] });
    const onDevice = holding({ keys: [key('AA0000000001', { isSecurity: true, scenarios: [2] })], commutation: commutation(5), flatSettings: [{ flatNum: 3, settings: { blockCms: false } }, { flatNum: 4, settings: {} }] });
    expect(differingChanges(expected, onDevice, nowhere)).toEqual([
      { kind: 'key', action: 'decode', value: 'AA0000000001', flatNum: null, rs: false, inner: false },
      { kind: 'keyScenario', action: 'remove', scenario: 2, values: ['AA0000000001'], rs: false },
      { kind: 'keyScenario', action: 'add', scenario: 1, values: ['AA0000000001'], rs: false },
      { kind: 'commutators', model: 1, commutators: matrix(2) },
      { kind: 'sip', account: null },
      { kind: 'flatSettings', flatNum: 3, settings: { blockCms: true } },
    ]);
    expect(differingChanges(expected, { ...expected, commutation: commutation(2) }, nowhere).map((change) => change.kind)).toEqual(['sip']);
  });

  it('writes a gate’s house prefixes after the flats, every time', () => {
    const gates = [{ address: 'ул. Ленина, 1', prefix: 12, firstFlat: 1, lastFlat: 80 }];
    expect(differingChanges(holding(), holding(), { range: place.range, gates }).map((change) => change.kind)).toEqual(['flats', 'gates', 'sip']);
    expect(wholeDeviceChanges(holding(), { range: null, gates })[0]).toEqual({ kind: 'gates', links: gates });
  });

  it('sends everything, after a clear, to a device that could not be read', () => {
    const kinds = wholeDeviceChanges(holding({ keys: [key('AA0000000001', { isSecurity: true })], doorCodes: [{ flatNum: null, code: '12345' }] }), place).map((change) => `${change.kind}${'action' in change ? `:${change.action}` : ''}`);
    expect(kinds).toEqual(['flats', 'clear', 'key:add', 'key:encode', 'clear', 'doorCode:set', 'sip']);
  });
});
