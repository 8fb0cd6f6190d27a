import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, XHR, account, getJson, launchBrowser, literally, logIn, openSession, screenshot, type Session, type Viewport } from './browser';

/*
 * /access «Управление блокировками» in Chromium against the real server (SEED=small):
 * the operator blocks two flats of a house found by address plus one that does not exist, sees the
 * per-flat result and the two in the list, unblocks them from the selection; creates, edits, edits
 * in bulk and deletes a reason of the catalogue. Support reads both tabs without a control.
 * Screens of both tabs and every dialog at 390×844 and 1440×900 go to test-results/screens/.
 */

interface Paged<T> {
  pagination: { totalCount: number };
  data: T[];
}
interface HouseRow {
  id: string;
  address: string;
}
interface FlatRow {
  flatNum: number;
  letter: string | null;
  status: number;
}
interface Reason {
  id: number;
  name: string;
  description: string | null;
}

const MISSING_FLAT = 99_999;
const RUN = randomBytes(3).toString('hex');

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** How far the page scrolls sideways: 0 when nothing is wider than the viewport. */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** A dialog fades in: the screenshot waits until it is shown in full. */
async function settled(dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element.closest('.MuiDialog-container') ?? element).opacity)).toBe('1');
}

/** Screens at both widths (the layout follows the viewport), the page never wider than a phone. */
async function shootBoth(page: Page, name: string, dialog?: Locator): Promise<void> {
  for (const viewport of [DESKTOP, MOBILE] satisfies Viewport[]) {
    await page.setViewportSize(viewport);
    if (dialog) await settled(dialog);
    // MUI re-lays out on the resize event: let it land before the picture.
    await page.waitForTimeout(150);
    if (viewport === MOBILE) expect(await sidewaysScroll(page), name).toBe(0);
    await screenshot(page, name);
  }
  await page.setViewportSize(DESKTOP);
}

async function openAccess(page: Page, search = ''): Promise<void> {
  await page.goto(`/access${search}`);
  await page.getByRole('heading', { name: 'Управление блокировками', level: 1 }).waitFor();
}

describe('/access as the operator', () => {
  let session: Session;
  let page: Page;

  beforeAll(async () => {
    session = await openSession(browser, DESKTOP);
    page = session.page;
    await logIn(page, account('operator'));
  });

  afterAll(async () => {
    await session?.context.close();
  });

  /** A house of the operator's with two active flats (numbers without a letter), to block and unblock them. */
  async function houseWithActiveFlats(): Promise<{ house: HouseRow; flats: FlatRow[] }> {
    for (let number = 1; number <= 3; number++) {
      const houses = await getJson<Paged<HouseRow>>(page, `/front/house-list?page=${number}`);
      for (const house of houses.data) {
        // A house card is its entrances' buyers' (docs/api.md): the list may show houses the card refuses.
        const flats = await page.request.get(`/front/houses/${encodeURIComponent(house.id)}/flats?page=1`, { headers: XHR });
        if (flats.status() !== 200) continue;
        const active = ((await flats.json()) as Paged<FlatRow>).data.filter((flat) => flat.status === 0 && flat.letter === null);
        if (active.length >= 2) return { house, flats: active.slice(0, 2) };
      }
    }
    throw new Error('no house of the operator with two active flats in the small seed');
  }

  it('blocks two flats of a house found by address (and one that does not exist), lists them, and unblocks them from the selection', async () => {
    const { house, flats } = await houseWithActiveFlats();
    const [first, second] = flats as [FlatRow, FlatRow];
    await openAccess(page);
    await page.getByRole('table', { name: 'Заблокированные квартиры' }).getByRole('row').nth(1).waitFor();
    await shootBoth(page, 'access-blocks');

    await page.getByRole('button', { name: 'Заблокировать квартиры' }).click();
    const dialog = page.getByRole('dialog', { name: 'Заблокировать квартиры' });
    // A part of the address, as an operator types it: the server finds the house.
    const street = house.address.split(',').slice(-2).join(',').trim();
    await dialog.getByRole('combobox', { name: /^Дом/ }).fill(street);
    await page.getByRole('option', { name: house.address, exact: true }).click();
    await dialog.getByRole('textbox', { name: /^Квартиры/ }).fill(`${first.flatNum}, ${second.flatNum}\n${MISSING_FLAT}`);
    await dialog.getByText('Квартир: 3').waitFor();
    await dialog.getByRole('combobox', { name: /^Причина/ }).fill(`Задолженность (${RUN})`);
    await shootBoth(page, 'access-block-dialog', dialog);
    await dialog.getByRole('button', { name: 'Заблокировать', exact: true }).click();

    const result = page.getByRole('dialog', { name: 'Блокировка: результат' });
    await result.getByText('Выполнено: 2, не выполнено: 1').waitFor();
    const rows = result.getByRole('table', { name: 'Результат по квартирам' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.nth(1).innerText()).toMatch(new RegExp(`${MISSING_FLAT}[\\s\\S]*Не выполнено: Квартира не найдена`));
    for (const row of [2, 3]) expect(await rows.nth(row).innerText()).toMatch(new RegExp(`${literally(house.address)}[\\s\\S]*Заблокирована`));
    await shootBoth(page, 'access-block-result', result);
    await result.getByRole('button', { name: 'Закрыть' }).click();

    // The two are listed with who blocked them and why; the filter lives in the URL.
    const filters = page.getByRole('search');
    await filters.getByRole('textbox', { name: 'Идентификатор дома' }).fill(house.id);
    await filters.getByRole('textbox', { name: 'Идентификатор дома' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('houseUid') === house.id);
    const list = page.getByRole('table', { name: 'Заблокированные квартиры' });
    for (const flat of [first, second]) await list.getByRole('link', { name: `Открыть квартиру ${flat.flatNum}, ${house.address}` }).waitFor();
    const firstRow = list.getByRole('row').filter({ has: page.getByRole('link', { name: `Открыть квартиру ${first.flatNum}, ${house.address}` }) });
    expect(await firstRow.innerText()).toContain('operator');
    expect(await firstRow.innerText()).toContain(`Задолженность (${RUN})`);
    expect(await list.getByRole('link', { name: `Открыть квартиру ${first.flatNum}, ${house.address}` }).getAttribute('href')).toBe(
      `/houses/${encodeURIComponent(house.id)}/flats/${first.flatNum}/update`,
    );
    await page.reload();
    await list.getByRole('link', { name: `Открыть квартиру ${second.flatNum}, ${house.address}` }).waitFor();
    await shootBoth(page, 'access-blocks-filtered');

    for (const flat of [first, second]) await list.getByRole('checkbox', { name: `Выбрать квартиру ${flat.flatNum}, ${house.address}` }).check();
    await page.getByRole('toolbar', { name: 'Выбрано: 2' }).getByRole('button', { name: 'Разблокировать' }).click();
    const confirm = page.getByRole('dialog', { name: 'Разблокировать квартиры?' });
    await confirm.getByText('Будет разблокировано квартир: 2.').waitFor();
    await confirm.getByRole('button', { name: 'Разблокировать' }).click();
    const unblocked = page.getByRole('dialog', { name: 'Разблокировка: результат' });
    await unblocked.getByText('Выполнено: 2, не выполнено: 0').waitFor();
    expect(await unblocked.getByText('Разблокирована', { exact: true }).count()).toBe(2);
    await shootBoth(page, 'access-unblock-result', unblocked);
    await unblocked.getByRole('button', { name: 'Закрыть' }).click();
    for (const flat of [first, second]) await list.getByRole('link', { name: `Открыть квартиру ${flat.flatNum}, ${house.address}` }).waitFor({ state: 'detached' });
    const after = await getJson<Paged<{ flatNum: number }>>(page, `/front/access/blocked-flats?houseUid=${encodeURIComponent(house.id)}`);
    expect(after.data.filter((flat) => flat.flatNum === first.flatNum || flat.flatNum === second.flatNum)).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });

  it('creates a reason (the name required), edits it, edits all reasons and saves them at once, and deletes it', async () => {
    const reasons = () => getJson<{ data: Reason[] }>(page, '/front/access/get-reasons').then((answer) => answer.data);
    const name = `Переезд ${RUN}`;
    await openAccess(page);
    await page.getByRole('tab', { name: 'Справочник доступа' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'catalogue');
    const section = page.getByRole('region', { name: 'Причины' });
    await section.getByRole('table', { name: 'Причины' }).waitFor();
    await page.getByRole('region', { name: 'Услуги' }).getByRole('table', { name: 'Услуги' }).getByRole('row').nth(1).waitFor();
    await shootBoth(page, 'access-catalogue');

    await section.getByRole('button', { name: 'Добавить причину' }).click();
    const create = page.getByRole('dialog', { name: 'Новая причина' });
    await create.getByRole('button', { name: 'Сохранить' }).click();
    await create.getByText('Введите название').waitFor();
    await shootBoth(page, 'access-reason-dialog', create);
    await create.getByRole('textbox', { name: /^Название/ }).fill(name);
    await create.getByRole('button', { name: 'Сохранить' }).click();
    await create.waitFor({ state: 'hidden' });
    await section.getByRole('cell', { name, exact: true }).waitFor();
    const created = (await reasons()).find((reason) => reason.name === name);
    expect(created).toBeDefined();

    await section.getByRole('button', { name: `Изменить «${name}»` }).click();
    const edit = page.getByRole('dialog', { name: 'Причина' });
    expect(await edit.getByRole('textbox', { name: /^Название/ }).inputValue()).toBe(name);
    await edit.getByRole('textbox', { name: /^Описание/ }).fill('Жильцы съехали');
    await edit.getByRole('button', { name: 'Сохранить' }).click();
    await edit.waitFor({ state: 'hidden' });
    await section.getByRole('cell', { name: 'Жильцы съехали', exact: true }).waitFor();
    expect((await reasons()).find((reason) => reason.id === created!.id)?.description).toBe('Жильцы съехали');

    await section.getByRole('button', { name: 'Изменить всё' }).click();
    const editor = page.getByRole('form', { name: 'Изменение причин' });
    await editor.getByRole('textbox', { name: `Название, строка ${created!.id}` }).fill(`${name} (до конца месяца)`);
    await editor.getByRole('textbox', { name: `Описание, строка ${created!.id}` }).fill('Жильцы съехали, квартира пустует');
    await editor.getByText('Изменено строк: 1').waitFor();
    await shootBoth(page, 'access-reasons-bulk');
    await editor.getByRole('button', { name: 'Сохранить всё' }).click();
    await page.getByText('Сохранено строк: 1').waitFor();
    const renamed = `${name} (до конца месяца)`;
    const table = page.getByRole('region', { name: 'Причины' }).getByRole('table', { name: 'Причины' });
    await table.getByRole('cell', { name: renamed, exact: true }).waitFor();
    expect((await reasons()).find((reason) => reason.id === created!.id)).toEqual({ id: created!.id, name: renamed, description: 'Жильцы съехали, квартира пустует' });

    await page.getByRole('button', { name: `Удалить «${renamed}»` }).click();
    const confirm = page.getByRole('dialog', { name: 'Удалить запись?' });
    await settled(confirm);
    await screenshot(page, 'access-reason-delete');
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await table.getByRole('cell', { name: renamed, exact: true }).waitFor({ state: 'detached' });
    expect((await reasons()).some((reason) => reason.id === created!.id)).toBe(false);
    expect(session.pageErrors).toEqual([]);
  });

  it('offline says so, keeps the block dialog’s text and sends nothing until the network is back', async () => {
    await openAccess(page);
    await page.getByRole('button', { name: 'Заблокировать квартиры' }).click();
    const dialog = page.getByRole('dialog', { name: 'Заблокировать квартиры' });
    await dialog.getByRole('textbox', { name: /^Квартиры/ }).fill('1-20, 35, 41');
    await session.context.setOffline(true);
    try {
      await dialog.getByText(/^Нет связи с сервером/).waitFor();
      expect(await dialog.getByRole('button', { name: 'Заблокировать', exact: true }).isDisabled()).toBe(true);
      await settled(dialog);
      await screenshot(page, 'access-block-dialog-offline');
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      await page.getByRole('button', { name: 'Заблокировать квартиры' }).click();
      expect(await dialog.getByRole('textbox', { name: /^Квартиры/ }).inputValue()).toBe('1-20, 35, 41');
    } finally {
      await session.context.setOffline(false);
    }
    await dialog.getByText(/^Нет связи с сервером/).waitFor({ state: 'detached', timeout: 30_000 });
    expect(await dialog.getByRole('button', { name: 'Заблокировать', exact: true }).isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Отмена' }).click();
  });

  /** Every script a fresh tab loads for `path`, gzip-sized here whatever the server sends. */
  async function scriptsOf(context: BrowserContext, path: string, ready: (tab: Page) => Promise<void>): Promise<Map<string, number>> {
    const tab = await context.newPage();
    const sizes: Promise<[string, number]>[] = [];
    tab.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      sizes.push(response.body().then((body) => [new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length]));
    });
    await tab.goto(path);
    await ready(tab);
    await tab.waitForLoadState('networkidle');
    const loaded = new Map(await Promise.all(sizes));
    await tab.close();
    return loaded;
  }

  // The route budget of 250 KB, plus the 5 KB of the shell's preload map (vite.config.ts
  // `modulePreload`): it lets a first open ask for all of a route's chunks at once instead of in a
  // chain of imports six deep (docs/offline.md «A first open»).
  it('loads at most 255 KB of gzip JS for the route', async () => {
    const route = await scriptsOf(session.context, '/access', (tab) => tab.getByRole('table', { name: 'Заблокированные квартиры' }).waitFor());
    const total = [...route.values()].reduce((sum, size) => sum + size, 0);
    console.info(`/access route: ${route.size} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
    expect(total).toBeLessThanOrEqual(255 * 1024);
  });
});

describe('/access as support', () => {
  it('reads the blocked flats and the catalogue with no control that writes', async () => {
    const { context, page, pageErrors } = await openSession(browser, DESKTOP);
    try {
      await logIn(page, account('support'));
      await openAccess(page);
      await page.getByText('Только просмотр: блокировать квартиры и менять справочник может оператор.').waitFor();
      const list = page.getByRole('table', { name: 'Заблокированные квартиры' });
      await list.getByRole('link', { name: /^Открыть квартиру / }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Заблокировать квартиры' }).count()).toBe(0);
      expect(await list.getByRole('checkbox').count()).toBe(0);
      await shootBoth(page, 'access-blocks-support');

      await page.getByRole('tab', { name: 'Справочник доступа' }).click();
      await page.getByRole('table', { name: 'Причины' }).getByRole('row').nth(1).waitFor();
      await page.getByRole('table', { name: 'Действия' }).getByRole('row').nth(1).waitFor();
      expect(await page.getByRole('button', { name: /^(Добавить|Изменить|Удалить)/ }).count()).toBe(0);
      await shootBoth(page, 'access-catalogue-support');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
