import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDetail } from '@contract/users';
import { UserPage } from '@/features/users/components/user-page';
import { jsonResponse, renderWithApp } from '../../helpers/render';
import { whileOffline } from '../../helpers/offline';
import { loggedInClient } from '../../helpers/session';
import { stubApi, userDetail, type ApiLog } from './fixtures';

const USER = '/front/user/41';
let api: ApiLog;
let detail: UserDetail = userDetail();
/** Lazy chunks (sections below the fold, dialogs) are transformed on first import: slow on a busy machine. */
const LAZY = { timeout: 10_000 };

const GROUPS = [
  { groupId: 5, name: 'Лифты', buyerId: 1, parentId: 6, uid: 'g5' },
  { groupId: 6, name: 'Обслуживание', buyerId: 1, parentId: null, uid: 'g6' },
  { groupId: 7, name: 'Дворники', buyerId: 1, parentId: null, uid: 'g7' },
];

beforeEach(() => {
  detail = userDetail();
  // Without IntersectionObserver the sections below the fold load at once.
  vi.stubGlobal('IntersectionObserver', undefined);
  api = stubApi((method, url) => {
    if (method === 'GET' && url === USER) return jsonResponse(200, { result: true, message: null, data: detail });
    if (method === 'GET' && url.startsWith('/front/groups?')) {
      return jsonResponse(200, { result: true, data: GROUPS, pagination: { count: 3, page: 1, pageCount: 1, pageSize: 20, totalCount: 3 } });
    }
    if (method !== 'GET' && url.startsWith(USER)) return jsonResponse(200, { result: true, message: null });
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Role = 'operator' | 'support' | 'superuser';

function as(role: Role) {
  return loggedInClient({
    roles: [{ operator: 'management', support: 'support', superuser: 'superuser' }[role]],
    permissions: role === 'operator' ? ['USERS_LIST_PERMISSION'] : [],
  });
}

function renderUser(role: Role = 'operator', path = '/users/41') {
  return renderWithApp(<UserPage />, { path, route: '/users/:userId', client: as(role) });
}

/** A section is named by its title, followed by its count when it lists entries. */
const sectionName = (name: string) => new RegExp(`^${name}( \\d+|\\d+)?$`);
const region = (name: string) => screen.getByRole('region', { name: sectionName(name) });
const location = () => screen.getByRole('status', { name: 'location', hidden: true }).textContent;
const button = (scope: HTMLElement, name: string | RegExp) => within(scope).getByRole('button', { name }) as HTMLButtonElement;

/** The first test also pays for transforming the page and its lazy sections. */
const SLOW = { timeout: 20_000 };

describe('UserPage for the operator', SLOW, () => {
  it('fills main info without the stored password and saves the changes with main-info', async () => {
    detail = userDetail({ password: 'stored-value' });
    renderUser();
    await screen.findByTestId('user-page-ready');
    expect(screen.getByRole('heading', { level: 1, name: 'ivanov' })).toBeTruthy();
    const main = await screen.findByRole('form', { name: 'Основные сведения' }, LAZY);
    expect((within(main).getByLabelText('Новый пароль') as HTMLInputElement).value).toBe('');
    expect((within(main).getByRole('textbox', { name: 'Внешний пользователь' }) as HTMLInputElement).value).toBe('ext-777');
    expect(button(main, 'Сохранить').disabled).toBe(true);
    // The operator holds only management: the other roles are shown, not changeable.
    const roles = within(main).getByRole('group', { name: 'Роли' });
    expect((within(roles).getByRole('checkbox', { name: 'Оператор' }) as HTMLInputElement).checked).toBe(true);
    expect((within(roles).getByRole('checkbox', { name: 'Суперпользователь' }) as HTMLInputElement).disabled).toBe(true);

    fireEvent.change(within(main).getByRole('textbox', { name: 'Комментарий' }), { target: { value: 'новый комментарий' } });
    fireEvent.change(within(main).getByRole('combobox', { name: 'Оператор' }), { target: { value: '8' } });
    fireEvent.click(within(main).getByRole('checkbox', { name: 'Не отвязывать от квартир' }));
    fireEvent.click(button(main, 'Сохранить'));
    await waitFor(() => expect(api.bodies[`POST ${USER}/main-info`]).toBeDefined());
    expect(api.bodies[`POST ${USER}/main-info`]).toEqual({
      data: { comment: 'новый комментарий', dontUnlinkFromFlats: true, operatorId: 8 },
    });
    expect(await screen.findByText('Основные сведения сохранены')).toBeTruthy();
    expect(api.calls.filter((call) => call === `GET ${USER}`)).toHaveLength(2);
  });

  it('checks a new password, sends it only when typed, and shows a refused field at that field', async () => {
    api.handle = (method, url) =>
      method === 'POST' && url === `${USER}/main-info` ? jsonResponse(400, { result: false, message: 'Некорректное поле data.comment: не длиннее 255 символов, получено: "…"' }) : undefined;
    renderUser();
    await screen.findByTestId('user-page-ready');
    const main = await screen.findByRole('form', { name: 'Основные сведения' }, LAZY);
    fireEvent.change(within(main).getByLabelText('Новый пароль'), { target: { value: 'short' } });
    fireEvent.click(button(main, 'Сохранить'));
    expect(await within(main).findByText('Пароль — не короче 8 символов')).toBeTruthy();
    expect(api.calls.some((call) => call.startsWith('POST'))).toBe(false);
    fireEvent.change(within(main).getByLabelText('Новый пароль'), { target: { value: 'long-enough-1' } });
    fireEvent.click(button(main, 'Сохранить'));
    expect(await within(main).findByText('не длиннее 255 символов')).toBeTruthy();
    expect(api.bodies[`POST ${USER}/main-info`]).toMatchObject({ data: { password: 'long-enough-1' } });
    // Refused: what was typed stays.
    expect((within(main).getByLabelText('Новый пароль') as HTMLInputElement).value).toBe('long-enough-1');
  });

  it('adds a SIP account in a dialog and deletes one after confirmation', async () => {
    renderUser();
    await screen.findByTestId('user-page-ready');
    const sip = region('SIP-аккаунты');
    expect(within(sip).getByText('100041@sip.example.ru:5060')).toBeTruthy();
    expect(within(sip).queryByText('s3cret-sip')).toBeNull();
    fireEvent.click(button(sip, 'Добавить'));
    const dialog = await screen.findByRole('dialog', { name: 'Новый SIP-аккаунт' }, LAZY);
    fireEvent.click(button(dialog, 'Добавить'));
    expect(await within(dialog).findAllByText('Заполните поле')).toHaveLength(3);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Логин SIP/ }), { target: { value: '100042' } });
    fireEvent.change(within(dialog).getByLabelText(/^Пароль SIP/), { target: { value: 'pw' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Домен/ }), { target: { value: 'sip.example.ru' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Тип' }), { target: { value: 'tcp' } });
    fireEvent.click(button(dialog, 'Добавить'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.bodies[`POST ${USER}/sip`]).toEqual({ data: { login: '100042', password: 'pw', domain: 'sip.example.ru', port: 5060, type: 'tcp' } });

    fireEvent.click(button(region('SIP-аккаунты'), 'Удалить SIP-аккаунт 100041'));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить SIP-аккаунт?' }, LAZY);
    fireEvent.click(button(confirm, 'Удалить'));
    await waitFor(() => expect(api.bodies[`DELETE ${USER}/sip`]).toEqual({ data: { id: 7 } }));
  });

  it('links each flat to its card and unlinks one after confirmation', async () => {
    renderUser();
    const flats = await screen.findByRole('region', { name: sectionName('Квартиры') }, LAZY);
    const link = await within(flats).findByRole('link', { name: 'г. Москва, ул. Лесная, д. 28, кв. 12' }, LAZY);
    expect(link.getAttribute('href')).toBe('/houses/h-1/flats/12/update');
    fireEvent.click(button(flats, 'Отвязать от квартиры г. Москва, ул. Лесная, д. 28, кв. 12'));
    const confirm = await screen.findByRole('dialog', { name: 'Отвязать от квартиры?' }, LAZY);
    expect(api.calls.some((call) => call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(button(confirm, 'Отвязать'));
    await waitFor(() => expect(api.bodies[`DELETE ${USER}/flat`]).toEqual({ flatId: 300 }));
  });

  it('shows the phones with push and their last update, and removes one', async () => {
    renderUser();
    const phones = await screen.findByRole('region', { name: sectionName('Телефоны') }, LAZY);
    await within(phones).findByText('Pixel 7 · android', {}, LAZY);
    // 17:42 UTC is 20:42 in Moscow, the default time zone.
    expect(within(phones).getByText(/push включены · обновлён .*20:42/)).toBeTruthy();
    fireEvent.click(button(phones, 'Удалить телефон Pixel 7'));
    fireEvent.click(button(await screen.findByRole('dialog', {}, LAZY), 'Удалить'));
    await waitFor(() => expect(api.bodies[`DELETE ${USER}/devices`]).toEqual({ deviceId: 9 }));
  });

  it('edits access rows named from the maps, refuses a service twice, and saves them all', async () => {
    renderUser();
    const access = await screen.findByRole('region', { name: sectionName('Доступы') }, LAZY);
    const first = await within(access).findByRole('listitem', { name: 'Доступ 1' }, LAZY);
    expect((within(first).getByRole('combobox', { name: 'Сервис' }) as HTMLSelectElement).selectedOptions[0].textContent).toBe('Домофония');
    expect((within(first).getByRole('combobox', { name: 'Причина' }) as HTMLSelectElement).selectedOptions[0].textContent).toBe('Задолженность');
    fireEvent.click(button(access, 'Добавить доступ'));
    fireEvent.click(button(access, 'Сохранить доступы'));
    expect(await within(access).findByText(/Один сервис указан дважды/)).toBeTruthy();
    const second = within(access).getByRole('listitem', { name: 'Доступ 2' });
    fireEvent.change(within(second).getByRole('combobox', { name: 'Сервис' }), { target: { value: '2' } });
    fireEvent.click(button(access, 'Сохранить доступы'));
    await waitFor(() =>
      expect(api.bodies[`POST ${USER}/access`]).toEqual({
        data: [
          { service: 1, action: 2, reason: 3 },
          { service: 2, action: 1, reason: 3 },
        ],
      }),
    );
  });

  it('picks groups from the buyer group tree', async () => {
    renderUser();
    await screen.findByTestId('user-page-ready');
    fireEvent.click(button(region('Группы'), 'Изменить группы'));
    const dialog = await screen.findByRole('dialog', { name: 'Группы пользователя' }, LAZY);
    const lifts = await within(dialog).findByRole('checkbox', { name: 'Лифты' }, LAZY);
    expect((lifts as HTMLInputElement).checked).toBe(true);
    expect(api.calls).toContain('GET /front/groups?page=1&buyerId=1');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Дворники' }));
    fireEvent.click(button(dialog, 'Сохранить'));
    await waitFor(() => expect(api.bodies[`POST ${USER}/groups`]).toEqual({ groups: [5, 7] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes the user after confirmation and goes back to the list', async () => {
    renderUser();
    await screen.findByTestId('user-page-ready');
    fireEvent.click(screen.getByRole('button', { name: 'Удалить пользователя' }));
    fireEvent.click(button(await screen.findByRole('dialog', { name: 'Удалить пользователя?' }, LAZY), 'Удалить'));
    await waitFor(() => expect(location()).toBe('/users'));
    expect(api.calls).toContain(`DELETE ${USER}`);
  });

  it('on the caller own page offers no delete and locks its roles (the server refuses both)', async () => {
    detail = userDetail({ id: 2, login: 'operator' });
    api.handle = (method, url) => (method === 'GET' && url === '/front/user/2' ? jsonResponse(200, { result: true, message: null, data: detail }) : undefined);
    renderUser('operator', '/users/2');
    await screen.findByTestId('user-page-ready');
    expect(screen.queryByRole('button', { name: 'Удалить пользователя' })).toBeNull();
    const roles = within(await screen.findByRole('form', { name: 'Основные сведения' }, LAZY)).getByRole('group', { name: 'Роли' });
    expect((within(roles).getByRole('checkbox', { name: 'Оператор' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(roles).getByText('Свои роли здесь не меняются')).toBeTruthy();
  });

  it('offline says so, disables saving and keeps what was typed', async () => {
    renderUser();
    await screen.findByTestId('user-page-ready');
    const main = await screen.findByRole('form', { name: 'Основные сведения' }, LAZY);
    fireEvent.change(within(main).getByRole('textbox', { name: 'Комментарий' }), { target: { value: 'набрано без связи' } });
    await whileOffline(async () => {
      expect(await screen.findByText(/Нет связи с сервером: сохранение недоступно/)).toBeTruthy();
      expect(button(main, 'Сохранить').disabled).toBe(true);
      expect((screen.getByRole('button', { name: 'Удалить пользователя' }) as HTMLButtonElement).disabled).toBe(true);
      expect(button(region('SIP-аккаунты'), 'Добавить').disabled).toBe(true);
      expect((within(main).getByRole('textbox', { name: 'Комментарий' }) as HTMLInputElement).value).toBe('набрано без связи');
    });
  });
});

describe('UserPage for the superuser', SLOW, () => {
  it('moves another user to a buyer picked by name, sending only the buyer', async () => {
    api.handle = (method, url) =>
      method === 'GET' && url.startsWith('/front/buyers')
        ? jsonResponse(200, {
            result: true,
            data: [
              { id: 1, name: 'Оператор', inn: null, contact: null, active: true, dateCreated: '2024-01-01T00:00:00.000Z' },
              { id: 2, name: 'УК Север', inn: null, contact: null, active: true, dateCreated: '2024-01-01T00:00:00.000Z' },
            ],
            pagination: { count: 2, page: 1, pageCount: 1, pageSize: 20, totalCount: 2 },
          })
        : undefined;
    renderUser('superuser');
    const main = await screen.findByRole('form', { name: 'Основные сведения' }, LAZY);
    const buyer = (await within(main).findByRole('combobox', { name: 'Покупатель' })) as HTMLSelectElement;
    expect(buyer.selectedOptions[0].textContent).toBe('Оператор (ID 1)');
    // The superuser holds every role: none is locked.
    expect((within(main).getByRole('group', { name: 'Роли' }).querySelectorAll('input:disabled') ?? []).length).toBe(0);
    fireEvent.change(buyer, { target: { value: '2' } });
    fireEvent.click(within(main).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(api.bodies[`POST ${USER}/main-info`]).toEqual({ data: { buyerId: 2 } }));
  });
});

describe('UserPage for support and for a missing user', SLOW, () => {
  it('shows support everything without a control that changes', async () => {
    renderUser('support');
    await screen.findByTestId('user-page-ready');
    await screen.findByRole('region', { name: sectionName('Доступы') }, LAZY);
    await within(region('Доступы')).findByText('Домофония', {}, LAZY);
    expect(screen.getByText('Только просмотр: менять пользователя может оператор.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(within(region('Основные сведения')).getByText('ext-777')).toBeTruthy();
    expect(within(region('Доступы')).getByText('Запретить · Задолженность')).toBeTruthy();
    const buttons = screen.getAllByRole('button').map((element) => element.textContent || element.getAttribute('aria-label'));
    expect(buttons.filter((name) => /Сохранить|Удалить|Добавить|Изменить|Отвязать/.test(name ?? ''))).toEqual([]);
    expect(screen.getByRole('link', { name: 'Права доступа' }).getAttribute('href')).toBe('/users/41/permissions');
    expect(screen.getByRole('link', { name: 'г. Москва, ул. Лесная, д. 28, кв. 12' })).toBeTruthy();
  });

  it('says «Пользователь не найден» on a 404, with the way back', async () => {
    api.handle = (_method, url) => (url === USER ? jsonResponse(404, { result: false, message: 'Пользователь не найден' }) : undefined);
    renderUser();
    expect(await screen.findByRole('heading', { name: 'Пользователь не найден' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Пользователи' }).getAttribute('href')).toBe('/users');
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
  });

  it('treats a user id that is not a number as not found, without a call', async () => {
    renderUser('operator', '/users/abc');
    expect(await screen.findByRole('heading', { name: 'Пользователь не найден' })).toBeTruthy();
    // The only user read is the session's own (the header's login).
    expect(api.calls.filter((call) => call.startsWith('GET /front/user/') && call !== 'GET /front/user/2')).toEqual([]);
  });
});
