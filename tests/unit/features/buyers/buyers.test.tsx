import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Buyer } from '@contract/buyers';
import { parseListState } from '@/components/list-table/list-state-model';
import { BuyerListPage } from '@/features/buyers/components/buyer-list-page';
import { BuyerPage } from '@/features/buyers/components/buyer-page';
import { BUYER_LIST_STATE, buyerBody, buyerListQuery, checkBuyerField, deleteBlockOf, parseBuyerId, placeBuyerErrors } from '@/features/buyers/model';
import { setCsrfToken } from '@/lib/csrf';
import { HttpError } from '@/lib/http';
import { setLoggedFlag } from '@/lib/logged-flag';
import { jsonResponse, renderWithApp } from '../../helpers/render';

const OPERATOR: Buyer = { id: 1, name: 'ООО «Домофон-Сервис»', inn: '7712345678', contact: 'Иванов И., +7 (495) 123-45-67', active: true, dateCreated: '2024-03-01T10:00:00.000Z', devices: 12, users: 3 };
const EMPTY: Buyer = { id: 7, name: 'ИП Сидоров', inn: null, contact: null, active: false, dateCreated: '2026-11-25T10:00:00.000Z', devices: 0, users: 0 };
const USED: Buyer = { ...EMPTY, id: 8, name: 'ООО «Занятой»', active: true, devices: 12, users: 3 };
/** A buyer as the list has it: without the counts. */
const listed = ({ devices: _devices, users: _users, ...buyer }: Buyer): Buyer => buyer;

describe('buyer model', () => {
  it('turns the URL into the list query: page, name, active as a boolean; a bad active lists every buyer', () => {
    const query = (search: string) => buyerListQuery(parseListState(new URLSearchParams(search), BUYER_LIST_STATE));
    expect(query('page=2&name=Домофон&active=0')).toEqual({ page: 2, name: 'Домофон', active: false });
    expect(query('active=1')).toEqual({ page: 1, active: true });
    expect(query('active=maybe')).toEqual({ page: 1 });
  });

  it('checks the fields as the server does', () => {
    expect(checkBuyerField('name', '  ')).toBe('nameRequired');
    expect(checkBuyerField('name', 'я'.repeat(201))).toBe('nameLong');
    expect(checkBuyerField('name', 'я'.repeat(200))).toBeNull();
    expect(checkBuyerField('inn', '')).toBeNull();
    expect(checkBuyerField('inn', '7712345678')).toBeNull();
    expect(checkBuyerField('inn', '771234567890')).toBeNull();
    expect(checkBuyerField('inn', '77123456789')).toBe('innDigits');
    expect(checkBuyerField('inn', '77123456a8')).toBe('innDigits');
    expect(checkBuyerField('contact', 'к'.repeat(501))).toBe('contactLong');
  });

  it('sends trimmed values, an empty INN or contact as null', () => {
    expect(buyerBody({ name: ' ООО ', inn: ' ', contact: '', active: false })).toEqual({ name: 'ООО', inn: null, contact: null, active: false });
    expect(buyerBody({ name: 'ООО', inn: '7712345678 ', contact: ' Петров ', active: true })).toEqual({ name: 'ООО', inn: '7712345678', contact: 'Петров', active: true });
  });

  it('places a 400 or a 409 naming a field at it, anything else in the banner', () => {
    const duplicate = placeBuyerErrors(new HttpError(409, 'Некорректное поле name: покупатель «ООО» уже существует', { result: false, message: 'Некорректное поле name: покупатель «ООО» уже существует' }));
    expect(duplicate.fields.name).toEqual({ kind: 'other', text: 'покупатель «ООО» уже существует' });
    expect(duplicate.banner).toBeNull();
    const bad = placeBuyerErrors(new HttpError(400, 'Некорректное поле contact: не длиннее 500 символов', { result: false, message: 'Некорректное поле contact: не длиннее 500 символов' }));
    expect(bad.fields.contact).toEqual({ kind: 'maxLength', max: 500 });
    expect(placeBuyerErrors(new HttpError(500, 'Внутренняя ошибка сервера', { result: false, message: 'Внутренняя ошибка сервера' }))).toEqual({ fields: {}, banner: 'Внутренняя ошибка сервера' });
  });

  it('knows why a buyer cannot be deleted', () => {
    expect(deleteBlockOf(OPERATOR)).toEqual({ kind: 'operator' });
    expect(deleteBlockOf(USED)).toEqual({ kind: 'inUse', devices: 12, users: 3 });
    expect(deleteBlockOf(EMPTY)).toBeNull();
  });

  it('reads the buyer id of the path', () => {
    expect(parseBuyerId('12')).toBe(12);
    expect(parseBuyerId('0')).toBeNull();
    expect(parseBuyerId('abc')).toBeNull();
    expect(parseBuyerId(undefined)).toBeNull();
  });
});

describe('buyer screens', () => {
  const calls: string[] = [];
  let answers: Record<string, () => Response>;

  beforeEach(() => {
    calls.length = 0;
    setCsrfToken('token');
    setLoggedFlag(true);
    answers = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const call = `${init.method} ${url}`;
        calls.push(init.body ? `${call} ${String(init.body)}` : call);
        const answer = Object.entries(answers).find(([prefix]) => call.startsWith(prefix));
        if (answer) return answer[1]();
        throw new Error(`Unexpected ${call}`);
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists buyers from the URL, and a new filter goes back to page 1', async () => {
    answers['GET /front/buyers?'] = () => jsonResponse(200, { result: true, pagination: { count: 2, page: 2, pageCount: 2, pageSize: 20, totalCount: 22 }, data: [OPERATOR, EMPTY].map(listed) });
    renderWithApp(<BuyerListPage />, { path: '/buyers?page=2&active=1', route: '/buyers' });
    expect(await screen.findByRole('link', { name: 'Открыть покупателя ИП Сидоров' })).toBeTruthy();
    expect(calls[0]).toBe('GET /front/buyers?page=2&active=true');
    expect(screen.getByText('Отключён')).toBeTruthy();
    expect(screen.getByText('21–22 из 22')).toBeTruthy();
    const filters = screen.getByRole('search');
    fireEvent.change(within(filters).getByRole('searchbox', { name: 'Название' }), { target: { value: ' Домофон ' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(`/buyers?active=1&name=${encodeURIComponent('Домофон')}`));
    fireEvent.change(screen.getByRole('search').querySelector('select[name="active"]')!, { target: { value: '0' } });
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(`/buyers?active=0&name=${encodeURIComponent('Домофон')}`));
    await waitFor(() => expect(calls).toContain(`GET /front/buyers?page=1&name=${encodeURIComponent('Домофон')}&active=false`));
  });

  it('says when no buyer matches, and shows a load error with a retry', async () => {
    answers['GET /front/buyers?'] = () => jsonResponse(200, { result: true, pagination: { count: 0, page: 1, pageCount: 0, pageSize: 20, totalCount: 0 }, data: [] });
    const { unmount } = renderWithApp(<BuyerListPage />, { path: '/buyers?name=zzz', route: '/buyers' });
    expect(await screen.findByText('Покупателей с такими условиями нет')).toBeTruthy();
    unmount();
    answers['GET /front/buyers?'] = () => jsonResponse(503, { result: false, message: 'Сервер перегружен' });
    renderWithApp(<BuyerListPage />, { path: '/buyers', route: '/buyers' });
    expect(await screen.findByText('Не удалось загрузить покупателей: Сервер перегружен', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });

  it('moves a page past the end to the last page', async () => {
    answers['GET /front/buyers?page=5'] = () => jsonResponse(200, { result: true, pagination: { count: 0, page: 5, pageCount: 2, pageSize: 20, totalCount: 22 }, data: [] });
    answers['GET /front/buyers?page=2'] = () => jsonResponse(200, { result: true, pagination: { count: 2, page: 2, pageCount: 2, pageSize: 20, totalCount: 22 }, data: [OPERATOR, EMPTY] });
    renderWithApp(<BuyerListPage />, { path: '/buyers?page=5', route: '/buyers' });
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/buyers?page=2'));
    expect(await screen.findByText('21–22 из 22')).toBeTruthy();
  });

  it('creates a buyer, showing a taken name at the name field', async () => {
    answers['GET /front/buyers?'] = () => jsonResponse(200, { result: true, pagination: { count: 1, page: 1, pageCount: 1, pageSize: 20, totalCount: 1 }, data: [OPERATOR] });
    answers['POST /front/buyers/create'] = () => jsonResponse(409, { result: false, message: 'Некорректное поле name: покупатель «ИП Сидоров» уже существует' });
    renderWithApp(<BuyerListPage />, { path: '/buyers', route: '/buyers' });
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить покупателя' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый покупатель' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await within(dialog).findByText('Введите название')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Название/ }), { target: { value: 'ИП Сидоров' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'ИНН' }), { target: { value: '123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await within(dialog).findByText('ИНН — 10 или 12 цифр')).toBeTruthy();
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'ИНН' }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(await within(dialog).findByText('покупатель «ИП Сидоров» уже существует')).toBeTruthy();
    expect(calls).toContain('POST /front/buyers/create {"name":"ИП Сидоров","inn":null,"contact":null,"active":true}');
    // Three rounds of typing in a dialog: seconds on a busy machine.
  }, 15_000);

  it('shows a buyer with its counts and refuses its delete while devices or users belong to it', async () => {
    answers['GET /front/buyers/8'] = () => jsonResponse(200, { result: true, data: USED });
    renderWithApp(<BuyerPage />, { path: '/buyers/8', route: '/buyers/:buyerId' });
    expect(await screen.findByRole('heading', { name: 'ООО «Занятой»' })).toBeTruthy();
    expect(screen.getByText('Удалить нельзя: у покупателя устройств — 12, пользователей — 3. Сначала перенесите их к другому покупателю или удалите.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Удалить покупателя' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps buyer 1 active: the switch is locked with the reason', async () => {
    answers['GET /front/buyers/1'] = () => jsonResponse(200, { result: true, data: OPERATOR });
    renderWithApp(<BuyerPage />, { path: '/buyers/1', route: '/buyers/:buyerId' });
    const toggle = (await screen.findByRole('switch', { name: 'Активен' })) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText('Покупатель 1 — сам оператор: его нельзя отключить.')).toBeTruthy();
    expect(screen.getByText('Покупателя 1 удалить нельзя: это сам оператор.')).toBeTruthy();
  });

  it('reactivates a buyer and deletes an empty one after confirmation, a refusal shown with its counts', async () => {
    answers['GET /front/buyers/7'] = () => jsonResponse(200, { result: true, data: EMPTY });
    answers['POST /front/buyers/7'] = () => jsonResponse(200, { result: true, data: { ...EMPTY, active: true } });
    answers['DELETE /front/buyers/7'] = () => jsonResponse(409, { result: false, message: 'Покупателя нельзя удалить: у покупателя 1 устройство и 0 пользователей' });
    renderWithApp(<BuyerPage />, { path: '/buyers/7', route: '/buyers/:buyerId' });
    expect(await screen.findByText('Покупатель отключён: его данные сохранены, пользователи могут входить в систему.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Активен' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls).toContain('POST /front/buyers/7 {"name":"ИП Сидоров","inn":null,"contact":null,"active":true}'));
    await waitFor(() => expect(screen.queryByText('Покупатель отключён: его данные сохранены, пользователи могут входить в систему.')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Удалить покупателя' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить покупателя?' });
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Покупателя нельзя удалить: у покупателя 1 устройство и 0 пользователей')).toBeTruthy();
  });

  it('says a buyer is unknown without offering a retry', async () => {
    answers['GET /front/buyers/99'] = () => jsonResponse(404, { result: false, message: 'Покупатель не найден' });
    renderWithApp(<BuyerPage />, { path: '/buyers/99', route: '/buyers/:buyerId' });
    expect(await screen.findByText('Не удалось загрузить покупателя: Покупатель не найден')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
  });
});
