import { describe, expect, it } from 'vitest';
import type { DeviceListRow } from '@contract/devices';
import { savedListPage, type SavedListDevice } from '@/features/devices/saved-list';

function row(id: number, mac: string, changed: string, extra: Partial<DeviceListRow> = {}): DeviceListRow {
  return { DEVICE_ID: id, MAC: mac, BUYER_ID: 1, STATUS_CODE: 1, CREATE_DATE: '2026-01-01T00:00:00Z', LAST_CHANGE: changed, TYPE: 6, houses: { 'h-1': { address: 'ул. Ленина, 1', entrances: [] } }, ...extra };
}

const saved = (device: SavedListDevice['device']): SavedListDevice => ({ houseUid: 'h-1', savedAt: 1, device });

describe('the device list from the houses taken offline', () => {
  const devices = [
    saved({ mac: 'AA:BB:CC:DD:EE:01', row: row(1, 'AA:BB:CC:DD:EE:01', '2026-02-01T00:00:00Z') }),
    saved({ mac: 'AA:BB:CC:DD:EE:02', row: row(2, 'AA:BB:CC:DD:EE:02', '2026-03-01T00:00:00Z', { STATUS_CODE: 0, houses: { 'h-2': { address: 'ул. Мира, 2', entrances: [] } } }) }),
    saved({ mac: 'AA:BB:CC:DD:EE:03' }),
  ];

  it('lists the saved rows most recently changed first, and counts the devices saved without a row', () => {
    const page = savedListPage(devices, { page: 1 });
    expect(page.rows.map((item) => item.DEVICE_ID)).toEqual([2, 1]);
    expect(page).toMatchObject({ totalCount: 2, withoutRow: 1 });
  });

  it('filters by a part of the MAC, the house, the status and sorts as asked', () => {
    expect(savedListPage(devices, { mac: 'EE01' }).rows.map((item) => item.DEVICE_ID)).toEqual([1]);
    expect(savedListPage(devices, { houseUid: 'h-2' }).rows.map((item) => item.DEVICE_ID)).toEqual([2]);
    expect(savedListPage(devices, { status: 1 }).rows.map((item) => item.DEVICE_ID)).toEqual([1]);
    expect(savedListPage(devices, { sort: 'DEVICE_ID' }).rows.map((item) => item.DEVICE_ID)).toEqual([1, 2]);
    expect(savedListPage(devices, { page: 2 }).rows).toEqual([]);
  });
});
