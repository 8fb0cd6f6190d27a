import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, SCREENS_DIR, account, baseUrl, launchBrowser, logIn, logOut, type Viewport, waitForControl } from './browser';
import { expectFieldError, expectStepMarked } from './wizard-checks';

/*
 * The device set-up wizard in Chromium against the real
 * server (SEED=small): a new device completed online and read back from the server; filled offline
 * from a house snapshot, the app closed and reopened offline at step 3, then saved exactly once back
 * online; the buyer-1 SIP rule; an existing device opened with its settings, one field changed,
 * the change shown on the review and nothing else overwritten; a step with errors that does not
 * advance; an existing device filled offline that the server refuses to overwrite. Every step is
 * photographed at 390×844 and 1440×900 into test-results/screens/ (whole pages).
 */

const SCREENS = SCREENS_DIR;
const ORIGIN = 'Откуда взяты настройки';
const JOB_LABEL = 'Состояние отправки';
const SENT = 'Устройство сохранено на сервере';
const QUEUED = 'В очереди на отправку';
const SAVE_URL = '/front/wizard/save';
/** The body of POST /front/wizard/save, exactly. */
const SAVE_FIELDS = [
  'mac',
  'deviceType',
  'login',
  'password',
  'url',
  'houses',
  'relays',
  'sipPort',
  'sipDomain',
  'sipType',
  'bsName',
  'bsPort',
  'devicePurpose',
  'fiasId',
  'porchNum',
  'shift',
  'vendor',
  'executorId',
  'deviceOwner',
].sort();

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(SCREENS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

interface Tab {
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
  saves: string[];
}

async function openTab(viewport: Viewport): Promise<Tab> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale: 'ru-RU', timezoneId: 'UTC' });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Every save that left the browser (page or worker), to count them.
  const saves: string[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === SAVE_URL) saves.push(request.headers()['idempotency-key'] ?? '');
  });
  return { context, page, pageErrors, saves };
}

async function shot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  // Nothing on the page may be wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${name} is wider than the viewport`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(SCREENS, `device-wizard-${name}-${size ? `${size.width}x${size.height}` : 'page'}.png`), fullPage: true });
}


/** A locally administered MAC no seed uses. */
function freshMac(): { url: string; normal: string } {
  const hex = [0x02, ...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0').toUpperCase());
  return { url: hex.join('-'), normal: hex.join(':') };
}

async function apiGet<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return (await response.json()) as unknown;
  }, url) as Promise<T>;
}

interface HouseRow {
  id: string;
  address: string;
  fias: string | null;
}

async function house(page: Page, index: number): Promise<HouseRow> {
  const answer = await apiGet<{ data: HouseRow[] }>(page, '/front/house-list?page=1');
  // Round the list: an installer lists only its buyer's houses.
  const found = answer.data[index % Math.max(1, answer.data.length)];
  if (!found) throw new Error('no house the user may pick in the seed');
  return found;
}

interface CardDevice {
  mac: string;
  buyerId: number;
  type: number;
  statusCode: number;
  createDate: string;
  updateDate: string;
  options: Record<string, unknown>;
  houses: string[];
  relays: { id: number; entrance: string }[];
  sipAccount: { domain: string; port: number; type: string } | null;
}

/** The device as the server's device card gives it. */
async function cardOf(page: Page, mac: string): Promise<{ device: CardDevice; entrances: { relay: number; entrance: string; house: string }[] }> {
  return apiGet(page, `/front/device-card/device/${encodeURIComponent(mac)}`);
}

async function stored<T>(page: Page, table: 'drafts' | 'outbox'): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('intercom-back-office');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction(name, 'readonly').objectStore(name).getAll();
          request.onsuccess = () => {
            resolve(request.result);
            db.close();
          };
          request.onerror = () => reject(request.error);
        };
      }),
    table,
  ) as Promise<T[]>;
}

interface StoredDraft {
  id: string;
  kind: string;
  target: { mac?: string; house?: string; step?: number | string };
  data: { mac: string; type: number | null; vendor: string; houses: string[]; relays: { id: number; entrance: string }[]; billing: { bsName: string } };
}

interface StoredJob {
  id: number;
  kind: string;
  status: string;
  draftId: string;
  url: string;
  target: { mac?: string; house?: string };
  body: Record<string, unknown>;
}

function draftIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('draft');
  if (!id) throw new Error(`no draft id in ${page.url()}`);
  return id;
}

const jobStatus = (page: Page) => page.getByRole('status', { name: JOB_LABEL });
const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 });
const next = (page: Page) => page.getByRole('button', { name: 'Далее' }).click();

async function openWizard(page: Page, mac: string): Promise<void> {
  await page.goto(`/devices/${mac}/wizard`);
  await heading(page, 'Устройство').waitFor();
  await page.waitForURL((url) => url.searchParams.has('draft'));
}

async function addHouse(page: Page, address: string): Promise<void> {
  await page.getByLabel('Найти дом').fill(address.slice(0, 14));
  await page.getByRole('button', { name: `Добавить дом ${address}` }).click();
  await page.getByRole('button', { name: `Убрать дом ${address}` }).waitFor();
}

async function chooseEntrance(page: Page, relayIndex: number, optionIndex: number): Promise<string> {
  const select = page.getByRole('combobox', { name: 'Подъезд' }).nth(relayIndex);
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(optionIndex);
  await select.selectOption({ index: optionIndex });
  return select.inputValue();
}

describe('device set-up wizard, online', () => {
  it.each([
    ['phone', MOBILE, 0],
    ['desktop', DESKTOP, 1],
  ] as const)('(%s) is completed step by step and the server holds exactly what was sent', async (_name, viewport, houseIndex) => {
    const { context, page, pageErrors, saves } = await openTab(viewport);
    try {
      await logIn(page, account('installer'));
      const target = await house(page, houseIndex);
      const mac = freshMac();

      await openWizard(page, mac.url);
      // A MAC the server does not know: a new device, from the spec's defaults.
      await page.getByRole('status', { name: ORIGIN }).getByText(`Устройства ${mac.normal} ещё нет на сервере`).waitFor();
      expect(await page.getByLabel('MAC-адрес').inputValue()).toBe(mac.normal);
      expect(await page.getByLabel('Логин устройства').inputValue()).toBe('admin');
      expect(await page.getByLabel('Пароль устройства').inputValue()).toBe('123456');
      expect(await page.getByLabel('Пароль устройства').getAttribute('type')).toBe('password');
      expect(await page.getByRole('button', { name: '1. Устройство' }).getAttribute('aria-current')).toBe('step');
      await shot(page, '1-device-empty');
      await page.getByRole('combobox', { name: 'Тип устройства' }).selectOption('5');
      await page.getByLabel('Пароль устройства').fill('s3cret-pass');
      await page.getByLabel('Адрес устройства (URL)').fill(`http://${mac.url.toLowerCase()}.intercom.local`);
      await page.getByLabel('Сдвиг нумерации квартир').fill('-2');
      await page.getByLabel('Производитель').fill('Beward');
      await shot(page, '1-device');

      await next(page);
      await heading(page, 'Дома').waitFor();
      await addHouse(page, target.address);
      await shot(page, '2-houses');

      await next(page);
      await heading(page, 'Реле и подъезды').waitFor();
      await page.getByText('Подъезды выбранных домов загружены с сервера').waitFor();
      const entrance1 = await chooseEntrance(page, 0, 1);
      await page.getByRole('button', { name: 'Добавить реле' }).click();
      expect(await page.getByLabel('Номер реле').nth(1).inputValue()).toBe('2');
      await shot(page, '3-relays');

      await next(page);
      await heading(page, 'SIP').waitFor();
      // The installer's buyer is 1: the provider's domain and port, not editable.
      expect(await page.getByLabel('SIP-домен').inputValue()).toBe('sip.intercom.local');
      expect(await page.getByLabel('SIP-порт').inputValue()).toBe('7777');
      expect(await page.getByLabel('SIP-домен').isDisabled()).toBe(true);
      await page.getByRole('combobox', { name: 'Транспорт SIP' }).selectOption('tcp');
      await shot(page, '4-sip');

      await next(page);
      await heading(page, 'Биллинг').waitFor();
      // The first house's FIAS id is offered for billing.
      expect(await page.getByLabel('Код ФИАС').inputValue()).toBe(target.fias ?? '');
      // What the server would refuse shows at the field, and «Далее» stays on the step.
      await page.getByLabel('Порт базовой станции').fill('-3');
      await page.getByLabel('Код ФИАС').fill('not-a-fias');
      await page.getByLabel('Номер подъезда (биллинг)').fill('пять');
      await next(page);
      await expectFieldError(page, 'Порт базовой станции', 'Номер порта — целое число от 1 до 65535');
      await expectFieldError(page, 'Код ФИАС', 'Код ФИАС — GUID вида 0c5b2444-70a0-4932-980c-b4dc0d3f02b5', false);
      await expectFieldError(page, 'Номер подъезда (биллинг)', 'Номер подъезда — целое число от 1 до 999', false);
      await expectStepMarked(page, 'Есть поля для исправления', ['5. Биллинг']);
      expect(await heading(page, 'Биллинг').count()).toBe(1);
      await shot(page, '5-billing-errors');
      await page.getByLabel('Код ФИАС').fill(target.fias ?? '');
      await page.getByLabel('Базовая станция', { exact: true }).fill('BS-E2E');
      await page.getByLabel('Порт базовой станции').fill('7');
      await page.getByLabel('Номер подъезда (биллинг)').fill('1');
      const executor = page.getByRole('combobox', { name: 'Исполнитель' });
      await expect.poll(() => executor.locator('option').count()).toBeGreaterThan(1);
      await executor.selectOption({ index: 1 });
      const executorId = Number(await executor.inputValue());
      await shot(page, '5-billing');

      await next(page);
      await heading(page, 'Сохранение').waitFor();
      await page.getByText('Всё готово').waitFor();
      await page.getByText('Устройства ещё нет на сервере: оно будет создано с этими настройками.').waitFor();
      // The password typed is masked on the review too, and can be read with the eye.
      const device = page.getByRole('region', { name: 'Устройство', exact: true });
      expect(await device.getByText('s3cret-pass').count()).toBe(0);
      await device.getByRole('button', { name: 'Показать пароль' }).click();
      await device.getByText('s3cret-pass').waitFor();
      await device.getByRole('button', { name: 'Скрыть пароль' }).click();
      await shot(page, '6-review');
      await page.getByRole('button', { name: 'Сохранить устройство' }).click();
      await jobStatus(page).getByText(SENT).waitFor({ timeout: 30_000 });
      await shot(page, '7-sent');

      const draftId = draftIdOf(page);
      const jobs = (await stored<StoredJob>(page, 'outbox')).filter((job) => job.draftId === draftId);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ kind: 'device-setup', status: 'sent', url: SAVE_URL, target: { mac: mac.normal, house: target.address } });
      // Exactly the spec's fields, with what was typed.
      expect(Object.keys(jobs[0].body).sort()).toEqual(SAVE_FIELDS);
      expect(jobs[0].body).toEqual({
        mac: mac.normal,
        deviceType: 5,
        login: 'admin',
        password: 's3cret-pass',
        url: `http://${mac.url.toLowerCase()}.intercom.local`,
        houses: [target.id],
        relays: [
          { id: 1, entrance: entrance1 },
          { id: 2, entrance: '' },
        ],
        sipPort: 7777,
        sipDomain: 'sip.intercom.local',
        sipType: 'tcp',
        bsName: 'BS-E2E',
        bsPort: '7',
        devicePurpose: 1,
        fiasId: target.fias ?? '',
        porchNum: '1',
        shift: -2,
        vendor: 'Beward',
        executorId,
        deviceOwner: null,
      });
      expect(saves).toHaveLength(1);

      // The server's device card shows what was sent.
      const card = await cardOf(page, mac.normal);
      expect(card.device).toMatchObject({
        mac: mac.normal,
        type: 5,
        houses: [target.id],
        sipAccount: { domain: 'sip.intercom.local', port: 7777, type: 'tcp' },
      });
      expect(card.device.relays.map(({ id, entrance }) => ({ id, entrance }))).toEqual([
        { id: 1, entrance: entrance1 },
        { id: 2, entrance: '' },
      ]);
      expect(card.device.options).toMatchObject({
        url: `http://${mac.url.toLowerCase()}.intercom.local`,
        login: 'admin',
        password: 's3cret-pass',
        SHIFT: -2,
        VENDOR: 'Beward',
        billing_bsName: 'BS-E2E',
        billing_bsPort: '7',
        billing_fiasId: target.fias ?? '',
        billing_porchNum: '1',
        billing_executorId: String(executorId),
        devicePurpose: 1,
        deviceOwner: null,
        sipPort: 7777,
      });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('device set-up wizard filled offline from a house snapshot', () => {
  it('resumes at step 3 with every field after the app is closed and reopened offline, and is saved exactly once back online', async () => {
    const { context, page, pageErrors, saves } = await openTab(MOBILE);
    try {
      await logIn(page, account('installer'));
      await waitForControl(page);
      const target = await house(page, 2);
      const mac = freshMac();

      // Online: take the house offline from the house list.
      await page.goto('/houses');
      await page.getByRole('button', { name: `Сохранить для офлайн-работы: ${target.address}` }).click();
      await page.getByRole('button', { name: `Обновить сохранённые данные дома ${target.address}` }).waitFor();

      await context.setOffline(true);
      await openWizard(page, mac.url);
      await page.getByRole('status', { name: ORIGIN }).getByText('Нет связи: настройки устройства не прочитаны').waitFor();
      const draftId = draftIdOf(page);
      await page.getByRole('combobox', { name: 'Тип устройства' }).selectOption('6');
      await page.getByLabel('Производитель').fill('Iscom offline');
      await next(page);
      await page.getByText('Нет связи: можно выбрать только дома, сохранённые для офлайн-работы').waitFor();
      await addHouse(page, target.address);
      await shot(page, 'offline-2-houses');
      await next(page);
      // The entrances come from the snapshot at once: no request, no wait.
      await page.getByText('Подъезды из данных, сохранённых для офлайн-работы').waitFor({ timeout: 2_000 });
      const entrance = await chooseEntrance(page, 0, 1);
      await shot(page, 'offline-3-relays');
      await expect
        .poll(async () => {
          const draft = (await stored<StoredDraft>(page, 'drafts')).find((row) => row.id === draftId);
          return draft && { step: draft.target.step, mac: draft.target.mac, type: draft.data.type, relays: draft.data.relays };
        })
        .toEqual({ step: 3, mac: mac.normal, type: 6, relays: [{ id: 1, entrance }] });

      // The app is closed, and opened again (still offline) from the drafts list.
      await page.close();
      const reopened = await context.newPage();
      reopened.on('pageerror', (error) => pageErrors.push(error.message));
      await reopened.goto('/outbox');
      await reopened.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      expect(await reopened.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await reopened.goto(`/devices/${encodeURIComponent(mac.normal)}/wizard?draft=${draftId}`);
      await heading(reopened, 'Реле и подъезды').waitFor();
      expect(await reopened.getByRole('button', { name: '3. Реле и подъезды' }).getAttribute('aria-current')).toBe('step');
      await expect.poll(() => reopened.getByRole('combobox', { name: 'Подъезд' }).inputValue()).toBe(entrance);
      await shot(reopened, 'offline-4-resumed');
      await reopened.getByRole('button', { name: '1. Устройство' }).click();
      expect(await reopened.getByRole('combobox', { name: 'Тип устройства' }).inputValue()).toBe('6');
      expect(await reopened.getByLabel('Производитель').inputValue()).toBe('Iscom offline');
      await reopened.getByRole('button', { name: '2. Дома' }).click();
      await reopened.getByRole('button', { name: `Убрать дом ${target.address}` }).waitFor();
      await reopened.getByRole('button', { name: '5. Биллинг' }).click();
      await reopened.getByLabel('Базовая станция', { exact: true }).fill('BS-OFFLINE');
      await reopened.getByRole('button', { name: '6. Сохранение' }).click();
      await reopened.getByText('Настройки устройства не прочитаны: сравнить не с чем.').waitFor();
      await reopened.getByRole('button', { name: 'Сохранить устройство' }).click();
      await jobStatus(reopened).getByText(QUEUED).waitFor();
      // Filled without the device's settings: the server is asked to create it only, never to replace one.
      const [queued] = (await stored<StoredJob>(reopened, 'outbox')).filter((job) => job.draftId === draftId);
      expect(queued.body).toMatchObject({ mac: mac.normal, onlyIfNew: true });
      await jobStatus(reopened).getByText(/Нет связи: сохранение уйдёт, когда связь появится/).waitFor();
      await shot(reopened, 'offline-5-queued');
      expect(saves).toHaveLength(0);

      await context.setOffline(false);
      await jobStatus(reopened).getByText(SENT).waitFor({ timeout: 45_000 });
      await shot(reopened, 'offline-6-sent');
      // Exactly once: one request left the browser, one job, and the device was created and never updated.
      expect(saves).toHaveLength(1);
      const jobs = (await stored<StoredJob>(reopened, 'outbox')).filter((job) => job.draftId === draftId);
      expect(jobs.map((job) => job.status)).toEqual(['sent']);
      const card = await cardOf(reopened, mac.normal);
      expect(card.device).toMatchObject({ mac: mac.normal, type: 6, houses: [target.id], relays: [{ id: 1, entrance }] });
      expect(card.device.options).toMatchObject({ VENDOR: 'Iscom offline', billing_bsName: 'BS-OFFLINE' });
      expect(card.device.createDate).toBe(card.device.updateDate);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.setOffline(false).catch(() => undefined);
      await context.close();
    }
  });
});

describe('the buyer-1 SIP rule', () => {
  async function finish(page: Page): Promise<void> {
    await page.getByRole('button', { name: '6. Сохранение' }).click();
    await page.getByRole('button', { name: 'Сохранить устройство' }).click();
    await jobStatus(page).getByText(SENT).waitFor({ timeout: 30_000 });
  }

  it('keeps what another buyer typed, and forces the provider domain and port 7777 (not editable) for buyer 1', async () => {
    // Another buyer's installer: the seed gives each buyer installers whose password is their login.
    const admin = await openTab(DESKTOP);
    let other: string;
    try {
      await logIn(admin.page, account('admin'));
      // No user list route yet: the staff follow the demo accounts (ids 5…), a few per role and buyer.
      let found: { login: string; buyerId: number; comment: string | null } | undefined;
      for (let id = 5; id <= 80 && !found; id++) {
        const answer = await apiGet<{ data?: { login: string; buyerId: number; comment: string | null } }>(admin.page, `/front/user/${id}`).catch(() => null);
        const user = answer?.data;
        if (user && user.buyerId === 2 && (user.comment ?? '').includes('монтажник')) found = user;
      }
      if (!found) throw new Error('no installer of buyer 2 in the seed');
      other = found.login;
    } finally {
      await admin.context.close();
    }

    const { context, page, pageErrors } = await openTab(DESKTOP);
    try {
      await logIn(page, { login: other, password: other });
      const mac = freshMac();
      await openWizard(page, mac.url);
      await page.getByRole('combobox', { name: 'Тип устройства' }).selectOption('1');
      await page.getByRole('button', { name: '4. SIP' }).click();
      expect(await page.getByLabel('SIP-домен').isDisabled()).toBe(false);
      await page.getByLabel('SIP-домен').fill('sip.buyer2.example');
      await page.getByLabel('SIP-порт').fill('5070');
      await shot(page, 'sip-other-buyer');
      await finish(page);
      const card = await cardOf(page, mac.normal);
      expect(card.device.sipAccount).toMatchObject({ domain: 'sip.buyer2.example', port: 5070, type: 'udp' });
      const draftId = draftIdOf(page);

      // A buyer-1 user: the rule overrides the defaults and cannot be edited.
      await logOut(page);
      await logIn(page, account('installer'));
      const mac2 = freshMac();
      await openWizard(page, mac2.url);
      await page.getByRole('combobox', { name: 'Тип устройства' }).selectOption('1');
      await page.getByRole('button', { name: '4. SIP' }).click();
      expect(await page.getByLabel('SIP-домен').inputValue()).toBe('sip.intercom.local');
      expect(await page.getByLabel('SIP-порт').inputValue()).toBe('7777');
      expect(await page.getByLabel('SIP-домен').isDisabled()).toBe(true);
      expect(await page.getByLabel('SIP-порт').isDisabled()).toBe(true);
      await page.getByText('У устройств оператора домен и порт SIP задаёт его SIP-провайдер').waitFor();
      await shot(page, 'sip-buyer-1');
      await finish(page);
      const card2 = await cardOf(page, mac2.normal);
      expect(card2.device.sipAccount).toMatchObject({ domain: 'sip.intercom.local', port: 7777 });
      expect(draftId).not.toBe(draftIdOf(page));
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

interface CardAnswer {
  device: CardDevice;
  houses: { id: string; address: string }[];
  entrances: { relay: number; entrance: string; house: string }[];
}

/**
 * Seeded devices of the installer's buyer set up in full (houses, a relay bound to an entrance,
 * billing, a SIP account), last first: the device card's tests take the first of a type.
 */
async function setUpDevices(page: Page): Promise<CardAnswer[]> {
  const found: CardAnswer[] = [];
  for (let pageNo = 1; pageNo <= 5; pageNo++) {
    const list = await apiGet<{ data: { MAC: string; STATUS_CODE: number; BUYER_ID: number }[]; pagination?: { pageCount: number } }>(page, `/front/device-list/get-list?page=${pageNo}`);
    for (const row of list.data) {
      if (row.STATUS_CODE !== 1) continue;
      const card = (await apiGet<CardAnswer>(page, `/front/device-card/device/${encodeURIComponent(row.MAC)}`)) as CardAnswer;
      const { device } = card;
      if (device.houses.length > 0 && device.relays.some((relay) => relay.entrance !== '') && device.sipAccount && device.options.billing_bsName) found.push(card);
    }
    if (pageNo >= (list.pagination?.pageCount ?? 1)) break;
  }
  if (found.length < 4) throw new Error(`only ${found.length} set-up devices in the seed`);
  return found.reverse();
}

/** The error the stepper's step carries for screen readers (and shows as its marker). */
async function stepError(page: Page, name: string): Promise<string> {
  return page.getByRole('button', { name, exact: true }).evaluate((button) =>
    (button.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

const option = (device: CardDevice, key: string) => String(device.options[key] ?? '');

describe('the set-up wizard of an existing device', () => {
  it.each([
    ['phone', MOBILE, 0],
    ['desktop', DESKTOP, 1],
  ] as const)('(%s) opens with the device’s settings, shows the one change on the review, and the save keeps everything else', async (name, viewport, index) => {
    const { context, page, pageErrors, saves } = await openTab(viewport);
    try {
      await logIn(page, account('installer'));
      const { device, houses } = (await setUpDevices(page))[index];
      const relay = device.relays.find((item) => item.entrance !== '')!;

      await openWizard(page, encodeURIComponent(device.mac));
      await page.getByRole('status', { name: ORIGIN }).getByText('Поля заполнены настройками устройства').waitFor();
      expect(await page.getByRole('combobox', { name: 'Тип устройства' }).inputValue()).toBe(String(device.type));
      expect(await page.getByLabel('Логин устройства').inputValue()).toBe(option(device, 'login'));
      const password = page.getByLabel('Пароль устройства');
      expect(await password.inputValue()).toBe(option(device, 'password'));
      // Masked, with an eye to read it.
      expect(await password.getAttribute('type')).toBe('password');
      await page.getByRole('button', { name: 'Показать пароль' }).click();
      expect(await password.getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Скрыть пароль' }).click();
      expect(await password.getAttribute('type')).toBe('password');
      expect(await page.getByLabel('Адрес устройства (URL)').inputValue()).toBe(option(device, 'url'));
      expect(await page.getByLabel('Производитель').inputValue()).toBe(option(device, 'VENDOR'));
      expect(await page.getByLabel('Сдвиг нумерации квартир').inputValue()).toBe(String(device.options.SHIFT ?? 0));
      await shot(page, `existing-1-device-${name}`);
      await page.getByLabel('Производитель').fill(`Vendor ${name}`);

      await next(page);
      await heading(page, 'Дома').waitFor();
      for (const house of houses) await page.getByRole('button', { name: `Убрать дом ${house.address}` }).waitFor();
      await shot(page, `existing-2-houses-${name}`);

      await next(page);
      await heading(page, 'Реле и подъезды').waitFor();
      await page.getByText('Подъезды выбранных домов загружены с сервера').waitFor();
      const relayIndex = [...device.relays].sort((a, b) => a.id - b.id).findIndex((item) => item.id === relay.id);
      expect(await page.getByLabel('Номер реле').nth(relayIndex).inputValue()).toBe(String(relay.id));
      expect(await page.getByRole('combobox', { name: 'Подъезд' }).nth(relayIndex).inputValue()).toBe(relay.entrance);
      await shot(page, `existing-3-relays-${name}`);

      await next(page);
      await heading(page, 'SIP').waitFor();
      expect(await page.getByLabel('SIP-домен').inputValue()).toBe(device.sipAccount!.domain);
      expect(await page.getByLabel('SIP-порт').inputValue()).toBe(String(device.sipAccount!.port));
      await shot(page, `existing-4-sip-${name}`);

      await next(page);
      await heading(page, 'Биллинг').waitFor();
      expect(await page.getByLabel('Базовая станция', { exact: true }).inputValue()).toBe(option(device, 'billing_bsName'));
      expect(await page.getByLabel('Порт базовой станции').inputValue()).toBe(option(device, 'billing_bsPort'));
      expect(await page.getByLabel('Код ФИАС').inputValue()).toBe(option(device, 'billing_fiasId'));
      expect(await page.getByLabel('Номер подъезда (биллинг)').inputValue()).toBe(option(device, 'billing_porchNum'));
      expect(await page.getByRole('combobox', { name: 'Исполнитель' }).inputValue()).toBe(option(device, 'billing_executorId'));
      expect(await page.getByRole('combobox', { name: 'Назначение устройства' }).inputValue()).toBe(option(device, 'devicePurpose'));
      await shot(page, `existing-5-billing-${name}`);

      await next(page);
      await heading(page, 'Сохранение').waitFor();
      await page.getByText('Изменится полей: 1', { exact: true }).waitFor();
      const section = page.getByRole('region', { name: 'Устройство', exact: true });
      // The change reads «now → after»; the unchanged fields are folded.
      const vendorRow = section.getByRole('listitem').filter({ hasText: 'Производитель' });
      expect(await vendorRow.innerText()).toMatch(new RegExp(`${option(device, 'VENDOR')}[\\s\\S]*→[\\s\\S]*Vendor ${name}`));
      await section.getByText('Без изменений: 5').waitFor();
      expect(await section.getByText(option(device, 'login'), { exact: true }).isVisible()).toBe(false);
      await page.getByRole('region', { name: 'Дома', exact: true }).getByText(`Без изменений: ${houses.length}`, { exact: true }).waitFor();
      await shot(page, `existing-6-review-${name}`);
      await section.getByText('Без изменений: 5').click();
      // The device's password stays masked among the unchanged fields.
      await section.getByText('••••••••').waitFor();
      expect(await section.getByText(option(device, 'password'), { exact: true }).count()).toBe(0);
      await shot(page, `existing-6-review-unfolded-${name}`);

      await page.getByRole('button', { name: 'Сохранить устройство' }).click();
      await jobStatus(page).getByText(SENT).waitFor({ timeout: 30_000 });
      expect(saves).toHaveLength(1);
      const [job] = (await stored<StoredJob>(page, 'outbox')).filter((item) => item.draftId === draftIdOf(page));
      expect(Object.keys(job.body).sort()).toEqual(SAVE_FIELDS);

      // Nothing but the vendor changed on the server (the save mirrors the SIP account's port into the sipPort option).
      const after = (await cardOf(page, device.mac)).device;
      const keep = (options: Record<string, unknown>) => Object.fromEntries(Object.entries(options).filter(([key]) => key !== 'VENDOR' && key !== 'sipPort'));
      expect(keep(after.options)).toEqual(keep(device.options));
      expect(after.options.VENDOR).toBe(`Vendor ${name}`);
      expect({ type: after.type, houses: after.houses, relays: after.relays, sip: after.sipAccount }).toEqual({
        type: device.type,
        houses: device.houses,
        relays: device.relays,
        sip: device.sipAccount,
      });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a step with errors does not advance', () => {
  it.each([
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ] as const)('(%s) keeps an empty login, a bad address and a missing type at their step, shown at the field and on the step marker', async (name, viewport) => {
    const { context, page, pageErrors, saves } = await openTab(viewport);
    try {
      await logIn(page, account('installer'));
      const { device } = (await setUpDevices(page))[2];
      await openWizard(page, encodeURIComponent(device.mac));
      await page.getByRole('status', { name: ORIGIN }).getByText('Поля заполнены настройками устройства').waitFor();
      expect(await stepError(page, '1. Устройство')).toBe('');

      const login = page.getByLabel('Логин устройства');
      await login.fill('');
      await next(page);
      await heading(page, 'Устройство').waitFor();
      await page.getByText('Введите логин устройства').waitFor();
      await page.getByText('Есть поля для исправления: Устройство').waitFor();
      expect(await login.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => login.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await stepError(page, '1. Устройство')).toContain('Есть поля для исправления');
      await shot(page, `error-login-${name}`);

      // A later step in the stepper does not skip the check either.
      await page.getByRole('button', { name: '6. Сохранение' }).click();
      await heading(page, 'Устройство').waitFor();
      expect(await page.getByRole('button', { name: '1. Устройство' }).getAttribute('aria-current')).toBe('step');

      await login.fill('admin');
      const url = page.getByLabel('Адрес устройства (URL)');
      await url.fill('http://10.16.3.4 /');
      await next(page);
      await page.getByText('Адрес вида http://10.16.3.4 или имя хоста (intercom-7.example.net), без пробелов').waitFor();
      await heading(page, 'Устройство').waitFor();
      await shot(page, `error-url-${name}`);
      await url.fill('http://10.16.3.4');
      await next(page);
      await heading(page, 'Дома').waitFor();
      expect(await stepError(page, '1. Устройство')).toBe('');

      // A new device: its type is required.
      const mac = freshMac();
      await openWizard(page, mac.url);
      await page.getByRole('button', { name: '3. Реле и подъезды' }).click();
      await heading(page, 'Устройство').waitFor();
      await page.getByText('Выберите тип устройства').waitFor();
      expect(await stepError(page, '1. Устройство')).toContain('Есть поля для исправления');
      await shot(page, `error-type-${name}`);
      await page.getByRole('combobox', { name: 'Тип устройства' }).selectOption('5');
      await page.getByRole('button', { name: '3. Реле и подъезды' }).click();
      await heading(page, 'Реле и подъезды').waitFor();
      expect(saves).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('an existing device filled offline', () => {
  it('says its settings were not read, and the server refuses to replace them until the installer starts from them', async () => {
    const { context, page, pageErrors } = await openTab(MOBILE);
    try {
      await logIn(page, account('installer'));
      await waitForControl(page);
      const { device } = (await setUpDevices(page))[3];

      await context.setOffline(true);
      await openWizard(page, encodeURIComponent(device.mac));
      const draftId = draftIdOf(page);
      await page.getByRole('status', { name: ORIGIN }).getByText('Нет связи: настройки устройства не прочитаны').waitFor();
      await shot(page, 'offline-existing-1-device');
      await page.getByRole('combobox', { name: 'Тип устройства' }).selectOption(String(device.type));
      await page.getByLabel('Производитель').fill('Typed in a basement');
      await page.getByRole('button', { name: '6. Сохранение' }).click();
      await page.getByText('Настройки устройства не прочитаны: сравнить не с чем.').waitFor();
      await page.getByRole('button', { name: 'Сохранить устройство' }).click();
      await jobStatus(page).getByText(QUEUED).waitFor();

      await context.setOffline(false);
      await jobStatus(page).getByText('Сервер не принял сохранение').waitFor({ timeout: 45_000 });
      await jobStatus(page).getByText(/уже есть на сервере со своими настройками/).waitFor();
      // Back online the review compares with the device, and the device kept everything.
      await page.getByText(/^Изменится полей: \d+$/).waitFor();
      expect((await cardOf(page, device.mac)).device).toEqual(device);
      await page.getByRole('status', { name: ORIGIN }).getByText('Настройки устройства прочитаны, но поля заполнены без них.').waitFor();
      await shot(page, 'offline-existing-2-refused');

      await page.getByRole('button', { name: 'Начать с настроек устройства' }).click();
      await page.getByRole('dialog', { name: 'Начать с настроек устройства?' }).getByRole('button', { name: 'Удалить черновик' }).click();
      await heading(page, 'Устройство').waitFor();
      await page.getByRole('status', { name: ORIGIN }).getByText('Поля заполнены настройками устройства').waitFor();
      expect(await page.getByLabel('Производитель').inputValue()).toBe(option(device, 'VENDOR'));
      expect(draftIdOf(page)).not.toBe(draftId);
      // The refused save and its draft are gone.
      expect((await stored<StoredJob>(page, 'outbox')).filter((job) => job.draftId === draftId)).toEqual([]);
      expect((await stored<StoredDraft>(page, 'drafts')).filter((draft) => draft.id === draftId)).toEqual([]);
      await shot(page, 'offline-existing-3-restarted');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.setOffline(false).catch(() => undefined);
      await context.close();
    }
  });
});
