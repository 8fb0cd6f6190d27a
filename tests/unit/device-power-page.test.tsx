import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NORMAL_BAND } from '@contract/power';
import { DevicePowerPage } from '@/features/device-power/components/device-power-page';
import { MAC, ADDRESS, device } from './contract/fixtures';
import { stubApi, type ApiLog } from './helpers/api-stub';
import { whileOffline } from './helpers/offline';
import { jsonResponse, renderWithApp, stubPhoneScreen, stubWideScreen } from './helpers/render';
import { loggedInClient } from './helpers/session';

const SLOW = { timeout: 20_000 };
const POWER = `/front/devices/${encodeURIComponent(MAC)}/power`;
const READ = `${POWER}/read`;

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-20T10:00:00.000Z');
const at = (hoursAgo: number) => new Date(NOW - hoursAgo * HOUR).toISOString();

function powerAnswer(over: object = {}) {
  return {
    result: true,
    device: device(),
    address: ADDRESS,
    liveStatus: true,
    range: '24h',
    from: at(24),
    to: at(0),
    bucketMinutes: 5,
    band: { ...NORMAL_BAND },
    points: [
      { at: at(3), min: 12.2, avg: 12.2, max: 12.2, count: 1 },
      { at: at(2), min: 10.6, avg: 10.6, max: 10.6, count: 1 },
      { at: at(1), min: 12.31, avg: 12.31, max: 12.31, count: 1 },
    ],
    last: { measuredAt: at(1), volts: 12.31, source: 'poll' },
    readingCount: 3,
    outsideCount: 1,
    ...over,
  };
}

let api: ApiLog;

beforeEach(() => {
  stubWideScreen();
  api = stubApi((method, url) => {
    if (method === 'GET' && url.startsWith(`${POWER}?`)) {
      const range = new URL(url, 'http://app').searchParams.get('range');
      return jsonResponse(200, powerAnswer({ range }));
    }
    if (method === 'POST' && url === READ) return jsonResponse(200, { result: true, reading: { measuredAt: at(0), volts: 10.95, source: 'manual' }, band: { ...NORMAL_BAND }, outside: true });
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPower = (path = `/devices/${MAC}/power`, roles: string[] = ['management']) =>
  renderWithApp(<DevicePowerPage />, { path, route: '/devices/:mac/power', client: loggedInClient({ roles }) });

const chart = () => screen.getByRole('img', { name: 'Напряжение питания за период, вольт' });
const lastReading = () => screen.getByRole('group', { name: 'Последнее показание' });

describe('DevicePowerPage', SLOW, () => {
  it('shows the device, the last reading, the band and the readings outside it, and the chart with the dip marked', async () => {
    renderPower();
    expect(screen.getByLabelText('Загрузка показаний')).toBeTruthy();
    await screen.findByText('Вне нормы за период: 1 из 3');
    expect(screen.getByText(`Устройство ${MAC}`)).toBeTruthy();
    expect(screen.getByText('В сети')).toBeTruthy();
    expect(screen.getByText(ADDRESS)).toBeTruthy();
    expect(within(lastReading()).getByText('12,31 В')).toBeTruthy();
    expect(within(lastReading()).getByText('в норме')).toBeTruthy();
    expect(screen.getByText('Норма 11,40–13,20 В')).toBeTruthy();
    expect(chart().querySelectorAll('[data-testid="outside-marks"] circle')).toHaveLength(1);
    expect(chart().querySelector('[data-testid="normal-band"]')).toBeTruthy();
    expect(api.calls).toContain(`GET ${POWER}?range=24h`);
    expect(screen.getByRole('link', { name: 'Карточка устройства' }).getAttribute('href')).toBe(`/devices/${encodeURIComponent(MAC)}/update`);
  });

  it('asks for the range picked and keeps it in the address', async () => {
    renderPower(`/devices/${MAC}/power?range=7d`);
    await screen.findByText('Вне нормы за период: 1 из 3');
    expect(api.calls).toContain(`GET ${POWER}?range=7d`);
    expect(screen.getByRole('button', { name: '7 дней' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '30 дней' }));
    await waitFor(() => expect(api.calls).toContain(`GET ${POWER}?range=30d`));
    expect(screen.getByLabelText('location').textContent).toBe(`/devices/${MAC}/power?range=30d`);
  });

  it('says when there are no readings in the period, and when the device was never read', async () => {
    api.handle = (method, url) => (method === 'GET' && url.startsWith(POWER) ? jsonResponse(200, powerAnswer({ points: [], last: null, readingCount: 0, outsideCount: 0, liveStatus: false })) : undefined);
    renderPower();
    await screen.findByText('Нет показаний за этот период');
    expect(screen.getByText('Показаний ещё не было')).toBeTruthy();
    expect(screen.getByText('Не в сети')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Напряжение питания/ })).toBeNull();
  });

  it('shows the server’s message when the readings do not load, and loads them again on «Повторить»', async () => {
    let fail = true;
    api.handle = (method, url) => (method === 'GET' && url.startsWith(POWER) && fail ? jsonResponse(500, { result: false, message: 'База недоступна' }) : undefined);
    renderPower();
    await screen.findByText(/Не удалось загрузить показания: База недоступна/);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await screen.findByText('Вне нормы за период: 1 из 3');
  });

  it('refreshes: the button shows progress, then the new reading is the last one and on the chart', async () => {
    // The device's answer is held until the test has seen the progress.
    let answerRead: (() => void) | null = null;
    const read = new Promise<void>((resolve) => (answerRead = resolve));
    // Once read, the server answers the reading among its own.
    const reading = { measuredAt: at(0), volts: 10.95, source: 'manual' };
    let stored = false;
    api.handle = (method, url) => {
      if (method === 'POST' && url === READ) stored = true;
      if (method === 'GET' && url.startsWith(POWER) && stored) {
        return jsonResponse(200, powerAnswer({ last: reading, readingCount: 4, outsideCount: 2, points: [...powerAnswer().points, { at: at(0), min: 10.95, avg: 10.95, max: 10.95, count: 1 }] }));
      }
      return undefined;
    };
    const fetchStub = vi.mocked(fetch);
    const original = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init) => {
      if (String(input) === READ) await read;
      return original(input, init);
    });
    renderPower();
    await screen.findByText('Вне нормы за период: 1 из 3');
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    const progress = await screen.findByRole('button', { name: 'Читаем устройство…' });
    expect((progress as HTMLButtonElement).disabled).toBe(true);
    answerRead!();
    await screen.findByText(/^Показание получено: 10,95 В, /);
    expect(api.calls).toContain(`POST ${READ}`);
    await waitFor(() => expect(within(lastReading()).getByText('10,95 В')).toBeTruthy());
    expect(within(lastReading()).getByText('вне нормы')).toBeTruthy();
    // The refetch after the reading asks the server again; the new dip is counted and marked.
    await waitFor(() => expect(api.calls.filter((call) => call === `GET ${POWER}?range=24h`).length).toBeGreaterThanOrEqual(2));
    await screen.findByText('Вне нормы за период: 2 из 4');
    expect(chart().querySelectorAll('[data-testid="outside-marks"] circle')).toHaveLength(2);
  });

  it('shows why a refresh failed and keeps the chart', async () => {
    api.handle = (method, url) => (method === 'POST' && url === READ ? jsonResponse(504, { result: false, message: 'Устройство не ответило за 5 с' }) : undefined);
    renderPower();
    await screen.findByText('Вне нормы за период: 1 из 3');
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    await screen.findByText('Не удалось прочитать напряжение: Устройство не ответило за 5 с');
    expect(chart()).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Обновить' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offline: says so and does not offer the refresh', async () => {
    renderPower();
    await screen.findByText('Вне нормы за период: 1 из 3');
    await whileOffline(async () => {
      await screen.findByText(/Нет связи с сервером: обновить показание можно/);
      expect((screen.getByRole('button', { name: 'Обновить' }) as HTMLButtonElement).disabled).toBe(true);
    });
  });

  it('lets support refresh too (a reading changes no setting), and fits a phone', async () => {
    stubPhoneScreen();
    renderPower(`/devices/${MAC}/power`, ['support']);
    await screen.findByText('Вне нормы за период: 1 из 3');
    expect((screen.getByRole('button', { name: 'Обновить' }) as HTMLButtonElement).disabled).toBe(false);
    expect(chart().getAttribute('height')).toBe('240');
  });
});
