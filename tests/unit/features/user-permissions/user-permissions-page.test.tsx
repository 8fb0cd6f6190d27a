import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserPermissionsData } from '@contract/user-permissions';
import { UserPermissionsPage } from '@/features/user-permissions/components/user-permissions-page';
import { setCsrfToken } from '@/lib/csrf';
import { setLoggedFlag } from '@/lib/logged-flag';
import { jsonResponse, renderWithApp, stubPhoneScreen, stubWideScreen } from '../../helpers/render';
import { whileOffline } from '../../helpers/offline';
import { loggedInClient } from '../../helpers/session';
import { installerAsOperator } from './fixtures';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The confirm dialog loads on first opening. */
const LAZY = { timeout: 5000 };

let calls: Call[];
let answers: Record<string, (call: Call) => Response>;

beforeEach(() => {
  calls = [];
  setCsrfToken('token');
  setLoggedFlag(true);
  stubWideScreen();
  answers = {
    'GET /front/user/3/permissions': () => jsonResponse(200, { result: true, data: installerAsOperator() }),
    'GET /site/csrf': () => jsonResponse(200, { result: true, token: 'token' }),
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
});

function asOperator() {
  return loggedInClient({ roles: ['management'], permissions: ['HOUSES_LIST_PERMISSION', 'USERS_LIST_PERMISSION', 'KEYS_LIST_PERMISSION'] });
}

function renderPage(userId = 3) {
  return renderWithApp(<UserPermissionsPage />, { path: `/users/${userId}/permissions`, route: '/users/:userId/permissions', client: asOperator() });
}

const switchOf = (name: string) => screen.getByRole('switch', { name: `Назначить «${name}»` }) as HTMLInputElement;

describe('/users/:userId/permissions', { timeout: 20_000 }, () => {
  it('shows the login, the link back, roles and permissions with type, dates and the reason an item is locked', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'installer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Пользователь installer' }).getAttribute('href')).toBe('/users/3');
    const roles = screen.getByRole('table', { name: 'Роли' });
    const permissions = screen.getByRole('table', { name: 'Разрешения' });
    expect(within(roles).getAllByText('Роль').length).toBe(3);
    expect(within(permissions).getAllByText('Разрешение').length).toBe(2);
    expect(within(permissions).getByText('Жилой фонд')).toBeTruthy();
    expect(within(roles).getAllByText(/27\.04\.2024/).length).toBeGreaterThan(0);
    expect(switchOf('adjuster').checked).toBe(true);
    expect(switchOf('adjuster').disabled).toBe(true);
    expect(within(roles).getAllByText('Нельзя выдать или отозвать: у вас самих нет этой роли').length).toBe(2);
    expect(switchOf('management').disabled).toBe(false);
  });

  it('saves the switched items after a confirmation naming them, then shows the server’s state', async () => {
    const saved: UserPermissionsData = installerAsOperator();
    saved.items = saved.items.map((item) =>
      item.name === 'HOUSES_LIST_PERMISSION' ? { ...item, assigned: true, assignedAt: 1_764_000_000 } : item.name === 'KEYS_LIST_PERMISSION' ? { ...item, assigned: false, assignedAt: null } : item,
    );
    answers['PUT /front/user/3/permissions'] = () => jsonResponse(200, { result: true, message: 'Права пользователя сохранены', data: saved });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'installer' });
    fireEvent.click(switchOf('HOUSES_LIST_PERMISSION'));
    fireEvent.click(switchOf('KEYS_LIST_PERMISSION'));
    expect(screen.getByText('Будет выдано')).toBeTruthy();
    expect(screen.getByText('Будет отозвано')).toBeTruthy();
    const bar = screen.getByRole('region', { name: 'Несохранённых изменений: 2' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Сохранить' }));
    const dialog = await screen.findByRole('dialog', {}, LAZY);
    expect(dialog.textContent).toContain('Выдать: HOUSES_LIST_PERMISSION.');
    expect(dialog.textContent).toContain('Отозвать: KEYS_LIST_PERMISSION.');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Несохранённых изменений/ })).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ grant: ['HOUSES_LIST_PERMISSION'], revoke: ['KEYS_LIST_PERMISSION'] });
    expect(switchOf('HOUSES_LIST_PERMISSION').checked).toBe(true);
    expect(switchOf('KEYS_LIST_PERMISSION').checked).toBe(false);
    expect(screen.queryByText('Будет выдано')).toBeNull();
  });

  it('shows the server’s refusal and keeps the switches as they were set', async () => {
    answers['PUT /front/user/3/permissions'] = () => jsonResponse(409, { result: false, message: 'Нельзя отозвать у себя «USERS_LIST_PERMISSION»' });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'installer' });
    fireEvent.click(switchOf('management'));
    fireEvent.click(within(screen.getByRole('region', { name: 'Несохранённых изменений: 1' })).getByRole('button', { name: 'Сохранить' }));
    fireEvent.click(within(await screen.findByRole('dialog', {}, LAZY)).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Не удалось сохранить: Нельзя отозвать у себя «USERS_LIST_PERMISSION»')).toBeTruthy();
    expect(switchOf('management').checked).toBe(true);
    expect(screen.getByRole('region', { name: 'Несохранённых изменений: 1' })).toBeTruthy();
  });

  it('gives a read-only view when the caller may not change (support): every switch disabled, no save', async () => {
    answers['GET /front/user/3/permissions'] = () => jsonResponse(200, { result: true, data: installerAsOperator({ editable: false }) });
    renderPage();
    expect(await screen.findByText('Только просмотр: менять права пользователей вы не можете.')).toBeTruthy();
    for (const toggle of screen.getAllByRole('switch')) expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByText(/у вас самих нет/)).toBeNull();
  });

  it('says so when the user has nothing assigned, and shows cards on a phone', async () => {
    stubPhoneScreen();
    answers['GET /front/user/3/permissions'] = () =>
      jsonResponse(200, { result: true, data: installerAsOperator({ items: installerAsOperator().items.map((item) => ({ ...item, assigned: false, assignedAt: null })) }) });
    renderPage();
    expect(await screen.findByText('Пользователю не назначено ни одной роли')).toBeTruthy();
    expect(screen.getByText('Пользователю не назначено ни одного разрешения')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Роли' })).getAllByRole('listitem').length).toBe(3);
  });

  it('shows a missing or another buyer’s user as an error without a retry', async () => {
    answers['GET /front/user/3/permissions'] = () => jsonResponse(404, { result: false, message: 'Пользователь не найден' });
    renderPage();
    expect(await screen.findByText('Не удалось загрузить права пользователя: Пользователь не найден')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
  });

  it('offline says so and disables saving, keeping what was switched', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'installer' });
    fireEvent.click(switchOf('management'));
    await whileOffline(async () => {
      expect(await screen.findByText(/Нет связи с сервером/)).toBeTruthy();
      const bar = screen.getByRole('region', { name: 'Несохранённых изменений: 1' });
      expect((within(bar).getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement).disabled).toBe(true);
      expect(switchOf('management').checked).toBe(true);
    });
  });
});
