import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallOrderResponse, CallRound, CallRoundsResponse } from '@contract/dialings';
import { DialingsPage } from '@/features/dialings/components/dialings-page';
import { ADDRESS, HOUSE_UID, MAC, device } from './contract/fixtures';
import { bodiesOf, stubApi, type ApiLog } from './helpers/api-stub';
import { jsonResponse, renderWithApp, stubPhoneScreen, stubWideScreen } from './helpers/render';
import { loggedInClient } from './helpers/session';

const SLOW = { timeout: 20_000 };
const ROUNDS = `/front/dialings/${encodeURIComponent(MAC)}`;
const ORDER = `${ROUNDS}/flats/12/call-order`;

const ANSWERED: CallRound = {
  id: 41,
  startedAt: '2026-11-25T15:20:04.000Z',
  flatNum: 12,
  houseUid: HOUSE_UID,
  outcome: 'answered',
  answeredBy: 'app',
  ringSeconds: 37,
  talkSeconds: 125,
  failureReason: null,
  legs: [
    { kind: 'handset', target: '12', offsetSeconds: 0, ringSeconds: 30, result: 'no_answer', reason: null },
    { kind: 'app', target: '79001256748', offsetSeconds: 32, ringSeconds: 7, result: 'answered', reason: null },
  ],
};
const FAILED: CallRound = {
  id: 40,
  startedAt: '2026-11-24T09:40:31.000Z',
  flatNum: 7,
  houseUid: null,
  outcome: 'failed',
  answeredBy: null,
  ringSeconds: 0,
  talkSeconds: 0,
  failureReason: 'SIP-аккаунт не зарегистрирован',
  legs: [{ kind: 'sip', target: '1000036', offsetSeconds: 0, ringSeconds: 0, result: 'unavailable', reason: 'SIP-аккаунт не зарегистрирован' }],
};

function roundsAnswer(over: Partial<CallRoundsResponse> = {}): CallRoundsResponse {
  return {
    result: true,
    device: device() as CallRoundsResponse['device'],
    address: ADDRESS,
    data: [ANSWERED, FAILED],
    pagination: { count: 2, page: 0, pageCount: 3, pageSize: 50, totalCount: 102 },
    countCapped: false,
    ...over,
  };
}

function orderAnswer(canEdit: boolean): CallOrderResponse {
  return {
    result: true,
    flatNum: 12,
    houseUid: HOUSE_UID,
    address: ADDRESS,
    canEdit,
    steps: [
      { position: 1, kind: 'handset', target: '12', label: null, ringSeconds: 30, enabled: true },
      { position: 2, kind: 'app', target: '79001256748', label: 'Иванова Анна', ringSeconds: 20, enabled: true },
      { position: 3, kind: 'sip', target: '1000036', label: null, ringSeconds: 25, enabled: false },
    ],
  };
}

let api: ApiLog;
const as = (role: 'management' | 'support') => loggedInClient({ roles: [role] });

beforeEach(() => {
  stubWideScreen();
  api = stubApi((method, url) => {
    if (method === 'GET' && url.startsWith(ORDER)) return jsonResponse(200, orderAnswer(true));
    if (method === 'GET' && url.startsWith(ROUNDS)) return jsonResponse(200, roundsAnswer());
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderPage = (path = `/dialings/${MAC}`, role: 'management' | 'support' = 'management') =>
  renderWithApp(<DialingsPage />, { path, route: '/dialings/:mac', client: as(role) });

describe('DialingsPage', SLOW, () => {
  it('lists the device’s calls: time, flat linking to its card, outcome in words, durations and the route, which unfolds step by step', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Вызовы' });
    expect(screen.getByText(`Устройство ${MAC}`)).toBeTruthy();
    expect(screen.getByText(ADDRESS)).toBeTruthy();
    const [, answered, failed] = within(table).getAllByRole('row');
    expect(within(answered).getByRole('link', { name: 'Карточка квартиры 12' }).getAttribute('href')).toBe(`/houses/${HOUSE_UID}/flats/12/update`);
    expect(within(answered).getByText('Ответили: приложение')).toBeTruthy();
    expect(within(answered).getByText('37 с')).toBeTruthy();
    expect(within(answered).getByText('2 мин 05 с')).toBeTruthy();
    expect(within(answered).getByText('25.11.2026, 18:20:04')).toBeTruthy();
    // No house for flat 7: its number is shown without a link.
    expect(within(failed).queryByRole('link')).toBeNull();
    expect(within(failed).getByText('Не удался')).toBeTruthy();
    expect(within(failed).getAllByText('SIP-аккаунт не зарегистрирован')).toHaveLength(1);

    fireEvent.click(within(answered).getByRole('button', { name: 'Показать маршрут: шагов 2' }));
    const steps = within(screen.getByRole('list', { name: 'Маршрут вызова' })).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('data-kind'))).toEqual(['handset', 'app']);
    expect(within(steps[0]).getByText('линия кв. 12')).toBeTruthy();
    expect(within(steps[0]).getByText('не ответили')).toBeTruthy();
    expect(within(steps[1]).getByText('через 32 с · звонил 7 с')).toBeTruthy();
    expect(within(steps[1]).getByText('ответили')).toBeTruthy();
    fireEvent.click(within(answered).getByRole('button', { name: 'Скрыть маршрут' }));
    expect(screen.queryByRole('list', { name: 'Маршрут вызова' })).toBeNull();

    expect(screen.getByText('1–50 из 102')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /следующ/i }));
    await waitFor(() => expect(api.calls).toContain(`GET ${ROUNDS}?page=1`));
    expect(screen.getByLabelText('location').textContent).toBe(`/dialings/${MAC}?page=1`);
  });

  it('filters by flat from the URL back to the first page, and shows that flat’s call order, which management reorders and saves', async () => {
    renderPage(`/dialings/${MAC}?page=2`);
    await screen.findByRole('table', { name: 'Вызовы' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Квартира' }), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(api.calls).toContain(`GET ${ROUNDS}?flatNum=12`));
    expect(screen.getByLabelText('location').textContent).toBe(`/dialings/${MAC}?flatNum=12`);

    const section = await screen.findByRole('region', { name: 'Порядок вызова квартиры 12' });
    const list = await within(section).findByRole('list', { name: 'Порядок вызова квартиры 12' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-kind'))).toEqual(['handset', 'app', 'sip']);
    expect(within(items[1]).getByText('Иванова Анна')).toBeTruthy();
    expect(within(items[2]).getByText('выключен')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Изменить порядок' }));
    fireEvent.click(await within(section).findByRole('button', { name: 'Ниже: линия кв. 12' }, { timeout: 10_000 }));
    fireEvent.click(within(section).getByRole('switch', { name: 'Вызывать: 1000036' }));
    fireEvent.change(within(section).getAllByRole('textbox', { name: 'Секунд' })[0], { target: { value: '3' } });
    expect(within(section).getByText('От 5 до 120')).toBeTruthy();
    expect((within(section).getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(section).getAllByRole('textbox', { name: 'Секунд' })[0], { target: { value: '15' } });
    fireEvent.change(within(section).getByRole('textbox', { name: 'Номер переадресации' }), { target: { value: '12' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Добавить' }));
    expect(within(section).getByText('От 5 до 15 цифр, можно с + в начале')).toBeTruthy();
    fireEvent.change(within(section).getByRole('textbox', { name: 'Номер переадресации' }), { target: { value: '+7 916 123-45-67' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Добавить' }));

    api.handle = (method, url) => (method === 'PUT' && url === ORDER ? jsonResponse(200, { ...orderAnswer(true), message: 'Порядок вызова сохранён', steps: orderAnswer(true).steps.slice(0, 1) }) : undefined);
    fireEvent.click(within(section).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(bodiesOf(api, `PUT ${ORDER}`)).toHaveLength(1));
    expect(bodiesOf(api, `PUT ${ORDER}`)[0]).toEqual({
      steps: [
        { kind: 'app', target: '79001256748', ringSeconds: 15, enabled: true },
        { kind: 'handset', target: '12', ringSeconds: 30, enabled: true },
        { kind: 'sip', target: '1000036', ringSeconds: 25, enabled: true },
        { kind: 'forward', target: '+79161234567', ringSeconds: 30, enabled: true },
      ],
    });
    // The saved order replaces the editor.
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Сохранить' })).toBeNull());
    expect(within(within(section).getByRole('list')).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows support the call order read only', async () => {
    api.handle = (method, url) => (method === 'GET' && url.startsWith(ORDER) ? jsonResponse(200, orderAnswer(false)) : undefined);
    renderPage(`/dialings/${MAC}?flatNum=12`, 'support');
    const section = await screen.findByRole('region', { name: 'Порядок вызова квартиры 12' });
    await within(section).findByText('Только просмотр: менять порядок может оператор.');
    expect(within(section).queryByRole('button', { name: 'Изменить порядок' })).toBeNull();
  });

  it('says when there are no calls, and when the filters find none', async () => {
    api.handle = (method, url) =>
      method === 'GET' && url.startsWith(ROUNDS) && !url.includes('call-order')
        ? jsonResponse(200, roundsAnswer({ data: [], pagination: { count: 0, page: 0, pageCount: 1, pageSize: 50, totalCount: 0 } }))
        : undefined;
    const { unmount } = renderPage();
    expect(await screen.findByText('Вызовов нет.')).toBeTruthy();
    unmount();
    renderPage(`/dialings/${MAC}?dateFrom=2026-11-01`);
    expect(await screen.findByText('Вызовов с такими условиями нет.')).toBeTruthy();
    // The day from the URL, in the Russian locale, before the pickers are fetched; sent as the day's start in Moscow.
    expect((screen.getByRole('textbox', { name: 'Дата с' }) as HTMLInputElement).value).toBe('01.11.2026');
    expect((screen.getByRole('textbox', { name: 'Дата по' }) as HTMLInputElement).value).toBe('');
    expect(api.calls).toContain(`GET ${ROUNDS}?dateFrom=2026-10-31T21%3A00%3A00.000Z`);
  });

  it('shows the server’s message when the calls do not load: a server failure offers «Повторить», an unknown device does not', async () => {
    let status = 500;
    api.handle = (method, url) =>
      method === 'GET' && url.startsWith(ROUNDS) && status !== 200 ? jsonResponse(status, { result: false, message: status === 404 ? `Устройство не найдено: ${MAC}` : 'База данных недоступна' }) : undefined;
    const { unmount } = renderPage();
    expect(await screen.findByText('Не удалось загрузить обзвон: База данных недоступна')).toBeTruthy();
    status = 200;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('table', { name: 'Вызовы' })).toBeTruthy();
    unmount();
    status = 404;
    renderPage(`/dialings/${MAC}?flatNum=3`);
    expect(await screen.findByText(`Не удалось загрузить обзвон: Устройство не найдено: ${MAC}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
    // The filters stay as they were.
    expect((screen.getByRole('textbox', { name: 'Квартира' }) as HTMLInputElement).value).toBe('3');
  });

  it('shows each call as a card on a phone', async () => {
    stubPhoneScreen();
    renderPage();
    const cards = await screen.findByRole('list', { name: 'Вызовы' });
    expect(screen.queryByRole('table')).toBeNull();
    const [first] = within(cards).getAllByRole('listitem');
    expect(within(first).getByText('Ответили: приложение')).toBeTruthy();
    expect(within(first).getByText('звонил 37 с · разговор 2 мин 05 с')).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: 'Показать маршрут: шагов 2' }));
    expect(within(first).getByRole('list', { name: 'Маршрут вызова' })).toBeTruthy();
  });
});
