import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, XHR, account, csrfToken, getJson, launchBrowser, logIn, openSession, screenshot, type Session } from './browser';

/*
 * The commutation matrix in Chromium against the real server (SEED=small) as the
 * operator: Metakom 20 resized to 40 keeping its cells, a duplicate refused before saving, a save
 * read back after a reload, a draft restored after leaving, the matrix read from the simulated
 * device with its line-level check; support's read-only view; a 28 × 8 Factorial on a phone.
 */

/** Device types with the 'commutators' capability: IMD1_B, ISCOM_X0/X1, BEWARD_ISCOM, ISCOM_RWE, ISCOM_S2. */
const ANALOGUE_TYPES = [0, 5, 6, 10, 11, 12];

interface MatrixAnswer {
  model: number | null;
  commutators: { index: number; matrix: number[][] }[];
  flatRange: { firstFlat: number; lastFlat: number } | null;
  device: { statusCode: number };
}

let browser: Browser;
let session: Session;
let page: Page;
/** Devices of the operator with an entrance of at least 4 flats (the small seed's entrances hold 4–8). */
let devices: { mac: string; first: number; last: number }[] = [];

const matrixPath = (mac: string) => `/front/devices/${encodeURIComponent(mac)}/commutators`;

async function saveMatrix(on: Page, mac: string, body: { model: number | null; matrix: { index: number; matrix: number[][] }[] }): Promise<void> {
  const response = await on.request.post(matrixPath(mac), { headers: { ...XHR, 'X-CSRF-Token': await csrfToken(on) }, data: body });
  expect(response.status(), await response.text()).toBe(200);
}

const cell = (on: Page, row: number, column: number) => on.getByRole('textbox', { name: `Ряд ${row}, столбец ${column}`, exact: true });

async function noSidewaysScroll(on: Page): Promise<void> {
  const width = await on.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(on.viewportSize()?.width ?? 0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  session = await openSession(browser, DESKTOP);
  page = session.page;
  await logIn(page, account('operator'));
  for (const type of ANALOGUE_TYPES) {
    const list = await getJson<{ data: { MAC: string; STATUS_CODE: number }[] }>(page, `/front/device-list/get-list?page=1&type=${type}`);
    for (const row of list.data) {
      // Disabled (2) and reset (3) devices refuse the reading.
      if (row.STATUS_CODE === 2 || row.STATUS_CODE === 3) continue;
      const answer = await getJson<MatrixAnswer>(page, matrixPath(row.MAC));
      const range = answer.flatRange;
      if (range && range.lastFlat - range.firstFlat + 1 >= 4) devices.push({ mac: row.MAC, first: range.firstFlat, last: range.lastFlat });
    }
    if (devices.length >= 2) break;
  }
  devices = devices.slice(0, 2);
}, 120_000);

afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

describe('commutation matrix', () => {
  it('finds analogue panels with an entrance in the seed', () => {
    expect(devices.length).toBeGreaterThanOrEqual(2);
  });

  it('Metakom 20 resized to 40 keeps its cells; a duplicate is refused before saving; the save is read back after a reload', async () => {
    const { mac, first } = devices[0];
    await saveMatrix(page, mac, { model: null, matrix: [] });
    await page.goto(`/devices/${mac}/commutators`);
    await page.getByText('У устройства нет коммутатора: выберите модель и размер').waitFor();
    await screenshot(page, 'commutators-empty');

    await page.getByLabel('Модель (тип ключа)').selectOption({ label: 'Metakom' });
    await page.getByLabel('Размер коммутатора').selectOption('20');
    await page.getByRole('grid', { name: 'Матрица коммутатора 1' }).waitFor();
    expect(await page.getByRole('textbox', { name: /^Ряд \d+, столбец \d+$/ }).count()).toBe(20);

    await cell(page, 1, 1).click();
    await page.keyboard.type(String(first));
    await page.keyboard.press('Enter');
    await page.keyboard.type(String(first + 1));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type(String(first + 2));
    await expect.poll(() => cell(page, 2, 2).inputValue()).toBe(String(first + 2));

    await page.getByLabel('Размер коммутатора').selectOption('40');
    expect(await page.getByRole('textbox', { name: /^Ряд \d+, столбец \d+$/ }).count()).toBe(40);
    expect(await cell(page, 1, 1).inputValue()).toBe(String(first));
    expect(await cell(page, 2, 1).inputValue()).toBe(String(first + 1));
    expect(await cell(page, 2, 2).inputValue()).toBe(String(first + 2));

    // The same flat twice: both cells marked, named in the summary, Save off — no request needed.
    await cell(page, 1, 4).click();
    await page.keyboard.type(String(first));
    await expect.poll(() => cell(page, 1, 4).getAttribute('aria-invalid')).toBe('true');
    expect(await cell(page, 1, 1).getAttribute('aria-invalid')).toBe('true');
    await page.getByText(`квартира ${first}: коммутатор 1, ряд 1, столбец 1; коммутатор 1, ряд 1, столбец 4`).waitFor();
    const save = page.getByRole('button', { name: 'Сохранить', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await screenshot(page, 'commutators-duplicate');

    await cell(page, 1, 4).press('Delete');
    await page.keyboard.type(String(first + 3));
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await page.getByText('Матрица сохранена').waitFor();

    await page.reload();
    await page.getByRole('grid').waitFor();
    expect(await page.getByLabel('Размер коммутатора').inputValue()).toBe('40');
    expect(await cell(page, 1, 1).inputValue()).toBe(String(first));
    expect(await cell(page, 2, 1).inputValue()).toBe(String(first + 1));
    expect(await cell(page, 2, 2).inputValue()).toBe(String(first + 2));
    expect(await cell(page, 1, 4).inputValue()).toBe(String(first + 3));
    const stored = await getJson<MatrixAnswer>(page, matrixPath(mac));
    expect(stored.model).toBe(1);
    expect(stored.commutators[0].matrix[0]).toEqual([first, 0, 0, first + 3]);
  }, 90_000);

  it('unsaved edits survive leaving the screen: coming back offers the draft and restores it', async () => {
    const { mac, first } = devices[0];
    await page.goto(`/devices/${mac}/commutators`);
    await cell(page, 1, 4).click();
    await page.keyboard.press('Delete');
    await cell(page, 5, 3).click();
    await page.keyboard.type(String(first + 3));
    // The draft is written after a short pause (and on leaving).
    await page.waitForTimeout(800);
    await page.getByRole('link', { name: 'К карточке устройства' }).click();
    await page.waitForURL(/\/update/);
    await page.goto(`/devices/${mac}/commutators`);
    await page.getByText(/Есть несохранённые изменения от/).waitFor();
    expect(await cell(page, 5, 3).inputValue()).toBe('');
    expect(await cell(page, 1, 4).inputValue()).toBe(String(first + 3));
    await page.getByRole('button', { name: 'Восстановить' }).click();
    expect(await cell(page, 5, 3).inputValue()).toBe(String(first + 3));
    expect(await cell(page, 1, 4).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Сохранить', exact: true }).isDisabled()).toBe(false);
  }, 60_000);

  it('reads the matrix from the simulated device (asking first over unsaved edits), follows the line-level check to its end and shows the units’ levels', async () => {
    const { mac } = devices[0];
    await page.goto(`/devices/${mac}/commutators`);
    // The draft from the previous test is still there: restore it, so there is something to lose.
    await page.getByRole('button', { name: 'Восстановить' }).click();
    await page.getByRole('button', { name: 'Считать с устройства' }).click();
    await page.getByRole('dialog', { name: 'Заменить несохранённые изменения?' }).waitFor();
    await page.getByRole('button', { name: 'Считать и заменить' }).click();
    await page.getByText('Чтение матрицы с устройства…').waitFor();
    await page.getByText(/Проверка уровней линий: \d+%/).waitFor({ timeout: 30_000 });
    await page.getByText('Проверка уровней линий завершена').waitFor({ timeout: 60_000 });
    await page.getByText(/(Уровень линии \d+|Линия не отвечает: уровень \d+), измерен/).first().waitFor({ timeout: 15_000 });
    expect(await page.getByText(/Есть несохранённые изменения/).count()).toBe(0);
    await screenshot(page, 'commutators');
  }, 120_000);

  it('support sees the matrix read-only: no save, fill, copy or reading', async () => {
    const { mac } = devices[0];
    const support = await openSession(browser, DESKTOP);
    try {
      await logIn(support.page, account('support'));
      await support.page.goto(`/devices/${mac}/commutators`);
      await support.page.getByRole('grid').waitFor();
      await support.page.getByText(/Только просмотр/).waitFor();
      expect(await cell(support.page, 1, 1).getAttribute('readonly')).not.toBeNull();
      for (const name of ['Сохранить', 'Заполнить по порядку', 'Копировать в другие подъезды', 'Считать с устройства']) {
        expect(await support.page.getByRole('button', { name, exact: true }).count()).toBe(0);
      }
      expect(await support.page.getByLabel('Модель (тип ключа)').isDisabled()).toBe(true);
      await screenshot(support.page, 'commutators-support');
    } finally {
      await support.context.close();
    }
  }, 60_000);

  it('fills the range in sequence down the columns from the first cell, every flat then wired, and saves it', async () => {
    const { mac, first, last } = devices[0];
    await saveMatrix(page, mac, { model: 1, matrix: [{ index: 0, matrix: Array.from({ length: 10 }, () => [0, 0, 0, 0]) }] });
    await page.goto(`/devices/${mac}/commutators`);
    await page.getByRole('grid').waitFor();
    await page.getByRole('button', { name: 'Заполнить по порядку' }).click();
    const dialog = page.getByRole('dialog', { name: 'Заполнить по порядку' });
    expect(await dialog.getByLabel('Первая квартира').inputValue()).toBe(String(first));
    expect(await dialog.getByLabel('Последняя квартира').inputValue()).toBe(String(last));
    await dialog.getByRole('button', { name: 'Заполнить' }).click();
    for (let flat = first; flat <= last; flat++) {
      const index = flat - first;
      expect(await cell(page, (index % 10) + 1, Math.floor(index / 10) + 1).inputValue()).toBe(String(flat));
    }
    await page.getByText('Все квартиры диапазона подключены.').waitFor();
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByText('Матрица сохранена').waitFor();
  }, 60_000);

  it('says which flats do not fit and which end up twice, never «all wired» beside duplicates, and clears first when asked', async () => {
    const { mac, first, last } = devices[0];
    const total = last - first + 1;
    let flat = first;
    await saveMatrix(page, mac, { model: 1, matrix: [{ index: 0, matrix: Array.from({ length: 10 }, () => [0, 0, 0, 0].map(() => (flat <= last ? flat++ : 0))) }] });
    await page.goto(`/devices/${mac}/commutators`);
    await page.getByRole('grid').waitFor();
    await page.getByText('Все квартиры диапазона подключены.').waitFor();

    // From the last cell only one is left (the range has at least 4 flats); every flat is already wired elsewhere.
    await page.getByRole('button', { name: 'Заполнить по порядку' }).click();
    const dialog = page.getByRole('dialog', { name: 'Заполнить по порядку' });
    await dialog.getByLabel('С ряда').fill('10');
    await dialog.getByLabel('Со столбца').fill('4');
    const preview = dialog.getByTestId('fill-preview');
    await expect.poll(() => preview.innerText()).toContain(`Поместится квартир: 1 из ${total}. Не поместятся (${total - 1}): ${first + 1}–${last}`);
    expect(await preview.innerText()).toContain(`Уже есть в других ячейках (1): ${first}`);
    await screenshot(page, 'commutators-fill-dialog');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'commutators-fill-dialog');
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Заполнить' }).click();
    await page.locator('.notistack-MuiContent-warning').filter({ hasText: `Заполнено квартир: 1 из ${total}. Не поместились: ${first + 1}–${last}.` }).waitFor();
    await page.getByText('Квартиры подключены дважды:').waitFor();
    expect(await page.getByText('Все квартиры диапазона подключены.').count()).toBe(0);

    // Cleared first (asked again), from the first cell: every flat once.
    await page.getByRole('button', { name: 'Заполнить по порядку' }).click();
    await dialog.getByLabel('С ряда').fill('1');
    await dialog.getByLabel('Со столбца').fill('1');
    await dialog.getByRole('checkbox', { name: /Сначала очистить матрицу/ }).check();
    await expect.poll(() => preview.innerText()).toBe(`Поместятся все квартиры: ${total}.`);
    await dialog.getByRole('button', { name: 'Заполнить' }).click();
    await page.getByRole('dialog', { name: 'Очистить матрицу?' }).getByRole('button', { name: 'Очистить и заполнить' }).click();
    await page.getByText(`Заполнено квартир: ${total}. Проверьте и сохраните.`).waitFor();
    await page.getByText('Все квартиры диапазона подключены.').waitFor();
    expect(await page.getByText('Квартиры подключены дважды:').count()).toBe(0);
    expect(await cell(page, 1, 1).inputValue()).toBe(String(first));
  }, 90_000);

  it('on a phone: the 28 × 8 Factorial grid scrolls inside itself, zooms, and a tapped cell edits', async () => {
    const { mac, first, last } = devices[1];
    let flat = first;
    const matrix = Array.from({ length: 8 }, () => Array.from({ length: 28 }, () => (flat <= last ? flat++ : 0)));
    await saveMatrix(page, mac, { model: 0, matrix: [{ index: 0, matrix }] });
    const phone = await openSession(browser, MOBILE);
    try {
      await logIn(phone.page, account('operator'));
      await phone.page.goto(`/devices/${mac}/commutators`);
      await phone.page.getByRole('grid').waitFor();
      expect(await phone.page.getByRole('textbox', { name: /^Ряд \d+, столбец \d+$/ }).count()).toBe(224);
      await noSidewaysScroll(phone.page);
      await screenshot(phone.page, 'commutators-factorial-220');
      await phone.page.getByRole('button', { name: 'Крупнее' }).click();
      await noSidewaysScroll(phone.page);
      await cell(phone.page, 8, 28).scrollIntoViewIfNeeded();
      await cell(phone.page, 8, 28).click();
      expect(await phone.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Ряд 8, столбец 28');
      await phone.page.keyboard.type('7');
      expect(await cell(phone.page, 8, 28).inputValue()).toBe('7');
      await noSidewaysScroll(phone.page);
      await phone.page.getByRole('button', { name: 'Мельче' }).click();
      await phone.page.getByRole('button', { name: 'Мельче' }).click();
      await phone.page.getByRole('heading', { name: 'Абонентские устройства' }).scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'commutators-units');

      await phone.page.goto(`/devices/${devices[0].mac}/commutators`);
      await phone.page.getByRole('grid').waitFor();
      await noSidewaysScroll(phone.page);
      await screenshot(phone.page, 'commutators');
    } finally {
      await phone.context.close();
    }
  }, 90_000);
});
