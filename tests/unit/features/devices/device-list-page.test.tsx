import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceListPage } from '@/features/devices/components/device-list-page';
import { setCsrfToken } from '@/lib/csrf';
import { setLoggedFlag } from '@/lib/logged-flag';
import { sessionQueries } from '@/lib/session';
import { authItems, jsonResponse, renderWithApp, testQueryClient } from '../../helpers/render';

const ROWS = [
  {
    DEVICE_ID: 7,
    MAC: 'AA:BB:CC:00:00:01',
    BUYER_ID: 1,
    STATUS_CODE: 1,
    CREATE_DATE: '2024-05-01T10:00:00Z',
    LAST_CHANGE: '2025-01-02T10:00:00Z',
    TYPE: 6,
    houses: { 'h-1': { address: 'ул. Лесная, 28', entrances: [{ mac: 'AA:BB:CC:00:00:01', entranceUid: 'e-1', title: 'Подъезд 2', houseUid: 'h-1' }] } },
  },
  { DEVICE_ID: 8, MAC: 'AA:BB:CC:00:00:02', BUYER_ID: 1, STATUS_CODE: 3, CREATE_DATE: '2024-05-01T10:00:00Z', LAST_CHANGE: '2025-01-01T10:00:00Z', TYPE: 10, houses: [] },
];

// The data grid renders slowly in happy-dom on a busy machine.
describe('DeviceListPage', { timeout: 20_000 }, () => {
  const calls: string[] = [];

  beforeEach(() => {
    calls.length = 0;
    setCsrfToken('token');
    setLoggedFlag(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url}`);
        if (url.startsWith('/front/device-list/get-list')) {
          return jsonResponse(200, { result: true, data: ROWS, pagination: { count: 2, page: 1, pageCount: 1, pageSize: 20, totalCount: 2 } });
        }
        if (url.startsWith('/front/device-list/get-statuses')) {
          return jsonResponse(200, { result: true, data: { 'AA:BB:CC:00:00:01': { liveStatus: true, sipStatus: true, rtspStatus: false, externalExists: null } } });
        }
        if (url.startsWith('/front/house-list')) return jsonResponse(200, { result: true, data: [], pagination: { count: 0, page: 1, pageCount: 0, pageSize: 20, totalCount: 0 } });
        if (url.startsWith('/front/management-company')) return jsonResponse(200, { result: true, data: [{ id: 4, internalId: 'x', name: 'УК Север', buyerId: 1, codeAccess: null, active: true, nextExecute: null, flatNum: null, interval: 0 }] });
        if (url.startsWith('/front/user/')) return jsonResponse(200, { result: false, message: 'not in this test' });
        throw new Error(`Unexpected ${init.method} ${url}`);
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function client(roles: string[]) {
    const query = testQueryClient();
    query.setQueryData(sessionQueries.permissions().queryKey, { result: true, userId: 2, buyerId: 1, roles: authItems(...roles), permissions: authItems() });
    return query;
  }

  it('shows each row with its type name, status badge, house and entrances, and live status', async () => {
    renderWithApp(<DeviceListPage />, { path: '/devices', route: '/devices', client: client(['management']) });
    const link = await screen.findByRole('link', { name: 'Открыть карточку устройства AA:BB:CC:00:00:01' });
    expect(link.getAttribute('href')).toBe('/devices/AA%3ABB%3ACC%3A00%3A00%3A01/update');
    expect(screen.getByText('ISCOM_X1')).toBeTruthy();
    expect(screen.getByText('BEWARD_ISCOM')).toBeTruthy();
    expect(screen.getByText('Активно')).toBeTruthy();
    expect(screen.getByText('Сброшено')).toBeTruthy();
    expect(screen.getByText('ул. Лесная, 28 · подъезды: Подъезд 2')).toBeTruthy();
    expect(screen.getByText('Не привязано')).toBeTruthy();
    expect(calls.filter((call) => call.includes('get-list'))).toEqual(['GET /front/device-list/get-list?page=1&sort=-LAST_CHANGE']);
    expect(await screen.findByText('В сети')).toBeTruthy();
    expect(calls).toContain('GET /front/device-list/get-statuses?macs=AA%3ABB%3ACC%3A00%3A00%3A01&macs=AA%3ABB%3ACC%3A00%3A00%3A02');
    // Only an installer gets the wizard link.
    expect(screen.queryByRole('link', { name: /Мастер настройки/ })).toBeNull();
  });

  it('puts the MAC and the selects into the URL, from page 1', async () => {
    renderWithApp(<DeviceListPage />, { path: '/devices?page=2&sort=MAC', route: '/devices', client: client(['management']) });
    await screen.findByRole('link', { name: 'Открыть карточку устройства AA:BB:CC:00:00:01' });
    const filters = screen.getByRole('search');
    fireEvent.change(within(filters).getByRole('textbox', { name: 'MAC-адрес' }), { target: { value: 'bb-cc' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/devices?sort=MAC&mac=BBCC'));
    await waitFor(() => expect(calls).toContain('GET /front/device-list/get-list?page=1&sort=MAC&mac=BBCC'));

    fireEvent.change(within(filters).getByRole('textbox', { name: 'MAC-адрес' }), { target: { value: 'xyz' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Найти' }));
    expect(await within(filters).findByText('Только шестнадцатеричные цифры MAC-адреса (до 12)')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/devices?sort=MAC&mac=BBCC');
  });

  it('opens the card with Enter on a row', async () => {
    renderWithApp(<DeviceListPage />, { path: '/devices', route: '*', client: client(['adjuster']) });
    await screen.findByRole('link', { name: 'Мастер настройки AA:BB:CC:00:00:02' });
    const row = screen.getAllByRole('row').find((candidate) => candidate.getAttribute('data-id') === 'AA:BB:CC:00:00:02')!;
    fireEvent.keyDown(within(row).getByText('BEWARD_ISCOM'), { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/devices/AA%3ABB%3ACC%3A00%3A00%3A02/update'));
    // Without the management role: no create, no multi-select.
    expect(screen.queryByRole('button', { name: 'Добавить устройство' })).toBeNull();
  });
});
