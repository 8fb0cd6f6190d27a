import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceKeysPage } from '@/features/device-keys/components/device-keys-page';
import { DeviceRsKeysPage } from '@/features/device-keys/components/device-rs-keys-page';
import { bodiesOf, stubApi, type ApiLog } from '../../helpers/api-stub';
import { jsonResponse, renderWithApp, stubPhoneScreen, stubWideScreen } from '../../helpers/render';
import { whileOffline } from '../../helpers/offline';
import { operatorOrSupport } from '../../helpers/session';
import { MAC, keyRow, listAnswer } from './fixtures';

let api: ApiLog;
/** Dialogs are lazy chunks, transformed on first import: slow on a busy machine. */
const LAZY = { timeout: 10_000 };
const SLOW = { timeout: 20_000 };
const LIST = 'POST /front/device-keys';
const ROWS = [
  keyRow({ VALUE: '0123456789AB', FLAT_NUM: 12, SCENARIOS: [2, 5] }),
  keyRow({ VALUE: 'AABBCCDDEEFF', FLAT_NUM: null, IS_SECURITY: 1, INNER: 1, BLOCKED: 1, KEY_TYPE: 'Cyfral' }),
];

beforeEach(() => {
  stubWideScreen();
  api = stubApi((method, url) => {
    if (method === 'POST' && url === '/front/device-keys') return jsonResponse(200, listAnswer(ROWS, 25));
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const as = (role: 'operator' | 'support') => operatorOrSupport(role, 'KEYS_LIST_PERMISSION');

const location = () => screen.getByRole('status', { name: 'location', hidden: true }).textContent;

function renderKeys(path = `/devices/${MAC}/keys`, role: 'operator' | 'support' = 'operator') {
  return renderWithApp(<DeviceKeysPage />, { path, route: '/devices/:mac/keys', client: as(role) });
}

describe('DeviceKeysPage', SLOW, () => {
  it('shows the device with its live status and the keys of the page, and searches from page 1 through the URL', async () => {
    renderKeys(`/devices/${MAC}/keys?page=2&key=01`);
    const table = await screen.findByRole('table', { name: 'Ключи' });
    expect(api.bodies[LIST]).toEqual({ mac: MAC, page: 2, key: '01' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Ключи устройства ${MAC}`);
    expect(screen.getByText('В сети')).toBeTruthy();
    expect(screen.getByText('Тип: ISCOM_X1')).toBeTruthy();
    expect(screen.getByText('г. Москва, ул. Лесная, д. 28')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Карточка устройства' }).getAttribute('href')).toBe(`/devices/${encodeURIComponent(MAC)}/update`);
    expect(screen.getByRole('link', { name: 'RS-ключи' }).getAttribute('href')).toBe(`/devices/${encodeURIComponent(MAC)}/rs-keys`);
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getByText('0123456789AB')).toBeTruthy();
    expect(within(rows[1]).getByText('2, 5')).toBeTruthy();
    expect(within(rows[2]).getByText('зашифрован')).toBeTruthy();
    expect(within(rows[2]).getByText('заблокирован')).toBeTruthy();
    expect(within(rows[2]).getByText('внутренний')).toBeTruthy();

    const search = screen.getByRole('search', { name: 'Поиск ключей' });
    fireEvent.change(within(search).getByRole('searchbox', { name: 'Значение ключа' }), { target: { value: 'zz' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Найти' }));
    expect(await within(search).findByText('Только шестнадцатеричные цифры: 0–9 и A–F')).toBeTruthy();
    fireEvent.change(within(search).getByRole('searchbox', { name: 'Значение ключа' }), { target: { value: 'AABB' } });
    fireEvent.change(within(search).getByRole('textbox', { name: 'Код панели' }), { target: { value: '12' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(location()).toBe(`/devices/${MAC}/keys?key=AABB&panelCode=12`));
    await waitFor(() => expect(bodiesOf(api, LIST).at(-1)).toEqual({ mac: MAC, page: 1, key: 'AABB', panelCode: 12 }));
  });

  it('adds a key: the format is checked for the chosen type as it is typed, the server refusal lands at its field', async () => {
    let created: unknown = null;
    api.handle = (method, url, body) => {
      if (method !== 'POST' || url !== `/front/device-keys/${encodeURIComponent(MAC)}/create-key`) return undefined;
      if ((body as { VALUE: string }).VALUE === '111111111111') return jsonResponse(409, { result: false, message: 'Ключ 111111111111 уже есть на устройстве' });
      if ((body as { FLAT_NUM: number | null }).FLAT_NUM === 999) return jsonResponse(400, { result: false, message: 'Некорректное поле FLAT_NUM: квартиры 999 нет в домах устройства' });
      created = body;
      return jsonResponse(200, { result: true, data: { ...keyRow({ VALUE: '0A0B0C0D' }) } });
    };
    renderKeys();
    await screen.findByRole('table', { name: 'Ключи' });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить ключ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый ключ' }, LAZY);
    // The device's types only, keys and cards apart.
    const type = within(dialog).getByRole('combobox', { name: 'Тип ключа' }) as HTMLSelectElement;
    expect([...type.options].map((option) => option.value)).toEqual(['Metakom', 'Cyfral', 'MIFARE']);
    const value = within(dialog).getByRole('textbox', { name: 'Значение ключа' });
    fireEvent.change(value, { target: { value: '0123' } });
    expect(within(dialog).getByText('Metakom: нужно 12 шестнадцатеричных цифр, введено 4')).toBeTruthy();
    fireEvent.change(type, { target: { value: 'MIFARE' } });
    expect(within(dialog).getByText('MIFARE: нужно 8, 14 или 20 шестнадцатеричных цифр, введено 4')).toBeTruthy();
    fireEvent.change(value, { target: { value: '0a:0b:0c:0g' } });
    expect(within(dialog).getByText('Только шестнадцатеричные цифры: 0–9 и A–F')).toBeTruthy();

    fireEvent.change(type, { target: { value: 'Metakom' } });
    fireEvent.change(value, { target: { value: '11-11-11-11-11-11' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await within(dialog).findByText('Ключ 111111111111 уже есть на устройстве')).toBeTruthy();

    fireEvent.change(type, { target: { value: 'MIFARE' } });
    fireEvent.change(value, { target: { value: '0a0b0c0d' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Квартира' }), { target: { value: '999' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Внутренний' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await within(dialog).findByText('квартиры 999 нет в домах устройства')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Квартира' }), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новый ключ' })).toBeNull());
    expect(created).toEqual({ VALUE: '0A0B0C0D', FLAT_NUM: 12, INNER: 1, KEY_TYPE: 'MIFARE' });
  });

  it('encodes a key and swaps its security mode on the screen without reloading the list', async () => {
    api.handle = (method, url) => (method === 'POST' && url.endsWith('/encode') ? jsonResponse(200, { result: true, message: null }) : undefined);
    renderKeys();
    const table = await screen.findByRole('table', { name: 'Ключи' });
    const loads = api.calls.filter((call) => call === LIST).length;
    fireEvent.click(within(table).getByRole('button', { name: 'Зашифровать ключ 0123456789AB' }));
    expect(await within(table).findByRole('button', { name: 'Расшифровать ключ 0123456789AB' })).toBeTruthy();
    expect(api.bodies[`POST /front/device-keys/${encodeURIComponent(MAC)}/encode`]).toEqual({ value: '0123456789AB', inner: 0 });
    expect(within(within(table).getAllByRole('row')[1]).getByText('зашифрован')).toBeTruthy();
    expect(api.calls.filter((call) => call === LIST).length).toBe(loads);
  });

  it('runs a scenario on the picked keys and says how many went through and why the others did not', async () => {
    api.handle = (method, url) =>
      method === 'POST' && url.endsWith('/multiple')
        ? jsonResponse(200, { result: true, message: null, processed: 1, failed: [{ value: 'AABBCCDDEEFF', inner: 1, message: 'Ключ не найден на устройстве' }] })
        : undefined;
    renderKeys();
    const table = await screen.findByRole('table', { name: 'Ключи' });
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Выбрать все ключи страницы' }));
    const bar = screen.getByRole('toolbar', { name: 'Действия с выбранными ключами' });
    expect(within(bar).getByText('Выбрано ключей: 2')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Добавить сценарий' }));
    const dialog = await screen.findByRole('dialog', { name: 'Добавить сценарий выбранным ключам' }, LAZY);
    const scenario = within(dialog).getByRole('combobox', { name: 'Сценарий' }) as HTMLSelectElement;
    expect([...scenario.options].map((option) => option.value)).toEqual(Array.from({ length: 16 }, (_, index) => String(index + 1)));
    fireEvent.change(scenario, { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Выполнить' }));
    expect(await within(dialog).findByText('Обработано 1 из 2')).toBeTruthy();
    expect(within(dialog).getByText('AABBCCDDEEFF (внутренний): Ключ не найден на устройстве')).toBeTruthy();
    expect(api.bodies[`POST /front/device-keys/${encodeURIComponent(MAC)}/multiple`]).toEqual({
      action: 'addScenario',
      scenario: 7,
      items: [
        { value: '0123456789AB', inner: 0 },
        { value: 'AABBCCDDEEFF', inner: 1 },
      ],
    });
    // The failed key stays picked, to try again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('toolbar')).getByText('Выбрано ключей: 1')).toBeTruthy();
  });

  it('deletes one key after asking', async () => {
    api.handle = (method) => (method === 'DELETE' ? jsonResponse(200, { result: true, message: null }) : undefined);
    renderKeys();
    const table = await screen.findByRole('table', { name: 'Ключи' });
    fireEvent.click(within(table).getByRole('button', { name: 'Удалить ключ 0123456789AB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить ключ?' }, LAZY);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(api.calls).toContain(`DELETE /front/device/${encodeURIComponent(MAC)}/key/0123456789AB/delete`));
  });

  it('shows support the keys with no control that changes anything', async () => {
    renderKeys(undefined, 'support');
    const table = await screen.findByRole('table', { name: 'Ключи' });
    expect(screen.getByText('Только просмотр: менять ключи может оператор.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Добавить ключ' })).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(within(table).queryByRole('button')).toBeNull();
  });

  it('says when the device has no keys, and offers a retry when the list fails', async () => {
    api.handle = (method, url) => (method === 'POST' && url === '/front/device-keys' ? jsonResponse(200, listAnswer([], 0)) : undefined);
    const { unmount } = renderKeys();
    expect(await screen.findByText('У устройства нет ключей')).toBeTruthy();
    unmount();
    let fail = true;
    api.handle = (method, url) => (method === 'POST' && url === '/front/device-keys' && fail ? jsonResponse(502, { result: false, message: 'Устройство не отвечает' }) : undefined);
    renderKeys();
    expect(await screen.findByText('Не удалось загрузить ключи: Устройство не отвечает')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('table', { name: 'Ключи' })).toBeTruthy();
  });

  it('offline says so, disables every change but a new key (queued) and keeps what was typed in the open dialog', async () => {
    renderKeys();
    await screen.findByRole('table', { name: 'Ключи' });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить ключ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый ключ' }, LAZY);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Значение ключа' }), { target: { value: '0123456789AB' } });
    await whileOffline(async () => {
      expect(await within(dialog).findByText(/Нет связи с сервером/)).toBeTruthy();
      // A new key is queued in the outbox instead (tests/e2e/nfc-keys.test.ts).
      expect(within(dialog).queryByRole('button', { name: 'Добавить' })).toBeNull();
      expect((within(dialog).getByRole('button', { name: 'В очередь' }) as HTMLButtonElement).disabled).toBe(false);
      expect((within(dialog).getByRole('textbox', { name: 'Значение ключа' }) as HTMLInputElement).value).toBe('0123456789AB');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect((screen.getByRole('button', { name: 'Добавить ключ' }) as HTMLButtonElement).disabled).toBe(false);
      expect((screen.getByRole('button', { name: 'Удалить ключ 0123456789AB' }) as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByRole('checkbox', { name: 'Выбрать ключ 0123456789AB' }) as HTMLInputElement).disabled).toBe(true);
    });
  });

  it('lists the keys as cards on a phone', async () => {
    stubPhoneScreen();
    renderKeys();
    const list = await screen.findByRole('list', { name: 'Ключи' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('DeviceRsKeysPage', SLOW, () => {
  it('keeps inner and outer keys apart and deletes one side of a value', async () => {
    api.handle = (method, url) => {
      if (method === 'POST' && url === '/front/device-keys') {
        return jsonResponse(200, listAnswer([keyRow({ VALUE: '0123456789AB', INNER: 1, RS: 1 }), keyRow({ VALUE: '0123456789AB', INNER: 0, RS: 1 })]));
      }
      return method === 'DELETE' ? jsonResponse(200, { result: true, message: null }) : undefined;
    };
    renderWithApp(<DeviceRsKeysPage />, { path: `/devices/${MAC}/rs-keys`, route: '/devices/:mac/rs-keys', client: as('operator') });
    const inner = await screen.findByRole('table', { name: 'Внутренние ключи' });
    const outer = screen.getByRole('table', { name: 'Внешние ключи' });
    expect(api.bodies[LIST]).toEqual({ mac: MAC, page: 1, rs: true });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`RS-ключи устройства ${MAC}`);
    expect(screen.getByRole('link', { name: 'Ключи панели' }).getAttribute('href')).toBe(`/devices/${encodeURIComponent(MAC)}/keys`);
    expect(within(inner).getAllByRole('row')).toHaveLength(2);
    expect(within(outer).getAllByRole('row')).toHaveLength(2);
    fireEvent.click(within(outer).getByRole('button', { name: 'Удалить ключ 0123456789AB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить ключ?' }, LAZY);
    expect(within(dialog).getByText(/\(внешний\)/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(api.calls).toContain(`DELETE /front/device/${encodeURIComponent(MAC)}/rs-key/0123456789AB/0/delete`));
  });
});
