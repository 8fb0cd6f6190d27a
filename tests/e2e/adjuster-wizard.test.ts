import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK_FAILURE_SHARE, DEFAULT_NETWORK_SEED, NetworkSimulator, PORT_PROFILES } from '../../server/gateways/network/simulator';
import { DESKTOP, MOBILE, SCREENS_DIR, account, csrfToken, launchBrowser, logIn, openSession, type Viewport } from './browser';
import { expectFieldError, expectFits, expectStepMarked } from './wizard-checks';

/*
 * The adjuster wizard in Chromium against the real server (SEED=small, the network
 * simulator with its default seed and failure share). Every step is done through the screen, and
 * what the server then holds is read back through the API.
 *
 * A failing port job, deterministically: the simulator's failures are a pure function of
 * (seed, job id, attempt) (server/gateways/network/simulator.ts). The test asks a simulator
 * with the server's seed and share which job ids fail, and moves the server's job sequence on
 * (starting jobs on spare ports through the API) until the wizard's next three jobs hold a
 * failure and the three after them (the restart) none. The same is done for DDNS and the
 * preset: the port is chosen so their first attempt succeeds.
 */

const STATION = 'BS-MSK-0001';
const SPARE_STATIONS = ['BS-KZN-0001', 'BS-SPB-0001'];
const NOT_FOUND_PORT = PORT_PROFILES.withoutAddress[0];

let browser: Browser;

/** Ports (1–18) whose billing address is a house the demo installer may bind a device to: their buyer's. */
const installerPorts = new Set<number>();

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SCREENS_DIR, { recursive: true });
  const { context, page } = await openSession(browser, DESKTOP);
  try {
    await logIn(page, account('installer'));
    for (let port = 1; port <= 18; port++) {
      const lookup = await api<{ fiasId: string | null }>(page, 'POST', '/adjuster/api/device/port-device', { name: STATION, portNum: port });
      if (!lookup.fiasId) continue;
      const houses = await api<{ data: unknown[] }>(page, 'GET', `/front/house-list?page=1&fias=${encodeURIComponent(lookup.fiasId)}`);
      if (houses.data.length > 0) installerPorts.add(port);
    }
  } finally {
    await context.close();
  }
});

afterAll(async () => {
  await browser?.close();
});

function simulator(): NetworkSimulator {
  return new NetworkSimulator({ seed: DEFAULT_NETWORK_SEED, failureShare: DEFAULT_NETWORK_FAILURE_SHARE, timeScale: 0, addressBook: async () => [] });
}

async function jobFails(id: number): Promise<boolean> {
  const outcome = await simulator().runPortJob({ id, kind: 'changeVlanPort', bsName: STATION, portNum: 1, attempt: 1 }, async () => undefined, new AbortController().signal);
  return !outcome.ok;
}

/** A port (1–18: with an address of the installer's buyer) whose device's first DDNS set-up and preset upload succeed. */
async function goodPort(exclude: readonly number[]): Promise<number> {
  for (let port = 1; port <= 18; port++) {
    if (exclude.includes(port) || !installerPorts.has(port)) continue;
    const sim = simulator();
    const device = await sim.device(STATION, port);
    if (!device) continue;
    const ddns = await sim.setupDdns(device.mac, device.ip);
    const preset = await sim.uploadPreset(device.mac, device.type, `http://${device.ip}`);
    if (ddns.ok && preset.ok) return port;
  }
  throw new Error('no port whose DDNS and preset succeed at once');
}

async function shot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.screenshot({ path: join(SCREENS_DIR, `adjuster-wizard-${name}-${size?.width}x${size?.height}.png`), fullPage: true });
}

async function api<T>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(url, { method, data, headers: { 'X-CSRF-Token': await csrfToken(page), Accept: 'application/json' } });
  if (!response.ok()) throw new Error(`${method} ${url}: HTTP ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

let spare = 0;
/**
 * Starts jobs on spare ports until the next three job ids (the wizard's) satisfy `wanted`.
 * Job ids come from one sequence and each start takes three in a row.
 */
async function moveJobSequence(page: Page, wanted: (next: number) => Promise<boolean>): Promise<void> {
  for (let round = 0; round < 40; round++) {
    const station = SPARE_STATIONS[Math.floor(spare / 18) % SPARE_STATIONS.length];
    const port = (spare % 18) + 1;
    spare++;
    const answer = await api<{ jobs: Record<string, number> }>(page, 'POST', '/adjuster/api/device/port', { bsName: station, portNum: port });
    const next = Math.max(...Object.values(answer.jobs)) + 1;
    if (await wanted(next)) return;
  }
  throw new Error('no job sequence position found');
}

async function anyFails(first: number): Promise<boolean> {
  return (await Promise.all([first, first + 1, first + 2].map(jobFails))).some(Boolean);
}

const next = (page: Page) => page.getByRole('button', { name: 'Далее' }).click();
const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 });

interface Run {
  viewport: Viewport;
  name: string;
  port: number;
  failFirst: boolean;
}

async function runWizard({ viewport, name, port, failFirst }: Run) {
  const { context, page, pageErrors } = await openSession(browser, viewport);
  try {
    await logIn(page, account('installer'));
    await page.goto('/devices/wizard');
    await heading(page, 'Порт').waitFor();
    await page.waitForURL((url) => url.searchParams.has('draft'));
    const draftId = new URL(page.url()).searchParams.get('draft') ?? '';
    await shot(page, `${name}-1-port-empty`);
    // A phone shows six numbers and, under them, the open step's name.
    expect(await page.getByText('Шаг 1 из 6 · Порт', { exact: true }).isVisible()).toBe(viewport === MOBILE);
    await expectFits(page);

    // «Далее» with empty fields stays on the step, marks them (the first takes the focus) and the step.
    await next(page);
    await expectFieldError(page, 'Базовая станция', 'Введите имя базовой станции');
    await expectFieldError(page, 'Номер порта', 'Введите номер порта', false);
    await expectStepMarked(page, 'Шаг не завершён', ['1. Порт']);
    await shot(page, `${name}-1-port-error`);
    await expectFits(page);

    // Step 1: a port without a known address, then one with.
    await page.getByLabel('Базовая станция').fill(STATION);
    await page.getByLabel('Номер порта').fill(String(NOT_FOUND_PORT));
    await page.getByRole('button', { name: 'Найти адрес' }).click();
    await page.getByText('Адрес не найден').waitFor();
    await shot(page, `${name}-1-port-not-found`);
    await next(page);
    await page.getByText('Найдите адрес порта').waitFor();
    await expect.poll(() => heading(page, 'Порт').count()).toBe(1);

    await page.getByLabel('Номер порта').fill(String(port));
    await page.getByRole('button', { name: 'Найти адрес' }).click();
    await page.getByText('Адрес порта', { exact: true }).waitFor();
    const lookup = await api<{ address: string; entranceNum: number; fiasId: string }>(page, 'POST', '/adjuster/api/device/port-device', { name: STATION, portNum: port });
    await page.getByText(lookup.address).waitFor();
    // Port diagnostics: link, cable pairs and errors.
    await page.getByRole('button', { name: 'Диагностика порта' }).click();
    const diagnostics = page.getByRole('region', { name: 'Диагностика порта' });
    await diagnostics.getByText('Линк есть').waitFor();
    await diagnostics.getByText(/Пара 1: \d+ м, в порядке/).waitFor();
    await diagnostics.getByText('Приём: Ошибок нет').waitFor();
    await shot(page, `${name}-1-port-found`);

    // Step 2: the entrance the billing gave is chosen; the installer may pick another.
    await next(page);
    await heading(page, 'Подъезд').waitFor();
    const entrance = page.getByRole('button', { name: new RegExp(`^Подъезд ${lookup.entranceNum}\\b`) });
    await expect.poll(() => entrance.getAttribute('aria-pressed')).toBe('true');
    await shot(page, `${name}-2-entrance`);
    await expectFits(page);

    // Step 3: the port jobs.
    await next(page);
    await heading(page, 'Задания').waitFor();
    await moveJobSequence(page, async (first) => (failFirst ? (await anyFails(first)) && !(await anyFails(first + 3)) : !(await anyFails(first))));
    await page.getByRole('button', { name: 'Запустить задания' }).click();
    const jobs = page.getByRole('list', { name: 'Задания на порту' });
    // They start at 'unknown' with their numbers, then show their progress.
    await jobs.getByText(/Задание № \d+/).first().waitFor();
    await expect.poll(() => jobs.locator('[data-phase="queued"], [data-phase="running"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await shot(page, `${name}-3-jobs-running`);
    // Moving on is refused while they run.
    await next(page);
    await page.getByText('Дождитесь успешного выполнения').waitFor();

    if (failFirst) {
      await page.getByText('Задание не выполнено').waitFor({ timeout: 30_000 });
      expect(await jobs.locator('[data-phase="error"]').count()).toBeGreaterThan(0);
      await expect.poll(() => jobs.locator('[data-phase="error"]').first().innerText()).toMatch(/Ошибка/);
      await shot(page, `${name}-3-jobs-failed`);
      await page.getByRole('button', { name: 'Перезапустить задания' }).click();
      await expect.poll(() => jobs.locator('[data-phase="error"]').count()).toBe(0);
    }
    await page.getByText('Все задания выполнены.').waitFor({ timeout: 30_000 });
    expect(await jobs.locator('[data-phase="success"]').count()).toBe(3);
    await shot(page, `${name}-3-jobs-done`);
    await expectFits(page);

    // Step 4: the device, created through the outbox.
    await next(page);
    await heading(page, 'Устройство').waitFor();
    await page.getByRole('button', { name: 'Создать устройство' }).click();
    await page.getByRole('status', { name: 'Состояние отправки: Создание устройства' }).getByText('Принято сервером').waitFor();
    const mac = (await page.getByTestId('device-mac').innerText()).trim();
    expect(mac).toMatch(/^02:53:49:00:[0-9A-F]{2}:[0-9A-F]{2}$/);
    await shot(page, `${name}-4-device`);
    await expectFits(page);

    // Step 5: DDNS and preset, each with its flag.
    await next(page);
    await heading(page, 'Настройка').waitFor();
    await page.getByRole('button', { name: 'Настроить DDNS' }).click();
    await page.getByRole('region', { name: 'DDNS' }).getByText('DDNS настроен', { exact: true }).waitFor();
    // An address that is not one is refused at the field; the button says why instead of being disabled.
    const presetUrl = page.getByLabel('Адрес устройства для пресета');
    const suggested = await presetUrl.inputValue();
    await presetUrl.fill('не адрес');
    await page.getByRole('button', { name: 'Загрузить пресет' }).click();
    await expectFieldError(page, presetUrl, 'Адрес вида http://10.16.3.4 или имя хоста (intercom-7.example.net), без пробелов', false);
    await shot(page, `${name}-5-setup-error`);
    expect(await page.getByRole('region', { name: 'Пресет' }).getByText('Пресет загружен', { exact: true }).count()).toBe(0);
    await presetUrl.fill(suggested);
    await page.getByRole('button', { name: 'Загрузить пресет' }).click();
    await page.getByRole('region', { name: 'Пресет' }).getByText('Пресет загружен', { exact: true }).waitFor();
    // The upload's answer names the device type, not its number.
    await page.getByRole('region', { name: 'Пресет' }).getByText(/^Пресет для [A-Z0-9_]+ загружен$/).waitFor();
    await shot(page, `${name}-5-setup`);
    await expectFits(page);

    // Step 6: house and group, through the outbox in that order.
    await next(page);
    await heading(page, 'Привязка').waitFor();
    const groups = await api<{ data: { groupId: number; name: string }[] }>(page, 'GET', '/front/user/groups');
    const group = groups.data[groups.data.length - 1];
    const select = page.getByRole('combobox', { name: 'Группа' });
    // The group is required, and binding without one says so at the field.
    expect(await select.getAttribute('required')).not.toBeNull();
    await page.getByRole('button', { name: 'Привязать устройство' }).click();
    await expectFieldError(page, select, 'Выберите группу', false);
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
    await select.selectOption(String(group.groupId));
    await shot(page, `${name}-6-bind-ready`);
    await page.getByRole('button', { name: 'Привязать устройство' }).click();
    await page.getByText('Устройство создано и привязано к дому и группе.').waitFor({ timeout: 30_000 });
    await shot(page, `${name}-6-bind-done`);
    await expectFits(page);

    return { page, context, pageErrors, mac, lookup, group, draftId, port };
  } catch (error) {
    await shot(page, `${name}-failure`).catch(() => undefined);
    await context.close();
    throw error;
  }
}

interface StoredJob {
  kind: string;
  status: string;
  url: string;
  body: unknown;
  draftId: string;
  target: { mac?: string };
}

async function outboxRows(page: Page): Promise<StoredJob[]> {
  return page.evaluate(
    () =>
      new Promise<StoredJob[]>((resolve, reject) => {
        const open = indexedDB.open('intercom-back-office');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('outbox', 'readonly').objectStore('outbox').getAll();
          request.onsuccess = () => resolve(request.result as StoredJob[]);
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

describe('adjuster wizard', () => {
  it.each([
    ['phone', MOBILE, false],
    ['desktop', DESKTOP, true],
  ] as const)('(%s) is completed online; the server holds the device bound to the house and the group', async (name, viewport, failFirst) => {
    const phonePort = await goodPort([]);
    const port = name === 'phone' ? phonePort : await goodPort([phonePort]);
    const run = await runWizard({ viewport, name, port, failFirst });
    const { page, context, pageErrors, mac, lookup, group, draftId } = run;
    try {
      // The device: created behind the port, with the port, house and entrance, DDNS and preset flags.
      const device = await api<{ data: { mac: string; options: Record<string, string | null>; message: string } }>(page, 'GET', `/adjuster/api/device/${encodeURIComponent(mac)}`);
      expect(device.data.options).toEqual({ billing_bsName: STATION, billing_bsPort: String(port), billing_porchNum: String(lookup.entranceNum) });
      expect(device.data.message).toMatch(/^DDNS: настроен \(.+\); пресет: загружен$/);

      // Bound to exactly that house and that group.
      const card = await api<{ houses: { fias?: string | null }[]; groups: { groupId: number }[] }>(page, 'GET', `/front/device-card/device/${encodeURIComponent(mac)}`);
      expect(card.houses.map((house) => house.fias)).toEqual([lookup.fiasId]);
      expect(card.groups.map((each) => each.groupId)).toEqual([group.groupId]);

      // Exactly what was sent, each once: three outbox jobs, in order, all accepted.
      const rows = (await outboxRows(page)).filter((row) => row.draftId === draftId);
      expect(rows.map((row) => [row.kind, row.status])).toEqual([
        ['adjuster-device', 'sent'],
        ['adjuster-house', 'sent'],
        ['adjuster-group', 'sent'],
      ]);
      expect(rows.map((row) => row.body)).toEqual([{ name: STATION, portNum: port }, { fiasId: lookup.fiasId, porchNum: lookup.entranceNum }, { groupId: group.groupId }]);
      expect(rows[1].url).toBe(`/adjuster/api/device/${encodeURIComponent(mac)}/house`);

      // The draft shows device, house and step; reopening it shows where it was.
      await page.reload();
      await heading(page, 'Привязка').waitFor();
      await page.getByText('Устройство создано и привязано к дому и группе.').waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
    // The simulated port jobs take real seconds (desktop fails one first): about 30 s on a busy machine.
  }, 120_000);

  it('(phone) offline: the steps that need the network say so, the draft is kept, and the wizard goes on when the network is back', async () => {
    const first = await goodPort([]);
    const second = await goodPort([first]);
    const port = await goodPort([first, second]);
    const { context, page, pageErrors } = await openSession(browser, MOBILE);
    try {
      await logIn(page, account('installer'));
      await page.goto('/devices/wizard');
      await heading(page, 'Порт').waitFor();
      await page.waitForURL((url) => url.searchParams.has('draft'));
      const draftId = new URL(page.url()).searchParams.get('draft') ?? '';
      await page.getByLabel('Базовая станция').fill(STATION);
      await page.getByLabel('Номер порта').fill(String(port));

      // Offline, the look-up says it needs the network; the fields stay in the draft.
      await context.setOffline(true);
      await page.getByText('Для этого шага нужна сеть').waitFor();
      expect(await page.getByRole('button', { name: 'Найти адрес' }).isDisabled()).toBe(true);
      await shot(page, 'offline-1-port');
      await context.setOffline(false);
      await expect.poll(() => page.getByRole('button', { name: 'Найти адрес' }).isEnabled(), { timeout: 20_000 }).toBe(true);
      await page.getByRole('button', { name: 'Найти адрес' }).click();
      await page.getByText('Адрес порта', { exact: true }).waitFor();
      await next(page);
      await heading(page, 'Подъезд').waitFor();
      await next(page);
      await heading(page, 'Задания').waitFor();

      // The jobs run on the server while the phone is offline; their states come in once it is back.
      await moveJobSequence(page, async (firstJob) => !(await anyFails(firstJob)));
      await page.getByRole('button', { name: 'Запустить задания' }).click();
      await page.getByText(/Задание № \d+/).first().waitFor();
      await context.setOffline(true);
      await page.getByText('Нет сети: состояние заданий обновится, когда связь вернётся.').waitFor();
      await shot(page, 'offline-3-jobs');
      await context.setOffline(false);
      await page.getByText('Все задания выполнены.').waitFor({ timeout: 40_000 });

      // The device is created through the outbox: queued offline, sent once the network is back.
      await next(page);
      await heading(page, 'Устройство').waitFor();
      // The network drops once the step is on screen (its form loads after its heading), as in a basement.
      const create = page.getByRole('button', { name: 'Создать устройство' });
      await create.waitFor();
      await context.setOffline(true);
      await create.click();
      const deviceJob = page.getByRole('status', { name: 'Состояние отправки: Создание устройства' });
      await deviceJob.getByText('Нет сети: заявка уйдёт, когда связь вернётся.').waitFor();
      await shot(page, 'offline-4-device-queued');
      await context.setOffline(false);
      await deviceJob.getByText('Принято сервером').waitFor({ timeout: 40_000 });
      const mac = (await page.getByTestId('device-mac').innerText()).trim();

      // A reload resumes the draft at its step, with the device the server reported.
      await page.reload();
      await heading(page, 'Устройство').waitFor();
      expect((await page.getByTestId('device-mac').innerText()).trim()).toBe(mac);
      expect(new URL(page.url()).searchParams.get('draft')).toBe(draftId);
      const rows = (await outboxRows(page)).filter((row) => row.draftId === draftId);
      expect(rows.map((row) => [row.kind, row.status])).toEqual([['adjuster-device', 'sent']]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
