import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MenuPage } from '@/app/menu-page';
import { setLoggedFlag } from '@/lib/logged-flag';
import { sessionQueries } from '@/lib/session';
import { authItems, jsonResponse, renderWithApp, testQueryClient } from '../helpers/render';

function loggedInAs(roles: string[]) {
  setLoggedFlag(true);
  const client = testQueryClient();
  client.setQueryData(sessionQueries.permissions().queryKey, { result: true, userId: 7, buyerId: 1, roles: authItems(...roles), permissions: authItems() });
  return client;
}

function linksIn(region: HTMLElement): [string, string | null][] {
  return within(region)
    .getAllByRole('link')
    .map((link) => [within(link).getByRole('heading').textContent ?? '', link.getAttribute('href')]);
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { result: false, message: 'not in this test' })));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MenuPage', () => {
  it('gives the operator «Управление блокировками» and the companies right after «Жилой фонд»', () => {
    renderWithApp(<MenuPage />, { client: loggedInAs(['management']) });
    expect(linksIn(screen.getByRole('region', { name: 'Разделы' }))).toEqual([
      ['Устройства', '/devices'],
      ['Очереди монтажников', '/field'],
      ['Журнал изменений', '/audit'],
      ['Группы', '/groups'],
      ['Жилой фонд', '/houses'],
      ['Управление блокировками', '/access'],
      ['Управляющие компании', '/mc'],
      ['Очередь отправки', '/outbox'],
      ['Настройки пользователя', '/user/options'],
    ]);
  });

  it('puts the three wizards first for an installer, then the sections with the house list', () => {
    renderWithApp(<MenuPage />, { client: loggedInAs(['adjuster']) });
    expect(linksIn(screen.getByRole('region', { name: 'Подключение устройств' }))).toEqual([
      ['Добавить по серийному номеру', '/devices/serial-number-wizard'],
      ['Подключить по базовой станции и порту', '/devices/wizard'],
      ['Заменить устройство', '/devices/replace-wizard'],
    ]);
    expect(linksIn(screen.getByRole('region', { name: 'Разделы' })).map(([title]) => title)).toEqual([
      'Устройства',
      'Жилой фонд',
      'Очередь отправки',
      'Настройки пользователя',
    ]);
  });

  it('shows support what it reads (devices, groups, houses with the blocks and companies, users, keys), no wizards and no queue of its own', () => {
    renderWithApp(<MenuPage />, { client: loggedInAs(['support']) });
    expect(screen.queryByRole('region', { name: 'Подключение устройств' })).toBeNull();
    expect(screen.queryByText('Добавить по серийному номеру')).toBeNull();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/devices', '/field', '/audit', '/groups', '/houses', '/access', '/mc', '/users', '/keys', '/user/options']);
    expect(screen.getByRole('link', { name: /Управление блокировками/ }).getAttribute('href')).toBe('/access');
  });

  it('describes keys and devices to support as it may use them (it reads), and as a place to create to those who write', () => {
    const { unmount } = renderWithApp(<MenuPage />, { client: loggedInAs(['support']) });
    expect(screen.getByRole('link', { name: /^Ключи/ }).textContent).toContain('Поиск ключей доступа');
    expect(screen.getByRole('link', { name: /^Ключи/ }).textContent).not.toMatch(/Создание/);
    expect(screen.getByRole('link', { name: /^Устройства/ }).textContent).not.toMatch(/мастера/);
    unmount();
    renderWithApp(<MenuPage />, { client: loggedInAs(['management']) });
    expect(screen.getByRole('link', { name: /^Устройства/ }).textContent).toMatch(/мастера подключения/);
  });

  it('offers a house search on the main page to those who open houses, not to installers', { timeout: 30_000 }, async () => {
    const { unmount } = renderWithApp(<MenuPage />, { client: loggedInAs(['management']) });
    expect(await screen.findByRole('combobox', { name: 'Найти дом по адресу' }, { timeout: 15_000 })).toBeTruthy();
    unmount();
    renderWithApp(<MenuPage />, { client: loggedInAs(['adjuster']) });
    await screen.findByRole('region', { name: 'Подключение устройств' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('combobox', { name: 'Найти дом по адресу' })).toBeNull();
  });
});
