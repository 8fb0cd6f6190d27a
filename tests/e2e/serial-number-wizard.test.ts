import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '@contract/wizard';
import { DESKTOP, MOBILE, account, baseUrl, launchBrowser, literally, logIn, screenshot, type Viewport, waitForControl } from './browser';
import { expectFieldError, expectFits, expectStepMarked } from './wizard-checks';

/*
 * The serial-number wizard in Chromium against the real
 * server (SEED=small): filled online on a phone and a desktop, filled really offline with a
 * reload in between, and with the server's answer lost after it committed. "Exactly once" is
 * checked on the server, by the MACs it lists for the house.
 */

const JOB_LABEL = 'Состояние отправки';
const SENT = 'Устройство зарегистрировано на сервере';
const QUEUED = 'В очереди на отправку';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface Tab {
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
}

/** `serviceWorkers: 'block'` where a test routes the page's own requests (a worker would take them out of reach). */
async function openTab(viewport: Viewport, serviceWorkers: 'allow' | 'block' = 'allow'): Promise<Tab> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale: 'ru-RU', timezoneId: 'UTC', serviceWorkers });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}


/** A locally administered MAC no seed uses, typed the way an installer might (lower case, dashes). */
function freshMac(): { typed: string; normal: string } {
  const bytes = [0x02, ...randomBytes(5)];
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0'));
  return { typed: hex.join('-'), normal: hex.join(':').toUpperCase() };
}

function freshSerial(): string {
  return `SN-E2E-${randomBytes(4).toString('hex').toUpperCase()}`;
}

interface HouseRow {
  id: string;
  address: string;
  fias: string | null;
}

async function apiGet<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return (await response.json()) as unknown;
  }, url) as Promise<T>;
}

/** The index-th house with a FIAS id of those the user may pick (an installer: its buyer's), round the list. */
async function house(page: Page, index: number): Promise<HouseRow> {
  const answer = await apiGet<{ data: HouseRow[] }>(page, '/front/house-list?page=1');
  const withFias = answer.data.filter((row) => row.fias);
  if (withFias.length === 0) throw new Error('no house with a FIAS id the user may pick in the seed');
  return withFias[index % withFias.length];
}

/** How many times the server lists the MAC among the house's devices. */
async function timesOnServer(page: Page, houseUid: string, mac: string): Promise<number> {
  const answer = await apiGet<{ data: string[] }>(page, `/front/devices/get-macs-from-house?houseUid=${encodeURIComponent(houseUid)}`);
  return answer.data.filter((item) => item === mac).length;
}

/** Every row of one table of the app's IndexedDB (opened only after the app has created it). */
async function stored<T>(page: Page, table: 'drafts' | 'outbox' | 'snapshots'): Promise<T[]> {
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
  target: { mac?: string; house?: string; step?: string };
  data: { serialNumber: string; mac: string; entrance: number | null; deviceOwner: string | null };
}

interface StoredJob {
  id: number;
  kind: string;
  status: string;
  attempts: number;
  draftId: string;
  idempotencyKey: string;
  url: string;
  target: { mac?: string; house?: string };
  body: { mac: string; deviceOwner: string | null; fias: string; porch: number };
}

function draftIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('draft');
  if (!id) throw new Error(`no draft id in ${page.url()}`);
  return id;
}

/** A dialog that has finished fading in (for its screenshot). */
async function shown(dialog: ReturnType<Page['getByRole']>): Promise<void> {
  await dialog.waitFor();
  await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el.parentElement ?? el).opacity)).toBe('1');
}

const jobStatus = (page: Page) => page.getByRole('status', { name: JOB_LABEL });
const next = (page: Page) => page.getByRole('button', { name: 'Далее' }).click();

async function openWizard(page: Page): Promise<void> {
  await page.goto('/devices/serial-number-wizard');
  await page.getByRole('heading', { name: 'Устройство', level: 2 }).waitFor();
  await page.waitForURL((url) => url.searchParams.has('draft'));
}

async function fillDevice(page: Page, serial: string, mac: { typed: string; normal: string }): Promise<void> {
  await page.getByLabel('Серийный номер').fill(serial);
  await page.getByLabel('MAC-адрес').fill(mac.typed);
  await page.getByLabel('MAC-адрес').blur();
  // Typed in any form, shown the normal way once it is a MAC.
  await expect.poll(() => page.getByLabel('MAC-адрес').inputValue()).toBe(mac.normal);
}

async function chooseHouse(page: Page, address: string): Promise<void> {
  const field = page.getByRole('combobox', { name: 'Дом' });
  await field.click();
  await field.fill(address.slice(0, 12));
  await page.getByRole('listbox').getByRole('option', { name: new RegExp(`^${literally(address)}`) }).click();
  await expect.poll(() => field.inputValue()).toBe(address);
}

async function chooseFirstEntrance(page: Page): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Подъезд' });
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
  await select.selectOption({ index: 1 });
}

async function fillAccess(page: Page, dns: string): Promise<void> {
  await page.getByLabel('DNS-имя устройства').fill(dns);
  expect(await page.getByLabel('Логин устройства').inputValue()).toBe('root');
}

describe('serial-number wizard, online', () => {
  it.each([
    ['phone', MOBILE, 0],
    ['desktop', DESKTOP, 1],
  ] as const)('(%s) is filled step by step and the server registers the device exactly once', async (name, viewport, houseIndex) => {
    const { context, page, pageErrors } = await openTab(viewport);
    try {
      await logIn(page, account('installer'));
      const target = await house(page, houseIndex);
      const mac = freshMac();
      const serial = freshSerial();
      const shot = (step: string) => screenshot(page, `serial-wizard-${name}-${step}`);

      await openWizard(page);
      // The spec's defaults are what the installer starts from.
      expect(await page.getByLabel('Модель').inputValue()).toBe('ISCom');
      expect(await page.getByRole('combobox', { name: 'Тип устройства' }).inputValue()).toBe('1');
      expect(await page.getByRole('combobox', { name: 'Ревизия оборудования' }).inputValue()).toBe('2');
      await shot('1-device-empty');
      await fillDevice(page, serial, mac);
      await shot('2-device');
      await expectFits(page);

      await next(page);
      await page.getByRole('heading', { name: 'Адрес', level: 2 }).waitFor();
      expect(await page.getByLabel('Число реле').inputValue()).toBe('1');
      // Text in a number field is named as such, not as a 0 nobody typed.
      await page.getByLabel('Число реле').fill('abc');
      await page.getByLabel('Число реле').blur();
      await expectFieldError(page, 'Число реле', 'Введите целое число', false);
      await page.getByLabel('Число реле').fill('1');
      await chooseHouse(page, target.address);
      // The house can be taken offline right from the picker.
      await page.getByRole('button', { name: `Сохранить для офлайн-работы: ${target.address}` }).click();
      await page.getByText(/^Сохранено для офлайн-работы (только что|1 мин назад)/).waitFor();
      await chooseFirstEntrance(page);
      const result = page.getByRole('group', { name: 'Адрес установки' });
      await expect.poll(() => result.innerText()).toContain(target.address);
      expect(await result.innerText()).toContain(target.fias ?? '');
      await shot('3-address');

      await expectFits(page);

      await next(page);
      await page.getByRole('heading', { name: 'Доступ', level: 2 }).waitFor();
      // The device's password is masked, with the eye to read it.
      const pass = page.getByLabel('Пароль устройства');
      expect(await pass.getAttribute('type')).toBe('password');
      expect(await pass.inputValue()).toBe(FACTORY_PASSWORD);
      await shot('4-access-empty');
      // Without the DNS name «Далее» stays on the step and says so at the field and on the step.
      await next(page);
      await expectFieldError(page, 'DNS-имя устройства', 'Введите DNS-имя устройства');
      await expectStepMarked(page, 'Есть поля для исправления', ['3. Доступ']);
      expect(await page.getByRole('heading', { name: 'Доступ', level: 2 }).count()).toBe(1);
      await shot('5-access-error');
      // A DNS name that is not a host name is refused at the field, as the server would.
      await page.getByLabel('DNS-имя устройства').fill('это не хост!! ; rm -rf');
      await next(page);
      await expectFieldError(page, 'DNS-имя устройства', 'Адрес вида http://10.16.3.4 или имя хоста (intercom-7.example.net), без пробелов');
      expect(await page.getByRole('heading', { name: 'Доступ', level: 2 }).count()).toBe(1);
      await fillAccess(page, `${serial.toLowerCase()}.intercom.local`);
      await page.getByRole('button', { name: 'Показать пароль' }).click();
      expect(await pass.getAttribute('type')).toBe('text');
      await shot('6-access');
      await page.getByRole('button', { name: 'Скрыть пароль' }).click();
      expect(await pass.getAttribute('type')).toBe('password');
      await expectFits(page);
      await next(page);
      await page.getByRole('heading', { name: 'Отправка', level: 2 }).waitFor();
      // The review masks the password too; the eye shows it to be read.
      const review = await page.locator('form').innerText();
      expect(review).not.toContain(FACTORY_PASSWORD);
      expect(review).toContain('••••••••');
      await shot('7-review');
      await page.getByRole('heading', { name: 'Доступ', level: 3 }).evaluate((element) => element.scrollIntoView());
      await shot('7-review-access');
      await page.getByRole('button', { name: 'Показать пароль' }).click();
      await page.getByText(FACTORY_PASSWORD, { exact: true }).waitFor();
      await shot('7-review-password-shown');
      await page.getByRole('button', { name: 'Скрыть пароль' }).click();
      expect(await page.locator('form').innerText()).not.toContain(FACTORY_PASSWORD);
      await expectFits(page);

      await page.getByRole('button', { name: 'Отправить', exact: true }).click();
      await jobStatus(page).getByText(SENT).waitFor({ timeout: 30_000 });
      await shot('8-sent');

      expect(await timesOnServer(page, target.id, mac.normal)).toBe(1);
      const draftId = draftIdOf(page);
      const jobs = (await stored<StoredJob>(page, 'outbox')).filter((job) => job.draftId === draftId);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ kind: 'serial-number', status: 'sent', url: '/adjuster/api/prepare-device', target: { mac: mac.normal, house: target.address } });
      // The empty owner went to the server as null.
      expect(jobs[0].body).toMatchObject({ mac: mac.normal, deviceOwner: null, fias: target.fias });
      // The draft is kept, marked done; deleting it asks first.
      await expect.poll(async () => (await stored<StoredDraft>(page, 'drafts')).find((d) => d.id === draftId)?.target.step).toBe('sent');
      await page.getByRole('button', { name: 'Удалить черновик' }).click();
      const dialog = page.getByRole('dialog', { name: 'Удалить черновик?' });
      await shown(dialog);
      await shot('9-delete-draft');
      await dialog.getByRole('button', { name: 'Удалить' }).click();
      await page.waitForURL((url) => url.searchParams.get('draft') !== draftId);
      await page.getByRole('heading', { name: 'Устройство', level: 2 }).waitFor();
      expect(await page.getByLabel('Серийный номер').inputValue()).toBe('');
      expect((await stored<StoredDraft>(page, 'drafts')).some((d) => d.id === draftId)).toBe(false);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  /** Every script a fresh tab loads for `path`, gzip-sized here whatever the server sends. */
  async function scriptsOf(context: BrowserContext, path: string, ready: (page: Page) => Promise<void>): Promise<Map<string, number>> {
    const page = await context.newPage();
    const sizes: Promise<[string, number]>[] = [];
    let lastScriptAt = Date.now();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      lastScriptAt = Date.now();
      sizes.push(response.body().then((body) => [new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length]));
    });
    await page.goto(path);
    await ready(page);
    // Until no script has come for a second: the page's own requests (the server probe, the field
    // report) never let the network idle for long, and only scripts are counted here.
    while (Date.now() - lastScriptAt < 1_000) await page.waitForTimeout(200);
    const loaded = new Map(await Promise.all(sizes));
    await page.close();
    return loaded;
  }

  it('adds at most 60 KB of gzip JS to the shell (the route total is printed for the 250 KB budget)', async () => {
    const { context, page } = await openTab(DESKTOP, 'block');
    try {
      await logIn(page, account('installer'));
      const shell = await scriptsOf(context, '/', (tab) => tab.getByRole('heading', { level: 1 }).waitFor());
      const route = await scriptsOf(context, '/devices/serial-number-wizard', (tab) => tab.getByRole('heading', { name: 'Устройство', level: 2 }).waitFor());
      const sum = (sizes: Iterable<number>) => [...sizes].reduce((total, size) => total + size, 0);
      // Dexie and the offline runtime (the offline-*.js chunk) load with the screens that work offline, not the shell.
      const own = sum([...route].filter(([url]) => !shell.has(url) && !/\/offline-[^/]*\.js$/.test(url)).map(([, size]) => size));
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      console.info(`serial-number wizard route: ${route.size} scripts, ${kb(sum(route.values()))} gzip; the main page ${kb(sum(shell.values()))}; the wizard's own ${kb(own)}`);
      expect(own).toBeLessThanOrEqual(60 * 1024);
    } finally {
      await context.close();
    }
  });
});

describe('serial-number wizard: errors at the field, before the server', () => {
  it.each([
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ] as const)('(%s) a step with the MAC zz:11:22 or an empty required field does not advance, by «Далее» or by a later step', async (name, viewport) => {
    const { context, page, pageErrors } = await openTab(viewport);
    try {
      await logIn(page, account('installer'));
      await openWizard(page);
      const draftId = draftIdOf(page);
      const heading = () => page.getByRole('heading', { level: 2 }).innerText();

      await page.getByLabel('Серийный номер').fill(freshSerial());
      await page.getByLabel('MAC-адрес').fill('zz:11:22');
      await next(page);
      expect(await heading()).toBe('Устройство');
      await expectFieldError(page, 'MAC-адрес', 'MAC-адрес — 12 шестнадцатеричных цифр, например AA:BB:CC:DD:EE:FF');
      await expectStepMarked(page, 'Есть поля для исправления', ['1. Устройство']);
      await screenshot(page, `serial-wizard-error-${name}-1-bad-mac`);
      await expectFits(page);

      // A later step chosen in the stepper does not skip the check.
      await page.getByRole('list', { name: 'Шаги мастера' }).getByRole('button', { name: '4. Отправка' }).click();
      expect(await heading()).toBe('Устройство');

      // An empty required field likewise; the first wrong field takes the focus.
      await page.getByLabel('Серийный номер').fill('');
      await next(page);
      expect(await heading()).toBe('Устройство');
      await expectFieldError(page, 'Серийный номер', 'Введите серийный номер');
      await expectFieldError(page, 'MAC-адрес', 'MAC-адрес — 12 шестнадцатеричных цифр, например AA:BB:CC:DD:EE:FF', false);
      await screenshot(page, `serial-wizard-error-${name}-2-empty-serial`);

      // Fixed, the step lets the installer on, and its mark goes.
      await page.getByLabel('Серийный номер').fill(freshSerial());
      await page.getByLabel('MAC-адрес').fill(freshMac().typed);
      await expect.poll(() => page.getByText(/^Есть поля для исправления/).count()).toBe(0);
      await next(page);
      await page.getByRole('heading', { name: 'Адрес', level: 2 }).waitFor();
      // The next step with an empty house and entrance stops a jump to the review the same way.
      await page.getByRole('list', { name: 'Шаги мастера' }).getByRole('button', { name: '4. Отправка' }).click();
      expect(await heading()).toBe('Адрес');
      await expectFieldError(page, page.getByRole('combobox', { name: 'Дом' }), 'Выберите дом');
      await expectStepMarked(page, 'Есть поля для исправления', ['2. Адрес']);
      await screenshot(page, `serial-wizard-error-${name}-3-empty-house`);
      await expectFits(page);

      // Nothing reached the outbox.
      expect((await stored<StoredJob>(page, 'outbox')).filter((job) => job.draftId === draftId)).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('(c) serial-number wizard filled offline', () => {
  it('keeps the draft and the queued job through an offline reload, and the server gets the device once back online', async () => {
    const { context, page, pageErrors } = await openTab(MOBILE);
    try {
      await logIn(page, account('installer'));
      await waitForControl(page);
      const target = await house(page, 2);
      const mac = freshMac();
      const serial = freshSerial();
      const shot = (step: string) => screenshot(page, `serial-wizard-offline-${step}`);

      // Online: take the house offline from the house list.
      await page.goto('/houses');
      await page.getByRole('heading', { name: 'Жилой фонд' }).waitFor();
      await page.getByRole('button', { name: `Сохранить для офлайн-работы: ${target.address}` }).click();
      await page.getByRole('button', { name: `Обновить сохранённые данные дома ${target.address}` }).waitFor();
      await shot('1-house-list');
      const [snapshot] = (await stored<{ houseUid: string; entrances: unknown[]; flats: unknown[]; devices: unknown[] }>(page, 'snapshots')).filter(
        (row) => row.houseUid === target.id,
      );
      expect(snapshot.entrances.length).toBeGreaterThan(0);
      expect(snapshot.flats.length).toBeGreaterThan(0);

      await context.setOffline(true);
      await openWizard(page);
      const draftId = draftIdOf(page);
      await fillDevice(page, serial, mac);
      // Saved as typed: the draft is in IndexedDB before anything is submitted.
      await expect.poll(async () => (await stored<StoredDraft>(page, 'drafts')).find((d) => d.id === draftId)?.data.serialNumber).toBe(serial);
      await page.reload();
      await page.getByRole('heading', { name: 'Устройство', level: 2 }).waitFor();
      await expect.poll(() => page.getByLabel('Серийный номер').inputValue()).toBe(serial);
      expect(await page.getByLabel('MAC-адрес').inputValue()).toBe(mac.normal);
      await shot('2-device-after-reload');

      await next(page);
      await page.getByText('Нет связи: можно выбрать только дома, сохранённые для офлайн-работы').waitFor();
      await chooseHouse(page, target.address);
      await page.getByText('Подъезды из данных, сохранённых для офлайн-работы').waitFor();
      await chooseFirstEntrance(page);
      await shot('3-address-from-snapshot');
      await next(page);
      await fillAccess(page, `${serial.toLowerCase()}.intercom.local`);
      await page.getByLabel('Владелец устройства').fill('УК «Северная»');
      await next(page);
      await page.getByRole('button', { name: 'Отправить', exact: true }).click();
      await jobStatus(page).getByText(QUEUED).waitFor();
      await jobStatus(page).getByText(/Нет связи: заявка уйдёт, когда связь появится/).waitFor();
      await shot('4-queued-offline');

      await page.reload();
      await jobStatus(page).getByText(QUEUED).waitFor();
      await page.getByRole('heading', { name: 'Отправка', level: 2 }).waitFor();
      await page.getByText(serial, { exact: true }).waitFor();
      await shot('5-queued-after-reload');
      const queued = (await stored<StoredJob>(page, 'outbox')).filter((job) => job.draftId === draftId);
      expect(queued.map((job) => job.status)).toEqual(['queued']);
      expect(queued[0].body).toMatchObject({ mac: mac.normal, deviceOwner: 'УК «Северная»', fias: target.fias });
      expect((await stored<StoredDraft>(page, 'drafts')).find((d) => d.id === draftId)?.data.serialNumber).toBe(serial);

      await context.setOffline(false);
      await jobStatus(page).getByText(SENT).waitFor({ timeout: 45_000 });
      await shot('6-sent-back-online');
      expect(await timesOnServer(page, target.id, mac.normal)).toBe(1);
      const sent = (await stored<StoredJob>(page, 'outbox')).filter((job) => job.draftId === draftId);
      expect(sent.map((job) => job.status)).toEqual(['sent']);
      expect(sent[0].idempotencyKey).toBe(queued[0].idempotencyKey);

      // The snapshot is deleted only after a confirmation.
      await page.goto('/houses');
      await page.getByRole('button', { name: `Удалить сохранённые данные дома ${target.address}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Удалить данные для офлайн-работы?' });
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      expect((await stored<{ houseUid: string }>(page, 'snapshots')).some((row) => row.houseUid === target.id)).toBe(true);
      await page.getByRole('button', { name: `Удалить сохранённые данные дома ${target.address}` }).click();
      await shown(dialog);
      await shot('7-delete-snapshot');
      await dialog.getByRole('button', { name: 'Удалить' }).click();
      await page.getByRole('button', { name: `Сохранить для офлайн-работы: ${target.address}` }).waitFor();
      expect((await stored<{ houseUid: string }>(page, 'snapshots')).some((row) => row.houseUid === target.id)).toBe(false);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.setOffline(false).catch(() => undefined);
      await context.close();
    }
  });
});

describe('(d) the server commits but its answer is lost', () => {
  it('retries with the same key, gets the stored answer, and the device exists exactly once', async () => {
    const { context, page, pageErrors } = await openTab(DESKTOP, 'block');
    try {
      await logIn(page, account('installer'));
      const target = await house(page, 3);
      const mac = freshMac();
      const serial = freshSerial();
      const attempts: { key: string | undefined; status: number; replayed: string | undefined }[] = [];
      await page.route('**/adjuster/api/prepare-device', async (route) => {
        const response = await route.fetch();
        attempts.push({ key: route.request().headers()['idempotency-key'], status: response.status(), replayed: response.headers()['idempotency-replayed'] });
        // The first time the request reached the server and committed; the phone never hears back.
        if (attempts.length === 1) await route.abort('failed');
        else await route.fulfill({ response });
      });

      await openWizard(page);
      const draftId = draftIdOf(page);
      await fillDevice(page, serial, mac);
      await next(page);
      await chooseHouse(page, target.address);
      await chooseFirstEntrance(page);
      await next(page);
      await fillAccess(page, `${serial.toLowerCase()}.intercom.local`);
      await next(page);
      await page.getByRole('button', { name: 'Отправить', exact: true }).click();
      await jobStatus(page).getByText(SENT).waitFor({ timeout: 30_000 });
      await screenshot(page, 'serial-wizard-answer-lost-sent');

      expect(attempts.length).toBe(2);
      expect(attempts[0].status).toBe(200);
      expect(attempts[1]).toEqual({ key: attempts[0].key, status: 200, replayed: 'true' });
      expect(await timesOnServer(page, target.id, mac.normal)).toBe(1);
      const [job] = (await stored<StoredJob>(page, 'outbox')).filter((row) => row.draftId === draftId);
      expect(job).toMatchObject({ status: 'sent', attempts: 2, idempotencyKey: attempts[0].key });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
