import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, XHR, account, csrfToken, getJson, launchBrowser, logIn, openSession, screenshot, type Session, type Viewport } from './browser';

/*
 * A device's keys and RS keys in Chromium against the real server (SEED=small): the
 * operator adds a key (a format error first), finds it, encodes and decodes it and deletes it; runs a
 * scenario and then a delete on three picked keys; keeps an inner and an outer RS key of one value
 * apart; support reads the list with no control; the device card links to the key screens.
 *
 * The e2e server runs the device simulator without random failures (tests/e2e/global-setup.ts).
 */

const ISCOM_X1 = 6;
/**
 * The small seed's ISCOM_X1 of buyer 1 with keys bound to flats, RS keys, door codes and a matrix
 * (server/seed/access-data.ts). Named, not the list's first ISCOM_X1: other suites make ISCOM_X1
 * devices of their own, without keys, and the list puts the newest first.
 */
const SEED_MAC = 'E4:5A:D4:00:00:06';

let browser: Browser;
let session: Session;
let page: Page;
/** An ISCOM_X1 of the operator's buyer: it has keys, RS keys, door codes and a matrix. */
let mac = '';

/** A fresh key value (12 hex digits), `prefix` first. */
function freshValue(prefix = ''): string {
  return (prefix + randomBytes(6).toString('hex').toUpperCase()).slice(0, 12);
}

/** Adds a key through the API (the test's own data, not the seed's). */
async function createKey(value: string, extra: Record<string, unknown> = {}): Promise<void> {
  const response = await page.request.post(`/front/device-keys/${encodeURIComponent(mac)}/create-key`, {
    headers: { ...XHR, 'X-CSRF-Token': await csrfToken(page) },
    data: { VALUE: value, FLAT_NUM: null, KEY_TYPE: 'Metakom', ...extra },
  });
  expect(response.status(), await response.text()).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser();
  session = await openSession(browser, DESKTOP);
  page = session.page;
  await logIn(page, account('operator'));
  const list = await getJson<{ data: { MAC: string; STATUS_CODE: number }[] }>(page, `/front/device-list/get-list?page=1&type=${ISCOM_X1}&mac=${encodeURIComponent(SEED_MAC)}`);
  mac = list.data.find((row) => row.MAC === SEED_MAC && row.STATUS_CODE !== 3)?.MAC ?? '';
  if (mac === '') throw new Error(`the small seed has no working ISCOM_X1 ${SEED_MAC}`);
}, 60_000);

afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

const keysPath = (query = '') => `/devices/${mac}/keys${query}`;
const rsKeysPath = (query = '') => `/devices/${mac}/rs-keys${query}`;

function dialog(name: string | RegExp): Locator {
  return page.getByRole('dialog', { name });
}

/** Waits for the list to settle (the thin loading bar gone). */
async function settled(on: Page = page): Promise<void> {
  await on.getByRole('progressbar', { name: 'Загрузка ключей' }).waitFor({ state: 'detached' });
}

async function search(value: string): Promise<void> {
  const form = page.getByRole('search', { name: 'Поиск ключей' });
  await form.getByRole('searchbox', { name: 'Значение ключа' }).fill(value);
  await form.getByRole('button', { name: 'Найти' }).click();
  await page.waitForURL((url) => url.searchParams.get('key') === value);
  await settled();
}

/** Adds a key through the screen's dialog. */
async function addKey(button: string, title: string, value: string, inner = false): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  const form = dialog(title);
  await form.getByRole('combobox', { name: 'Тип ключа' }).selectOption('Metakom');
  await form.getByRole('textbox', { name: 'Значение ключа' }).fill(value);
  if (inner) await form.getByRole('radio', { name: 'Внутренний' }).check();
  await form.getByRole('button', { name: 'Добавить' }).click();
  await form.waitFor({ state: 'detached', timeout: 20_000 });
}

describe('device keys', () => {
  it('finds an ISCOM_X1 of the operator in the seed', () => {
    expect(mac).toMatch(/^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/);
  });

  it('adds a key after a format error, finds it, encodes and decodes it, and deletes it', async () => {
    const value = freshValue();
    await page.goto(keysPath());
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(`Ключи устройства ${mac}`);
    await page.getByText('В сети').or(page.getByText('Не в сети')).first().waitFor();

    await page.getByRole('button', { name: 'Добавить ключ' }).click();
    const form = dialog('Новый ключ');
    await form.getByRole('combobox', { name: 'Тип ключа' }).selectOption('Metakom');
    await form.getByRole('textbox', { name: 'Значение ключа' }).fill('ABC');
    await form.getByText('Metakom: нужно 12 шестнадцатеричных цифр, введено 3').waitFor();
    // Colons are dropped and letters upper-cased before the check and the store.
    await form.getByRole('textbox', { name: 'Значение ключа' }).fill(value.toLowerCase().match(/../g)!.join(':'));
    expect(await form.getByText(/нужно 12 шестнадцатеричных цифр/).count()).toBe(0);
    await form.getByRole('button', { name: 'Добавить' }).click();
    await form.waitFor({ state: 'detached', timeout: 20_000 });

    await search(value);
    const table = page.getByRole('table', { name: 'Ключи' });
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    const row = table.getByRole('row').nth(1);
    expect(await row.getByRole('cell').nth(1).innerText()).toBe(value);
    expect(await row.getByText('operator').count()).toBe(1);

    await row.getByRole('button', { name: `Зашифровать ключ ${value}` }).click();
    await row.getByRole('button', { name: `Расшифровать ключ ${value}` }).waitFor({ timeout: 20_000 });
    await row.getByText('зашифрован').waitFor();
    // The server holds it: a reload shows it encoded.
    await page.reload();
    await settled();
    await page.getByRole('table', { name: 'Ключи' }).getByText('зашифрован').waitFor();
    await page.getByRole('button', { name: `Расшифровать ключ ${value}` }).click();
    await page.getByRole('button', { name: `Зашифровать ключ ${value}` }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('table', { name: 'Ключи' }).getByText('зашифрован').count()).toBe(0);

    await page.getByRole('button', { name: `Удалить ключ ${value}` }).click();
    await dialog('Удалить ключ?').getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Нет ключей с такими условиями').waitFor({ timeout: 20_000 });
    expect(session.pageErrors).toEqual([]);
  });

  it('runs a scenario, then a delete, on three picked keys and says how many went through', async () => {
    const prefix = freshValue().slice(0, 8);
    for (const end of ['0001', '0002', '0003']) await createKey(prefix + end);
    await page.goto(keysPath(`?key=${prefix}`));
    await settled();
    const table = page.getByRole('table', { name: 'Ключи' });
    await expect.poll(() => table.getByRole('row').count()).toBe(4);
    // The scenarios column of each key.
    const scenarios = () => table.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.querySelectorAll('td')[9]?.textContent));
    expect(await scenarios()).toEqual(['—', '—', '—']);

    await table.getByRole('checkbox', { name: 'Выбрать все ключи страницы' }).check();
    const bar = page.getByRole('toolbar', { name: 'Действия с выбранными ключами' });
    await bar.getByText('Выбрано ключей: 3').waitFor();
    await bar.getByRole('button', { name: 'Добавить сценарий' }).click();
    const add = dialog('Добавить сценарий выбранным ключам');
    await add.getByRole('combobox', { name: 'Сценарий' }).selectOption('5');
    await add.getByRole('button', { name: 'Выполнить' }).click();
    await add.getByText('Обработано 3 из 3').waitFor({ timeout: 20_000 });
    await add.getByRole('button', { name: 'Закрыть' }).click();
    await add.waitFor({ state: 'detached' });
    await settled();
    // Every key now runs scenario 5; all went through, so none stays picked.
    await expect.poll(scenarios).toEqual(['5', '5', '5']);
    expect(await bar.count()).toBe(0);

    await table.getByRole('checkbox', { name: 'Выбрать все ключи страницы' }).check();
    await bar.getByRole('button', { name: 'Удалить' }).click();
    const remove = dialog('Удалить выбранные ключи?');
    await remove.getByRole('button', { name: 'Выполнить' }).click();
    await remove.getByText('Обработано 3 из 3').waitFor({ timeout: 20_000 });
    await remove.getByRole('button', { name: 'Закрыть' }).click();
    await page.getByText('Нет ключей с такими условиями').waitFor({ timeout: 20_000 });
  });

  it('keeps an inner and an outer RS key of one value apart and deletes one of them', async () => {
    const value = freshValue();
    await page.goto(rsKeysPath());
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(`RS-ключи устройства ${mac}`);
    await settled();
    await addKey('Добавить RS-ключ', 'Новый RS-ключ', value, true);
    await addKey('Добавить RS-ключ', 'Новый RS-ключ', value);
    await search(value);
    const inner = page.getByRole('table', { name: 'Внутренние ключи' });
    const outer = page.getByRole('table', { name: 'Внешние ключи' });
    await expect.poll(() => inner.getByRole('row').count()).toBe(2);
    await expect.poll(() => outer.getByRole('row').count()).toBe(2);

    await outer.getByRole('button', { name: `Удалить ключ ${value}` }).click();
    const confirm = dialog('Удалить ключ?');
    await confirm.getByText(/\(внешний\)/).waitFor();
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('region', { name: 'Внешние ключи' }).getByText('На этой странице таких ключей нет').waitFor({ timeout: 20_000 });
    expect(await inner.getByRole('row').count()).toBe(2);
    // The other key screen is a link away.
    await page.getByRole('link', { name: 'Ключи панели' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/devices/${mac}/keys`);
  });

  it('links the device card to its keys, RS keys, door codes and matrix', async () => {
    await page.goto(`/devices/${mac}/update`);
    const links = page.getByRole('navigation', { name: 'Экраны устройства' });
    await links.waitFor();
    // textContent: the buttons' CSS upper-cases what they show, not their names.
    expect((await links.getByRole('link').allTextContents()).map((text) => text.trim())).toEqual(['Ключи', 'RS-ключи', 'Коды открытия двери', 'Матрица коммутации', 'История событий', 'Напряжение питания', 'Обходы вызова']);
    expect(await links.getByRole('link', { name: 'Матрица коммутации' }).getAttribute('href')).toBe(`/devices/${encodeURIComponent(mac)}/commutators`);
    await screenshot(page, 'device-card-links');
    await links.getByRole('link', { name: 'RS-ключи' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/devices/${mac}/rs-keys`);
    await page.getByRole('link', { name: 'Карточка устройства' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/devices/${mac}/update`);
  });

  it("links a flat card's key to the keys of its device", async () => {
    const list = (await (
      await page.request.post('/front/device-keys', { headers: { ...XHR, 'X-CSRF-Token': await csrfToken(page) }, data: { mac, page: 1 } })
    ).json()) as { data: { FLAT_NUM: number | null; HOUSE_UID: string | null; VALUE: string }[] };
    const bound = list.data.find((row) => row.FLAT_NUM !== null && row.HOUSE_UID !== null);
    if (!bound) throw new Error(`no key of ${mac} bound to a flat in the seed`);
    await page.goto(`/houses/${encodeURIComponent(bound.HOUSE_UID!)}/flats/${bound.FLAT_NUM}/update`);
    await page.getByRole('link', { name: `Ключи ${mac}` }).first().click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/devices/${mac}/keys`);
    await page.getByRole('table', { name: 'Ключи' }).waitFor();
  });

  it('shows support the keys with no control that changes anything', async () => {
    const support = await openSession(browser, DESKTOP);
    try {
      await logIn(support.page, account('support'));
      for (const path of [keysPath(), rsKeysPath()]) {
        await support.page.goto(path);
        await support.page.getByText('Только просмотр: менять ключи может оператор.').waitFor();
        await settled(support.page);
        const main = support.page.getByRole('main');
        await main.getByRole('table').first().waitFor();
        expect(await main.getByRole('button', { name: /^Добавить/ }).count()).toBe(0);
        expect(await main.getByRole('checkbox').count()).toBe(0);
        expect(await main.getByRole('table').first().getByRole('button').count()).toBe(0);
      }
      expect(support.pageErrors).toEqual([]);
    } finally {
      await support.context.close();
    }
  });

  it('fits both screens at 390×844 and 1440×900 (screenshots)', async () => {
    const value = freshValue();
    await createKey(value, { INNER: 1, RS: 1 });
    await createKey(value, { INNER: 0, RS: 1 });
    for (const viewport of [MOBILE, DESKTOP] satisfies Viewport[]) {
      const shot = await openSession(browser, viewport);
      try {
        await logIn(shot.page, account('operator'));
        for (const [path, name] of [
          [keysPath(), 'device-keys'],
          [rsKeysPath(), 'device-rs-keys'],
        ] as const) {
          await shot.page.goto(path);
          await settled(shot.page);
          await shot.page.getByText(/\d+–\d+ из \d+/).waitFor();
          // Cards on a phone, a table on a desktop; never a sideways page scroll.
          if (viewport === MOBILE) {
            expect(await shot.page.getByRole('table').count()).toBe(0);
            expect(await shot.page.getByRole('list', { name: /ключи$/i }).count()).toBeGreaterThan(0);
          } else {
            expect(await shot.page.getByRole('table', { name: /ключи$/i }).count()).toBeGreaterThan(0);
          }
          expect(await shot.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          // The add button is enabled once the device's key types came; MUI fades it in.
          await expect.poll(() => shot.page.getByRole('button', { name: /^Добавить/ }).isEnabled()).toBe(true);
          await shot.page.waitForTimeout(400);
          await screenshot(shot.page, name);
        }
        // The add dialog: the whole screen on a phone.
        await shot.page.getByRole('button', { name: 'Добавить RS-ключ' }).click();
        const add = shot.page.getByRole('dialog', { name: 'Новый RS-ключ' });
        await add.getByRole('textbox', { name: 'Значение ключа' }).fill('12:34');
        await add.getByText(/нужно 12 шестнадцатеричных цифр, введено 4/).waitFor();
        // The dialog fades in.
        await shot.page.waitForTimeout(400);
        await screenshot(shot.page, 'device-rs-keys-add');
        expect(shot.pageErrors).toEqual([]);
      } finally {
        await shot.context.close();
      }
    }
  });
});
