import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DoorCodesPage } from '@/features/door-codes/components/door-codes-page';
import { KeylessCodesPage } from '@/features/door-codes/components/keyless-codes-page';
import { ADDRESS, MAC, device } from '../../contract/fixtures';
import { stubApi, type ApiLog } from '../../helpers/api-stub';
import { jsonResponse, renderWithApp, stubPhoneScreen, stubWideScreen } from '../../helpers/render';
import { operatorOrSupport } from '../../helpers/session';
import { DOOR_CODE } from './fixtures';

const SLOW = { timeout: 20_000 };
const LAZY = { timeout: 10_000 };
const CODES = `/front/devices/${encodeURIComponent(MAC)}/door-codes`;
const COMMON = { ...DOOR_CODE, id: 6, flatNum: null, code: '2580', expiresAt: null, comment: null };
const EXPIRED = { ...DOOR_CODE, id: 8, flatNum: 14, code: '1414', expired: true, comment: 'Гость' };

function codesAnswer(over: object = {}) {
  return {
    result: true,
    device: device(),
    address: ADDRESS,
    canFlatDoorCode: true,
    flatRange: { firstFlat: 1, lastFlat: 50, entranceNum: 1, entranceTitle: 'Подъезд 1' },
    common: COMMON,
    data: [DOOR_CODE, EXPIRED],
    pagination: { count: 2, page: 1, pageCount: 1, pageSize: 50, totalCount: 2 },
    ...over,
  };
}

const KEYLESS = {
  id: 3,
  service: 'courier',
  code: '5511',
  expiresAt: null,
  expired: false,
  comment: 'Курьеры',
  createdBy: 'operator',
  createdAt: '2026-11-25T10:00:00.000Z',
  devices: { total: 2, written: 1, failed: 1, pending: 0 },
};
const TARGETS = [
  { mac: MAC, address: ADDRESS, status: 'written', message: null, writtenAt: '2026-11-25T10:00:01.000Z' },
  { mac: 'A4:5E:60:C2:17:8F', address: null, status: 'failed', message: 'Устройство не ответило', writtenAt: null },
];

let api: ApiLog;

const as = (role: 'operator' | 'support') => operatorOrSupport(role, 'KEYS_LIST_PERMISSION');

beforeEach(() => {
  stubWideScreen();
  api = stubApi((method, url) => {
    if (method === 'GET' && url.startsWith(CODES)) return jsonResponse(200, codesAnswer());
    if (method === 'GET' && url.startsWith('/front/keyless-codes?')) {
      return jsonResponse(200, { result: true, data: [KEYLESS], pagination: { count: 1, page: 1, pageCount: 1, pageSize: 20, totalCount: 1 } });
    }
    if (method === 'GET' && url === '/front/keyless-codes/3') return jsonResponse(200, { result: true, data: { ...KEYLESS, targets: TARGETS } });
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderCodes = (role: 'operator' | 'support' = 'operator', path = `/devices/${MAC}/codes`) =>
  renderWithApp(<DoorCodesPage />, { path, route: '/devices/:mac/codes', client: as(role) });

describe('DoorCodesPage', SLOW, () => {
  it('shows the device, the common code hidden until asked, and the flat codes with the expired one marked', async () => {
    renderCodes();
    const table = await screen.findByRole('table', { name: 'Коды квартир' });
    expect(screen.getByText(`Устройство ${MAC}`)).toBeTruthy();
    expect(screen.getByText(ADDRESS)).toBeTruthy();
    expect(screen.getByText('Подъезд 1: квартиры 1–50')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Карточка устройства' }).getAttribute('href')).toBe(`/devices/${encodeURIComponent(MAC)}/update`);
    const common = screen.getByRole('region', { name: 'Общий код' });
    expect(within(common).queryByText('2580')).toBeNull();
    fireEvent.click(within(common).getByRole('button', { name: 'Показать код' }));
    expect(within(common).getByText('2580')).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).queryByText('истёк')).toBeNull();
    expect(within(rows[2]).getByText('истёк')).toBeTruthy();
    // An expired code cannot be expired again.
    expect(within(rows[2]).queryByRole('button', { name: 'Истечь код квартиры 14' })).toBeNull();
    expect(within(rows[1]).getByRole('button', { name: 'Истечь код квартиры 12' })).toBeTruthy();
  });

  it('expires a code now with a PUT of the present moment, and filters by flat through the URL', async () => {
    api.handle = (method) => (method === 'PUT' ? jsonResponse(200, { result: true, data: { ...DOOR_CODE, expired: true } }) : undefined);
    renderCodes();
    fireEvent.click(await screen.findByRole('button', { name: 'Истечь код квартиры 12' }));
    const put = `PUT ${CODES}/7`;
    await waitFor(() => expect(api.calls).toContain(put));
    const sent = api.bodies[put] as { expiresAt: string };
    expect(Math.abs(Date.parse(sent.expiresAt) - Date.now())).toBeLessThan(5_000);
    fireEvent.change(screen.getByRole('textbox', { name: 'Квартира' }), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(api.calls).toContain(`GET ${CODES}?page=1&flatNum=14`));
  });

  it('adds a flat code: the range is checked before sending, an empty code is left to the server', async () => {
    api.handle = (method) => (method === 'POST' ? jsonResponse(200, { result: true, data: DOOR_CODE }) : undefined);
    renderCodes();
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить код квартиры' }));
    const dialog = await screen.findByRole('dialog', { name: 'Код квартиры' }, LAZY);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Номер квартиры/ }), { target: { value: '51' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await within(dialog).findByText('Квартиры этого подъезда: 1–50')).toBeTruthy();
    expect(api.calls.some((call) => call.startsWith('POST'))).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Номер квартиры/ }), { target: { value: '20' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Комментарий' }), { target: { value: 'Гостевой' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(api.bodies[`POST ${CODES}`]).toEqual({ flatNum: 20, expiresAt: null, comment: 'Гостевой' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says plainly when the device takes no flat codes', async () => {
    api.handle = (method, url) => (method === 'GET' && url.startsWith(CODES) ? jsonResponse(200, codesAnswer({ canFlatDoorCode: false, data: [], common: null })) : undefined);
    renderCodes();
    expect(await screen.findByText('Это устройство не принимает коды квартир: у него есть только общий код.')).toBeTruthy();
    expect(screen.getByText('Общего кода нет.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Добавить код квартиры' })).toBeNull();
  });

  it('gives support the codes without a control that changes them, as cards on a phone', async () => {
    stubPhoneScreen();
    renderCodes('support');
    const cards = await screen.findByRole('list', { name: 'Коды квартир' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Только просмотр: менять коды может оператор.')).toBeTruthy();
    for (const name of [/^Изменить/, /^Удалить/, /^Истечь/, /^Сгенерировать/, 'Добавить код квартиры']) {
      expect(screen.queryAllByRole('button', { name })).toHaveLength(0);
    }
  });
});

describe('KeylessCodesPage', SLOW, () => {
  it('lists the codes with where they went and opens one with the devices it reached and failed', async () => {
    api.handle = (method) => (method === 'POST' ? jsonResponse(200, { result: true, data: { ...KEYLESS, devices: { total: 2, written: 2, failed: 0, pending: 0 }, targets: TARGETS } }) : undefined);
    renderWithApp(<KeylessCodesPage />, { path: '/device/codes', route: '/device/codes', client: as('operator') });
    const table = await screen.findByRole('table', { name: 'Бесключевой доступ' });
    expect(within(table).getByText('Курьеры')).toBeTruthy();
    expect(within(table).getByText('записан 1 из 2')).toBeTruthy();
    expect(within(table).getByText('ждут отправки: 1')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Подробнее о коде 5511 (Курьеры)' }));
    const detail = await screen.findByRole('region', { name: 'Код 5511 · Курьеры' });
    const targets = within(detail).getByRole('list', { name: 'Устройства' });
    expect(within(targets).getAllByRole('listitem')).toHaveLength(2);
    expect(within(targets).getByText('Устройство не ответило')).toBeTruthy();
    fireEvent.click(within(detail).getByRole('button', { name: 'Повторить для ждущих' }));
    await waitFor(() => expect(api.calls).toContain('POST /front/keyless-codes/3/retry'));
  });

  it('creates a code for typed MACs in any spelling, refusing what is not a MAC', async () => {
    api.handle = (method, url) =>
      method === 'POST' && url === '/front/keyless-codes' ? jsonResponse(200, { result: true, data: { ...KEYLESS, id: 4, targets: TARGETS } }) : undefined;
    renderWithApp(<KeylessCodesPage />, { path: '/device/codes', route: '/device/codes', client: as('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Новый код' }));
    const form = await screen.findByRole('form', { name: 'Новый код бесключевого доступа' }, LAZY);
    fireEvent.click(within(form).getByRole('button', { name: 'Записать на устройства' }));
    expect(await within(form).findByText('Добавьте устройства: по дому или по MAC')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'MAC устройства' }), { target: { value: '00-1a-2b-3c-4d-5e, a45e60c2178f, nope' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Добавить' }));
    expect(within(form).getByText('Не MAC-адрес: nope')).toBeTruthy();
    expect(within(form).getByText('Устройства: 2 из 500')).toBeTruthy();
    fireEvent.change(within(form).getByRole('combobox', { name: 'Служба' }), { target: { value: 'courier' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Записать на устройства' }));
    await waitFor(() =>
      expect(api.bodies['POST /front/keyless-codes']).toEqual({ service: 'courier', expiresAt: null, comment: null, macs: ['00:1A:2B:3C:4D:5E', 'A4:5E:60:C2:17:8F'] }),
    );
    expect(await screen.findByRole('region', { name: 'Код 5511 · Курьеры' })).toBeTruthy();
  });

  it('gives support the list and the detail without create, retry or delete', async () => {
    renderWithApp(<KeylessCodesPage />, { path: '/device/codes', route: '/device/codes', client: as('support') });
    const table = await screen.findByRole('table', { name: 'Бесключевой доступ' });
    expect(screen.queryByRole('button', { name: 'Новый код' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Подробнее о коде 5511 (Курьеры)' }));
    const detail = await screen.findByRole('region', { name: 'Код 5511 · Курьеры' });
    expect(within(detail).queryByRole('button', { name: 'Повторить для ждущих' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Удалить код' })).toBeNull();
  });
});
