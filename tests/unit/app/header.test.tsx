import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '@/app/header/header';
import { setCsrfToken } from '@/lib/csrf';
import { setLoggedFlag } from '@/lib/logged-flag';
import { sessionQueries } from '@/lib/session';
import { authItems, jsonResponse, renderWithApp, stubPhoneScreen, stubWideScreen, testQueryClient } from '../helpers/render';

const ALL_PERMISSIONS = ['HOUSES_LIST_PERMISSION', 'USERS_LIST_PERMISSION', 'KEYS_LIST_PERMISSION'];

function loggedInAs(login: string, roles: string[], permissions: string[]) {
  setLoggedFlag(true);
  const client = testQueryClient();
  client.setQueryData(sessionQueries.permissions().queryKey, {
    result: true,
    userId: 7,
    buyerId: 1,
    roles: authItems(...roles),
    permissions: authItems(...permissions),
  });
  client.setQueryData(sessionQueries.user(7).queryKey, { result: true, message: null, data: { login } } as never);
  return client;
}

beforeEach(() => {
  stubWideScreen();
  setCsrfToken('token');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Header', () => {
  it('shows the superuser every menu item, the login, and both help links', async () => {
    renderWithApp(<Header />, { client: loggedInAs('admin', ['superuser', 'management', 'adjuster'], ALL_PERMISSIONS) });
    const nav = screen.getByRole('navigation', { name: 'Главное меню' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Покупатели',
      'Устройства',
      'Группы',
      'Жилой фонд',
      'Пользователи',
      'Ключи',
    ]);
    expect(screen.getByRole('link', { name: 'Домофоны · бэк-офис' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('admin')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Справка' }));
    expect((await screen.findByRole('menuitem', { name: 'Онлайн-справка' })).getAttribute('href')).toBe('/help.html');
    expect(screen.getByRole('menuitem', { name: 'Справка (PDF)' }).getAttribute('href')).toBe('/help.pdf');
  });

  // The house list joined the installer's menu, and the wizards are one click away.
  it('shows the installer devices, houses and the wizards, and no PDF help', async () => {
    renderWithApp(<Header />, { client: loggedInAs('installer', ['adjuster'], []) });
    const nav = screen.getByRole('navigation', { name: 'Главное меню' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Устройства', 'Жилой фонд']);
    fireEvent.click(within(nav).getByRole('button', { name: 'Подключение' }));
    const wizards = await screen.findAllByRole('menuitem');
    expect(wizards.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Добавить по серийному номеру', '/devices/serial-number-wizard'],
      ['Подключить по базовой станции и порту', '/devices/wizard'],
      ['Заменить устройство', '/devices/replace-wizard'],
    ]);
    fireEvent.click(wizards[1]!);
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/devices/wizard'));
    fireEvent.click(await screen.findByRole('button', { name: 'Справка' }));
    await screen.findByRole('menuitem', { name: 'Онлайн-справка' });
    expect(screen.queryByRole('menuitem', { name: 'Справка (PDF)' })).toBeNull();
  });

  it('offers support devices, groups, houses, users and keys to read, but no wizards', () => {
    renderWithApp(<Header />, { client: loggedInAs('support', ['support'], []) });
    const nav = screen.getByRole('navigation', { name: 'Главное меню' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Устройства', 'Группы', 'Жилой фонд', 'Пользователи', 'Ключи']);
    expect(within(nav).queryByRole('button', { name: 'Подключение' })).toBeNull();
  });

  it('on a phone, the drawer holds the sections, the three wizards and the queue', async () => {
    stubPhoneScreen();
    renderWithApp(<Header />, { client: loggedInAs('installer', ['adjuster'], []) });
    fireEvent.click(screen.getByRole('button', { name: 'Открыть меню' }));
    const nav = await screen.findByRole('navigation', { name: 'Главное меню' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Устройства', 'Жилой фонд']);
    const wizards = screen.getByRole('navigation', { name: 'Подключение устройств' });
    expect(within(wizards).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/devices/serial-number-wizard',
      '/devices/wizard',
      '/devices/replace-wizard',
    ]);
    expect(screen.getByRole('link', { name: 'Очередь отправки' }).getAttribute('href')).toBe('/outbox');
    fireEvent.click(within(wizards).getByRole('link', { name: 'Заменить устройство' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/devices/replace-wizard'));
  });

  it('on a phone, lists «Управление блокировками» and the companies under «Жилой фонд», the queues and the audit under the devices for the operator', async () => {
    stubPhoneScreen();
    renderWithApp(<Header />, { client: loggedInAs('operator', ['management'], ALL_PERMISSIONS) });
    fireEvent.click(screen.getByRole('button', { name: 'Открыть меню' }));
    const nav = await screen.findByRole('navigation', { name: 'Главное меню' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Устройства', '/devices'],
      ['Очереди монтажников', '/field'],
      ['Журнал изменений', '/audit'],
      ['Группы', '/groups'],
      ['Жилой фонд', '/houses'],
      ['Управление блокировками', '/access'],
      ['Управляющие компании', '/mc'],
      ['Пользователи', '/users'],
      ['Ключи', '/keys'],
    ]);
  });

  it('logs out: POST /site/auth/logout with the token, flag "false", user data gone, off to /site/auth', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { result: true }));
    vi.stubGlobal('fetch', fetchMock);
    const { client } = renderWithApp(<Header />, { client: loggedInAs('operator', ['management'], ALL_PERMISSIONS), path: '/houses' });
    fireEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/site/auth'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/site/auth/logout');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('token');
    expect(localStorage.getItem('logged')).toBe('false');
    expect(client.getQueryData(sessionQueries.permissions().queryKey)).toBeUndefined();
    expect(screen.queryByRole('navigation', { name: 'Главное меню' })).toBeNull();
  });

  it('offers "Войти" when logged out, leading to /site/auth', async () => {
    setLoggedFlag(false);
    renderWithApp(<Header />, { path: '/anything' });
    expect(screen.queryByRole('button', { name: 'Справка' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/site/auth'));
  });
});
