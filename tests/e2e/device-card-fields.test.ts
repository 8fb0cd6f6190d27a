import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, account, launchBrowser, logIn, openSession, screenshot, type Session, type Viewport, getJson, setUserLanguage } from './browser';

/*
 * On the device card: fields refuse what the server would (a volume of 150, a SIP port
 * typed as text) before anything is sent, and a 400 that names a field is shown at that field in
 * words; a firmware update is asked for and followed until the device reports the new version;
 * support reads the card without a way to change it; a phone shows every tab without cutting or
 * sideways scrolling; toasts leave the card's dates readable; in English the card's own words
 * are English.
 */

const EXTRA_TYPES = [6, 10]; // ISCOM_X1, BEWARD_ISCOM: every tab of the card.
const CYRILLIC = /[А-Яа-яЁё]/;

interface CardAnswer {
  device: { mac: string; statusCode: number; houses: string[]; relays: unknown[]; sipAccount: { login: string } | null; capabilities: string[] };
}
interface FirmwareAnswer {
  current: string | null;
  list: { version: string; installed: boolean }[];
  update?: { status: string } | null;
}

let browser: Browser;
let session: Session;
let page: Page;
/** Devices of the operator's buyer with houses, relays, a SIP account and every tab; device-card.test.ts uses the first ones. */
let devices: string[] = [];

const api = <T>(path: string, on: Page = page): Promise<T> => getJson<T>(on, path);

const setLanguage = (language: 'ru' | 'en') => setUserLanguage(page, language);

beforeAll(async () => {
  browser = await launchBrowser();
  session = await openSession(browser, DESKTOP);
  page = session.page;
  await logIn(page, account('operator'));
  for (const type of EXTRA_TYPES) {
    const list = await api<{ data: { MAC: string }[] }>(`/front/device-list/get-list?page=1&type=${type}`);
    for (const row of list.data) {
      const { device } = await api<CardAnswer>(`/front/device-card/device/${row.MAC}`);
      if (device.statusCode !== 3 && device.houses.length > 0 && device.relays.length > 0 && device.sipAccount && device.capabilities.includes('rs485')) devices.push(device.mac);
    }
  }
  devices = [...new Set(devices)].reverse();
}, 60_000);

afterAll(async () => {
  // Other files log in as the operator and expect Russian.
  if (page) await setLanguage('ru').catch(() => undefined);
  await session?.context.close();
  await browser?.close();
});

function region(name: string | RegExp, on: Page = page): Locator {
  return on.getByRole('region', { name, exact: true });
}

async function openCard(mac: string, tab: string, on: Page = page): Promise<void> {
  await on.goto(`/devices/${mac}/update?tab=${tab}`);
  await on.getByRole('tabpanel').waitFor();
}

/** The text under a field (MUI ties it to the input with aria-describedby). */
async function descriptionOf(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(ids.split(' ').filter(Boolean).map((id) => field.page().locator(`[id="${id}"]`).innerText()));
  return texts.join(' ').trim();
}

/** Records the requests to a path ending, to assert that none was sent. */
function recordRequests(on: Page, ending: string): Request[] {
  const seen: Request[] = [];
  on.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.endsWith(ending)) seen.push(request);
  });
  return seen;
}

/** How much wider than the viewport the page is (0 when it fits). */
async function overflow(on: Page): Promise<number> {
  return on.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('device card fields', () => {
  it('finds devices to work on in the seed', () => {
    expect(devices.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a volume of 150 at the field, sending nothing, and saves once it is in range', async () => {
    const sent = recordRequests(page, '/audio');
    await openCard(devices[0], 'media');
    const sound = region('Звук');
    const music = sound.getByLabel('Громкость музыки');
    expect(await descriptionOf(music)).toBe('От 0 до 100');
    await music.fill('150');
    await sound.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => descriptionOf(music)).toBe('Громкость музыки: введите целое число от 0 до 100');
    expect(await music.getAttribute('aria-invalid')).toBe('true');
    expect(await sound.getByRole('alert').count()).toBe(0);
    await music.scrollIntoViewIfNeeded();
    await screenshot(page, 'device-card-field-refused');
    expect(sent).toEqual([]);

    await music.fill('55');
    await expect.poll(() => descriptionOf(music)).toBe('От 0 до 100');
    await sound.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('alert').filter({ hasText: 'Настройки звука сохранены' }).waitFor();
    expect(sent).toHaveLength(1);
  });

  it('refuses a SIP port typed as text at the field', async () => {
    const sent = recordRequests(page, '/sip');
    await openCard(devices[0], 'sip');
    const sip = region('SIP-аккаунт');
    const port = sip.getByLabel('SIP-порт');
    await port.fill('пять');
    await port.blur();
    await expect.poll(() => descriptionOf(port)).toBe('SIP-порт: введите целое число от 1 до 65535');
    await sip.getByRole('button', { name: 'Сохранить' }).click();
    expect(await port.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('shows a 400 that names a field at that field, in words, without a banner', async () => {
    const mac = devices[0];
    // The form and the server share the rules, so the refusal is staged: the answer of a server with a tighter limit.
    await page.route(`**/front/devices/${encodeURIComponent(mac)}/audio`, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ result: false, message: 'Некорректное поле audio.panelVolume: ожидается целое число от 0 до 60, получено: 70' }),
      }),
    );
    try {
      await openCard(mac, 'media');
      const sound = region('Звук');
      const panel = sound.getByLabel('Громкость панели');
      await panel.fill('70');
      await sound.getByRole('button', { name: 'Сохранить' }).click();
      await expect.poll(() => descriptionOf(panel)).toBe('Громкость панели: введите целое число от 0 до 60');
      expect(await sound.getByRole('alert').count()).toBe(0);
      expect(await page.getByText('audio.panelVolume').count()).toBe(0);
      // What was typed stays, to be corrected.
      expect(await panel.inputValue()).toBe('70');
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, 'device-card-server-field-error');
    } finally {
      await page.unroute(`**/front/devices/${encodeURIComponent(mac)}/audio`);
    }
  });

  it('asks before updating the firmware, shows its progress, and ends on the version the device reports', async () => {
    const mac = devices[1];
    const before = await api<FirmwareAnswer>(`/front/device/${mac}/firmware-versions`);
    const target = before.list.find((item) => !item.installed)!.version;
    await openCard(mac, 'service');
    const firmware = region('Прошивка');
    await firmware.getByText(`Установлена: ${before.current}`).waitFor();
    await firmware.getByRole('combobox', { name: 'Версия прошивки' }).selectOption(target);
    await firmware.getByRole('button', { name: 'Обновить прошивку' }).click();
    const dialog = page.getByRole('dialog', { name: 'Обновить прошивку?' });
    expect(await dialog.innerText()).toContain(`версия ${before.current} будет заменена на ${target}`);
    await screenshot(page, 'device-card-firmware-confirm');

    const seen = new Set<number>();
    await dialog.getByRole('button', { name: 'Обновить', exact: true }).click();
    const bar = firmware.getByRole('progressbar', { name: 'Ход обновления прошивки' });
    await bar.waitFor();
    // The device still runs the old version while it flashes.
    expect(await firmware.getByText(`Установлена: ${before.current}`).count()).toBe(1);
    let shot = false;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const value = await bar.getAttribute('aria-valuenow', { timeout: 300 }).catch(() => null);
      if (value === null) break;
      seen.add(Number(value));
      if (!shot && Number(value) > 0) {
        await screenshot(page, 'device-card-firmware-progress');
        shot = true;
      }
      await page.waitForTimeout(250);
    }
    await firmware.getByText(`Установлена: ${target}`).waitFor();
    await page.getByRole('alert').filter({ hasText: `Прошивка обновлена до ${target}` }).waitFor();
    expect([...seen].some((value) => value > 0 && value < 100), `progress seen: ${[...seen].join(', ')}`).toBe(true);
    expect(await bar.count()).toBe(0);
    expect((await api<FirmwareAnswer>(`/front/device/${mac}/firmware-versions`)).current).toBe(target);
    await screenshot(page, 'device-card-firmware-done');
  });

  it('masks the device and SIP passwords, with an eye to read them', async () => {
    await openCard(devices[0], 'sip');
    const password = region('SIP-аккаунт').getByLabel('SIP-пароль');
    expect(await password.getAttribute('type')).toBe('password');
    await region('SIP-аккаунт').getByRole('button', { name: 'Показать пароль' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await region('SIP-аккаунт').getByRole('button', { name: 'Скрыть пароль' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    await page.getByRole('tab', { name: 'Параметры' }).click();
    const devicePassword = region('Основные параметры').getByLabel('Пароль устройства');
    expect(await devicePassword.getAttribute('type')).toBe('password');
    expect(await region('Основные параметры').getByRole('button', { name: 'Показать пароль' }).count()).toBe(1);
  });

  it('keeps the toasts off the card’s dates, two at a time too', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await openCard(devices[0], 'overview');
      const toggle = region('Режимы').getByRole('switch', { name: 'Автосбор ключей' });
      const toasts = page.getByRole('alert').filter({ hasText: /Автосбор ключей (включён|выключен)/ });
      for (const count of [1, 2]) {
        await toggle.click();
        await expect.poll(() => toasts.count()).toBe(count);
      }
      await page.waitForTimeout(400); // the toasts' entrance
      const covered = await Promise.all((await toasts.all()).map((toast) => toast.boundingBox()));
      const summary = page.getByRole('region', { name: 'Сводка' });
      for (const label of ['Создано', 'Изменено']) {
        const term = summary.getByText(label, { exact: true });
        const value = term.locator('xpath=following-sibling::dd[1]');
        for (const box of [await term.boundingBox(), await value.boundingBox()]) {
          for (const toast of covered) {
            const overlaps = box!.x < toast!.x + toast!.width && toast!.x < box!.x + box!.width && box!.y < toast!.y + toast!.height && toast!.y < box!.y + box!.height;
            expect(overlaps, `${label} at ${viewport.width}px: ${JSON.stringify(box)} under a toast ${JSON.stringify(toast)}`).toBe(false);
          }
        }
      }
      await screenshot(page, 'device-card-toast');
    }
    await page.setViewportSize(DESKTOP);
  });
});

const TABS: [string, string][] = [
  ['overview', 'Основное'],
  ['sip', 'SIP'],
  ['options', 'Параметры'],
  ['media', 'Звук и экран'],
  ['rs485', 'RS485'],
  ['camera', 'Камера'],
  ['service', 'Обслуживание'],
];

/** Each tab at this width: nothing wider than the screen; a screenshot to look at. */
async function everyTab(on: Page, mac: string, viewport: Viewport, prefix: string): Promise<void> {
  for (const [tab, name] of TABS) {
    await openCard(mac, tab, on);
    await on.getByRole('tab', { name, selected: true }).waitFor();
    await on.getByRole('tabpanel').getByRole('region').first().waitFor();
    expect(await overflow(on), `${tab} at ${viewport.width}px`).toBeLessThanOrEqual(0);
    await screenshot(on, `${prefix}-${tab}`);
  }
}

describe('device card layout', () => {
  it('shows every tab at 1440 and 390 px without sideways scrolling', { timeout: 240_000 }, async () => {
    const phone = await openSession(browser, MOBILE);
    try {
      await everyTab(page, devices[0], DESKTOP, 'device-card-tab');
      await logIn(phone.page, account('operator'));
      await everyTab(phone.page, devices[0], MOBILE, 'device-card-tab');
      expect(phone.pageErrors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('on a phone, lists RS485 devices as cards with states in words, and cuts neither the relay’s house nor the house chip', { timeout: 120_000 }, async () => {
    const phone = await openSession(browser, MOBILE);
    try {
      await logIn(phone.page, account('operator'));
      const mac = devices[0];
      await openCard(mac, 'rs485', phone.page);
      const bus = region('Устройства RS485', phone.page);
      await bus.getByRole('button', { name: 'Сканировать шину' }).click();
      await bus.getByText(/Последнее сканирование/).waitFor({ timeout: 20_000 });
      expect(await bus.getByRole('table').count()).toBe(0);
      const cards = bus.getByRole('listitem');
      if ((await cards.count()) > 0) {
        const text = await bus.innerText();
        expect(text).toMatch(/В сети|Не в сети|Ошибка/);
        expect(text).not.toMatch(/\b(online|offline|error)\b/);
      }
      expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
      await bus.getByText(/Последнее сканирование/).scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'device-card-rs485-phone');

      await openCard(mac, 'overview', phone.page);
      const relays = region('Реле и подъезды', phone.page);
      const entrance = relays.getByRole('combobox', { name: 'Подъезд реле 1' });
      const address = await descriptionOf(entrance);
      expect(address.length).toBeGreaterThan(0);
      const houses = await api<{ houses: { address: string }[] }>(`/front/device-card/device/${mac}`, phone.page);
      expect(houses.houses.map((house) => house.address)).toContain(address);
      // Neither the address under the select nor the house chips are cut with an ellipsis.
      const cut = await phone.page.evaluate(() =>
        [...document.querySelectorAll('[role="tabpanel"] .MuiFormHelperText-root, [role="tabpanel"] .MuiChip-label')]
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .map((element) => element.textContent),
      );
      expect(cut).toEqual([]);
      expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
      await region('Дома', phone.page).scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'device-card-relays-phone');
      expect(phone.pageErrors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});

describe('device card for support', () => {
  it('opens read-only: everything shown, nothing to save, switch or destroy', { timeout: 120_000 }, async () => {
    const support = await openSession(browser, MOBILE);
    try {
      await logIn(support.page, account('support'));
      const on = support.page;
      const mac = devices[0];
      await openCard(mac, 'overview', on);
      await on.getByText('Только просмотр', { exact: false }).waitFor();
      await region('Реле и подъезды', on).waitFor();
      const noControls = async () => {
        const panel = on.getByRole('tabpanel');
        for (const name of ['Сохранить', 'Сбросить устройство', 'Добавить реле', 'Удалить SIP-аккаунт', 'Сканировать шину', 'Обновить прошивку', 'Отправить во внешнюю систему', 'Прочитать с устройства']) {
          expect(await panel.getByRole('button', { name }).count(), name).toBe(0);
        }
        expect(await panel.getByRole('switch').count()).toBe(0);
        for (const field of await panel.getByRole('textbox').all()) expect(await field.getAttribute('readonly'), await field.getAttribute('name') ?? '').not.toBeNull();
      };
      await noControls();
      expect(await region('Статус и сброс', on).count()).toBe(0);
      await region('Режимы', on).getByText(/Режим безопасности \(MIFARE\): (включён|выключен)/).waitFor();
      await screenshot(on, 'device-card-support-overview');
      for (const [tab, name] of TABS.slice(1)) {
        await on.getByRole('tab', { name }).click();
        await on.getByRole('tab', { name, selected: true }).waitFor();
        await on.getByRole('tabpanel').getByRole('region').first().waitFor();
        await noControls();
        expect(await overflow(on), tab).toBeLessThanOrEqual(0);
        await screenshot(on, `device-card-support-${tab}`);
      }
      expect(await region('Причина демонтажа', on).count()).toBe(0);
      await on.getByRole('tab', { name: 'SIP' }).click();
      const password = region('SIP-аккаунт', on).getByLabel('SIP-пароль');
      expect(await password.getAttribute('type')).toBe('password');
      expect(support.pageErrors).toEqual([]);
    } finally {
      await support.context.close();
    }
  });
});

/** Every string of an answer (addresses, titles, names, option values): data, which may be Russian. */
function stringsOf(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string' && value.trim() !== '') into.add(value.trim());
  else if (Array.isArray(value)) value.forEach((item) => stringsOf(item, into));
  else if (typeof value === 'object' && value !== null) Object.values(value).forEach((item) => stringsOf(item, into));
  return into;
}

describe('device card in English', () => {
  it('shows no Cyrillic outside data on any tab', { timeout: 120_000 }, async () => {
    const mac = devices[0];
    await setLanguage('en');
    const english = await openSession(browser, DESKTOP);
    try {
      await logIn(english.page, account('operator'));
      const on = english.page;
      const data = new Set<string>();
      stringsOf(await api(`/front/device-card/device/${mac}`, on), data);
      stringsOf(await api(`/front/devices/${mac}/rs485`, on), data);
      stringsOf(await api(`/front/device/${mac}/firmware-versions`, on), data);
      stringsOf(await api(`/front/groups?page=1`, on), data);
      // Longest first, so an address is taken out whole before a name inside it.
      const known = [...data].sort((a, b) => b.length - a.length);
      for (const [tab] of TABS) {
        await openCard(mac, tab, on);
        await on.getByRole('tab', { selected: true }).waitFor();
        await on.getByRole('tabpanel').getByRole('region').first().waitFor();
        await expect.poll(() => on.getByRole('tab', { selected: true }).innerText()).not.toMatch(CYRILLIC);
        // The card's own words: headings, tabs, labels, buttons, chips, hints; not what the fields hold.
        const chrome = await on.getByRole('main').evaluate((main) => {
          const copy = main.cloneNode(true) as HTMLElement;
          copy.querySelectorAll('select, option, input, textarea, img, svg').forEach((element) => element.remove());
          return [...copy.querySelectorAll('*')]
            .flatMap((element) => [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent?.trim() ?? ''))
            .filter((text) => text !== '');
        });
        const russian = chrome
          .map((text) => known.reduce((rest, value) => rest.replaceAll(value, ''), text))
          .filter((text) => CYRILLIC.test(text));
        expect(russian, `${tab}: ${russian.join(' | ')}`).toEqual([]);
        await screenshot(on, `device-card-en-${tab}`);
      }
      expect(english.pageErrors).toEqual([]);
    } finally {
      await english.context.close();
      await setLanguage('ru');
    }
  });
});

it('threw nothing in the page', () => {
  expect(session.pageErrors).toEqual([]);
});
