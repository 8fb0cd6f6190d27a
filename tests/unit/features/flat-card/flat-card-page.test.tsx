import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlatCardPage } from '@/features/flat-card/components/flat-card-page';
import { stubApi, type ApiLog } from '../../helpers/api-stub';
import { jsonResponse, renderWithApp } from '../../helpers/render';
import { whileOffline } from '../../helpers/offline';
import { loggedInClient } from '../../helpers/session';
import { HOUSE_UID, flatAnswer } from './fixtures';

const FLAT = `/front/flats/${HOUSE_UID}:12`;
let api: ApiLog;
/** Sections below the first screen load when they scroll into view: `reveal` scrolls them all there. */
let observers: { callback: IntersectionObserverCallback; observing: boolean }[] = [];

class ObserverStub {
  private entry: { callback: IntersectionObserverCallback; observing: boolean };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, observing: false };
    observers.push(this.entry);
  }
  observe() {
    this.entry.observing = true;
  }
  disconnect() {
    this.entry.observing = false;
  }
}

/** Lazy chunks (dialogs, sections below the first screen) are transformed on first import: slow on a busy machine. */
const LAZY = { timeout: 10_000 };

function reveal() {
  act(() => {
    for (const observer of observers) {
      if (observer.observing) observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });
}

beforeEach(() => {
  observers = [];
  vi.stubGlobal('IntersectionObserver', ObserverStub);
  api = stubApi((method, url) => {
    if (method === 'GET' && url === FLAT) return jsonResponse(200, flatAnswer());
    if (method === 'GET' && url.startsWith(`${FLAT}/block-history`)) return jsonResponse(200, { result: true, mac: null, blockData: [], scheduleBlockData: [] });
    if (method === 'GET' && url.startsWith(`${FLAT}/cms-block-history`)) return jsonResponse(200, { result: true, mac: null, blockData: [], scheduleBlockData: [] });
    if (url.startsWith('/front/access/get-services')) return jsonResponse(200, { result: true, data: [] });
    return undefined;
  }, { refuseUserCalls: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const as = (role: 'management' | 'support') => loggedInClient({ roles: [role], permissions: role === 'management' ? ['HOUSES_LIST_PERMISSION'] : [] });

function renderCard(role: 'management' | 'support' = 'management') {
  return renderWithApp(<FlatCardPage />, { path: `/houses/${HOUSE_UID}/flats/12/update`, route: '/houses/:houseUid/flats/:flatNum/update', client: as(role) });
}

function region(name: string) {
  return screen.getByRole('region', { name: new RegExp(`^${name}`) });
}

describe('FlatCardPage', () => {
  it('shows the flat with its house link, status and every section once the flat answered', async () => {
    renderCard();
    await screen.findByTestId('flat-card-ready');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Квартира 12');
    expect(screen.getByTestId('flat-status').textContent).toBe('Активна');
    expect(screen.getByRole('link', { name: 'г. Москва, ул. Лесная, д. 28' }).getAttribute('href')).toBe(`/houses/${HOUSE_UID}`);
    for (const name of ['Жильцы', 'Ключи', 'Временный код', 'Подъезды', 'Блокировка КМС']) {
      expect(region(name)).toBeTruthy();
    }
    // Below the first screen: a named placeholder until it scrolls into view, then the section.
    expect(region('Услуги и разрешения').getAttribute('aria-busy')).toBe('true');
    expect(api.calls.some((call) => call.includes('block-history'))).toBe(false);
    reveal();
    expect(await within(await screen.findByRole('region', { name: /^Услуги и разрешения/, busy: false }, LAZY)).findByText('Источник: Биллинг')).toBeTruthy();
    await screen.findByRole('region', { name: /^Настройки на устройствах/, busy: false }, LAZY);
    expect(within(region('Ключи')).getByText('018684B80948')).toBeTruthy();
    expect(await within(await screen.findByRole('region', { name: /^История блокировок/, busy: false }, LAZY)).findByText('Блокировок не было')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'AA:00:00:00:00:01' })[0].getAttribute('href')).toBe('/devices/AA%3A00%3A00%3A00%3A00%3A01/update');
  });

  it('refuses a flat number that is not a positive integer without asking the server', async () => {
    renderWithApp(<FlatCardPage />, { path: `/houses/${HOUSE_UID}/flats/abc/update`, route: '/houses/:houseUid/flats/:flatNum/update', client: as('management') });
    expect(await screen.findByText(/номер должен быть целым положительным числом/)).toBeTruthy();
    expect(api.calls.filter((call) => call.startsWith('GET /front/flats'))).toEqual([]);
  });

  it('shows the server’s message when the flat is not there, with no retry', async () => {
    api.handle = (method, url) => (method === 'GET' && url === FLAT ? jsonResponse(404, { result: false, message: 'Квартира не найдена' }) : undefined);
    renderCard();
    expect(await screen.findByText('Не удалось загрузить квартиру: Квартира не найдена')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
  });

  it('removes a resident only when the server answers result true, else keeps them and says why', async () => {
    let allow = false;
    api.handle = (method, url) =>
      method === 'DELETE' && url === `${FLAT}/user` ? jsonResponse(200, allow ? { result: true } : { result: false, message: 'Жилец отмечен «не отвязывать»' }) : undefined;
    renderCard();
    await screen.findByTestId('flat-card-ready');
    const residents = region('Жильцы');

    fireEvent.click(within(residents).getByRole('button', { name: 'Убрать жильца 79004445566' }));
    fireEvent.click(within(await screen.findByRole('dialog', {}, LAZY)).getByRole('button', { name: 'Удалить' }));
    expect(await within(residents).findByText('Жилец отмечен «не отвязывать»')).toBeTruthy();
    expect(within(residents).getByText('79004445566')).toBeTruthy();

    allow = true;
    fireEvent.click(within(residents).getByRole('button', { name: 'Убрать жильца 79004445566' }));
    fireEvent.click(within(await screen.findByRole('dialog', {}, LAZY)).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(within(residents).queryByText('79004445566')).toBeNull());
    expect(within(residents).getByText('79001112233')).toBeTruthy();
  });

  it('writes a key to each device and, when one refuses, says which and keeps the dialog open', async () => {
    const bodies: unknown[] = [];
    api.handle = (method, url, body) => {
      if (method !== 'POST' || url !== '/front/keys/create') return undefined;
      bodies.push(body);
      const mac = (body as { mac: string }).mac;
      return mac === 'AA:00:00:00:00:02' ? jsonResponse(409, { result: false, message: 'Ключ уже есть на устройстве' }) : jsonResponse(200, { result: true });
    };
    renderCard();
    await screen.findByTestId('flat-card-ready');
    fireEvent.click(within(region('Ключи')).getByRole('button', { name: 'Добавить ключ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый ключ квартиры 12' }, LAZY);
    const field = within(dialog).getByRole('textbox', { name: /Номер ключа/ });
    fireEvent.change(field, { target: { value: 'zz' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Записать ключ' }));
    expect(within(dialog).getByText('Только цифры 0–9 и буквы A–F')).toBeTruthy();
    expect(bodies).toEqual([]);

    fireEvent.change(field, { target: { value: 'ab:cd:ef:01:23:45' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Записать ключ' }));
    expect(await within(dialog).findByText('AA:00:00:00:00:02: Ключ уже есть на устройстве')).toBeTruthy();
    expect(within(dialog).getByText('AA:00:00:00:00:01: записан')).toBeTruthy();
    expect(bodies).toEqual([
      { mac: 'AA:00:00:00:00:01', value: 'ABCDEF012345', keyType: 'Metakom', flatNum: 12 },
      { mac: 'AA:00:00:00:00:02', value: 'ABCDEF012345', keyType: 'Metakom', flatNum: 12 },
    ]);
    // The card is read again for the new key's ids.
    await waitFor(() => expect(api.calls.filter((call) => call === `GET ${FLAT}`)).toHaveLength(2));
  });

  it('shows an expired code as expired and replaces it with a new one (delete, then create)', async () => {
    const expired = { flatId: 5, tempCode: '551740', created: '2025-05-02T09:00:00Z', duration: 3600, entrances: ['e-1'] };
    const fresh = { ...expired, tempCode: '908172', created: new Date().toISOString(), duration: 86_400 };
    const writes: string[] = [];
    api.handle = (method, url, body) => {
      if (method === 'GET' && url === FLAT) return jsonResponse(200, flatAnswer({ temporaryCode: expired }));
      if (url !== `${FLAT}/temporary-access-code`) return undefined;
      writes.push(`${method} ${JSON.stringify(body ?? null)}`);
      return jsonResponse(200, method === 'DELETE' ? { result: true } : { result: true, data: fresh });
    };
    renderCard();
    await screen.findByTestId('flat-card-ready');
    const code = region('Временный код');
    expect(within(code).getByText('Истёк')).toBeTruthy();
    expect(within(code).getByTestId('temporary-code-left').textContent).toMatch(/^Истёк /);
    fireEvent.click(within(code).getByRole('button', { name: 'Выдать новый код' }));
    await waitFor(() => expect(within(code).getByTestId('temporary-code').textContent).toBe('908172'));
    expect(writes).toEqual(['DELETE null', 'POST {"duration":86400}']);
    expect(within(code).getByTestId('temporary-code-left').textContent).toMatch(/^Осталось 23:59:\d\d/);
    expect(within(code).getByRole('button', { name: 'Изменить срок' })).toBeTruthy();
  });

  it('asks for a reason before blocking and sends it with status 1', async () => {
    let sent: unknown = null;
    api.handle = (method, url, body) => {
      if (method === 'PUT' && url === `${FLAT}/status`) {
        sent = body;
        return jsonResponse(200, { result: true });
      }
      return undefined;
    };
    renderCard();
    await screen.findByTestId('flat-card-ready');
    fireEvent.click(screen.getByRole('button', { name: 'Заблокировать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Заблокировать квартиру 12?' }, LAZY);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Заблокировать' }));
    expect(within(dialog).getByText('Укажите причину блокировки')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Заявка жильца' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Заблокировать' }));
    await waitFor(() => expect(screen.getByTestId('flat-status').textContent).toBe('Заблокирована'));
    expect(sent).toEqual({ status: 1, reason: 'Заявка жильца' });
  });

  it('shows a device’s settings by its flags and keeps the form when the device refuses to be read', async () => {
    api.handle = (method, url) =>
      method === 'GET' && url.startsWith(`${FLAT}/get-settings-from-device`) ? jsonResponse(504, { result: false, message: 'Устройство не ответило вовремя' }) : undefined;
    renderCard();
    await screen.findByTestId('flat-card-ready');
    reveal();
    const analog = await screen.findByRole('article', { name: 'AA:00:00:00:00:01' }, LAZY);
    const plain = screen.getByRole('article', { name: 'AA:00:00:00:00:02' });
    expect(within(analog).getByRole('textbox', { name: 'Код двери' })).toBeTruthy();
    expect(within(analog).getByRole('textbox', { name: 'Вызов на трубке' })).toBeTruthy();
    expect(within(analog).queryByRole('textbox', { name: 'Код регистрации' })).toBeNull();
    expect(within(plain).queryByRole('textbox')).toBeNull();
    expect(within(plain).getByText('Устройство не позволяет менять настройки квартиры')).toBeTruthy();

    const music = within(analog).getByRole('textbox', { name: 'Громкость музыки' });
    fireEvent.change(music, { target: { value: '150' } });
    expect(within(analog).getByText('Целое число от 0 до 100')).toBeTruthy();
    expect((within(analog).getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(music, { target: { value: '7' } });
    fireEvent.click(within(analog).getByRole('button', { name: 'Прочитать с устройства' }));
    expect(await within(analog).findByText('Устройство не ответило вовремя')).toBeTruthy();
    expect((music as HTMLInputElement).value).toBe('7');
  });

  it('links the flat’s events on all its devices and on each, and the call rounds and voltage of a device that calls handsets', async () => {
    renderCard('support');
    await screen.findByTestId('flat-card-ready');
    reveal();
    const analog = await screen.findByRole('article', { name: 'AA:00:00:00:00:01' }, LAZY);
    const plain = screen.getByRole('article', { name: 'AA:00:00:00:00:02' });
    const history = (mac: string) => `/devices/history?macs=${encodeURIComponent(mac)}&flatNum=12`;
    expect(within(region('Настройки на устройствах')).getByRole('link', { name: 'История событий квартиры' }).getAttribute('href')).toBe(
      `/devices/history?macs=${encodeURIComponent('AA:00:00:00:00:01,AA:00:00:00:00:02')}&flatNum=12`,
    );
    expect(within(analog).getByRole('link', { name: 'История событий квартиры на AA:00:00:00:00:01' }).getAttribute('href')).toBe(history('AA:00:00:00:00:01'));
    expect(within(analog).getByRole('link', { name: 'Обходы вызова квартиры на AA:00:00:00:00:01' }).getAttribute('href')).toBe(`/dialings/${encodeURIComponent('AA:00:00:00:00:01')}?flatNum=12`);
    expect(within(plain).getByRole('link', { name: 'История событий квартиры на AA:00:00:00:00:02' }).getAttribute('href')).toBe(history('AA:00:00:00:00:02'));
    expect(within(analog).getByRole('link', { name: 'Напряжение питания AA:00:00:00:00:01' }).getAttribute('href')).toBe(`/devices/${encodeURIComponent('AA:00:00:00:00:01')}/power`);
    expect(within(plain).queryByRole('link', { name: /^Обходы вызова/ })).toBeNull();
    expect(within(plain).queryByRole('link', { name: /^Напряжение питания/ })).toBeNull();
  });

  it('names the source and reason of an access entry, and gives support no control that writes', async () => {
    renderCard('support');
    await screen.findByTestId('flat-card-ready');
    expect(screen.getByText('Только просмотр: менять квартиру может оператор.')).toBeTruthy();
    reveal();
    const access = await screen.findByRole('region', { name: /^Услуги и разрешения/, busy: false }, LAZY);
    await screen.findByRole('article', { name: 'AA:00:00:00:00:01' }, LAZY);
    expect(within(access).getAllByText('Заявка жильца').length).toBeGreaterThan(0);
    expect(within(access).getByText('Заблокировать')).toBeTruthy();
    for (const name of ['Заблокировать', 'Выезд жильцов', 'Удалить квартиру', 'Добавить жильца', 'Добавить ключ', 'Создать код', 'Сохранить', 'Прочитать с устройства']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('combobox', { name: 'Добавить жильца' })).toBeNull();
    const toggles = screen.getAllByRole('switch');
    expect(toggles.length).toBe(2);
    for (const toggle of toggles) expect((toggle as HTMLInputElement).disabled).toBe(true);
  });

  it('offline says so, disables the writes but a new key (queued) and keeps what was typed', async () => {
    renderCard();
    await screen.findByTestId('flat-card-ready');
    reveal();
    const analog = await screen.findByRole('article', { name: 'AA:00:00:00:00:01' }, LAZY);
    fireEvent.change(within(analog).getByRole('textbox', { name: 'Код двери' }), { target: { value: '4321' } });

    await whileOffline(async () => {
      expect(await screen.findByText(/^Нет связи с сервером: новый ключ встанет в очередь/)).toBeTruthy();
      expect((within(analog).getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByRole('button', { name: 'Заблокировать' }) as HTMLButtonElement).disabled).toBe(true);
      // A new key can still be added: it waits in the outbox (tests/e2e/nfc-keys.test.ts).
      expect((within(region('Ключи')).getByRole('button', { name: 'Добавить ключ' }) as HTMLButtonElement).disabled).toBe(false);
      expect((within(analog).getByRole('textbox', { name: 'Код двери' }) as HTMLInputElement).value).toBe('4321');
    });
  });
});
