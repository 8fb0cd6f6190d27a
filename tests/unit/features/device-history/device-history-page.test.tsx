import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEvent } from '@contract/history';
import { DeviceHistoryPage } from '@/features/device-history/components/device-history-page';
import { setPreferences } from '@/lib/preferences';
import { stubApi, type ApiLog } from '../../helpers/api-stub';
import { jsonResponse, renderWithApp, stubPhoneScreen, stubWideScreen } from '../../helpers/render';
import { loggedInClient } from '../../helpers/session';

const MAC_1 = '00:1A:2B:3C:4D:01';
const MAC_2 = '00:1A:2B:3C:4D:02';
const LIST = '/front/devices/history';
/** The image modal is a lazy chunk, transformed on first import: slow on a busy machine. */
const LAZY = { timeout: 10_000 };
const SLOW = { timeout: 20_000 };

const event = (patch: Partial<HistoryEvent> = {}): HistoryEvent => ({
  id: 1,
  mac: MAC_1,
  eventDate: '2026-11-20T07:05:09.000Z',
  eventType: 'OPEN_EXTERNAL',
  identity: '0A0B0C0D',
  params: {},
  image: null,
  address: 'г. Москва, ул. Новая, д. 3',
  houseUid: 'h-1',
  flatNum: null,
  userId: null,
  login: null,
  rfid: null,
  openCode: null,
  ...patch,
});

const ROWS: HistoryEvent[] = [
  event({ id: 1, rfid: '0A0B0C0D', flatNum: 12, image: '/front/history/images/1', params: { reader: 'outer' } }),
  event({ id: 2, eventType: 'OPEN_CODE', openCode: '4321', identity: '4321', eventDate: '2026-11-20T06:00:00.000Z' }),
  event({ id: 3, eventType: 'OPEN_API', login: 'ivanov', userId: 7, identity: 'ivanov', image: '/front/history/images/3', mac: MAC_2, address: null }),
  event({ id: 4, eventType: 'DOOR_HELD_OPEN', identity: null }),
];

const answer = (data: HistoryEvent[] = ROWS, numberPages = 3, countCapped = false) => ({ result: true, data, numberPages, countCapped });

let api: ApiLog;
const listCalls = () => api.calls.filter((call) => call.startsWith(`GET ${LIST}?`) || call === `GET ${LIST}`).map((call) => new URL(call.slice(4), 'http://x').searchParams);
const location = () => screen.getByRole('status', { name: 'location', hidden: true }).textContent;
const operator = () => loggedInClient({ roles: ['management'], permissions: ['KEYS_LIST_PERMISSION', 'USERS_LIST_PERMISSION', 'HOUSES_LIST_PERMISSION'] });

beforeEach(() => {
  stubWideScreen();
  setPreferences({ timezone: 'Europe/Moscow', language: 'ru' });
  api = stubApi((method, url) => (method === 'GET' && url.startsWith(LIST) ? jsonResponse(200, answer()) : undefined));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DeviceHistoryPage', SLOW, () => {
  it('shows each event in words with its time in the user’s zone, device, address, who opened (as links) and a thumbnail', async () => {
    renderWithApp(<DeviceHistoryPage />, { path: `/devices/history?macs=${encodeURIComponent(MAC_1)}`, route: '/devices/history', client: operator() });
    const table = await screen.findByRole('table', { name: 'История событий' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    const first = rows[1];
    expect(within(first).getByText('20.11.2026, 10:05:09')).toBeTruthy();
    expect(within(first).getByText('Открытие ключом (внешний считыватель)')).toBeTruthy();
    expect(within(first).getByRole('link', { name: `Карточка устройства ${MAC_1}` }).getAttribute('href')).toBe(`/devices/${encodeURIComponent(MAC_1)}/update`);
    expect(within(first).getByText('г. Москва, ул. Новая, д. 3')).toBeTruthy();
    expect(within(first).getByRole('link', { name: `Ключ 0A0B0C0D на устройстве ${MAC_1}` }).getAttribute('href')).toBe(`/devices/${encodeURIComponent(MAC_1)}/keys?key=0A0B0C0D`);
    expect(within(first).getByRole('link', { name: 'Кв. 12' }).getAttribute('href')).toBe('/houses/h-1/flats/12/update');
    expect(within(first).getByRole('button', { name: /^Снимок события Открытие ключом/ })).toBeTruthy();
    expect(within(rows[2]).getByText('Код 4321')).toBeTruthy();
    expect(within(rows[3]).getByRole('link', { name: 'Пользователь ivanov' }).getAttribute('href')).toBe('/users/7');
    expect(within(rows[3]).getByText('Адрес не указан')).toBeTruthy();
    // A kind outside the eleven is shown as the device named it.
    expect(within(rows[4]).getByText('DOOR_HELD_OPEN')).toBeTruthy();
    const sent = listCalls()[0];
    expect(sent.getAll('macs')).toEqual([MAC_1]);
    expect(sent.get('page')).toBe('0');
    expect(sent.get('perPage')).toBe('50');
  });

  it('pages from 0 with «Страница N из M», and a new filter goes back to the first page', async () => {
    renderWithApp(<DeviceHistoryPage />, { path: '/devices/history', route: '/devices/history', client: operator() });
    expect(await screen.findByText('Страница 1 из 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Предыдущая страница' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Следующая страница' }));
    await waitFor(() => expect(location()).toBe('/devices/history?page=1'));
    expect(await screen.findByText('Страница 2 из 3')).toBeTruthy();
    await waitFor(() => expect(listCalls().map((query) => query.get('page'))).toEqual(['0', '1']));
    const filters = screen.getByRole('search', { name: 'Поиск событий' });
    fireEvent.change(within(filters).getByRole('combobox', { name: 'Событие' }), { target: { value: 'RFID_FAILED' } });
    fireEvent.change(within(filters).getByRole('textbox', { name: 'Квартира' }), { target: { value: '12' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(location()).toBe('/devices/history?eventType=RFID_FAILED&flatNum=12'));
    await waitFor(() => expect(listCalls().at(-1)?.toString()).toBe('eventType=RFID_FAILED&flatNum=12&page=0&perPage=50'));
    // «Обновить» asks again for the same page (the simulator keeps adding events).
    const before = listCalls().length;
    await waitFor(() => expect((screen.getByRole('button', { name: 'Обновить' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    await waitFor(() => expect(listCalls()).toHaveLength(before + 1));
    expect(listCalls().at(-1)?.toString()).toBe('eventType=RFID_FAILED&flatNum=12&page=0&perPage=50');
  });

  it('takes MACs typed or pasted into the devices field as chips, says which text is no MAC, and sends them all', async () => {
    renderWithApp(<DeviceHistoryPage />, { path: '/devices/history', route: '/devices/history', client: operator() });
    await screen.findByRole('table', { name: 'История событий' });
    const filters = screen.getByRole('search', { name: 'Поиск событий' });
    const macs = within(filters).getByRole('combobox', { name: 'Устройства (MAC)' });
    fireEvent.change(macs, { target: { value: '001a2b3c4d01, nonsense ' } });
    expect(await within(filters).findByText(/Не MAC: nonsense/)).toBeTruthy();
    expect(within(filters).getByRole('button', { name: `Убрать ${MAC_1}` })).toBeTruthy();
    fireEvent.change(macs, { target: { value: '00-1A-2B-3C-4D-02' } });
    fireEvent.keyDown(macs, { key: 'Enter' });
    expect(await within(filters).findByRole('button', { name: `Убрать ${MAC_2}` })).toBeTruthy();
    // Backspace in the empty field takes the last chip off; a MAC left typed is added on leaving the field.
    fireEvent.keyDown(macs, { key: 'Backspace' });
    await waitFor(() => expect(within(filters).queryByRole('button', { name: `Убрать ${MAC_2}` })).toBeNull());
    fireEvent.change(macs, { target: { value: '001A2B3C4D02' } });
    fireEvent.blur(macs);
    expect(await within(filters).findByRole('button', { name: `Убрать ${MAC_2}` })).toBeTruthy();
    fireEvent.click(within(filters).getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(location()).toBe(`/devices/history?macs=${encodeURIComponent(`${MAC_1},${MAC_2}`)}`));
    await waitFor(() => expect(listCalls().at(-1)?.getAll('macs')).toEqual([MAC_1, MAC_2]));
  });

  it('says «более N» when the server stopped counting, and offers the next page while the page is full', async () => {
    const full = Array.from({ length: 50 }, (_, index) => event({ id: index + 1 }));
    api.handle = (_method, url) => (url.startsWith(LIST) ? jsonResponse(200, answer(full, 2000, true)) : undefined);
    renderWithApp(<DeviceHistoryPage />, { path: '/devices/history?page=1999', route: '/devices/history', client: operator() });
    expect(await screen.findByText('Страница 2000 из более 2000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Следующая страница' }));
    await waitFor(() => expect(location()).toBe('/devices/history?page=2000'));
  });

  it('sends the chosen days as the user’s 00:00:00 and 23:59:59 (Asia/Novosibirsk)', async () => {
    setPreferences({ timezone: 'Asia/Novosibirsk' });
    renderWithApp(<DeviceHistoryPage />, { path: '/devices/history?dateFrom=2026-11-01&dateTo=2026-11-07', route: '/devices/history', client: operator() });
    await screen.findByRole('table', { name: 'История событий' });
    const sent = listCalls()[0];
    expect(sent.get('dateFrom')).toBe('2026-10-31T17:00:00.000Z');
    expect(sent.get('dateTo')).toBe('2026-11-07T16:59:59.000Z');
    // The time of an event is shown in the same zone.
    expect(screen.getAllByText('20.11.2026, 14:05:09').length).toBeGreaterThan(0);
  });

  it('shows a chosen day before the pickers load, loads them on the first touch, and refuses an end before the start', async () => {
    const { unmount } = renderWithApp(<DeviceHistoryPage />, { path: '/devices/history?dateFrom=2026-11-07', route: '/devices/history', client: operator() });
    await screen.findByRole('table', { name: 'История событий' });
    const filters = screen.getByRole('search', { name: 'Поиск событий' });
    const from = within(filters).getByRole('textbox', { name: 'Дата с' }) as HTMLInputElement;
    expect(from.value).toBe('07.11.2026');
    fireEvent.focus(from);
    expect(await within(filters).findByRole('group', { name: 'Дата с' }, LAZY)).toBeTruthy();
    unmount();
    // An end before the start (a hand-edited link): «Найти» says so at the field and sends nothing new.
    renderWithApp(<DeviceHistoryPage />, { path: '/devices/history?dateFrom=2026-11-07&dateTo=2026-11-01', route: '/devices/history', client: operator() });
    await screen.findByRole('table', { name: 'История событий' });
    const calls = listCalls().length;
    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: 'Найти' }));
    expect(await screen.findByText('«Дата с» позже «Даты по»')).toBeTruthy();
    expect(listCalls()).toHaveLength(calls);
    expect(location()).toBe('/devices/history?dateFrom=2026-11-07&dateTo=2026-11-01');
  });

  it('shows the server’s message when the load fails, keeps the filters, and loads again on «Повторить»', async () => {
    api.handle = (_method, url) => (url.startsWith(LIST) ? jsonResponse(400, { result: false, message: 'dateTo: раньше dateFrom' }) : undefined);
    renderWithApp(<DeviceHistoryPage />, { path: '/devices/history?flatNum=12', route: '/devices/history', client: operator() });
    expect(await screen.findByText('Не удалось загрузить историю: dateTo: раньше dateFrom')).toBeTruthy();
    const filters = screen.getByRole('search', { name: 'Поиск событий' });
    expect((within(filters).getByRole('textbox', { name: 'Квартира' }) as HTMLInputElement).value).toBe('12');
    api.handle = () => undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('table', { name: 'История событий' })).toBeTruthy();
    expect(location()).toBe('/devices/history?flatNum=12');
  });

  it('says «Событий не найдено» when nothing matches, the filters kept', async () => {
    api.handle = (_method, url) => (url.startsWith(LIST) ? jsonResponse(200, answer([], 1)) : undefined);
    renderWithApp(<DeviceHistoryPage />, { path: '/devices/history?login=nobody', route: '/devices/history', client: operator() });
    expect(await screen.findByText('Событий не найдено')).toBeTruthy();
    expect((within(screen.getByRole('search')).getByRole('textbox', { name: 'Логин' }) as HTMLInputElement).value).toBe('nobody');
  });

  it('opens a snapshot with the event’s details and steps to the page’s next snapshot by button and arrow key', async () => {
    renderWithApp(<DeviceHistoryPage />, { path: '/devices/history', route: '/devices/history', client: operator() });
    const table = await screen.findByRole('table', { name: 'История событий' });
    fireEvent.click(within(table).getAllByRole('button', { name: /^Снимок события/ })[0]);
    const dialog = await screen.findByRole('dialog', { name: /Снимок события/ }, LAZY);
    expect(within(dialog).getByText('1 из 2')).toBeTruthy();
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/front/history/images/1');
    expect(within(dialog).getByText('reader: outer')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Предыдущий снимок' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Следующий снимок' }));
    expect(await within(dialog).findByText('2 из 2')).toBeTruthy();
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/front/history/images/3');
    expect(within(dialog).getByText('Открытие из приложения')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Следующий снимок' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(await within(dialog).findByText('1 из 2')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(await within(dialog).findByText('2 из 2')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a card per event on a phone', async () => {
    stubPhoneScreen();
    renderWithApp(<DeviceHistoryPage />, { path: '/devices/history', route: '/devices/history', client: operator() });
    const cards = await screen.findByRole('list', { name: 'История событий' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the installer the events without links to the screens it may not open', async () => {
    renderWithApp(<DeviceHistoryPage />, { path: '/devices/history', route: '/devices/history', client: loggedInClient({ roles: ['adjuster'] }) });
    const table = await screen.findByRole('table', { name: 'История событий' });
    // The installer opens devices but not keys, users or flats.
    expect(within(table).getAllByRole('link', { name: /^Карточка устройства/ }).length).toBe(4);
    expect(within(table).queryByRole('link', { name: /^Ключ / })).toBeNull();
    expect(within(table).getByText('Ключ 0A0B0C0D')).toBeTruthy();
    expect(within(table).queryByRole('link', { name: 'Кв. 12' })).toBeNull();
  });

  it('downloads the CSV of the current filters and says when the server cut it at 100,000 rows', async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:history'), revokeObjectURL: () => undefined }));
    api.handle = (_method, url) =>
      url.startsWith('/front/devices/history/export')
        ? new Response('Время;Устройство\n', { status: 200, headers: { 'Content-Type': 'text/csv', 'X-Export-Truncated': 'true', 'Content-Disposition': 'attachment; filename="history.csv"' } })
        : undefined;
    renderWithApp(<DeviceHistoryPage />, { path: `/devices/history?macs=${encodeURIComponent(MAC_1)}&eventType=OPEN_CODE&page=2`, route: '/devices/history', client: operator() });
    await screen.findByRole('table', { name: 'История событий' });
    fireEvent.click(screen.getByRole('button', { name: 'Скачать CSV' }));
    expect(await screen.findByText(/В файле первые 100\s000 событий/)).toBeTruthy();
    const exported = api.calls.find((call) => call.includes('/export'));
    expect(exported).toBe(`GET /front/devices/history/export?macs=${encodeURIComponent(MAC_1)}&eventType=OPEN_CODE`);
    expect(await created[0].text()).toBe('Время;Устройство\n');
  });
});
