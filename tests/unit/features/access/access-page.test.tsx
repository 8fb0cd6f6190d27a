import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccessPage } from '@/features/access/components/access-page';
import { setCsrfToken } from '@/lib/csrf';
import { setLoggedFlag } from '@/lib/logged-flag';
import { jsonResponse, renderWithApp, stubWideScreen } from '../../helpers/render';
import { whileOffline } from '../../helpers/offline';
import { operatorOrSupport } from '../../helpers/session';

const BLOCKED = [
  { flatId: 11, houseUid: 'h-1', address: 'г. Москва, ул. Лесная, д. 28', flatNum: 5, letter: null, blockedAt: '2026-11-20T09:30:00Z', blockedBy: 'operator', reason: 'Долг' },
  { flatId: 12, houseUid: 'h-1', address: 'г. Москва, ул. Лесная, д. 28', flatNum: 6, letter: 'А', blockedAt: null, blockedBy: null, reason: null },
];
const REASONS = [
  { id: 1, name: 'Долг', description: null },
  { id: 2, name: 'Ремонт', description: 'на время работ' },
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Dialogs and the catalogue tab are loaded when first opened: a busy machine may take a while. */
const LAZY = { timeout: 5000 };

let calls: Call[];
let answers: Record<string, (call: Call) => Response>;

function page(data: unknown[], totalCount = data.length) {
  return { result: true, pagination: { count: data.length, page: 1, pageCount: 1, pageSize: 20, totalCount }, data };
}

beforeEach(() => {
  calls = [];
  setCsrfToken('token');
  setLoggedFlag(true);
  stubWideScreen();
  answers = {
    'GET /front/access/blocked-flats': () => jsonResponse(200, page(BLOCKED)),
    'GET /front/access/get-reasons': () => jsonResponse(200, { result: true, data: REASONS }),
    'GET /front/access/get-actions': () => jsonResponse(200, { result: true, data: [{ id: 1, name: 'Заблокировать', description: null }] }),
    'GET /front/access/get-services': () => jsonResponse(200, { result: true, data: [{ id: 1, name: 'Домофония', description: 'Вызов на трубку', type: 1 }] }),
    'GET /site/csrf': () => jsonResponse(200, { result: true, token: 'token' }),
    'GET /front/house-list': () => jsonResponse(200, page([{ id: 'h-2', address: 'г. Москва, ул. Чехова, д. 109', region: 77, fias: null }])),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const answer = answers[`${call.method} ${url.split('?')[0]}`];
      if (answer) return answer(call);
      if (url.startsWith('/front/user/')) return jsonResponse(200, { result: false, message: 'not in this test' });
      throw new Error(`Unexpected ${call.method} ${url}`);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const as = (role: 'operator' | 'support') => operatorOrSupport(role, 'HOUSES_LIST_PERMISSION');

function location() {
  return screen.getByRole('status', { name: 'location' }).textContent;
}

describe('/access, blocked flats', { timeout: 20_000 }, () => {
  it('lists the flats with links to the house and the flat card, since when in the user’s zone, by whom and why', async () => {
    renderWithApp(<AccessPage />, { path: '/access', route: '/access', client: as('operator') });
    const house = await screen.findAllByRole('link', { name: 'Открыть дом г. Москва, ул. Лесная, д. 28' });
    expect(house[0]!.getAttribute('href')).toBe('/houses/h-1');
    expect(screen.getByRole('link', { name: 'Открыть квартиру 6А, г. Москва, ул. Лесная, д. 28' }).getAttribute('href')).toBe('/houses/h-1/flats/6/update');
    expect(screen.getByText('автоматически')).toBeTruthy();
    expect(screen.getByText('неизвестно')).toBeTruthy();
    expect(screen.getByText(/20\.11\.2026/)).toBeTruthy();
  });

  it('puts the filters into the URL and starts again from page 1', async () => {
    answers['GET /front/access/blocked-flats'] = () => jsonResponse(200, { ...page(BLOCKED, 40), pagination: { count: 2, page: 2, pageCount: 2, pageSize: 20, totalCount: 40 } });
    renderWithApp(<AccessPage />, { path: '/access?page=2&flatNum=5', route: '/access', client: as('operator') });
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/front/access/blocked-flats?page=2&flatNum=5'), { timeout: 3000 });
    const filters = screen.getByRole('search');
    await screen.findAllByRole('link', { name: /Открыть дом/ });
    expect((within(filters).getByRole('textbox', { name: 'Номер квартиры' }) as HTMLInputElement).value).toBe('5');
    fireEvent.change(within(filters).getByRole('textbox', { name: 'Адрес' }), { target: { value: 'Лесная' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(decodeURIComponent(location() ?? '')).toBe('/access?flatNum=5&address=Лесная'), { timeout: 3000 });
    await waitFor(() => expect(calls.map((call) => decodeURIComponent(call.url))).toContain('/front/access/blocked-flats?page=1&address=Лесная&flatNum=5'), { timeout: 3000 });
  });

  it('says so when no flat is blocked', async () => {
    answers['GET /front/access/blocked-flats'] = () => jsonResponse(200, page([]));
    renderWithApp(<AccessPage />, { path: '/access', route: '/access', client: as('operator') });
    expect(await screen.findByText('Заблокированных квартир нет.')).toBeTruthy();
  });

  it('blocks the flats typed for a house found by address, and shows which failed and why', async () => {
    answers['POST /front/access/flats-status'] = () =>
      jsonResponse(200, {
        result: true,
        succeeded: 2,
        failed: 1,
        data: [
          { houseUid: 'h-2', flatNum: 1, result: true, message: null },
          { houseUid: 'h-2', flatNum: 2, result: true, message: null },
          { houseUid: 'h-2', flatNum: 999, result: false, message: 'Квартира 999 не найдена' },
        ],
      });
    renderWithApp(<AccessPage />, { path: '/access', route: '/access', client: as('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Заблокировать квартиры' }));
    const dialog = await screen.findByRole('dialog', { name: 'Заблокировать квартиры' }, LAZY);

    // Nothing is sent without a house and flats; the errors sit at the fields.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Квартиры/ }), { target: { value: '1-2, 9x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Заблокировать' }));
    expect(await within(dialog).findByText('Выберите дом')).toBeTruthy();
    expect(within(dialog).getByText('«9x» — не номер квартиры и не диапазон')).toBeTruthy();

    const house = within(dialog).getByRole('combobox', { name: /Дом/ });
    act(() => house.focus());
    fireEvent.change(house, { target: { value: 'Чех' } });
    fireEvent.click(await screen.findByRole('option', { name: 'г. Москва, ул. Чехова, д. 109' }, { timeout: 3000 }));
    expect(calls.some((call) => decodeURIComponent(call.url) === '/front/house-list?page=1&address=Чех')).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Квартиры/ }), { target: { value: '1-2, 999' } });
    expect(await within(dialog).findByText('Квартир: 3')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Причина/ }), { target: { value: 'Долг' } });
    const reloads = calls.filter((call) => call.url.startsWith('/front/access/blocked-flats')).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Заблокировать' }));

    const result = await screen.findByRole('dialog', { name: 'Блокировка: результат' }, LAZY);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      flats: [
        { houseUid: 'h-2', flatNum: 1 },
        { houseUid: 'h-2', flatNum: 2 },
        { houseUid: 'h-2', flatNum: 999 },
      ],
      status: 1,
      reason: 'Долг',
    });
    expect(within(result).getByText('Выполнено: 2, не выполнено: 1')).toBeTruthy();
    const rows = within(within(result).getByRole('table', { name: 'Результат по квартирам' })).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('999');
    expect(rows[1]!.textContent).toContain('Не выполнено: Квартира 999 не найдена');
    expect(rows[2]!.textContent).toContain('г. Москва, ул. Чехова, д. 109');
    expect(rows[2]!.textContent).toContain('Заблокирована');
    await waitFor(() => expect(calls.filter((call) => call.url.startsWith('/front/access/blocked-flats')).length).toBeGreaterThan(reloads));
  }, 20_000);

  it('unblocks the selection after a confirmation and shows the outcome per flat', async () => {
    answers['POST /front/access/flats-status'] = () =>
      jsonResponse(200, { result: true, succeeded: 1, failed: 0, data: [{ houseUid: 'h-1', flatNum: 5, result: true, message: null }] });
    renderWithApp(<AccessPage />, { path: '/access', route: '/access', client: as('operator') });
    await screen.findAllByRole('link', { name: /Открыть дом/ });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать квартиру 5, г. Москва, ул. Лесная, д. 28' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Разблокировать' }));
    const confirm = await screen.findByRole('dialog', { name: 'Разблокировать квартиры?' }, LAZY);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Разблокировать' }));
    const result = await screen.findByRole('dialog', { name: 'Разблокировка: результат' }, LAZY);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ flats: [{ houseUid: 'h-1', flatNum: 5 }], status: 0 });
    expect(within(result).getByText('Разблокирована')).toBeTruthy();
    expect(within(result).getByText('г. Москва, ул. Лесная, д. 28')).toBeTruthy();
  });

  it('shows support the list read-only: no block, no selection', async () => {
    renderWithApp(<AccessPage />, { path: '/access', route: '/access', client: as('support') });
    await screen.findAllByRole('link', { name: /Открыть дом/ });
    expect(screen.getByText(/Только просмотр/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Заблокировать квартиры' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('offline says so and keeps the typed flats, with the block button off', async () => {
    await whileOffline(async () => {
      renderWithApp(<AccessPage />, { path: '/access', route: '/access', client: as('operator') });
      expect(await screen.findByText(/Нет связи с сервером/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Заблокировать квартиры' }));
      const dialog = await screen.findByRole('dialog', { name: 'Заблокировать квартиры' }, LAZY);
      fireEvent.change(within(dialog).getByRole('textbox', { name: /Квартиры/ }), { target: { value: '1-20, 35' } });
      expect((within(dialog).getByRole('button', { name: 'Заблокировать' }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      fireEvent.click(screen.getByRole('button', { name: 'Заблокировать квартиры' }));
      const again = await screen.findByRole('dialog', { name: 'Заблокировать квартиры' }, LAZY);
      expect((within(again).getByRole('textbox', { name: /Квартиры/ }) as HTMLTextAreaElement).value).toBe('1-20, 35');
    });
  });
});

describe('/access, the catalogue', { timeout: 20_000 }, () => {
  it('keeps the tab in the URL and lists reasons, actions and the read-only services', async () => {
    renderWithApp(<AccessPage />, { path: '/access', route: '/access', client: as('operator') });
    fireEvent.click(await screen.findByRole('tab', { name: 'Справочник доступа' }));
    await waitFor(() => expect(location()).toBe('/access?tab=catalogue'));
    expect(await screen.findByRole('table', { name: 'Причины' }, LAZY)).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Действия' }, LAZY)).toBeTruthy();
    const services = await screen.findByRole('table', { name: 'Услуги' }, LAZY);
    expect(within(services).getByText('домофония')).toBeTruthy();
    expect(within(services).queryByRole('button')).toBeNull();
  });

  it('creates a reason with the name required, and applies it only on result: true', async () => {
    let refuse = true;
    answers['POST /front/access/set-reason'] = () =>
      refuse
        ? jsonResponse(400, { result: false, message: 'Некорректное поле name: не длиннее 100 символов, получено: "…"' })
        : jsonResponse(200, { result: true, reason: { id: 3, name: 'Переезд', description: null } });
    renderWithApp(<AccessPage />, { path: '/access?tab=catalogue', route: '/access', client: as('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить причину' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новая причина' }, LAZY);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Введите название')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Название/ }), { target: { value: 'Переезд' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('не длиннее 100 символов')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Причины', hidden: true })).queryByText('Переезд')).toBeNull();

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ name: 'Переезд', description: null });
    expect(within(screen.getByRole('table', { name: 'Причины' })).getByText('Переезд')).toBeTruthy();
  });

  it('shows a 409 on delete plainly and keeps the entry', async () => {
    answers['DELETE /front/access/reason/1'] = () => jsonResponse(409, { result: false, message: 'Причина используется: квартир 3' });
    renderWithApp(<AccessPage />, { path: '/access?tab=catalogue', route: '/access', client: as('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить «Долг»' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить запись?' }, LAZY);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Нельзя удалить «Долг»: Причина используется: квартир 3')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('table', { name: 'Причины' })).getByText('Долг')).toBeTruthy();
  });

  it('edits all reasons at once and sends only the changed rows; a refused row shows at its field', async () => {
    let refuse = true;
    answers['POST /front/access/update-reasons'] = (call) => {
      if (refuse) return jsonResponse(400, { result: false, message: 'Некорректное поле reasons.0.name: ожидается непустая строка' });
      const sent = (call.body as { reasons: { id: number; name: string; description: string | null }[] }).reasons;
      return jsonResponse(200, { result: true, data: REASONS.map((reason) => sent.find((row) => row.id === reason.id) ?? reason) });
    };
    renderWithApp(<AccessPage />, { path: '/access?tab=catalogue', route: '/access', client: as('operator') });
    await screen.findByRole('table', { name: 'Причины' }, LAZY);
    fireEvent.click(screen.getAllByRole('button', { name: 'Изменить всё' })[0]!);
    const editor = await screen.findByRole('form', { name: 'Изменение причин' }, LAZY);
    fireEvent.change(within(editor).getByRole('textbox', { name: /Описание, строка 2/ }), { target: { value: 'на время ремонта подъезда' } });
    expect(within(editor).getByText('Изменено строк: 1')).toBeTruthy();
    fireEvent.click(within(editor).getByRole('button', { name: 'Сохранить всё' }));
    expect(await within(editor).findByText('заполните поле')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reasons: [{ id: 2, name: 'Ремонт', description: 'на время ремонта подъезда' }] });

    refuse = false;
    fireEvent.click(within(editor).getByRole('button', { name: 'Сохранить всё' }));
    const table = await screen.findByRole('table', { name: 'Причины' }, LAZY);
    expect(within(table).getByText('на время ремонта подъезда')).toBeTruthy();
  });

  it('shows support the catalogue without controls', async () => {
    renderWithApp(<AccessPage />, { path: '/access?tab=catalogue', route: '/access', client: as('support') });
    await screen.findByRole('table', { name: 'Причины' }, LAZY);
    expect(screen.queryByRole('button', { name: /Добавить|Изменить|Удалить/ })).toBeNull();
  });
});
