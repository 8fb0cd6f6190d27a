import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, MOBILE, account, chooseOption, getJson, launchBrowser, logIn, openSession, screenshot, type Session } from './browser';
import { houseWithEntrances, send, sideways, type EntranceRow, type HouseRow } from './housing-helpers';
import { copySeededDataDir, repoRoot, startServer, type ServerProcess } from './server-process';

/*
 * The house page in Chromium against the real server (SEED=small): the operator edits
 * the address, creates and deletes a flat, pages and searches the flats; support reads the house
 * without a control; an installer keeps the house list without links. Then the house typeahead on a
 * list the size of the large seed's: a second server padded with 25,000 houses (SEED_EXTRA_HOUSES).
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const housePath = (uid: string) => `/houses/${encodeURIComponent(uid)}`;
const flatsOf = (uid: string, query = 'page=1') => `/front/houses/${encodeURIComponent(uid)}/flats?${query}`;

describe('the operator on the house page', () => {
  let session: Session;
  let page: Page;
  let house: HouseRow;
  let entrances: EntranceRow[];

  beforeAll(async () => {
    session = await openSession(browser, DESKTOP);
    page = session.page;
    await logIn(page, account('operator'));
    ({ house, entrances } = await houseWithEntrances(page));
  });

  afterAll(async () => {
    // The seed as it was, for the tests that run after this one on the same server.
    await send(page, 'PUT', `/front/houses/${encodeURIComponent(house.id)}`, { address: house.address, region: house.region, fias: house.fias ?? null });
    await session?.context.close();
  });

  it('opens the house from the list and shows its entrances, devices and flats', async () => {
    await page.goto(`/houses?address=${encodeURIComponent(house.address.slice(-12))}`);
    await page.getByRole('link', { name: house.address, exact: true }).click();
    await page.waitForURL((url) => url.pathname === housePath(house.id));
    await page.getByRole('heading', { level: 1, name: house.address }).waitFor();
    const entranceList = page.getByRole('region', { name: 'Подъезды' });
    for (const entrance of entrances) await entranceList.getByRole('link', { name: `Подъезд № ${entrance.entranceNum} «${entrance.title}»` }).waitFor();
    expect(await entranceList.getByText(/^(Основной|Калитка с префиксом|Дополнительный|Калитка без префикса) · Квартиры \d+–\d+$/).count()).toBe(entrances.length);
    const relay = entrances.flatMap((entrance) => entrance.relays)[0];
    if (relay) expect(await entranceList.getByRole('link', { name: `Карточка устройства ${relay.mac}` }).first().getAttribute('href')).toBe(`/devices/${encodeURIComponent(relay.mac)}/update`);
    const macs = await getJson<{ data: string[] }>(page, `/front/devices/get-macs-from-house?houseUid=${encodeURIComponent(house.id)}`);
    const devices = page.getByRole('region', { name: 'Устройства' });
    await devices.getByRole('link').first().waitFor();
    expect(await devices.getByRole('link').count()).toBe(macs.data.length);
    const flats = await getJson<{ data: { flatNum: number; status: number }[] }>(page, flatsOf(house.id));
    const grid = page.getByRole('table', { name: 'Квартиры' });
    await grid.getByRole('link', { name: `Открыть квартиру ${flats.data[0]?.flatNum}`, exact: false }).first().waitFor();
    if (flats.data.some((flat) => flat.status === 1)) await grid.getByText('Заблокирована').first().waitFor();
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'house-operator');
    await page.getByRole('region', { name: 'Квартиры' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'house-operator-flats');
  });

  it('changes the address, refuses a bad region at its field, and keeps the saved address after a reload', async () => {
    await page.goto(housePath(house.id));
    const details = page.getByRole('form', { name: 'Адрес и коды' });
    const address = details.getByRole('textbox', { name: 'Адрес' });
    await address.waitFor();
    const changed = `${house.address}, подъезд со двора`;
    await address.fill(changed);
    await details.getByRole('textbox', { name: 'Регион' }).fill('1000');
    await details.getByRole('button', { name: 'Сохранить' }).click();
    await details.getByText('Регион — целое число от 1 до 999').waitFor();
    await screenshot(page, 'house-field-error');
    await details.getByRole('textbox', { name: 'Регион' }).fill(String(house.region));
    await details.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Дом сохранён').waitFor();
    await page.getByRole('heading', { level: 1, name: changed }).waitFor();
    expect((await getJson<{ data: HouseRow }>(page, `/front/houses/${encodeURIComponent(house.id)}`)).data.address).toBe(changed);
    await page.reload();
    expect(await page.getByRole('form', { name: 'Адрес и коды' }).getByRole('textbox', { name: 'Адрес' }).inputValue()).toBe(changed);
    await send(page, 'PUT', `/front/houses/${encodeURIComponent(house.id)}`, { address: house.address, region: house.region, fias: house.fias ?? null });
  });

  it('creates a flat (a duplicate number refused at the field) and deletes one after confirmation', async () => {
    await page.goto(housePath(house.id));
    const existing = (await getJson<{ data: { flatNum: number }[] }>(page, flatsOf(house.id))).data[0]?.flatNum ?? 1;
    await page.getByRole('button', { name: 'Добавить квартиру' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новая квартира' });
    const number = dialog.getByRole('textbox', { name: 'Номер квартиры' });
    await number.fill('0');
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await dialog.getByText('Номер квартиры — целое число от 1 до 99999').waitFor();
    await number.fill(String(existing));
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await expect.poll(() => number.getAttribute('aria-invalid')).toBe('true');
    const duplicate = await dialog.locator(`#${await number.getAttribute('aria-describedby')}`).textContent();
    expect(duplicate).toMatch(/уже|существует/);
    await screenshot(page, 'house-flat-duplicate');
    await number.fill('901');
    await dialog.getByRole('textbox', { name: 'Литера' }).fill('А');
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await page.getByText('Квартира добавлена').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('searchbox', { name: 'Номер квартиры' }).fill('901');
    await page.getByRole('search', { name: 'Номер квартиры' }).getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL((url) => url.searchParams.get('flatNum') === '901');
    const grid = page.getByRole('table', { name: 'Квартиры' });
    expect(await grid.getByRole('link', { name: 'Открыть квартиру 901 А' }).getAttribute('href')).toBe(`${housePath(house.id)}/flats/901/update`);
    await grid.getByRole('button', { name: 'Удалить квартиру 901 А' }).click();
    const confirm = page.getByRole('dialog', { name: 'Удалить квартиру?' });
    await confirm.getByText(/Квартира 901 А будет удалена/).waitFor();
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Квартира удалена').waitFor();
    await grid.getByRole('link', { name: 'Открыть квартиру 901 А' }).waitFor({ state: 'detached' });
    const left = await getJson<{ data: { flatNum: number }[] }>(page, flatsOf(house.id, 'page=1&flatNum=901'));
    expect(left.data).toEqual([]);
  });

  it('pages the flats 20 at a time and searches them by number, both kept in the URL', async () => {
    const added = Array.from({ length: 20 }, (_, index) => 1001 + index);
    for (const flatNum of added) await send(page, 'POST', `/front/flats/${encodeURIComponent(house.id)}/flat`, { flatNum });
    try {
      const total = (await getJson<{ pagination: { totalCount: number } }>(page, flatsOf(house.id))).pagination.totalCount;
      expect(total).toBeGreaterThan(20);
      await page.goto(housePath(house.id));
      const grid = page.getByRole('table', { name: 'Квартиры' });
      await grid.getByRole('link', { name: /^Открыть квартиру / }).first().waitFor();
      expect(await grid.getByRole('link', { name: /^Открыть квартиру / }).count()).toBe(20);
      await page.getByRole('button', { name: 'Перейти на следующую страницу' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await expect.poll(() => grid.getByRole('link', { name: /^Открыть квартиру / }).count()).toBe(total - 20);
      await page.reload();
      await expect.poll(() => grid.getByRole('link', { name: /^Открыть квартиру / }).count()).toBe(total - 20);

      await page.getByRole('searchbox', { name: 'Номер квартиры' }).fill('101');
      await page.getByRole('search', { name: 'Номер квартиры' }).getByRole('button', { name: 'Найти' }).click();
      await page.waitForURL((url) => url.searchParams.get('flatNum') === '101' && !url.searchParams.has('page'));
      await expect.poll(() => grid.getByRole('link', { name: /^Открыть квартиру / }).allTextContents()).toEqual(['1010', '1011', '1012', '1013', '1014', '1015', '1016', '1017', '1018', '1019']);
      await screenshot(page, 'house-flats-search');
    } finally {
      for (const flatNum of added) await send(page, 'DELETE', `/front/flats/${encodeURIComponent(house.id)}:${flatNum}`);
    }
  });

  it('on a phone shows the house and its flats as cards, without sideways scrolling', async () => {
    await page.setViewportSize(MOBILE);
    try {
      await page.goto(housePath(house.id));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('list', { name: 'Квартиры' }).getByRole('link').first().waitFor();
      expect(await sideways(page)).toBe(0);
      await screenshot(page, 'house-operator');
      await page.getByRole('region', { name: 'Квартиры' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'house-operator-flats');
      await page.goto(`/houses?address=${encodeURIComponent(house.address.slice(0, 10))}`);
      await page.getByRole('link', { name: house.address, exact: true }).waitFor();
      // The whole address, not cut after the region.
      const cell = page.getByRole('link', { name: house.address, exact: true });
      expect(await cell.evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && getComputedStyle(element).textOverflow !== 'ellipsis')).toBe(true);
      expect(await sideways(page)).toBe(0);
      await screenshot(page, 'house-list-address');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  it('adds a house to a device on its card by typing its street, and takes it off again', async () => {
    const list = await getJson<{ data: { MAC: string }[] }>(page, '/front/device-list/get-list?page=1');
    const mac = list.data[0]?.MAC;
    if (!mac) throw new Error('no device for the operator');
    const before = (await getJson<{ device: { houses: string[] } }>(page, `/front/device-card/device/${mac}`)).device.houses;
    const target = (await getJson<{ data: HouseRow[] }>(page, '/front/house-list?page=1')).data.find((row) => !before.includes(row.id));
    if (!target) throw new Error('every house is on the device already');
    await page.goto(`/devices/${mac}/update?tab=overview`);
    const section = page.getByRole('region', { name: 'Дома', exact: true });
    const field = section.getByRole('combobox', { name: 'Дома устройства' });
    await field.click();
    // Three letters of its street: a search the server answers, then the address's end picks it out.
    const street = target.address.split(/[\s,.]+/).filter((word) => word.length >= 5).at(-1) ?? target.address;
    await field.fill(street.slice(0, 3));
    await section.getByRole('status').filter({ hasText: /^Найдено/ }).waitFor();
    await field.fill(target.address.slice(-16));
    await section.getByRole('option', { name: target.address, exact: true }).click();
    await section.getByText(target.address, { exact: true }).waitFor();
    await screenshot(page, 'device-card-house-picked');
    await section.getByRole('button', { name: 'Сохранить' }).click();
    const housesOf = async () => (await getJson<{ device: { houses: string[] } }>(page, `/front/device-card/device/${mac}`)).device.houses.sort();
    await expect.poll(housesOf).toEqual([...before, target.id].sort());
    await section.getByRole('button', { name: `Убрать дом ${target.address}` }).click();
    await section.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(housesOf).toEqual([...before].sort());
  });

  it('picks the house of a new device in the device list\'s create dialog by typing its address', async () => {
    await page.setViewportSize(MOBILE);
    try {
      await page.goto('/devices');
      await page.getByRole('button', { name: 'Добавить устройство' }).click();
      await page.getByRole('menuitem', { name: /^Вручную, без мастера/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Новое устройство' });
      const hex = randomBytes(5).toString('hex').toUpperCase();
      const mac = `02${hex}`.match(/.{2}/g)!.join(':');
      await dialog.getByRole('textbox', { name: 'MAC-адрес' }).fill(mac);
      await chooseOption(page, 'Тип устройства', /^ISCOM_X1$/);
      const field = dialog.getByRole('combobox', { name: 'Дом (необязательно)' });
      await field.click();
      const street = house.address.split(/[\s,.]+/).filter((word) => word.length >= 5).at(-1) ?? house.address;
      await field.fill(street.slice(0, 4));
      await dialog.getByRole('status').filter({ hasText: /^Найдено/ }).waitFor();
      await screenshot(page, 'device-create-house-typeahead');
      await dialog.getByRole('option', { name: house.address }).click();
      await expect.poll(() => field.inputValue()).toBe(house.address);
      expect(await sideways(page)).toBe(0);
      await dialog.getByRole('button', { name: 'Добавить', exact: true }).click();
      await page.getByText(`Устройство ${mac} добавлено`).waitFor();
      expect((await getJson<{ device: { houses: string[] } }>(page, `/front/device-card/device/${mac}`)).device.houses).toEqual([house.id]);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  it('offline says so, keeps what was typed and saves nothing', async () => {
    await page.goto(housePath(house.id));
    const address = page.getByRole('form', { name: 'Адрес и коды' }).getByRole('textbox', { name: 'Адрес' });
    await address.fill('Набрано без сети');
    await session.context.setOffline(true);
    try {
      await page.evaluate(() => window.dispatchEvent(new Event('offline')));
      await page.getByText(/Нет связи с сервером: изменения недоступны/).waitFor();
      expect(await page.getByRole('button', { name: 'Сохранить' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Добавить квартиру' }).isDisabled()).toBe(true);
      expect(await address.inputValue()).toBe('Набрано без сети');
      await screenshot(page, 'house-offline');
    } finally {
      await session.context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
    }
    expect(await address.inputValue()).toBe('Набрано без сети');
  });
});

describe.each([
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const)('support on a %s', (_name, viewport) => {
  let session: Session;

  beforeAll(async () => {
    session = await openSession(browser, viewport);
    await logIn(session.page, account('support'));
  });

  afterAll(async () => {
    await session?.context.close();
  });

  it('reads the house without a control to change it', async () => {
    const { page } = session;
    const { house } = await houseWithEntrances(page);
    await page.goto(housePath(house.id));
    await page.getByRole('heading', { level: 1, name: house.address }).waitFor();
    await page.getByText('Только просмотр: изменять дом может оператор.').waitFor();
    const address = page.getByRole('form', { name: 'Адрес и коды' }).getByRole('textbox', { name: 'Адрес' });
    expect(await address.getAttribute('readonly')).not.toBeNull();
    await page.getByRole('region', { name: 'Квартиры' }).getByRole('link').first().waitFor();
    for (const name of ['Сохранить', 'Добавить квартиру', /^Удалить квартиру/]) expect(await page.getByRole('button', { name }).count(), String(name)).toBe(0);
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'house-support');
  });
});

describe('an installer', () => {
  let session: Session;

  beforeAll(async () => {
    session = await openSession(browser, MOBILE);
    await logIn(session.page, account('installer'));
  });

  afterAll(async () => {
    await session?.context.close();
  });

  it('keeps the house list with whole addresses and no links, and is refused the house page', async () => {
    const { page } = session;
    const houses = await getJson<{ data: HouseRow[] }>(page, '/front/house-list?page=1');
    const first = houses.data[0];
    if (!first) throw new Error('no house for the installer');
    await page.goto('/houses');
    await page.getByText(first.address, { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: first.address }).count()).toBe(0);
    await page.goto(housePath(first.id));
    await page.getByRole('heading', { name: 'Нет доступа к этому разделу', level: 1 }).waitFor();
  });
});

describe('the house typeahead on a list the size of the large seed', () => {
  let server: ServerProcess;
  let dataDir: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    dataDir = await copySeededDataDir(inject('seededDataDir'), 'intercom-e2e-houses-');
    const dist = process.env.E2E_DIST ? resolve(repoRoot, process.env.E2E_DIST) : join(repoRoot, 'dist');
    server = await startServer({
      env: { DATA_DIR: dataDir, SEED: 'small', SEED_EXTRA_HOUSES: '25000', STATIC_DIR: dist, DEVICE_FAILURE_SHARE: '0' },
      logFile: join(repoRoot, 'test-results', 'e2e-server-extra-houses.log'),
      timeoutMs: 240_000,
    });
    context = await browser.newContext({ baseURL: server.url, viewport: MOBILE, locale: 'ru-RU', timezoneId: 'UTC' });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
    await logIn(page, account('installer'));
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('finds a house beyond the first pages by three letters of its street and picks it in the device wizard', { timeout: 120_000 }, async () => {
    const all = await getJson<{ pagination: { totalCount: number } }>(page, '/front/house-list?page=1');
    expect(all.pagination.totalCount).toBeGreaterThan(25_000);
    // A padding house: far beyond the 100 houses the pickers used to read.
    const found = await getJson<{ pagination: { totalCount: number }; data: HouseRow[] }>(page, `/front/house-list?page=1&address=${encodeURIComponent('Сад')}`);
    expect(found.pagination.totalCount).toBeGreaterThan(20);
    const devices = await getJson<{ data: { MAC: string }[] }>(page, '/front/device-list/get-list?page=1');
    const mac = devices.data[0]?.MAC;
    if (!mac) throw new Error('no device for the installer');

    await page.goto(`/devices/${mac}/wizard`);
    await page.getByRole('heading', { name: 'Устройство' }).first().waitFor();
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByRole('heading', { name: 'Дома' }).first().waitFor();
    const search = page.getByLabel('Найти дом');
    await search.fill('Са');
    await page.getByText('Введите не меньше 3 символов адреса').waitFor();
    await search.fill('Сад');
    const status = page.getByRole('status').filter({ hasText: /^Найдено/ });
    await status.waitFor();
    expect(await status.textContent()).toBe(`Найдено ${found.pagination.totalCount}, показаны первые 20: уточните адрес`);
    // Typing narrows it down to one house of the 25,000.
    const target = found.data[found.data.length - 1];
    if (!target) throw new Error('no house found');
    await search.fill(target.address);
    await screenshot(page, 'house-typeahead-wizard');
    await page.getByRole('button', { name: `Добавить дом ${target.address}` }).click();
    await page.getByRole('button', { name: `Убрать дом ${target.address}` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'house-typeahead-picked');
  });

  it('searches the house list by address, kept in the URL, from page 1', async () => {
    await page.goto('/houses?page=3');
    await page.getByRole('searchbox', { name: 'Адрес' }).fill('Сад');
    await page.getByRole('search').getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL((url) => url.searchParams.get('address') === 'Сад' && !url.searchParams.has('page'));
    const rows = await getJson<{ data: HouseRow[] }>(page, `/front/house-list?page=1&address=${encodeURIComponent('Сад')}`);
    await page.getByText(rows.data[0]?.address ?? '-', { exact: true }).waitFor();
    await screenshot(page, 'house-list-search');
  });
});

