import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HouseListPage } from '@/features/houses/components/house-list-page';
import { HOUSE_LIST_STATE, canEditHouses, houseCreateBody, houseListQuery, housesWithId } from '@/features/houses/model';
import { parseListState } from '@/components/list-table/list-state-model';
import { setCsrfToken } from '@/lib/csrf';
import { setLoggedFlag } from '@/lib/logged-flag';
import { authItems, jsonResponse, renderWithApp } from '../helpers/render';
import { loggedInClient } from '../helpers/session';

// The list's grid loads lazily (only where a grid is shown): its module is fetched once, before the cases.
beforeAll(() => import('@/components/list-table/list-grid'), 60_000);

const HOUSES = [
  { id: 'h-1', address: 'г. Москва, ул. Лесная, д. 28', region: 77, fias: 'f-1' },
  { id: 'h-2', address: 'г. Москва, ул. Чехова, д. 109', region: 77, fias: null },
];

describe('house list model', () => {
  it('turns the URL state into the API query, dropping a region that is not a number', () => {
    expect(houseListQuery(parseListState(new URLSearchParams('page=2&region=77&fias=x'), HOUSE_LIST_STATE))).toEqual({ page: 2, region: 77, fias: 'x' });
    expect(houseListQuery(parseListState(new URLSearchParams('region=abc'), HOUSE_LIST_STATE))).toEqual({ page: 1 });
  });

  it('searches the address the URL names', () => {
    expect(houseListQuery(parseListState(new URLSearchParams('address=Лесная&page=3'), HOUSE_LIST_STATE))).toEqual({ page: 3, address: 'Лесная' });
  });

  it('counts only houses that have an id', () => {
    expect(housesWithId([...HOUSES, { id: '', address: 'x', region: 1 }]).map((house) => house.id)).toEqual(['h-1', 'h-2']);
  });

  it('builds the create body, leaving out empty optional fields', () => {
    expect(houseCreateBody({ address: ' ул. Новая, 1 ', region: '50', fias: '', id: '' })).toEqual({ address: 'ул. Новая, 1', region: 50 });
    expect(houseCreateBody({ address: 'a', region: '1', fias: 'f', id: 'i' })).toEqual({ address: 'a', region: 1, fias: 'f', id: 'i' });
  });
});

describe('who may create and delete houses (the server: HOUSES_LIST_PERMISSION, the superuser passes)', () => {
  it('is the permission holder or the superuser, never the installer or support', () => {
    expect(canEditHouses({ roles: authItems('management'), permissions: authItems('HOUSES_LIST_PERMISSION') })).toBe(true);
    expect(canEditHouses({ roles: authItems('support'), permissions: authItems('HOUSES_LIST_PERMISSION') })).toBe(true);
    expect(canEditHouses({ roles: authItems('superuser'), permissions: authItems() })).toBe(true);
    expect(canEditHouses({ roles: authItems('management'), permissions: authItems() })).toBe(false);
    expect(canEditHouses({ roles: authItems('adjuster'), permissions: authItems() })).toBe(false);
    expect(canEditHouses({ roles: authItems('support'), permissions: authItems() })).toBe(false);
  });
});

describe('HouseListPage', { timeout: 30_000 }, () => {
  const calls: string[] = [];

  beforeEach(() => {
    calls.length = 0;
    setCsrfToken('token');
    setLoggedFlag(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url}`);
        if (url.startsWith('/front/house-list?') && url.includes('address=')) {
          return jsonResponse(200, { result: true, pagination: { count: 2, page: 1, pageCount: 250, pageSize: 2, totalCount: 500 }, data: HOUSES, totalCountCapped: true });
        }
        if (url.startsWith('/front/house-list?')) {
          return jsonResponse(200, { result: true, pagination: { count: 2, page: 2, pageCount: 3, pageSize: 2, totalCount: 6 }, data: HOUSES });
        }
        if (url.startsWith('/front/house-list/delete')) return jsonResponse(200, { result: true, message: null });
        if (url.startsWith('/front/user/')) return jsonResponse(200, { result: false, message: 'not in this test' });
        throw new Error(`Unexpected ${init.method} ${url}`);
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function operator() {
    return loggedInClient({ roles: ['management'], permissions: ['HOUSES_LIST_PERMISSION'] });
  }

  it('loads the view the link describes, and puts new filters into the URL from page 1', async () => {
    renderWithApp(<HouseListPage />, { path: '/houses?page=2&region=77', route: '/houses', client: operator() });
    expect(await screen.findByText('г. Москва, ул. Лесная, д. 28', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(calls.filter((call) => call.includes('house-list'))[0]).toBe('GET /front/house-list?page=2&region=77');
    const filters = screen.getByRole('search');
    expect((within(filters).getByRole('textbox', { name: 'Регион' }) as HTMLInputElement).value).toBe('77');
    fireEvent.change(within(filters).getByRole('textbox', { name: 'Код ФИАС' }), { target: { value: 'f-1' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/houses?region=77&fias=f-1'));
    await waitFor(() => expect(calls).toContain('GET /front/house-list?page=1&region=77&fias=f-1'));
    fireEvent.click(within(filters).getByRole('button', { name: 'Сбросить' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/houses'));
  });

  it('puts the address search into the URL and goes back to page 1', async () => {
    renderWithApp(<HouseListPage />, { path: '/houses?page=3', route: '/houses', client: operator() });
    await screen.findByText('г. Москва, ул. Лесная, д. 28', undefined, { timeout: 10_000 });
    const filters = screen.getByRole('search');
    fireEvent.change(within(filters).getByRole('searchbox', { name: 'Адрес' }), { target: { value: ' Лесная ' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(`/houses?address=${encodeURIComponent('Лесная')}`));
    await waitFor(() => expect(calls).toContain(`GET /front/house-list?page=1&address=${encodeURIComponent('Лесная')}`));
    // A broad search is counted up to a cap: the list says «более».
    expect(await screen.findByText('1–2 из более 500', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('links each address to its house only for those the housing rule lets in', async () => {
    const { unmount } = renderWithApp(<HouseListPage opensHouse={() => true} />, { path: '/houses', route: '/houses', client: operator() });
    const link = await screen.findByRole('link', { name: 'г. Москва, ул. Лесная, д. 28' }, { timeout: 10_000 });
    expect(link.getAttribute('href')).toBe('/houses/h-1');
    unmount();
    renderWithApp(<HouseListPage opensHouse={() => false} />, { path: '/houses', route: '/houses', client: operator() });
    await screen.findByText('г. Москва, ул. Лесная, д. 28', undefined, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'г. Москва, ул. Лесная, д. 28' })).toBeNull();
  });

  it('deletes a house only after confirmation', async () => {
    renderWithApp(<HouseListPage />, { path: '/houses', route: '/houses', client: operator() });
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить дом г. Москва, ул. Чехова, д. 109' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить дом?' });
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(calls).toContain('DELETE /front/house-list/delete?uid=h-2'));
    expect(await screen.findByText('Дом удалён')).toBeTruthy();
  });

  it.each([
    ['an installer', 'adjuster'],
    ['support', 'support'],
    ['an operator without the house permission', 'management'],
  ])('shows %s the list read-only: no create, delete or selection', async (_who, role) => {
    renderWithApp(<HouseListPage />, { path: '/houses', route: '/houses', client: loggedInClient({ roles: [role], userId: 3 }) });
    await screen.findByText('г. Москва, ул. Лесная, д. 28', undefined, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Добавить дом' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Удалить дом/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

});
