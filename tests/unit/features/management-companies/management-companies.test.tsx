import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { weeksToSeconds, type ManagementCompany, type McUpload } from '@contract/mc';
import { parseListState } from '@/components/list-table/list-state-model';
import { McCreatePage } from '@/features/management-companies/components/mc-create-page';
import { McListPage } from '@/features/management-companies/components/mc-list-page';
import { McPage } from '@/features/management-companies/components/mc-page';
import { MC_LIST_STATE, checkMcField, mcFormValues, mcListQuery, mcSetBody, parseMcId, placeMcErrors, uploadPercent } from '@/features/management-companies/model';
import { setCsrfToken } from '@/lib/csrf';
import { HttpError } from '@/lib/http';
import { setLoggedFlag } from '@/lib/logged-flag';
import { jsonResponse, renderWithApp, stubPhoneScreen, stubWideScreen } from '../../helpers/render';
import { loggedInClient } from '../../helpers/session';

const COMPANY: ManagementCompany = {
  id: 5,
  internalId: 'MC-0005',
  name: 'УК «Уютный дом»',
  buyerId: 1,
  codeAccess: '123456',
  active: true,
  nextExecute: '2027-03-01T09:30:00.000Z',
  flatNum: 9001,
  interval: 1814400,
};

const UPLOAD: McUpload = {
  id: 3,
  kind: 'all',
  total: 10,
  done: 6,
  failed: 1,
  left: 3,
  running: true,
  startedAt: '2026-11-25T10:00:00.000Z',
  finishedAt: null,
  failures: [{ deviceId: 9, mac: 'AA:BB:CC:DD:EE:01', reason: 'Устройство не отвечает: оно отключено или сброшено (AA:BB:CC:DD:EE:01)', at: '2026-11-25T10:00:01.000Z' }],
};

const page = (data: ManagementCompany[], totalCount = data.length, pageNumber = 1) =>
  jsonResponse(200, { result: true, pagination: { count: data.length, page: pageNumber, pageCount: Math.ceil(totalCount / 20), pageSize: 20, totalCount }, data });

describe('management company model', () => {
  it('turns the URL into the list query; number filters only when they are numbers, buyerId only for the superuser', () => {
    const state = (search: string) => parseListState(new URLSearchParams(search), MC_LIST_STATE);
    expect(mcListQuery(state('page=2&name=Уют&internalId=MC&codeAccess=12&flatNum=9001&buyerId=2'), false)).toEqual({ page: 2, name: 'Уют', internalId: 'MC', codeAccess: '12', flatNum: 9001 });
    expect(mcListQuery(state('buyerId=2&flatNum=x'), true)).toEqual({ page: 1, buyerId: 2 });
    expect(mcListQuery(state('flatNum=0'), true)).toEqual({ page: 1 });
  });

  it('sends the interval in seconds (weeks rounded up) and reads it back in weeks', () => {
    const values = { ...mcFormValues(COMPANY), weeks: '3' };
    expect(mcSetBody(5, values).interval).toBe(1814400);
    expect(mcSetBody(5, { ...values, weeks: '1,2' }).interval).toBe(2 * 604800);
    expect(mcSetBody(5, { ...values, weeks: '' }).interval).toBe(0);
    expect(mcFormValues(COMPANY).weeks).toBe('3');
    expect(mcFormValues({ ...COMPANY, interval: 0 }).weeks).toBe('');
    expect(mcSetBody(5, { ...values, codeAccess: ' ', flatNum: '', nextExecute: '' })).toMatchObject({ codeAccess: null, flatNum: null, nextExecute: null });
    expect(weeksToSeconds('3')).toBe(1814400);
  });

  it('checks the fields as the server does', () => {
    expect(checkMcField('internalId', ' ')).toBe('required');
    expect(checkMcField('name', 'я'.repeat(201))).toBe('long');
    expect(checkMcField('flatNum', '0')).toBe('positive');
    expect(checkMcField('flatNum', '')).toBeNull();
    expect(checkMcField('weeks', '-1')).toBe('weeks');
    expect(checkMcField('weeks', 'abc')).toBe('weeks');
    expect(checkMcField('weeks', '2,5')).toBeNull();
    expect(checkMcField('buyerId', '')).toBe('positive');
  });

  it('puts a refusal at its field: interval at the weeks, a 409 at internalId', () => {
    const message = 'Некорректное поле interval: ожидается целое число секунд от 0 до 2147483647';
    expect(placeMcErrors(new HttpError(400, message, { result: false, message })).fields.weeks).toBeDefined();
    const taken = 'Управляющая компания с internalId «MC-1» у этого покупателя уже есть';
    expect(placeMcErrors(new HttpError(409, taken, { result: false, message: taken }))).toEqual({ fields: { internalId: { kind: 'other', text: taken } }, banner: null });
    expect(placeMcErrors(new Error('Сеть')).banner).toBe('Сеть');
  });

  it('reads the path id and the upload progress', () => {
    expect(parseMcId('12')).toBe(12);
    expect(parseMcId('0')).toBeNull();
    expect(parseMcId('view-create')).toBeNull();
    expect(uploadPercent(UPLOAD)).toBe(70);
    expect(uploadPercent({ ...UPLOAD, total: 0, done: 0, failed: 0, left: 0 })).toBe(100);
  });
});

describe('management company screens', () => {
  const calls: string[] = [];
  let answers: Record<string, () => Response>;

  function as(role: 'operator' | 'support' | 'superuser') {
    return loggedInClient({ roles: [{ operator: 'management', support: 'support', superuser: 'superuser' }[role]] });
  }

  beforeEach(() => {
    calls.length = 0;
    setCsrfToken('token');
    setLoggedFlag(true);
    stubWideScreen();
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

  it('lists companies from the URL; a new filter goes back to page 1; the superuser filters by buyer', { timeout: 20_000 }, async () => {
    answers['GET /front/management-company/pagination'] = () => page([COMPANY], 21, 2);
    renderWithApp(<McListPage />, { path: '/mc?page=2&name=Уют', route: '/mc', client: as('superuser') });
    expect(await screen.findByRole('link', { name: 'Открыть компанию УК «Уютный дом»' })).toBeTruthy();
    expect(calls.find((call) => call.includes('/pagination'))).toBe(`GET /front/management-company/pagination?page=2&name=${encodeURIComponent('Уют')}`);
    expect(screen.getByText('3 нед.')).toBeTruthy();
    expect(screen.getByText('21–21 из 21')).toBeTruthy();
    const filters = screen.getByRole('search');
    fireEvent.change(within(filters).getByRole('textbox', { name: 'Покупатель (ID)' }), { target: { value: '2' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(`/mc?name=${encodeURIComponent('Уют')}&buyerId=2`));
    await waitFor(() => expect(calls).toContain(`GET /front/management-company/pagination?page=1&name=${encodeURIComponent('Уют')}&buyerId=2`));
    expect(screen.getByRole('link', { name: 'Создать' }).getAttribute('href')).toBe('/mc/view-create');
  });

  it('shows cards on a phone, no «Создать» and no buyer filter for support, and the empty and error states', async () => {
    stubPhoneScreen();
    answers['GET /front/management-company/pagination'] = () => page([COMPANY]);
    const { unmount } = renderWithApp(<McListPage />, { path: '/mc', route: '/mc', client: as('support') });
    const cards = await screen.findByRole('list', { name: 'Управляющие компании' });
    expect(within(cards).getByText('ID MC-0005 · покупатель 1')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Создать' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Покупатель (ID)' })).toBeNull();
    unmount();
    answers['GET /front/management-company/pagination'] = () => page([]);
    const second = renderWithApp(<McListPage />, { path: '/mc?name=zzz', route: '/mc', client: as('operator') });
    expect(await screen.findByText('Компаний с такими условиями нет')).toBeTruthy();
    second.unmount();
    answers['GET /front/management-company/pagination'] = () => jsonResponse(503, { result: false, message: 'Сервер перегружен' });
    renderWithApp(<McListPage />, { path: '/mc', route: '/mc', client: as('operator') });
    expect(await screen.findByText('Не удалось загрузить управляющие компании: Сервер перегружен', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('saves every field with the interval in seconds, shows the upload progress, the failures and retries them', { timeout: 20_000 }, async () => {
    let upload: McUpload = UPLOAD;
    answers['GET /front/management-company/5/upload'] = () => jsonResponse(200, { result: true, data: upload });
    answers['GET /front/management-company/5'] = () => jsonResponse(200, { result: true, data: COMPANY });
    answers['POST /front/management-company/set'] = () => jsonResponse(200, { result: true, data: { ...COMPANY, interval: 2 * 604800 } });
    answers['POST /front/management-company/upload-retry'] = () => jsonResponse(200, { result: true, devices: 1 });
    renderWithApp(<McPage />, { path: '/mc/5/update', route: '/mc/:mcId/update', client: as('operator') });
    const weeks = (await screen.findByRole('textbox', { name: 'Интервал, недель' })) as HTMLInputElement;
    expect(weeks.value).toBe('3');
    fireEvent.change(weeks, { target: { value: '1,5' } });
    expect(screen.getByText(/Будет сохранено: 1209600 с/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.find((call) => call.startsWith('POST /front/management-company/set'))).toBeDefined());
    const sent = JSON.parse(calls.find((call) => call.startsWith('POST /front/management-company/set'))!.split(' ').slice(2).join(' ')) as Record<string, unknown>;
    expect(sent).toEqual({ ...COMPANY, interval: 1209600 });

    // The running upload: its counts, and its failed device with the reason.
    const counts = screen.getByTestId('mc-upload-counts');
    expect(within(counts).getByText('6')).toBeTruthy();
    expect(within(counts).getByText('3')).toBeTruthy();
    expect(screen.getByText('Идёт выгрузка')).toBeTruthy();
    expect(screen.getByText('Выгрузка продолжится, даже если закрыть страницу.')).toBeTruthy();
    expect(screen.getByRole('row', { name: /AA:BB:CC:DD:EE:01 Устройство не отвечает/ })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Выгрузить на все устройства' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Повторить для неудачных' })).toBeNull();

    // It ends (the page polls while it runs): the retry is offered.
    upload = { ...UPLOAD, done: 9, left: 0, running: false, finishedAt: '2026-11-25T10:00:05.000Z' };
    fireEvent.click(await screen.findByRole('button', { name: 'Повторить для неудачных' }, { timeout: 5000 }));
    await waitFor(() => expect(calls).toContain('POST /front/management-company/upload-retry {"id":5}'));
  });

  it('asks before uploading to all devices, naming how many, and sends nothing when cancelled', { timeout: 20_000 }, async () => {
    // 84 devices, of which the list answers the first 50 (the first prefix that matches answers).
    answers['GET /front/management-company/5/devices'] = () => jsonResponse(200, { result: true, data: [], totalCount: 84 });
    answers['GET /front/management-company/5/upload'] = () => jsonResponse(200, { result: true, data: null });
    answers['GET /front/management-company/5'] = () => jsonResponse(200, { result: true, data: COMPANY });
    answers['POST /front/management-company/upload-all'] = () => jsonResponse(200, { result: true, devices: 84 });
    renderWithApp(<McPage />, { path: '/mc/5/update', route: '/mc/:mcId/update', client: as('operator') });
    const button = await screen.findByRole('button', { name: 'Выгрузить на все устройства' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Выгрузить на все устройства?' }, { timeout: 5000 });
    expect(await within(dialog).findByText(/Устройств: 84\./)).toBeTruthy();
    expect(calls.some((call) => call.startsWith('POST /front/management-company/upload-all'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.startsWith('POST /front/management-company/upload-all'))).toBe(false);

    fireEvent.click(button);
    const again = await screen.findByRole('dialog', { name: 'Выгрузить на все устройства?' }, { timeout: 5000 });
    await waitFor(() => expect((within(again).getByRole('button', { name: 'Выгрузить' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(again).getByRole('button', { name: 'Выгрузить' }));
    await waitFor(() => expect(calls).toContain('POST /front/management-company/upload-all {"id":5}'));
  });

  it('refuses a negative interval before sending it, and keeps support read-only', async () => {
    answers['GET /front/management-company/5/upload'] = () => jsonResponse(200, { result: true, data: null });
    answers['GET /front/management-company/5'] = () => jsonResponse(200, { result: true, data: COMPANY });
    const { unmount } = renderWithApp(<McPage />, { path: '/mc/5/update', route: '/mc/:mcId/update', client: as('operator') });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Интервал, недель' }), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Число недель от 0')).toBeTruthy();
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
    expect(screen.getByText('Компанию ещё не выгружали.')).toBeTruthy();
    unmount();
    renderWithApp(<McPage />, { path: '/mc/5/update', route: '/mc/:mcId/update', client: as('support') });
    expect(await screen.findByText('Только просмотр: изменять компании может оператор.')).toBeTruthy();
    for (const name of ['Сохранить', 'Отключить', 'Выгрузить на все устройства', 'Изменить']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('offline says so, disables saving and uploads, and keeps what was typed', async () => {
    answers['GET /front/management-company/5/upload'] = () => jsonResponse(200, { result: true, data: { ...UPLOAD, running: false, left: 0, done: 9, finishedAt: '2026-11-25T10:00:05.000Z' } });
    answers['GET /front/management-company/5'] = () => jsonResponse(200, { result: true, data: COMPANY });
    renderWithApp(<McPage />, { path: '/mc/5/update', route: '/mc/:mcId/update', client: as('operator') });
    fireEvent.change(await screen.findByRole('textbox', { name: /Название/ }), { target: { value: 'набрано без связи' } });
    await screen.findByRole('button', { name: 'Повторить для неудачных' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { getConnectivityStore } = await import('@/offline/connectivity');
    await act(() => getConnectivityStore().check());
    try {
      expect(await screen.findByText(/Нет связи с сервером: изменения и выгрузки недоступны/)).toBeTruthy();
      for (const name of ['Сохранить', 'Отключить', 'Выгрузить на все устройства', 'Выгрузить на одно устройство', 'Повторить для неудачных']) {
        expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled, name).toBe(true);
      }
      expect((screen.getByRole('textbox', { name: /Название/ }) as HTMLInputElement).value).toBe('набрано без связи');
    } finally {
      vi.restoreAllMocks();
      // Back online for the next test: the store's probe asks for a CSRF token.
      answers['GET /site/csrf'] = () => jsonResponse(200, { result: true, token: 'token' });
      await act(() => getConnectivityStore().check().catch(() => false));
    }
  });

  it('creates a company with _csrf in the body and opens it; a taken internalId is shown at its field', async () => {
    answers['POST /front/management-company/create'] = () => jsonResponse(409, { result: false, message: 'Управляющая компания с internalId «MC-0005» у этого покупателя уже есть' });
    renderWithApp(<McCreatePage />, { path: '/mc/view-create', route: '/mc/view-create', client: as('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Создать' }));
    expect((await screen.findAllByText('Обязательное поле')).length).toBe(2);
    fireEvent.change(screen.getByRole('textbox', { name: /Внутренний ID/ }), { target: { value: ' MC-0005 ' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Название/ }), { target: { value: 'УК «Уютный дом»' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Управляющая компания с internalId «MC-0005» у этого покупателя уже есть')).toBeTruthy();
    expect(calls).toContain('POST /front/management-company/create {"internalId":"MC-0005","name":"УК «Уютный дом»","_csrf":"token"}');
    answers['POST /front/management-company/create'] = () => jsonResponse(200, { result: true, data: COMPANY });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/mc/5/update'));
  });
});
