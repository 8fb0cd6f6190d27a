import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupListPage } from '@/features/groups/components/group-list-page';
import { GroupPage } from '@/features/groups/components/group-page';
import { bodiesOf, stubApi, type ApiLog } from '../../helpers/api-stub';
import { jsonResponse, renderWithApp } from '../../helpers/render';
import { whileOffline } from '../../helpers/offline';
import { loggedInClient } from '../../helpers/session';

const LAZY = { timeout: 5_000 };
const pagination = (totalCount: number, page = 1) => ({ count: Math.min(20, totalCount), page, pageCount: Math.ceil(totalCount / 20), pageSize: 20, totalCount });
const group = (groupId: number, name: string, parentId: number | null, counts = { devices: 0, users: 0, children: 0 }) => ({ groupId, name, parentId, buyerId: 1, uid: `g-${groupId}`, ...counts });
const TREE = {
  result: true,
  data: [group(1, 'Северный район', null, { devices: 3, users: 7, children: 1 }), group(2, 'Центр', 1, { devices: 1, users: 0, children: 1 }), group(3, 'Школьный квартал', 2), group(4, 'Южный район', null)],
  buyers: [{ buyerId: 1, name: 'ООО «Домофон-Сервис»' }],
  truncated: false,
};

describe('the group screens', { timeout: 20_000 }, () => {
  let api: ApiLog;

  beforeEach(() => {
    api = stubApi((_method, url) => {
      if (url === '/front/groups/tree') return jsonResponse(200, TREE);
      if (url === '/front/groups/2') return jsonResponse(200, { result: true, data: TREE.data[1] });
      if (url.startsWith('/front/groups/2/devices')) {
        return jsonResponse(200, { result: true, data: [{ deviceId: 9, mac: '00:1A:2B:3C:4D:5E', type: 6, addresses: ['г. Тверь, ул. Новая, д. 1'] }], pagination: pagination(21, 1) });
      }
      if (url.startsWith('/front/groups/2/users')) return jsonResponse(200, { result: true, data: [{ userId: 4, login: 'support', comment: 'Техподдержка', givenBy: 'admin' }], pagination: pagination(1) });
      return undefined;
    }, { refuseUserCalls: true });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const as = (role: 'management' | 'support', permissions: string[] = ['USERS_LIST_PERMISSION']) => loggedInClient({ roles: [role], permissions });
  const location = () => screen.getByRole('status', { name: 'location' }).textContent;

  it('shows the tree, folds a branch away, and searches by name keeping the ancestors', async () => {
    renderWithApp(<GroupListPage />, { path: '/groups', route: '/groups', client: as('management') });
    const tree = await screen.findByRole('list', { name: 'Дерево групп' });
    expect(within(tree).getAllByRole('link').map((link) => link.textContent)).toEqual(['Северный район', 'Центр', 'Школьный квартал', 'Южный район']);
    expect(within(tree).getByRole('link', { name: 'Открыть группу Центр' }).getAttribute('href')).toBe('/groups/2');
    expect(within(tree).getByText('Устройств: 3 · пользователей: 7 · Вложенных групп: 1')).toBeTruthy();
    fireEvent.click(within(tree).getByRole('button', { name: 'Свернуть Центр' }));
    expect(within(tree).queryByRole('link', { name: 'Открыть группу Школьный квартал' })).toBeNull();
    fireEvent.click(within(tree).getByRole('button', { name: 'Развернуть Центр' }));
    expect(within(tree).getByRole('link', { name: 'Открыть группу Школьный квартал' })).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Поиск по названию' }), { target: { value: 'школ' } });
    await waitFor(() => expect(location()).toBe(`/groups?name=${encodeURIComponent('школ')}`));
    expect(within(tree).getAllByRole('link').map((link) => link.textContent)).toEqual(['Северный район', 'Центр', 'Школьный квартал']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Поиск по названию' }), { target: { value: 'нет такой' } });
    expect(await screen.findByText('Нет групп с таким названием')).toBeTruthy();
  });

  it('creates a group under a parent picked from the tree', async () => {
    api.handle = (method, url) => (method === 'POST' && url === '/front/groups/create' ? jsonResponse(200, { result: true, data: group(9, 'Новая', 2) }) : undefined);
    renderWithApp(<GroupListPage />, { path: '/groups', route: '/groups', client: as('management') });
    await screen.findByRole('list', { name: 'Дерево групп' });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить группу' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новая группа' }, LAZY);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await within(dialog).findByText('Введите название')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Название/ }), { target: { value: ' Новая ' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Родительская группа' }), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(bodiesOf(api, 'POST /front/groups/create')).toContainEqual({ name: 'Новая', parentId: 2 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a 400 naming parentId at the parent, and a refused delete (409) with its reason', async () => {
    api.handle = (method, url) => {
      if (method === 'POST' && url === '/front/groups/2') return jsonResponse(400, { result: false, message: 'Некорректное поле parentId: группа не может быть вложена в саму себя или в свою вложенную группу' });
      if (method === 'DELETE' && url === '/front/groups/4') return jsonResponse(409, { result: false, message: 'Группу нельзя удалить: в ней вложенных групп — 1' });
      return undefined;
    };
    renderWithApp(<GroupListPage />, { path: '/groups', route: '/groups', client: as('management') });
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить группу Центр' }));
    const dialog = await screen.findByRole('dialog', { name: 'Изменить группу' }, LAZY);
    const parent = within(dialog).getByRole('combobox', { name: 'Родительская группа' });
    expect(within(parent).getAllByRole('option').map((option) => option.textContent?.trim())).toEqual(['— Верхний уровень —', 'Северный район', 'Южный район']);
    fireEvent.change(parent, { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText(/группа не может быть вложена в саму себя/)).toBeTruthy();
    expect(bodiesOf(api, 'POST /front/groups/2')).toContainEqual({ name: 'Центр', parentId: 4 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));

    // The tree says Северный район has a child group: it says so instead of asking, and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Удалить группу Северный район' }));
    const refusal = await screen.findByRole('dialog', { name: 'Группу нельзя удалить' }, LAZY);
    expect(refusal.textContent).toContain('В группе «Северный район» есть вложенные группы (1)');
    expect(within(refusal).queryByRole('button', { name: 'Удалить' })).toBeNull();
    fireEvent.click(within(refusal).getByRole('button', { name: 'Понятно' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesOf(api, 'DELETE /front/groups/1')).toHaveLength(0);

    // A refusal the tree could not foresee (a child added meanwhile) is still shown with its reason.
    fireEvent.click(screen.getByRole('button', { name: 'Удалить группу Южный район' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить группу?' }, LAZY);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Группа не удалена: Группу нельзя удалить: в ней вложенных групп — 1', { selector: '.MuiAlert-message' })).toBeTruthy();
  });

  it('shows support the tree and a group read-only', async () => {
    const { unmount } = renderWithApp(<GroupListPage />, { path: '/groups', route: '/groups', client: as('support', []) });
    await screen.findByRole('list', { name: 'Дерево групп' });
    expect(screen.getByText('Только просмотр: изменять группы может оператор.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Добавить группу' })).toBeNull();
    expect(screen.queryByRole('button', { name: /(Изменить|Удалить) группу/ })).toBeNull();
    unmount();
    renderWithApp(<GroupPage />, { path: '/groups/2', route: '/groups/:groupId', client: as('support', []) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Центр' })).toBeTruthy();
    expect(await screen.findByText('Северный район')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Удалить|Сохранить/ })).toBeNull();
    expect((await screen.findByRole('link', { name: 'Открыть пользователя support' })).getAttribute('href')).toBe('/users/4');
  });

  it('lists the group’s devices and users with links, pages the devices in the URL, and saves a new name', async () => {
    let saved: ReturnType<typeof group> | null = null;
    api.handle = (method, url) => {
      if (method === 'POST' && url === '/front/groups/2') saved = group(2, 'Центр-2', 1);
      return saved && url === '/front/groups/2' ? jsonResponse(200, { result: true, data: saved }) : undefined;
    };
    renderWithApp(<GroupPage />, { path: '/groups/2', route: '/groups/:groupId', client: as('management', []) });
    expect(await screen.findByText('Путь: Северный район › Центр')).toBeTruthy();
    const devices = screen.getByRole('region', { name: /Устройства группы/ });
    expect((await within(devices).findByRole('link', { name: 'Открыть устройство 00:1A:2B:3C:4D:5E' })).getAttribute('href')).toBe('/devices/00%3A1A%3A2B%3A3C%3A4D%3A5E/update');
    expect(within(devices).getByText('ISCOM_X1')).toBeTruthy();
    expect(within(devices).getByText('г. Тверь, ул. Новая, д. 1')).toBeTruthy();
    // Without the users permission a login is not a link.
    const users = screen.getByRole('region', { name: /Пользователи группы/ });
    expect(await within(users).findByText('support')).toBeTruthy();
    expect(within(users).queryByRole('link')).toBeNull();
    fireEvent.click(within(devices).getByRole('button', { name: 'Следующая страница' }));
    await waitFor(() => expect(location()).toBe('/groups/2?devicesPage=2'));
    await waitFor(() => expect(api.calls).toContain('GET /front/groups/2/devices?page=2'));

    const name = await screen.findByRole('textbox', { name: /Название/ });
    fireEvent.change(name, { target: { value: 'Центр-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(bodiesOf(api, 'POST /front/groups/2')).toContainEqual({ name: 'Центр-2', parentId: 1 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Центр-2' })).toBeTruthy();
  });

  it('offline says so, keeps what was typed and sends nothing', async () => {
    await whileOffline(async () => {
      renderWithApp(<GroupPage />, { path: '/groups/2', route: '/groups/:groupId', client: as('management') });
      expect(await screen.findByText(/Нет связи с сервером/)).toBeTruthy();
      const name = await screen.findByRole('textbox', { name: /Название/ });
      fireEvent.change(name, { target: { value: 'Набрано без сети' } });
      expect((screen.getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByRole('button', { name: 'Удалить группу' }) as HTMLButtonElement).disabled).toBe(true);
      expect((name as HTMLInputElement).value).toBe('Набрано без сети');
      expect(api.calls.some((call) => call.startsWith('POST') || call.startsWith('DELETE'))).toBe(false);
    });
  });

  it('says when the tree cannot be loaded, and when there are no groups', async () => {
    api.handle = (_method, url) => (url === '/front/groups/tree' ? jsonResponse(500, { result: false, message: 'Внутренняя ошибка сервера' }) : undefined);
    const { unmount } = renderWithApp(<GroupListPage />, { path: '/groups', route: '/groups', client: as('management') });
    expect(await screen.findByText(/Не удалось загрузить группы/)).toBeTruthy();
    unmount();
    api.handle = (_method, url) => (url === '/front/groups/tree' ? jsonResponse(200, { ...TREE, data: [] }) : undefined);
    renderWithApp(<GroupListPage />, { path: '/groups', route: '/groups', client: as('management') });
    expect(await screen.findByText('Групп пока нет')).toBeTruthy();
  });
});
