import { describe, expect, it } from 'vitest';
import type { DeviceKeysResponse } from '@contract/keys';
import { ruMessages } from '@/features/device-keys/messages';
import {
  EMPTY_SELECTION,
  checkKeyCreate,
  createFieldOf,
  keepFailed,
  keyCreateBody,
  keyListRequest,
  pageState,
  selectionIn,
  selectionScope,
  splitBySide,
  toggleKey,
  togglePage,
  withSecuritySwapped,
} from '@/features/device-keys/model';
import { keyRow } from './fixtures';

const state = (filters: { key?: string; panelCode?: string }, page = 1) => ({ page, sort: null, filters: { key: filters.key ?? '', panelCode: filters.panelCode ?? '' } });

describe('device keys model', () => {
  it('sends the URL search as the list body, leaving out a panel code that is no flat number', () => {
    expect(keyListRequest('AA:BB', false, state({ key: 'A1B2', panelCode: '12' }, 3))).toEqual({ mac: 'AA:BB', page: 3, key: 'A1B2', panelCode: 12 });
    expect(keyListRequest('AA:BB', true, state({ panelCode: '12x' }))).toEqual({ mac: 'AA:BB', page: 1, rs: true });
  });

  it('says what is wrong with a value in Russian with the expected length', () => {
    // The wording the dialog fills in (lengths joined with «или»).
    expect(ruMessages['deviceKeys.check.length']).toBe('{type}: нужно {lengths} шестнадцатеричных цифр, введено {got}');
    expect(ruMessages['deviceKeys.lengths.or']).toBe('{list} или {last}');
    expect(ruMessages['deviceKeys.check.alphabet']).toBe('Только шестнадцатеричные цифры: 0–9 и A–F');
  });

  it('builds the create-key body: value normalised, empty flat null, RS only on the RS screen', () => {
    const values = { keyType: 'Metakom' as const, value: '01-23-45-67-89-ab', flatNum: ' 12 ', inner: 1 as const };
    expect(keyCreateBody(values, false)).toEqual({ VALUE: '0123456789AB', FLAT_NUM: 12, INNER: 1, KEY_TYPE: 'Metakom' });
    expect(keyCreateBody({ ...values, flatNum: '' }, true)).toEqual({ VALUE: '0123456789AB', FLAT_NUM: null, INNER: 1, KEY_TYPE: 'Metakom', RS: 1 });
    expect(checkKeyCreate({ ...values, flatNum: '0' })).toEqual({ flatNum: 'flatNumber' });
    expect(checkKeyCreate({ ...values, keyType: '' })).toEqual({ keyType: 'typeRequired' });
    expect(createFieldOf('VALUE')).toBe('value');
    expect(createFieldOf('data.FLAT_NUM')).toBe('flatNum');
    expect(createFieldOf('mac')).toBeNull();
  });

  it('picks keys by value and side, keeps them across pages and lets them go when the search changes', () => {
    const outer = keyRow({ VALUE: 'AAAAAAAAAAAA', INNER: 0 });
    const inner = keyRow({ VALUE: 'AAAAAAAAAAAA', INNER: 1 });
    const other = keyRow({ VALUE: 'BBBBBBBBBBBB' });
    const scope = selectionScope({ key: '', panelCode: '' });
    let picked = selectionIn(EMPTY_SELECTION, scope);
    picked = toggleKey(picked, { value: outer.VALUE, inner: 0 });
    expect(pageState(picked, [outer, inner])).toBe('some');
    picked = togglePage(picked, [outer, inner]);
    expect(pageState(picked, [outer, inner])).toBe('all');
    expect(picked.items.size).toBe(2);
    // Another page: the picks of the first stay.
    picked = togglePage(picked, [other]);
    expect(picked.items.size).toBe(3);
    // All of a page picked: its checkbox lets them go.
    picked = togglePage(picked, [outer, inner]);
    expect([...picked.items.values()]).toEqual([{ value: other.VALUE, inner: 0 }]);
    expect(selectionIn(picked, scope)).toBe(picked);
    expect(selectionIn(picked, selectionScope({ key: 'BB', panelCode: '' })).items.size).toBe(0);
  });

  it('keeps only the failed keys picked after a multi-select action', () => {
    let picked = togglePage(EMPTY_SELECTION, [keyRow({ VALUE: 'A1' }), keyRow({ VALUE: 'A2' }), keyRow({ VALUE: 'A3', INNER: 1 })]);
    picked = keepFailed(picked, [{ value: 'A3', inner: 1 }]);
    expect([...picked.items.values()]).toEqual([{ value: 'A3', inner: 1 }]);
  });

  it('swaps IS_SECURITY of that one key (value and side) locally', () => {
    const answer = {
      result: true,
      message: null,
      device: null,
      deviceLiveStatus: null,
      addresses: {},
      pagination: { count: 3, page: 1, pageCount: 1, pageSize: 20, totalCount: 3 },
      data: [keyRow({ VALUE: 'A1', INNER: 0, IS_SECURITY: 0 }), keyRow({ VALUE: 'A1', INNER: 1, IS_SECURITY: 0 }), keyRow({ VALUE: 'A2', IS_SECURITY: 1 })],
    } satisfies DeviceKeysResponse;
    const encoded = withSecuritySwapped(answer, { value: 'A1', inner: 1 });
    expect(encoded.data.map((row) => row.IS_SECURITY)).toEqual([0, 1, 1]);
    expect(withSecuritySwapped(encoded, { value: 'A1', inner: 1 }).data.map((row) => row.IS_SECURITY)).toEqual([0, 0, 1]);
    expect(answer.data[1].IS_SECURITY).toBe(0);
  });

  it('splits the RS page into inner and outer keys', () => {
    const rows = [keyRow({ VALUE: 'A1', INNER: 0 }), keyRow({ VALUE: 'A1', INNER: 1 }), keyRow({ VALUE: 'A2', INNER: 0 })];
    const { inner, outer } = splitBySide(rows);
    expect(inner.map((row) => row.VALUE)).toEqual(['A1']);
    expect(outer.map((row) => row.VALUE)).toEqual(['A1', 'A2']);
  });
});
