import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeyListPage } from '@/features/keys/components/key-list-page';
import { jsonResponse, renderWithApp, stubPhoneScreen, stubWideScreen } from '../../helpers/render';
import { KEY_ROWS, MAC_1, MAC_2, as, bodiesOf, keyRow, listAnswer, stubApi, type ApiLog, whileOffline } from './fixtures';

let api: ApiLog;
/** Dialogs are lazy chunks, transformed on first import: slow on a busy machine. */
const LAZY = { timeout: 10_000 };
const SLOW = { timeout: 20_000 };
const LIST = 'POST /front/device-keys';
const CREATE = 'POST /front/keys/create';

beforeEach(() => {
  stubWideScreen();
  api = stubApi((method, url) => {
    if (method === 'POST' && url === '/front/device-keys') return jsonResponse(200, listAnswer());
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Hidden while a dialog is open (MUI hides the page from screen readers), still readable. */
const location = () => screen.getByRole('status', { name: 'location', hidden: true }).textContent;

describe('KeyListPage: the list', SLOW, () => {
  it('loads the search the link describes, puts a new one into the URL from page 1, and links each MAC to its device keys', async () => {
    renderWithApp(<KeyListPage />, { path: '/keys?page=2&key=0a0b', route: '/keys', client: as('operator') });
    const table = await screen.findByRole('table', { name: 'Ключи' });
    await within(table).findByText('0A0B0C0D0E0F');
    expect(bodiesOf(api, LIST)[0]).toEqual({ page: 2, key: '0A0B' });
    expect(within(table).getByRole('link', { name: `Ключи устройства ${MAC_1}` }).getAttribute('href')).toBe(`/devices/${encodeURIComponent(MAC_1)}/keys`);
    expect(within(table).getByText('г. Москва, ул. Новая, д. 3')).toBeTruthy();
    expect(within(table).getByText('Внутренний')).toBeTruthy();
    const filters = screen.getByRole('search', { name: 'Поиск ключей' });
    fireEvent.change(within(filters).getByRole('textbox', { name: 'Код панели' }), { target: { value: '12' } });
    fireEvent.change(within(filters).getByRole('textbox', { name: 'MAC устройства' }), { target: { value: '001a2b3c4d01' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(location()).toBe(`/keys?key=0A0B&panelCode=12&mac=${encodeURIComponent(MAC_1)}`));
    await waitFor(() => expect(bodiesOf(api, LIST)).toContainEqual({ page: 1, key: '0A0B', panelCode: 12, mac: MAC_1 }));
    fireEvent.click(within(filters).getByRole('button', { name: 'Сбросить' }));
    await waitFor(() => expect(location()).toBe('/keys'));
  });

  it('refuses a value search that is not hex and a panel code out of range at their fields', async () => {
    renderWithApp(<KeyListPage />, { path: '/keys', route: '/keys', client: as('operator') });
    await screen.findByRole('table', { name: 'Ключи' });
    const filters = screen.getByRole('search');
    fireEvent.change(within(filters).getByRole('searchbox', { name: 'Значение ключа' }), { target: { value: 'xyz' } });
    fireEvent.change(within(filters).getByRole('textbox', { name: 'Код панели' }), { target: { value: '100000' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Найти' }));
    expect(await within(filters).findByText('Только цифры 0–9 и буквы A–F')).toBeTruthy();
    expect(within(filters).getByText('Целое число от 1 до 99999')).toBeTruthy();
    expect(location()).toBe('/keys');
  });

  it('says «более N» when the server stopped counting, and still offers the next page', async () => {
    const full = Array.from({ length: 20 }, (_, index) => keyRow({ VALUE: `0000000000${(index + 10).toString(16).toUpperCase().padStart(2, '0')}`, KEY_ID: index + 10 }));
    api.handle = (_method, url) => (url === '/front/device-keys' ? jsonResponse(200, listAnswer(full, 1000, true)) : undefined);
    renderWithApp(<KeyListPage />, { path: '/keys?page=50', route: '/keys', client: as('operator') });
    expect(await screen.findByText('981–1000 из более 1000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Перейти на следующую страницу' }));
    await waitFor(() => expect(location()).toBe('/keys?page=51'));
  });

  it('says when nothing matches, and offers a retry when the list fails', async () => {
    api.handle = (_method, url) => (url === '/front/device-keys' ? jsonResponse(200, listAnswer([], 0)) : undefined);
    const { unmount } = renderWithApp(<KeyListPage />, { path: '/keys?key=FF', route: '/keys', client: as('operator') });
    expect(await screen.findByText('Нет ключей с такими условиями')).toBeTruthy();
    unmount();
    api.handle = (_method, url) => (url === '/front/device-keys' ? jsonResponse(500, { result: false, message: 'Сбой' }) : undefined);
    renderWithApp(<KeyListPage />, { path: '/keys', route: '/keys', client: as('operator') });
    expect(await screen.findByText('Не удалось загрузить ключи: Сбой')).toBeTruthy();
    api.handle = () => undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('0A0B0C0D0E0F')).toBeTruthy();
  });

  it('offers no retry when the server refuses the list for good (403)', async () => {
    api.handle = (_method, url) => (url === '/front/device-keys' ? jsonResponse(403, { result: false, message: 'Недостаточно прав' }) : undefined);
    renderWithApp(<KeyListPage />, { path: '/keys', route: '/keys', client: as('operator') });
    expect(await screen.findByText('Не удалось загрузить ключи: Недостаточно прав')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
  });

  it('lists keys as cards on a phone, the unusual states as badges', async () => {
    stubPhoneScreen();
    renderWithApp(<KeyListPage />, { path: '/keys', route: '/keys', client: as('operator') });
    await screen.findByText('0A0B0C0D0E0F');
    const cards = screen.getByRole('list', { name: 'Ключи' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(KEY_ROWS.length);
    expect(within(cards).getByText('Заблокирован')).toBeTruthy();
    expect(within(cards).getByText('Защищённый режим')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows support the list and the duplicate search with no create', async () => {
    renderWithApp(<KeyListPage />, { path: '/keys', route: '/keys', client: as('support') });
    await screen.findByText('0A0B0C0D0E0F');
    expect(screen.queryByRole('button', { name: 'Добавить ключ' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Поиск дубликатов' })).toBeTruthy();
  });
});

describe('KeyListPage: creating keys', SLOW, () => {
  async function openDialog() {
    renderWithApp(<KeyListPage />, { path: '/keys', route: '/keys', client: as('operator') });
    await screen.findByText('0A0B0C0D0E0F');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить ключ' }));
    return screen.findByRole('dialog', { name: 'Новый ключ' }, LAZY);
  }
  const addMacs = (dialog: HTMLElement, text: string) => {
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'MAC устройства' }), { target: { value: text } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить устройство' }));
  };

  it('checks the value for its type as it is typed and refuses sending without a device', async () => {
    const dialog = await openDialog();
    const value = within(dialog).getByRole('textbox', { name: /^Значение/ });
    fireEvent.change(value, { target: { value: '01:02:03' } });
    expect(await within(dialog).findByText('Нужно 12 шестнадцатеричных цифр, сейчас 6')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Тип ключа' }), { target: { value: 'MIFARE' } });
    expect(await within(dialog).findByText('Нужно 8, 14, 20 шестнадцатеричных цифр, сейчас 6')).toBeTruthy();
    fireEvent.change(value, { target: { value: '04:a2:1f:3b' } });
    await waitFor(() => expect(within(dialog).queryByText(/шестнадцатеричных цифр, сейчас/)).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await within(dialog).findByText('Выберите хотя бы одно устройство')).toBeTruthy();
    expect(api.calls.some((call) => call.startsWith(CREATE))).toBe(false);
  });

  it('adds one value to two devices, one call each, and lists the outcome per device; a retry sends only the one refused', async () => {
    api.handle = (method, url, body) => {
      if (method !== 'POST' || url !== '/front/keys/create') return undefined;
      return (body as { mac: string }).mac === MAC_2
        ? jsonResponse(502, { result: false, message: 'Устройство не отвечает' })
        : jsonResponse(200, { result: true, message: 'Ключ добавлен' });
    };
    const dialog = await openDialog();
    addMacs(dialog, '001a2b3c4d01 00-1A-2B-3C-4D-02 nope');
    expect(await within(dialog).findByText('Это не MAC: nope')).toBeTruthy();
    const chosen = within(dialog).getByRole('list', { name: 'Устройства' });
    expect(within(chosen).getAllByRole('listitem').map((item) => item.textContent)).toEqual([MAC_1, MAC_2]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Значение/ }), { target: { value: '01 02 03 04 05 06' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Код панели/ }), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Внутренний ключ' }));
    const listCalls = bodiesOf(api, LIST).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    const results = await within(dialog).findByRole('list', { name: 'Результат по устройствам' });
    expect(within(results).getByText(`${MAC_1}: ключ добавлен`)).toBeTruthy();
    expect(within(results).getByText(`${MAC_2}: Устройство не отвечает`)).toBeTruthy();
    expect(bodiesOf(api, CREATE)).toEqual([
      { mac: MAC_1, value: '010203040506', keyType: 'Metakom', panelCode: 12, inner: 1 },
      { mac: MAC_2, value: '010203040506', keyType: 'Metakom', panelCode: 12, inner: 1 },
    ]);
    // The list shows the new key; the device that took it leaves the draft.
    await waitFor(() => expect(bodiesOf(api, LIST).length).toBeGreaterThan(listCalls));
    expect(within(within(dialog).getByRole('list', { name: 'Устройства' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([MAC_2]);
    api.handle = (method, url) => (method === 'POST' && url === '/front/keys/create' ? jsonResponse(200, { result: true }) : undefined);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(api, CREATE).at(-1)).toMatchObject({ mac: MAC_2 });
  });

  it('puts one device refusal at its field: a flat the device lacks, a value it has already', async () => {
    api.handle = (method, url) =>
      method === 'POST' && url === '/front/keys/create'
        ? jsonResponse(400, { result: false, message: `Некорректное поле panelCode: квартиры 999 нет в домах устройства ${MAC_1}` })
        : undefined;
    const dialog = await openDialog();
    addMacs(dialog, MAC_1);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Значение/ }), { target: { value: '010203040506' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Код панели/ }), { target: { value: '999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await within(dialog).findByText(`квартиры 999 нет в домах устройства ${MAC_1}`)).toBeTruthy();
    api.handle = (method, url) =>
      method === 'POST' && url === '/front/keys/create' ? jsonResponse(409, { result: false, message: `Ключ 010203040506 уже есть на устройстве ${MAC_1}` }) : undefined;
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Код панели/ }), { target: { value: '12' } });
    expect(within(dialog).queryByText(/квартиры 999/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    const value = within(dialog).getByRole('textbox', { name: /^Значение/ });
    await waitFor(() => expect(value.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(`Ключ 010203040506 уже есть на устройстве ${MAC_1}`)).toBeTruthy();
  });

  it('keeps what was typed when the dialog is closed and opened again', async () => {
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Значение/ }), { target: { value: '0102' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Добавить ключ' }));
    const again = await screen.findByRole('dialog', { name: 'Новый ключ' }, LAZY);
    expect((within(again).getByRole('textbox', { name: /^Значение/ }) as HTMLInputElement).value).toBe('0102');
  });

  it('offline says so and disables adding, keeping the list and what was typed', async () => {
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Значение/ }), { target: { value: '0102' } });
    await whileOffline(async () => {
      expect(await within(dialog).findByText(/Нет связи с сервером/)).toBeTruthy();
      expect((within(dialog).getByRole('button', { name: 'Добавить' }) as HTMLButtonElement).disabled).toBe(true);
      expect((within(dialog).getByRole('textbox', { name: /^Значение/ }) as HTMLInputElement).value).toBe('0102');
    });
  });
});
