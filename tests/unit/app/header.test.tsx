import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '@/app/header/header';
import { setCsrfToken } from '@/lib/csrf';
import { setLoggedFlag } from '@/lib/logged-flag';
import { sessionQueries } from '@/lib/session';
import { authItems, jsonResponse, renderWithApp, stubWideScreen, testQueryClient } from '../helpers/render';

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

  it('shows the installer devices only, and no PDF help', async () => {
    renderWithApp(<Header />, { client: loggedInAs('installer', ['adjuster'], []) });
    const nav = screen.getByRole('navigation', { name: 'Главное меню' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Устройства']);
    fireEvent.click(await screen.findByRole('button', { name: 'Справка' }));
    await screen.findByRole('menuitem', { name: 'Онлайн-справка' });
    expect(screen.queryByRole('menuitem', { name: 'Справка (PDF)' })).toBeNull();
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
