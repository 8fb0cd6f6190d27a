import { describe, expect, it } from 'vitest';
import type { FlatDataResponse } from '@contract/flats';
import type { FlatKey } from '@contract/keys';
import {
  accessBody,
  accessForm,
  checkKeyValue,
  checkSetting,
  codeSecondsLeft,
  customDuration,
  distinctKeyCount,
  durationOf,
  formatCountdown,
  groupFlatKeys,
  incompleteService,
  keyDeviceCount,
  keyCreateRequests,
  mergeHistory,
  nameOf,
  onLocalClock,
  pendingUndoOf,
  settingsChanges,
  settingsForm,
  undoSecondsLeft,
  visibleSettings,
  withoutKeys,
} from '@/features/flat-card/model';
import { parseFlatRoute } from '@/features/flat-card/flat-route';
import { canEditFlat } from '@/features/flat-card/use-flat-card';
import { authItems } from '../../helpers/render';
import { deviceData } from './fixtures';

function flatKey(value: string, mac: string, deviceId: string, keyId: string, blocked = '0'): FlatKey {
  return {
    AUTHENTIC: '1',
    BUYER_ID: '1',
    CIPHER_ID: null,
    DEVICE_ID: deviceId,
    FLAT_ID: '5',
    FLAT_NUM: '12',
    KEY_ID: keyId,
    VALUE: value,
    mac,
    INC_VALUE: null,
    BLOCKED: blocked,
  };
}

describe('key values', () => {
  it('accepts what a label shows (colons, spaces, lower case) when the digits fit the type', () => {
    expect(checkKeyValue('Metakom', '01:86 84-b8.09:48')).toBeNull();
    expect(checkKeyValue('MIFARE', '04A21F3C')).toBeNull();
    expect(checkKeyValue('RFID', '1A2B3C4D5E')).toBeNull();
  });

  it('says what is wrong: nothing typed, not hex, or a length the type never has', () => {
    expect(checkKeyValue('Metakom', '  ')).toEqual({ kind: 'required' });
    expect(checkKeyValue('Cyfral', '12XY')).toEqual({ kind: 'hex' });
    expect(checkKeyValue('Metakom', 'ABCD')).toEqual({ kind: 'length', lengths: '12' });
    expect(checkKeyValue('MIFARE', '04A21F3C00')).toEqual({ kind: 'length', lengths: '8, 14, 20' });
  });

  it('puts the key on each device once, with the flat’s panel code only where the device has one', () => {
    const devices = [deviceData({ mac: 'AA:00:00:00:00:01', panelCode: 12 }), deviceData({ mac: 'AA:00:00:00:00:02' })];
    expect(keyCreateRequests(devices, 'Eltis', 'ab:cd:ef:01:23:45', 12)).toEqual([
      { mac: 'AA:00:00:00:00:01', value: 'ABCDEF012345', keyType: 'Eltis', flatNum: 12, panelCode: 12 },
      { mac: 'AA:00:00:00:00:02', value: 'ABCDEF012345', keyType: 'Eltis', flatNum: 12 },
    ]);
  });

  it('groups one value written to several devices, blocked when any copy is', () => {
    const keys = [flatKey('BB', 'M1', '1', '10'), flatKey('AA', 'M1', '1', '11'), flatKey('BB', 'M2', '2', '20', '1')];
    expect(groupFlatKeys(keys)).toEqual([
      { value: 'AA', blocked: false, devices: [{ mac: 'M1', deviceId: '1', keyId: '11' }] },
      {
        value: 'BB',
        blocked: true,
        devices: [
          { mac: 'M1', deviceId: '1', keyId: '10' },
          { mac: 'M2', deviceId: '2', keyId: '20' },
        ],
      },
    ]);
  });

  it('drops only the copies a device deleted (applied locally on success)', () => {
    const keys = [flatKey('BB', 'M1', '1', '10'), flatKey('BB', 'M2', '2', '20')];
    expect(withoutKeys(keys, [{ deviceId: '2', keyId: '20' }]).map((key) => key.mac)).toEqual(['M1']);
  });
});

describe('temporary code', () => {
  it('turns the choices into seconds: 1 hour 3600, a week 604800, 3 custom days 259200', () => {
    expect(durationOf('hour', '', 'hours')).toBe(3600);
    expect(durationOf('week', '', 'hours')).toBe(604_800);
    expect(durationOf('custom', '3', 'days')).toBe(259_200);
  });

  it('refuses a custom duration that is not whole and positive, or over a year', () => {
    expect(customDuration('0', 'hours')).toBeNull();
    expect(customDuration('1.5', 'days')).toBeNull();
    expect(customDuration('366', 'days')).toBeNull();
    expect(customDuration('365', 'days')).toBe(31_536_000);
  });

  it('counts the time left from when the code was made, 0 once expired', () => {
    const code = { flatId: 1, tempCode: '123456', created: '2026-01-01T10:00:00Z', duration: 3600, entrances: [] };
    expect(codeSecondsLeft(code, Date.parse('2026-01-01T10:30:00Z'))).toBe(1800);
    expect(codeSecondsLeft(code, Date.parse('2026-01-01T12:00:00Z'))).toBe(0);
  });

  it('shows a countdown that keeps its width: 04:05, 03:04:05, 2 д 03:04:05', () => {
    expect(formatCountdown(245, 'д')).toBe('04:05');
    expect(formatCountdown(3 * 3600 + 245, 'д')).toBe('03:04:05');
    expect(formatCountdown(2 * 86_400 + 3 * 3600 + 245, 'д')).toBe('2 д 03:04:05');
  });

  it('offers the undo of a move-out only until undoUntil', () => {
    const undo = { moveOutId: 3, undoUntil: '2026-01-01T10:15:00Z' };
    expect(undoSecondsLeft(undo, Date.parse('2026-01-01T10:00:00Z'))).toBe(900);
    expect(undoSecondsLeft(undo, Date.parse('2026-01-01T10:16:00Z'))).toBe(0);
  });

  it('counts the server’s undo down on this browser’s clock: secondsLeft from when the card arrived', () => {
    const removed = {
      users: [{ id: 1, login: 'a' }],
      keys: [
        { value: '0123456789AB', mac: '00:11:22:33:44:01' },
        { value: '0123456789AB', mac: '00:11:22:33:44:02' },
        { value: '0123456789AB', mac: '00:11:22:33:44:03' },
      ],
      temporaryCode: false,
      sipAccounts: 0,
      appDevices: 0,
      accessServices: 0,
    };
    // The server's clock is an hour ahead of this browser's: its undoUntil would read 75 minutes left.
    const pending = { moveOutId: 9, undoUntil: '2026-01-01T11:15:00Z', secondsLeft: 600, removed };
    const local = onLocalClock(pending, Date.parse('2026-01-01T10:00:00Z'));
    expect(local.undoUntil).toBe('2026-01-01T10:10:00.000Z');
    expect(pendingUndoOf(local)).toEqual({ moveOutId: 9, undoUntil: '2026-01-01T10:10:00.000Z', users: 1, keys: 1 });
  });

  it('counts a key on three devices as one key', () => {
    const keys = ['01', '02', '03'].map((end) => ({ value: '0123456789AB', mac: `00:11:22:33:44:${end}` }));
    expect(distinctKeyCount(keys)).toBe(1);
    expect(keyDeviceCount(keys)).toBe(3);
    expect(distinctKeyCount([...keys, { value: 'FFFF', mac: '00:11:22:33:44:01' }])).toBe(2);
  });
});

describe('block history', () => {
  it('merges the flat’s and the CMS history, scheduled records included, newest first', () => {
    const rows = mergeHistory(
      {
        result: true,
        message: null,
        mac: null,
        blockData: [{ mac: null, date: '2026-01-02T00:00:00Z', login: 'operator', userId: 2, blocked: true, reason: 'Долг' }],
        scheduleBlockData: [{ mac: null, date: '2026-01-04T00:00:00Z', blockCms: false }],
      },
      { result: true, message: null, mac: null, blockData: [{ mac: 'M1', date: '2026-01-03T00:00:00Z', login: 'admin', userId: 1 }], scheduleBlockData: [] },
    );
    expect(rows.map((row) => [row.kind, row.login, row.scheduled, row.mac, row.blocked, row.reason])).toEqual([
      ['flat', null, true, null, false, null],
      ['cms', 'admin', false, 'M1', null, null],
      ['flat', 'operator', false, null, true, 'Долг'],
    ]);
  });
});

describe('per-device settings', () => {
  it('shows only what the device’s flags allow', () => {
    expect(visibleSettings(deviceData())).toEqual([]);
    expect(visibleSettings(deviceData({ canFlatDoorCode: true }))).toEqual([{ group: 'codes', keys: ['doorCode'] }]);
    const analog = visibleSettings(deviceData({ canFlatRegCode: true, canIndividualLevels: true, canCallToHandset: true }));
    expect(analog.map((group) => group.group)).toEqual(['codes', 'volumes', 'levels', 'handset']);
    expect(analog[0].keys).toEqual(['regCode']);
    expect(visibleSettings(deviceData({ canIndividualLevels: true })).map((group) => group.group)).toEqual(['volumes', 'levels']);
  });

  it('checks a field by the contract’s rule, an empty field clears it', () => {
    expect(checkSetting('doorCode', '')).toBeNull();
    expect(checkSetting('doorCode', '12a')).toEqual({ kind: 'digits', minLength: 1, maxLength: 8 });
    expect(checkSetting('regCode', '123')).toEqual({ kind: 'digits', minLength: 4, maxLength: 10 });
    expect(checkSetting('musicVolume', '101')).toEqual({ kind: 'range', min: 0, max: 100 });
    expect(checkSetting('panelCall', '9')).toBeNull();
  });

  it('sends only the shown fields that changed, an emptied one as null', () => {
    const device = deviceData({ doorCode: '1234', musicVolume: '5', canFlatDoorCode: true, canIndividualLevels: true });
    const form = { ...settingsForm(device), doorCode: '', musicVolume: '5', panelCall: '9', regCode: '777' };
    expect(settingsChanges(device, form, ['doorCode', 'musicVolume', 'panelCall'])).toEqual({ mac: device.mac, doorCode: null, panelCall: '9' });
    expect(settingsChanges(device, settingsForm(device), ['doorCode'])).toBeNull();
  });
});

describe('access services and permissions', () => {
  const flat = {
    accessServices: [
      { service: { id: 1, name: 'Домофония', description: null }, entityId: 5, reason: { id: 2 }, action: { id: 3 }, access: true, source: 'billing' },
    ],
    permissions: [{ access: false, comment: ' по заявлению ', flatId: 5, permissionName: 'VIDEO_ARCHIVE', reason: null }],
  } satisfies Pick<FlatDataResponse['flat'], 'accessServices' | 'permissions'>;

  it('sends the form back in the call’s shape, a blank comment as null', () => {
    const form = accessForm(flat);
    expect(accessBody(form)).toEqual({
      permissions: [{ permissionName: 'VIDEO_ARCHIVE', access: false, reason: null, comment: 'по заявлению' }],
      accessServices: [{ service: { id: 1 }, action: { id: 3 }, reason: { id: 2 }, access: true }],
    });
  });

  it('holds back a service without an action or a reason', () => {
    const form = accessForm(flat);
    form.services.push({ serviceId: 4, name: 'Ключи', description: null, access: true, actionId: 1, reasonId: null, source: null });
    expect(incompleteService(form)?.name).toBe('Ключи');
  });

  it('names a reason from the catalogue, «Не определено» when it is not there', () => {
    const reasons = [{ id: 2, name: 'Заявка жильца', description: null }];
    expect(nameOf(reasons, 2, 'Не определено')).toBe('Заявка жильца');
    expect(nameOf(reasons, 9, 'Не определено')).toBe('Не определено');
    expect(nameOf(reasons, null, 'Не определено')).toBe('Не определено');
  });
});

describe('route and roles', () => {
  it('reads the flat from the route, refusing a number that is not a positive integer', () => {
    expect(parseFlatRoute('h:1', '12')).toEqual({ houseUid: 'h:1', flatNum: 12 });
    expect(parseFlatRoute('h', '0')).toBeNull();
    expect(parseFlatRoute('h', '12a')).toBeNull();
    expect(parseFlatRoute(undefined, '12')).toBeNull();
  });

  it('lets write whom the server lets (management, HOUSES_LIST_PERMISSION, the superuser), never support', () => {
    expect(canEditFlat({ roles: authItems('management'), permissions: authItems() })).toBe(true);
    expect(canEditFlat({ roles: authItems(), permissions: authItems('HOUSES_LIST_PERMISSION') })).toBe(true);
    expect(canEditFlat({ roles: authItems('superuser'), permissions: authItems() })).toBe(true);
    expect(canEditFlat({ roles: authItems('support'), permissions: authItems() })).toBe(false);
    expect(canEditFlat({ roles: authItems('adjuster'), permissions: authItems() })).toBe(false);
  });
});
