import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserListPage } from '@/features/users/components/user-list-page';
import { sessionQueries } from '@/lib/session';
import { authItems, jsonResponse, renderWithApp, stubPhoneScreen, stubWideScreen, testQueryClient } from '../../helpers/render';
import { USER_ROWS, listAnswer, stubApi, type ApiLog } from './fixtures';

let api: ApiLog;
/** Dialogs are lazy chunks, transformed on first import: slow on a busy machine. */
const LAZY = { timeout: 10_000 };

beforeEach(() => {
  stubWideScreen();
  api = stubApi((method, url) => {
    if (method === 'GET' && url.startsWith('/front/user/list')) return jsonResponse(200, listAnswer());
    if (method === 'GET' && url.startsWith('/front/buyers')) {
      return jsonResponse(200, { result: true, data: [{ id: 2, name: 'УК Север', inn: null, contact: null, active: true, dateCreated: '2024-01-01T00:00:00.000Z' }], pagination: { count: 1, page: 1, pageCount: 1, pageSize: 20, totalCount: 1 } });
    }
    if (method === 'DELETE' && /^\/front\/user\/\d+$/.test(url)) return jsonResponse(200, { result: true, message: null });
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function as(role: 'operator' | 'support' | 'superuser') {
  const client = testQueryClient();
  const roles = {
    operator: { ...authItems('management') },
    support: authItems('support'),
    superuser: authItems('superuser', 'management', 'support'),
  }[role];
  if (role === 'operator') roles.management = { ...roles.management, description: 'Оператор' };
  client.setQueryData(sessionQueries.permissions().queryKey, {
    result: true,
    userId: 2,
    buyerId: 1,
    roles,
    permissions: role === 'operator' ? authItems('USERS_LIST_PERMISSION') : authItems(),
  });
  return client;
}

/** Hidden while a dialog is open (MUI hides the page from screen readers), still readable. */
const location = () => screen.getByRole('status', { name: 'location', hidden: true }).textContent;

/** The first test also pays for transforming the page. */
const SLOW = { timeout: 20_000 };

describe('UserListPage', SLOW, () => {
  it('loads the view the link describes and puts a new filter into the URL from page 1', async () => {
    renderWithApp(<UserListPage />, { path: '/users?page=2&login=iva', route: '/users', client: as('operator') });
    const table = await screen.findByRole('table', { name: 'Пользователи' });
    expect((await within(table).findByRole('link', { name: 'ivanov' })).getAttribute('href')).toBe('/users/41');
    expect(api.calls.filter((call) => call.includes('/front/user/list'))[0]).toBe('GET /front/user/list?page=2&login=iva');
    // Only the superuser sees other buyers: no buyer column, no buyer filter.
    expect(within(table).queryByRole('columnheader', { name: 'Покупатель' })).toBeNull();
    const filters = screen.getByRole('search', { name: 'Поиск пользователей' });
    expect(within(filters).queryByRole('textbox', { name: 'ID покупателя' })).toBeNull();
    fireEvent.change(within(filters).getByRole('textbox', { name: 'Комментарий' }), { target: { value: ' Лесная ' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(location()).toBe(`/users?login=iva&comment=${encodeURIComponent('Лесная')}`));
    await waitFor(() => expect(api.calls).toContain(`GET /front/user/list?page=1&login=iva&comment=${encodeURIComponent('Лесная')}`));
    fireEvent.click(within(filters).getByRole('button', { name: 'Сбросить' }));
    await waitFor(() => expect(location()).toBe('/users'));
  });

  it('refuses a user id that is not a number at its field', async () => {
    renderWithApp(<UserListPage />, { path: '/users', route: '/users', client: as('operator') });
    await screen.findByRole('table', { name: 'Пользователи' });
    const filters = screen.getByRole('search');
    fireEvent.change(within(filters).getByRole('textbox', { name: 'ID пользователя' }), { target: { value: '4x' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Найти' }));
    expect(await within(filters).findByText('Целое число от 1')).toBeTruthy();
    expect(location()).toBe('/users');
  });

  it('says while a login part of one or two characters is typed that it is looked for at the start of the login', async () => {
    renderWithApp(<UserListPage />, { path: '/users', route: '/users', client: as('operator') });
    await screen.findByRole('table', { name: 'Пользователи' });
    const login = within(screen.getByRole('search')).getByRole('searchbox', { name: 'Логин' });
    const hint = 'До 2 знаков — ищется в начале логина';
    const description = () => document.getElementById(login.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
    expect(screen.queryByText(hint)).toBeNull();
    fireEvent.change(login, { target: { value: ' 7' } });
    expect(description()).toBe(hint);
    fireEvent.change(login, { target: { value: '79' } });
    expect(description()).toBe(hint);
    fireEvent.change(login, { target: { value: '791' } });
    expect(screen.queryByText(hint)).toBeNull();
    expect(description()).toBeNull();
  });

  it('gives the superuser the buyer column with names and the buyer filter', async () => {
    renderWithApp(<UserListPage />, { path: '/users?buyerId=2', route: '/users', client: as('superuser') });
    const table = await screen.findByRole('table', { name: 'Пользователи' });
    await within(table).findByText('УК Север');
    expect(within(table).getByRole('columnheader', { name: 'Покупатель' })).toBeTruthy();
    expect(api.calls).toContain('GET /front/user/list?page=1&buyerId=2');
    expect((within(screen.getByRole('search')).getByRole('textbox', { name: 'ID покупателя' }) as HTMLInputElement).value).toBe('2');
  });

  it('shows support the list without create or delete', async () => {
    renderWithApp(<UserListPage />, { path: '/users', route: '/users', client: as('support') });
    await screen.findByRole('link', { name: 'ivanov' });
    expect(screen.queryByRole('button', { name: 'Создать пользователя' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Удалить пользователя/ })).toBeNull();
  });

  it('pages on the server: the next page goes into the URL', async () => {
    renderWithApp(<UserListPage />, { path: '/users', route: '/users', client: as('operator') });
    await screen.findByText('1–20 из 45');
    fireEvent.click(screen.getByRole('button', { name: 'Перейти на следующую страницу' }));
    await waitFor(() => expect(location()).toBe('/users?page=2'));
    await waitFor(() => expect(api.calls).toContain('GET /front/user/list?page=2'));
  });

  it('says «более N» past the counting cap of the server and still offers the next page', async () => {
    const capped = { ...listAnswer(Array.from({ length: 20 }, (_, index) => ({ ...USER_ROWS[0], userId: 100 + index, login: `u${index}` })), 3000), totalCountCapped: true };
    capped.pagination = { ...capped.pagination, page: 150, pageCount: 150 };
    api.handle = (_method, url) => (url.startsWith('/front/user/list') ? jsonResponse(200, capped) : undefined);
    renderWithApp(<UserListPage />, { path: '/users?page=150', route: '/users', client: as('operator') });
    expect(await screen.findByText('2981–3000 из более 3000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Перейти на следующую страницу' }));
    await waitFor(() => expect(location()).toBe('/users?page=151'));
  });

  it('says when nothing matches, and offers a retry when the list fails', async () => {
    api.handle = (_method, url) => (url.startsWith('/front/user/list?page=1&login=zzz') ? jsonResponse(200, listAnswer([], 0)) : undefined);
    const { unmount } = renderWithApp(<UserListPage />, { path: '/users?login=zzz', route: '/users', client: as('operator') });
    expect(await screen.findByText('Нет пользователей с такими условиями')).toBeTruthy();
    unmount();
    api.handle = (_method, url) => (url.startsWith('/front/user/list') ? jsonResponse(500, { result: false, message: 'Сбой' }) : undefined);
    renderWithApp(<UserListPage />, { path: '/users', route: '/users', client: as('operator') });
    expect(await screen.findByText(/Не удалось загрузить пользователей/)).toBeTruthy();
    api.handle = () => undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: 'ivanov' })).toBeTruthy();
  });

  it('lists users as cards on a phone', async () => {
    stubPhoneScreen();
    renderWithApp(<UserListPage />, { path: '/users', route: '/users', client: as('operator') });
    await screen.findByRole('link', { name: 'ivanov' });
    const cards = screen.getByRole('list', { name: 'Пользователи' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(USER_ROWS.length);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers no delete on the caller own row (the server refuses deleting oneself)', async () => {
    api.handle = (_method, url) => (url.startsWith('/front/user/list') ? jsonResponse(200, listAnswer([...USER_ROWS, { ...USER_ROWS[0], userId: 2, login: 'operator' }])) : undefined);
    renderWithApp(<UserListPage />, { path: '/users', route: '/users', client: as('operator') });
    await screen.findByRole('link', { name: 'operator' });
    expect(screen.getByRole('button', { name: 'Удалить пользователя ivanov' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Удалить пользователя operator' })).toBeNull();
  });

  it('deletes a user only after confirmation', async () => {
    renderWithApp(<UserListPage />, { path: '/users', route: '/users', client: as('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить пользователя petrova' }));
    const dialog = await screen.findByRole('dialog', {}, LAZY);
    expect(api.calls.some((call) => call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(api.calls).toContain('DELETE /front/user/42'));
    expect(await screen.findByText('Пользователь petrova удалён')).toBeTruthy();
  });
});

describe('UserListPage: create', SLOW, () => {
  it('checks the form, shows a duplicate login at the login, then opens the new user', async () => {
    let attempts = 0;
    api.handle = (method, url) => {
      if (method !== 'POST' || url !== '/front/user/create') return undefined;
      attempts += 1;
      return attempts === 1 ? jsonResponse(409, { result: false, message: 'Некорректное поле login: логин new-user уже занят' }) : jsonResponse(200, { result: true, message: null, newUserId: 77 });
    };
    renderWithApp(<UserListPage />, { path: '/users', route: '/users', client: as('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Создать пользователя' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый пользователь' }, LAZY);
    // Only the roles the caller holds, named by their description; no buyer for the operator.
    expect(within(dialog).getByRole('checkbox', { name: 'Оператор' })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: 'superuser' })).toBeNull();
    expect(within(dialog).queryByLabelText(/Покупатель|ID покупателя/)).toBeNull();
    const password = within(dialog).getByLabelText(/^Пароль/) as HTMLInputElement;
    expect(password.type).toBe('password');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(await within(dialog).findByText('Введите логин')).toBeTruthy();
    expect(within(dialog).getByText('Пароль — не короче 8 символов')).toBeTruthy();
    expect(api.calls.some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Логин/ }), { target: { value: ' new-user ' } });
    fireEvent.change(password, { target: { value: 'long-enough' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Оператор' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(await within(dialog).findByText('логин new-user уже занят')).toBeTruthy();
    expect(api.bodies['POST /front/user/create']).toEqual({ login: 'new-user', password: 'long-enough', roles: ['management'] });

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Логин/ }), { target: { value: 'new-user-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(location()).toBe('/users/77'));
  });

  it('shows a 400 naming a field at that field', async () => {
    api.handle = (method, url) =>
      method === 'POST' && url === '/front/user/create' ? jsonResponse(400, { result: false, message: 'Некорректное поле login: не длиннее 64 символов, получено: "x"' }) : undefined;
    renderWithApp(<UserListPage />, { path: '/users', route: '/users', client: as('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Создать пользователя' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый пользователь' }, LAZY);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Логин/ }), { target: { value: 'x' } });
    fireEvent.change(within(dialog).getByLabelText(/^Пароль/), { target: { value: '12345678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    expect(await within(dialog).findByText('не длиннее 64 символов')).toBeTruthy();
    expect(location()).toBe('/users');
  });

  it('lets the superuser pick the buyer from the buyer list', async () => {
    api.handle = (method, url) => (method === 'POST' && url === '/front/user/create' ? jsonResponse(200, { result: true, message: null, newUserId: 78 }) : undefined);
    renderWithApp(<UserListPage />, { path: '/users', route: '/users', client: as('superuser') });
    fireEvent.click(await screen.findByRole('button', { name: 'Создать пользователя' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый пользователь' }, LAZY);
    const buyer = await within(dialog).findByRole('combobox', { name: 'Покупатель' });
    fireEvent.change(buyer, { target: { value: '2' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Логин/ }), { target: { value: 'north' } });
    fireEvent.change(within(dialog).getByLabelText(/^Пароль/), { target: { value: '12345678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(location()).toBe('/users/78'));
    expect(api.bodies['POST /front/user/create']).toEqual({ login: 'north', password: '12345678', buyerId: 2 });
  });
});
