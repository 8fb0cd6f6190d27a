import { describe, expect, it } from 'vitest';
import { authItems } from '../../helpers/render';
import { parseListState, writeListState } from '@/components/list-table/list-state-model';
import type { DeviceListRow } from '@contract/devices';
import {
  ADD_DEVICE_PATHS,
  addDeviceWays,
  deviceCardSummary,
  deviceListAccess,
  foldedFilterCount,
  rowBuyer,
  DEVICE_LIST_STATE,
  buyerOfSelection,
  EMPTY_DEVICE_FILTERS,
  cardPath,
  cleanFilters,
  deviceCreateBody,
  deviceListQuery,
  macPart,
  macsKey,
  rowHouses,
  typeName,
  validateDeviceForm,
  visibleStatuses,
  wizardPath,
  plausibleDate,
  EMPTY_DEVICE_FORM,
} from '@/features/devices/model';

const state = (search: string) => parseListState(new URLSearchParams(search), DEVICE_LIST_STATE);
const ONLINE = { liveStatus: true, sipStatus: true, rtspStatus: false, externalExists: null };

describe('device list URL state', () => {
  it('reads every filter, the page and the sort from the URL into the API query', () => {
    const search =
      'page=3&sort=MAC&mac=aa:bb&houseUid=h-1&status=1&mcId=7&type=6' +
      '&createDateFrom=2024-01-01T00:00:00.000Z&createDateTo=2024-01-31T23:59:59.000Z' +
      '&lastChangeFrom=2025-02-01T00:00:00.000Z&lastChangeTo=2025-02-02T23:59:59.000Z';
    expect(deviceListQuery(state(search))).toEqual({
      page: 3,
      sort: 'MAC',
      mac: 'AABB',
      houseUid: 'h-1',
      status: 1,
      mcId: 7,
      type: 6,
      createDateFrom: '2024-01-01T00:00:00.000Z',
      createDateTo: '2024-01-31T23:59:59.000Z',
      lastChangeFrom: '2025-02-01T00:00:00.000Z',
      lastChangeTo: '2025-02-02T23:59:59.000Z',
    });
  });

  it('sorts by the last change, newest first, when the URL names no sort', () => {
    expect(deviceListQuery(state(''))).toEqual({ page: 1, sort: '-LAST_CHANGE' });
  });

  it('sends a descending sort with a leading minus', () => {
    expect(deviceListQuery(state('sort=-CREATE_DATE')).sort).toBe('-CREATE_DATE');
  });

  it('drops what a hand-edited URL made impossible instead of asking the server for a 400 (its default order applies)', () => {
    expect(deviceListQuery(state('sort=houses&mac=xyz&status=9&type=16&mcId=0&createDateFrom=yesterday&page=-2'))).toEqual({ page: 1 });
  });

  it('keeps the default view out of the URL, and a changed one in it', () => {
    const plain = writeListState(new URLSearchParams(), state(''), DEVICE_LIST_STATE);
    expect(plain.toString()).toBe('');
    const changed = writeListState(
      new URLSearchParams('tab=1'),
      { page: 2, sort: { field: 'TYPE', direction: 'asc' }, filters: { ...EMPTY_DEVICE_FILTERS, mac: 'AABB', status: '3' } },
      DEVICE_LIST_STATE,
    );
    expect(Object.fromEntries(changed)).toEqual({ tab: '1', mac: 'AABB', status: '3', page: '2', sort: 'TYPE' });
  });

  it('cleans typed filters: trimmed, the MAC part without separators and upper-cased', () => {
    expect(cleanFilters({ ...EMPTY_DEVICE_FILTERS, mac: ' aa-bb:c ', houseUid: ' h-1 ' })).toMatchObject({ mac: 'AABBC', houseUid: 'h-1' });
  });

  it('accepts a MAC part of up to 12 hex digits in any common form', () => {
    expect(macPart('aa:bb-cc.dd')).toBe('AABBCCDD');
    expect(macPart('')).toBe('');
    expect(macPart('AA:BB:CC:DD:EE:FF:00')).toBeNull();
    expect(macPart('zz')).toBeNull();
  });
});

describe('device list rows', () => {
  it('names the type from the enumeration', () => {
    expect(typeName(0)).toBe('IMD1_B');
    expect(typeName(10)).toBe('BEWARD_ISCOM');
    expect(typeName(15)).toBe('RUBETEK_RV_3434');
    expect(typeName(99)).toBe('99');
  });

  it('lists the houses by address with their entrance titles', () => {
    const houses = rowHouses({
      houses: {
        'h-2': { address: 'ул. Южная, 5', entrances: [] },
        'h-1': {
          address: 'ул. Лесная, 28',
          entrances: [
            { mac: 'AA:BB:CC:DD:EE:FF', entranceUid: 'e-1', title: 'Подъезд 1', houseUid: 'h-1' },
            { mac: 'AA:BB:CC:DD:EE:FF', entranceUid: 'e-2', title: 'Подъезд 2', houseUid: 'h-1' },
          ],
        },
      },
    });
    expect(houses).toEqual([
      { uid: 'h-1', address: 'ул. Лесная, 28', entrances: ['Подъезд 1', 'Подъезд 2'] },
      { uid: 'h-2', address: 'ул. Южная, 5', entrances: [] },
    ]);
  });

  it('links a row to the card and to the wizard, the MAC escaped in the path', () => {
    expect(cardPath('AA:BB:CC:DD:EE:FF')).toBe('/devices/AA%3ABB%3ACC%3ADD%3AEE%3AFF/update');
    expect(wizardPath('AA:BB:CC:DD:EE:FF')).toBe('/devices/AA%3ABB%3ACC%3ADD%3AEE%3AFF/wizard');
  });
});

describe('live statuses', () => {
  it('keeps only the statuses of the MACs still on screen', () => {
    const answer = { 'AA:AA:AA:AA:AA:01': ONLINE, 'AA:AA:AA:AA:AA:02': ONLINE };
    expect(visibleStatuses(answer, ['AA:AA:AA:AA:AA:02', 'AA:AA:AA:AA:AA:03'])).toEqual({ 'AA:AA:AA:AA:AA:02': ONLINE });
  });

  it('gives the same key to the same MACs in any order', () => {
    expect(macsKey(['B', 'A'])).toBe(macsKey(['A', 'B']));
    expect(macsKey([])).toBe('');
  });
});

describe('create a device', () => {
  it('needs a MAC and a type, and an http(s) URL when one is given', () => {
    expect(validateDeviceForm(EMPTY_DEVICE_FORM)).toEqual({ mac: 'mac', type: 'type' });
    expect(validateDeviceForm({ ...EMPTY_DEVICE_FORM, mac: 'aabbccddeeff', type: '0', url: 'ftp://x' })).toEqual({ url: 'url' });
    expect(validateDeviceForm({ ...EMPTY_DEVICE_FORM, mac: 'aa-bb-cc-dd-ee-ff', type: '15', url: 'http://10.0.0.1' })).toEqual({});
    expect(validateDeviceForm({ ...EMPTY_DEVICE_FORM, mac: 'aabbccddeeff', type: '16' })).toEqual({ type: 'type' });
  });

  it('sends the normalised MAC and leaves out empty optional fields, so the server applies its defaults', () => {
    expect(deviceCreateBody({ ...EMPTY_DEVICE_FORM, mac: 'aa-bb-cc-dd-ee-ff', type: '6' })).toEqual({ mac: 'AA:BB:CC:DD:EE:FF', type: 6 });
    expect(
      deviceCreateBody({ mac: 'AABBCCDDEEFF', type: '10', url: ' http://h ', login: ' root ', password: ' p ', revision: '5', houseUid: 'h-1' }),
    ).toEqual({ mac: 'AA:BB:CC:DD:EE:FF', type: 10, url: 'http://h', login: 'root', password: ' p ', revision: 5, houses: ['h-1'] });
  });
});

describe('date filters', () => {
  it('sends only a complete, plausible date: not a year still being typed', () => {
    expect(plausibleDate('2025-02-01T00:00:00.000Z')).toBe(true);
    expect(plausibleDate('0202-02-01T00:00:00.000Z')).toBe(false);
    expect(plausibleDate('1902-02-01T00:00:00.000Z')).toBe(false);
    expect(plausibleDate('garbage')).toBe(false);
  });
});

describe('buyerOfSelection', () => {
  const row = (MAC: string, BUYER_ID: number): DeviceListRow => ({
    DEVICE_ID: 1,
    MAC,
    BUYER_ID,
    STATUS_CODE: 1,
    CREATE_DATE: '2024-01-01T00:00:00.000Z',
    LAST_CHANGE: '2024-01-01T00:00:00.000Z',
    TYPE: 1,
    houses: {},
  });
  const rows = [row('AA:00:00:00:00:01', 1), row('AA:00:00:00:00:02', 1), row('AA:00:00:00:00:03', 2)];

  it("is the selected devices' one buyer", () => {
    expect(buyerOfSelection(['AA:00:00:00:00:01', 'AA:00:00:00:00:02'], rows)).toBe(1);
    expect(buyerOfSelection(['AA:00:00:00:00:03'], rows)).toBe(2);
  });

  it('is unknown for devices of two buyers, a device not on this page, or nothing selected', () => {
    expect(buyerOfSelection(['AA:00:00:00:00:01', 'AA:00:00:00:00:03'], rows)).toBeUndefined();
    expect(buyerOfSelection(['AA:00:00:00:00:01', 'AA:00:00:00:00:09'], rows)).toBeUndefined();
    expect(buyerOfSelection([], rows)).toBeUndefined();
  });
});

describe('what the list offers each role', () => {
  const access = (...roles: string[]) => deviceListAccess(authItems(...roles));

  it('gives an installer the three wizards, and no create dialog, groups, buyer column or company list (the server refuses it)', () => {
    expect(access('adjuster')).toEqual({ create: false, wizards: true, assignGroups: false, resync: false, allBuyers: false, companies: false });
    expect(addDeviceWays(access('adjuster'))).toEqual(['serialNumber', 'port', 'replace']);
  });

  it('gives an operator the wizards and the plain dialog (create-device is management-only), group assignment and a full re-sync of the selected devices', () => {
    expect(access('management')).toEqual({ create: true, wizards: true, assignGroups: true, resync: true, allBuyers: false, companies: true });
    expect(addDeviceWays(access('management'))).toEqual(['serialNumber', 'port', 'replace', 'dialog']);
  });

  it('gives support (read-only) nothing that changes a device', () => {
    expect(access('support')).toEqual({ create: false, wizards: false, assignGroups: false, resync: false, allBuyers: false, companies: true });
    expect(addDeviceWays(access('support'))).toEqual([]);
    expect(addDeviceWays(access())).toEqual([]);
  });

  it('gives the superuser everything and the buyer column, even when its map names no other role', () => {
    expect(access('superuser')).toEqual({ create: true, wizards: true, assignGroups: true, resync: true, allBuyers: true, companies: true });
  });

  it('opens each wizard at its route', () => {
    expect(ADD_DEVICE_PATHS).toEqual({ serialNumber: '/devices/serial-number-wizard', port: '/devices/wizard', replace: '/devices/replace-wizard' });
  });
});

describe('a device on a phone', () => {
  const entrance = (title: string, houseUid: string) => ({ mac: 'AA:BB:CC:DD:EE:FF', entranceUid: `${houseUid}-${title}`, title, houseUid });
  const row: DeviceListRow = {
    DEVICE_ID: 4,
    MAC: 'AA:BB:CC:DD:EE:FF',
    BUYER_ID: 2,
    BUYER_NAME: 'ООО «Умный подъезд»',
    STATUS_CODE: 1,
    CREATE_DATE: '2024-01-01T00:00:00.000Z',
    LAST_CHANGE: '2024-01-01T00:00:00.000Z',
    TYPE: 6,
    houses: {
      d: { address: 'ул. Дачная, 4', entrances: [] },
      a: { address: 'ул. Артёма, 1', entrances: [entrance('Подъезд 2', 'a')] },
      c: { address: 'ул. Цветочная, 3', entrances: [] },
      b: { address: 'ул. Берёзовая, 2', entrances: [entrance('Подъезд 1', 'b'), entrance('Калитка', 'b')] },
    },
  };

  it('shows the MAC, status, type and the first three addresses by name with their entrances, counting the rest', () => {
    expect(deviceCardSummary(row, false)).toEqual({
      mac: 'AA:BB:CC:DD:EE:FF',
      type: 'ISCOM_X1',
      statusCode: 1,
      buyer: null,
      houses: [
        { uid: 'a', address: 'ул. Артёма, 1', entrances: ['Подъезд 2'] },
        { uid: 'b', address: 'ул. Берёзовая, 2', entrances: ['Подъезд 1', 'Калитка'] },
        { uid: 'd', address: 'ул. Дачная, 4', entrances: [] },
      ],
      moreHouses: 1,
    });
  });

  it("names the buyer only where every buyer's devices are listed", () => {
    expect(deviceCardSummary(row, true).buyer).toEqual({ name: 'ООО «Умный подъезд»', id: 2 });
    expect(deviceCardSummary({ ...row, houses: {} }, true, 3)).toMatchObject({ houses: [], moreHouses: 0 });
  });

  it('falls back to the buyer number when the server sends no name', () => {
    expect(rowBuyer({ BUYER_ID: 7 })).toEqual({ name: null, id: 7 });
    expect(rowBuyer({ BUYER_ID: 7, BUYER_NAME: '  ' })).toEqual({ name: null, id: 7 });
  });

  it('counts the filters folded under «Фильтры» (all but the MAC)', () => {
    expect(foldedFilterCount(EMPTY_DEVICE_FILTERS)).toBe(0);
    expect(foldedFilterCount({ ...EMPTY_DEVICE_FILTERS, mac: 'AB' })).toBe(0);
    expect(foldedFilterCount({ ...EMPTY_DEVICE_FILTERS, status: '1', houseUid: 'h', createDateFrom: '2024-01-01T00:00:00.000Z' })).toBe(3);
  });
});
