import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceListPage } from '@/features/devices/components/device-list-page';
import { setCsrfToken } from '@/lib/csrf';
import { setLoggedFlag } from '@/lib/logged-flag';
import { sessionQueries } from '@/lib/session';
import { authItems, jsonResponse, renderWithApp, stubPhoneScreen, stubWideScreen, testQueryClient } from '../../helpers/render';

const ROWS = [
  {
    DEVICE_ID: 7,
    MAC: 'AA:BB:CC:00:00:01',
    BUYER_ID: 1,
    BUYER_NAME: 'ООО «Умный подъезд»',
    STATUS_CODE: 1,
    CREATE_DATE: '2024-05-01T10:00:00Z',
    LAST_CHANGE: '2025-01-02T10:00:00Z',
    TYPE: 6,
    houses: { 'h-1': { address: 'ул. Лесная, 28', entrances: [{ mac: 'AA:BB:CC:00:00:01', entranceUid: 'e-1', title: 'Подъезд 2', houseUid: 'h-1' }] } },
  },
  { DEVICE_ID: 8, MAC: 'AA:BB:CC:00:00:02', BUYER_ID: 1, BUYER_NAME: 'ООО «Умный подъезд»', STATUS_CODE: 3, CREATE_DATE: '2024-05-01T10:00:00Z', LAST_CHANGE: '2025-01-01T10:00:00Z', TYPE: 10, houses: [] },
];

// The data grid renders slowly in happy-dom on a busy machine.
describe('DeviceListPage', { timeout: 20_000 }, () => {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  let listStatus = 200;

  beforeEach(() => {
    listStatus = 200;
    // The grid is for screens from 1200 px; narrower ones get cards (the phone tests say so).
    stubWideScreen();
    calls.length = 0;
    bodies.length = 0;
    setCsrfToken('token');
    setLoggedFlag(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url}`);
        if (url.startsWith('/front/device-list/get-list')) {
          if (listStatus === 403) return jsonResponse(403, { result: false, message: 'Недостаточно прав для этого действия' });
          return jsonResponse(200, { result: true, data: ROWS, pagination: { count: 2, page: 1, pageCount: 1, pageSize: 20, totalCount: 2 } });
        }
        if (url.startsWith('/front/device-list/get-statuses')) {
          return jsonResponse(200, { result: true, data: { 'AA:BB:CC:00:00:01': { liveStatus: true, sipStatus: true, rtspStatus: false, externalExists: null } } });
        }
        if (url.startsWith('/front/house-list')) return jsonResponse(200, { result: true, data: [], pagination: { count: 0, page: 1, pageCount: 0, pageSize: 20, totalCount: 0 } });
        if (url.startsWith('/front/management-company')) return jsonResponse(200, { result: true, data: [{ id: 4, internalId: 'x', name: 'УК Север', buyerId: 1, codeAccess: null, active: true, nextExecute: null, flatNum: null, interval: 0 }] });
        if (url.startsWith('/front/user/')) return jsonResponse(200, { result: false, message: 'not in this test' });
        if (url === '/front/devices/sync/full') {
          bodies.push(JSON.parse(String(init.body)));
          return jsonResponse(200, { result: true, message: 'queued', queued: 2 });
        }
        throw new Error(`Unexpected ${init.method} ${url}`);
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The grid renders slowly in happy-dom: its first row may take seconds. */
  const firstRow = () => screen.findByRole('link', { name: 'Открыть карточку устройства AA:BB:CC:00:00:01' }, { timeout: 10_000 });

  function client(roles: string[]) {
    const query = testQueryClient();
    query.setQueryData(sessionQueries.permissions().queryKey, { result: true, userId: 2, buyerId: 1, roles: authItems(...roles), permissions: authItems() });
    return query;
  }

  it('shows each row with its type name, status badge, house and entrances, and live status', async () => {
    renderWithApp(<DeviceListPage />, { path: '/devices', route: '/devices', client: client(['management']) });
    const link = await firstRow();
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
    // The operator may run the set-up wizard too (the server lets management in).
    expect(screen.getByRole('link', { name: 'Мастер настройки AA:BB:CC:00:00:01' }).getAttribute('href')).toBe('/devices/AA%3ABB%3ACC%3A00%3A00%3A01/wizard');
    // An operator sees one buyer's devices: no buyer column.
    expect(screen.queryByRole('columnheader', { name: 'Покупатель' })).toBeNull();
  });

  it("names each row's buyer for the superuser, with the number on hover", async () => {
    renderWithApp(<DeviceListPage />, { path: '/devices', route: '/devices', client: client(['superuser']) });
    await firstRow();
    expect(screen.getByRole('columnheader', { name: 'Покупатель' })).toBeTruthy();
    const names = screen.getAllByText('ООО «Умный подъезд»');
    expect(names).toHaveLength(2);
    expect(names[0]!.getAttribute('title')).toBe('Покупатель № 1');
  });

  it('offers an operator the three wizards and the plain dialog under «Добавить устройство»', async () => {
    renderWithApp(<DeviceListPage />, { path: '/devices', route: '*', client: client(['management']) });
    await firstRow();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить устройство' }));
    const menu = await screen.findByRole('menu', { name: 'Как добавить устройство' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^По серийному номеру/),
      expect.stringMatching(/^По базовой станции и порту/),
      expect.stringMatching(/^Замена устройства/),
      expect.stringMatching(/^Вручную, без мастера/),
    ]);
    expect(items.slice(0, 3).map((item) => item.getAttribute('href'))).toEqual(['/devices/serial-number-wizard', '/devices/wizard', '/devices/replace-wizard']);
    fireEvent.click(items[3]!);
    expect(await screen.findByRole('dialog', { name: 'Новое устройство' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('queues a full re-sync of the selected devices after a confirmation, and says how many were queued', async () => {
    renderWithApp(<DeviceListPage />, { path: '/devices', route: '*', client: client(['management']) });
    await firstRow();
    fireEvent.click(screen.getAllByRole('checkbox', { name: /Выбрать все строки|Select all rows/ })[0]!);
    const toolbar = await screen.findByRole('toolbar', { name: /Выбрано: 2/ });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Полная синхронизация' }));
    const dialog = await screen.findByRole('dialog', { name: 'Полная синхронизация устройств: 2' }, { timeout: 10_000 });
    expect(dialog.textContent).toMatch(/в фоне/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Поставить в очередь' }));
    expect(await screen.findByText('Полная синхронизация поставлена в очередь: устройств 2', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(bodies).toEqual([{ macs: ['AA:BB:CC:00:00:01', 'AA:BB:CC:00:00:02'] }]);
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: /Выбрано/ })).toBeNull());
  });

  it('opens a wizard from the add menu', async () => {
    renderWithApp(<DeviceListPage />, { path: '/devices', route: '*', client: client(['adjuster']) });
    await firstRow();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить устройство' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /^Замена устройства/ }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/devices/replace-wizard'));
  });

  it('shows support the rows and their cards read-only: no add action, no selection, no wizard', async () => {
    renderWithApp(<DeviceListPage />, { path: '/devices', route: '/devices', client: client(['support']) });
    await firstRow();
    expect(screen.getByRole('search')).toBeTruthy();
    expect(screen.getByText('ул. Лесная, 28 · подъезды: Подъезд 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Добавить устройство' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByRole('link', { name: /Мастер настройки/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Действия' })).toBeNull();
  });

  it('says plainly when the server refuses the list, without filters or a retry', async () => {
    listStatus = 403;
    renderWithApp(<DeviceListPage />, { path: '/devices', route: '/devices', client: client(['support']) });
    expect(await screen.findByText(/Список устройств недоступен для вашей роли/)).toBeTruthy();
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('shows each device as a card on a phone: MAC, status, connectivity and address; a tap opens its card', async () => {
    stubPhoneScreen();
    renderWithApp(<DeviceListPage />, { path: '/devices', route: '*', client: client(['management']) });
    const cards = await screen.findByRole('list', { name: 'Список устройств' });
    expect(screen.queryByRole('grid')).toBeNull();
    const [first] = await within(cards).findAllByRole('listitem');
    if (!first) throw new Error('no card');
    const link = within(first).getByRole('link', { name: 'Открыть карточку устройства AA:BB:CC:00:00:01' });
    expect(within(link).getByText('AA:BB:CC:00:00:01')).toBeTruthy();
    expect(within(link).getByText('Активно')).toBeTruthy();
    expect(within(link).getByText('ул. Лесная, 28 · подъезды: Подъезд 2')).toBeTruthy();
    expect(await within(link).findByText('В сети')).toBeTruthy();
    expect(within(link).getByRole('img', { name: 'SIP: зарегистрирован' })).toBeTruthy();
    // The operator selects on the card; the wizard sits beside the link, not inside it.
    fireEvent.click(within(first).getByRole('checkbox', { name: 'Выбрать устройство AA:BB:CC:00:00:01' }));
    expect(await screen.findByRole('toolbar', { name: 'Выбрано: 1' })).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Мастер настройки AA:BB:CC:00:00:01' })).toBeTruthy();
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/devices/AA%3ABB%3ACC%3A00%3A00%3A01/update'));
  });

  it('sorts and pages the phone cards on the server, in the URL', async () => {
    stubPhoneScreen();
    renderWithApp(<DeviceListPage />, { path: '/devices', route: '*', client: client(['support']) });
    await screen.findByRole('list', { name: 'Список устройств' });
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Сортировать/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'MAC-адрес ↑' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/devices?sort=MAC'));
    await waitFor(() => expect(calls).toContain('GET /front/device-list/get-list?page=1&sort=MAC'));
    expect(screen.getByText('1–2 из 2')).toBeTruthy();
  });

  it('puts the MAC and the selects into the URL, from page 1', async () => {
    renderWithApp(<DeviceListPage />, { path: '/devices?page=2&sort=MAC', route: '/devices', client: client(['management']) });
    await firstRow();
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
    await screen.findByRole('link', { name: 'Мастер настройки AA:BB:CC:00:00:02' }, { timeout: 10_000 });
    const row = screen.getAllByRole('row').find((candidate) => candidate.getAttribute('data-id') === 'AA:BB:CC:00:00:02')!;
    fireEvent.keyDown(within(row).getByText('BEWARD_ISCOM'), { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/devices/AA%3ABB%3ACC%3A00%3A00%3A02/update'));
  });

  it('offers an installer the three wizards but not the plain dialog, and no multi-select (both management-only)', async () => {
    renderWithApp(<DeviceListPage />, { path: '/devices', route: '*', client: client(['adjuster']) });
    await screen.findByRole('link', { name: 'Мастер настройки AA:BB:CC:00:00:02' }, { timeout: 10_000 });
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить устройство' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.getAttribute('href'))).toEqual([
      '/devices/serial-number-wizard',
      '/devices/wizard',
      '/devices/replace-wizard',
    ]);
  });
});
