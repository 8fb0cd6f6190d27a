import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeyListPage } from '@/features/keys/components/key-list-page';
import { jsonResponse, renderWithApp, stubPhoneScreen, stubWideScreen } from '../../helpers/render';
import { MAC_1, MAC_2, as, bodiesOf, duplicate, listAnswer, stubApi, type ApiLog, whileOffline } from './fixtures';

let api: ApiLog;
const LAZY = { timeout: 10_000 };
const SLOW = { timeout: 20_000 };
const FIND = 'POST /front/keys/duplicate';
const DELETE = 'DELETE /front/keys/delete';

const FOUND = [
  duplicate({ value: '0A0B0C0D0E0F', mac: MAC_1, keyId: 1 }),
  duplicate({ value: '0A0B0C0D0E0F', mac: MAC_2, keyId: 2, address: 'г. Москва, ул. Новая, д. 3', flatNum: null, authentic: 0 }),
  duplicate({ value: '04A21F3B', mac: MAC_2, keyId: 3, address: 'г. Москва, ул. Новая, д. 3' }),
];

beforeEach(() => {
  stubWideScreen();
  api = stubApi((method, url, body) => {
    if (method === 'POST' && url === '/front/device-keys') return jsonResponse(200, listAnswer());
    if (method === 'POST' && url === '/front/keys/duplicate') return jsonResponse(200, { result: true, data: FOUND });
    if (method === 'DELETE' && url === '/front/keys/delete') {
      const keys = (body as { keys: { value: string; mac: string }[] }).keys;
      const results = keys.map((key) => (key.mac === MAC_2 && key.value === '04A21F3B' ? { ...key, deleted: false, message: 'Устройство не отвечает' } : { ...key, deleted: true, message: null }));
      return jsonResponse(200, { result: true, deleted: results.filter((result) => result.deleted).length, results });
    }
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDuplicates(role: 'operator' | 'support' = 'operator') {
  renderWithApp(<KeyListPage />, { path: '/keys?view=duplicates', route: '/keys', client: as(role) });
  return screen.findByRole('form', { name: 'Поиск дубликатов' }, LAZY);
}
const paste = (form: HTMLElement, text: string) => fireEvent.change(within(form).getByRole('textbox', { name: 'Значения ключей, по одному в строке' }), { target: { value: text } });

describe('KeyListPage: duplicates', SLOW, () => {
  it('reads the pasted list as it is typed and sends each value once', async () => {
    const form = await openDuplicates();
    paste(form, '0a:0b:0c:0d:0e:0f\n\n 04a21f3b \n0A0B0C0D0E0F\nzz\nFFFF\n');
    expect(within(form).getByText('Значений: 3 из 1000. Не больше 1000 значений за один поиск')).toBeTruthy();
    expect(within(form).getByText('Повторяются в списке и ищутся один раз: 0A0B0C0D0E0F')).toBeTruthy();
    expect(within(form).getByText('Не шестнадцатеричные значения, не ищутся: строка 5 «zz»')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Найти, где находятся' }));
    await screen.findByRole('table', { name: 'Где находятся ключи' }, LAZY);
    expect(bodiesOf(api, FIND)).toEqual([{ values: ['0A0B0C0D0E0F', '04A21F3B', 'FFFF'], numberSystem: 'hex' }]);
  });

  it('refuses more than 1,000 values before sending and switches to decimal', async () => {
    const form = await openDuplicates();
    paste(form, Array.from({ length: 1001 }, (_, index) => String(index + 1)).join('\n'));
    expect(within(form).getByText('Значений 1001 — за один поиск не больше 1000: разбейте список')).toBeTruthy();
    expect((within(form).getByRole('button', { name: 'Найти, где находятся' }) as HTMLButtonElement).disabled).toBe(true);
    paste(form, '1234\n123,45678');
    fireEvent.click(within(form).getByRole('button', { name: 'Десятичная' }));
    expect(within(form).getByRole('button', { name: 'Десятичная' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(form).getByRole('button', { name: 'Найти, где находятся' }));
    await waitFor(() => expect(bodiesOf(api, FIND)).toEqual([{ values: ['1234', '123,45678'], numberSystem: 'dec' }]));
  });

  it('shows where each value lives grouped by value, the ones found nowhere too, and deletes the chosen set after a confirm with the result per key', async () => {
    const form = await openDuplicates();
    paste(form, '0A0B0C0D0E0F\n04A21F3B\nFFFF');
    fireEvent.click(within(form).getByRole('button', { name: 'Найти, где находятся' }));
    const table = await screen.findByRole('table', { name: 'Где находятся ключи' }, LAZY);
    expect(within(table).getByText('Копий: 2')).toBeTruthy();
    expect(within(table).getAllByText('Нигде не найдены')).toHaveLength(1);
    expect(screen.getByText('Нигде не найдены: FFFF')).toBeTruthy();
    expect(screen.getByText('Значений: 3; найдены: 2; копий на устройствах: 3')).toBeTruthy();
    expect(within(table).getAllByText('г. Москва, ул. Новая, д. 3', { selector: 'td' })).toHaveLength(2);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать все' }));
    expect(screen.getByRole('button', { name: 'Удалить выбранные (3)' })).toBeTruthy();
    fireEvent.click(within(table).getByRole('checkbox', { name: `Выбрать 0A0B0C0D0E0F на ${MAC_1}` }));
    expect((screen.getByRole('checkbox', { name: 'Выбрать все' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить выбранные (2)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить ключи?' }, LAZY);
    expect(api.calls.some((call) => call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(bodiesOf(api, DELETE)).toEqual([{ keys: [{ value: '0A0B0C0D0E0F', mac: MAC_2 }, { value: '04A21F3B', mac: MAC_2 }] }]));
    expect(await within(table).findByText('Удалён')).toBeTruthy();
    expect(within(table).getByText('Не удалён: Устройство не отвечает')).toBeTruthy();
    // A deleted copy can no longer be chosen; the one refused can be tried again.
    expect((within(table).getByRole('checkbox', { name: `Выбрать 0A0B0C0D0E0F на ${MAC_2}` }) as HTMLInputElement).disabled).toBe(true);
    expect((within(table).getByRole('checkbox', { name: `Выбрать 04A21F3B на ${MAC_2}` }) as HTMLInputElement).disabled).toBe(false);
  });

  it('lets support search with no choosing and no delete', async () => {
    const form = await openDuplicates('support');
    paste(form, '0A0B0C0D0E0F');
    fireEvent.click(within(form).getByRole('button', { name: 'Найти, где находятся' }));
    const table = await screen.findByRole('table', { name: 'Где находятся ключи' }, LAZY);
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Удалить выбранные/ })).toBeNull();
  });

  it('groups the result as cards on a phone', async () => {
    stubPhoneScreen();
    const form = await openDuplicates();
    paste(form, '0A0B0C0D0E0F\n04A21F3B\nFFFF');
    fireEvent.click(within(form).getByRole('button', { name: 'Найти, где находятся' }));
    const cards = await screen.findByRole('list', { name: 'Где находятся ключи' }, LAZY);
    expect(within(cards).getAllByRole('listitem').filter((item) => item.parentElement === cards)).toHaveLength(3);
    expect(screen.queryByRole('table', { name: 'Где находятся ключи' })).toBeNull();
  });

  it('keeps the pasted text on the list and back, and offline disables the search', async () => {
    const form = await openDuplicates();
    paste(form, '0A0B0C0D0E0F');
    fireEvent.click(screen.getByRole('tab', { name: 'Все ключи' }));
    await screen.findByRole('table', { name: 'Ключи' });
    fireEvent.click(screen.getByRole('tab', { name: 'Поиск дубликатов' }));
    const again = await screen.findByRole('form', { name: 'Поиск дубликатов' });
    expect((within(again).getByRole('textbox', { name: 'Значения ключей, по одному в строке' }) as HTMLTextAreaElement).value).toBe('0A0B0C0D0E0F');
    await whileOffline(async () => {
      expect(await screen.findByText(/Нет связи с сервером/)).toBeTruthy();
      expect((within(again).getByRole('button', { name: 'Найти, где находятся' }) as HTMLButtonElement).disabled).toBe(true);
      expect((within(again).getByRole('textbox', { name: 'Значения ключей, по одному в строке' }) as HTMLTextAreaElement).value).toBe('0A0B0C0D0E0F');
    });
  });
});
