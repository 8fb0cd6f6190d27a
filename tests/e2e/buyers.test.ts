import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, XHR, account, csrfToken, getJson, launchBrowser, logIn, openSession, screenshot, sessionOf } from './browser';
import { sideways } from './housing-helpers';

/*
 * Buyers in Chromium against the real server (SEED=small): the superuser creates a
 * buyer, edits, deactivates and reactivates it, deletes it once empty, and sees a seed buyer with
 * devices refused its delete with the counts; the operator is refused the screen.
 */

interface BuyerRow {
  id: number;
  name: string;
  active: boolean;
  devices?: number;
  users?: number;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A dialog done fading in, for its screenshot. */
async function settled(dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element.closest('.MuiDialog-container') ?? element).opacity)).toBe('1');
}


/** The seed buyer with devices other than the operator itself, with its counts. */
async function buyerWithDevices(page: Page): Promise<BuyerRow> {
  const { data } = await getJson<{ data: BuyerRow[] }>(page, '/front/buyers?page=1');
  for (const listed of data.filter((buyer) => buyer.id !== 1)) {
    const { data: buyer } = await getJson<{ data: BuyerRow }>(page, `/front/buyers/${listed.id}`);
    if ((buyer.devices ?? 0) > 0) return buyer;
  }
  throw new Error('the small seed has no second buyer with devices');
}

describe('the superuser on the buyer screens', () => {
  const admin = sessionOf(() => browser, 'admin', DESKTOP);
  const name = `ООО «Проверка ${randomBytes(3).toString('hex')}»`;
  let buyerId = 0;

  it('lists the buyers and filters by name in the URL', async () => {
    const { page } = admin();
    await page.goto('/buyers');
    const table = page.getByRole('table', { name: 'Покупатели' });
    await table.getByRole('link').first().waitFor();
    const { data } = await getJson<{ data: BuyerRow[] }>(page, '/front/buyers?page=1');
    expect(await table.getByRole('link').count()).toBe(data.length);
    await screenshot(page, 'buyers');
    const first = data[0]!;
    const search = page.getByRole('search', { name: 'Покупатели' });
    await search.getByRole('searchbox', { name: 'Название' }).fill(first.name.slice(-8));
    await search.getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL((url) => url.searchParams.get('name') === first.name.slice(-8));
    await table.getByRole('link', { name: `Открыть покупателя ${first.name}` }).waitFor();
  });

  it('creates a buyer: a bad INN is refused at its field, then the new buyer opens', async () => {
    const { page } = admin();
    await page.goto('/buyers');
    await page.getByRole('button', { name: 'Добавить покупателя' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый покупатель' });
    await dialog.getByRole('textbox', { name: 'Название' }).fill(name);
    await dialog.getByRole('textbox', { name: 'ИНН' }).fill('12345');
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await dialog.getByText('ИНН — 10 или 12 цифр').waitFor();
    await settled(dialog);
    await screenshot(page, 'buyers-create');
    await dialog.getByRole('textbox', { name: 'ИНН' }).fill('7701234567');
    await dialog.getByRole('textbox', { name: 'Контакт' }).fill('Петров Пётр, +7 900 000-00-00');
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await page.waitForURL((url) => /^\/buyers\/\d+$/.test(url.pathname));
    buyerId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const counts = page.getByRole('region', { name: 'Устройства и пользователи' });
    expect(await counts.locator('dd').allTextContents()).toEqual(['0', '0']);
    await page.getByText('У покупателя нет устройств и пользователей: его можно удалить.', { exact: false }).waitFor();
  });

  it('edits it, a taken name refused at the name field, and keeps the change after a reload', async () => {
    const { page } = admin();
    await page.goto(`/buyers/${buyerId}`);
    const form = page.getByRole('form', { name: 'Данные покупателя' });
    const contact = form.getByRole('textbox', { name: 'Контакт' });
    await contact.fill('Сидорова Анна, office@example.ru');
    const nameField = form.getByRole('textbox', { name: 'Название' });
    const { data: taken } = await getJson<{ data: BuyerRow }>(page, '/front/buyers/1');
    await nameField.fill(taken.name.toUpperCase());
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByText(/уже существует/).waitFor();
    await nameField.fill(`${name} (изм.)`);
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Покупатель сохранён').waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `${name} (изм.)` }).waitFor();
    expect(await page.getByRole('form', { name: 'Данные покупателя' }).getByRole('textbox', { name: 'Контакт' }).inputValue()).toBe('Сидорова Анна, office@example.ru');
  });

  it('offline says so, disables saving and deleting, and keeps what was typed', async () => {
    const { page, context } = admin();
    await page.goto(`/buyers/${buyerId}`);
    const form = page.getByRole('form', { name: 'Данные покупателя' });
    const contact = form.getByRole('textbox', { name: 'Контакт' });
    await contact.fill('Набрано без сети');
    await context.setOffline(true);
    try {
      await page.getByText(/^Нет связи с сервером: изменения недоступны/).waitFor();
      expect(await form.getByRole('button', { name: 'Сохранить' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Удалить покупателя' }).isDisabled()).toBe(true);
      expect(await contact.inputValue()).toBe('Набрано без сети');
      await screenshot(page, 'buyer-offline');
    } finally {
      await context.setOffline(false);
    }
    await page.getByText(/^Нет связи с сервером/).waitFor({ state: 'detached', timeout: 30_000 });
    expect(await form.getByRole('button', { name: 'Сохранить' }).isDisabled()).toBe(false);
    expect(await contact.inputValue()).toBe('Набрано без сети');
    await form.getByRole('button', { name: 'Отменить изменения' }).click();
    expect(await contact.inputValue()).toBe('Сидорова Анна, office@example.ru');
  });

  it('deactivates it, the list finds it among the deactivated, and reactivates it', async () => {
    const { page } = admin();
    await page.goto(`/buyers/${buyerId}`);
    const form = page.getByRole('form', { name: 'Данные покупателя' });
    await form.getByRole('switch', { name: 'Активен' }).uncheck();
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Покупатель отключён: его данные сохранены', { exact: false }).waitFor();
    await screenshot(page, 'buyer-inactive');
    await page.goto('/buyers?active=0');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Открыть покупателя ${name} (изм.)` }) });
    await row.getByText('Отключён').waitFor();
    await row.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/buyers/${buyerId}`);
    await page.getByRole('form', { name: 'Данные покупателя' }).getByRole('switch', { name: 'Активен' }).check();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Покупатель сохранён').waitFor();
    expect(await page.getByText('Покупатель отключён', { exact: false }).count()).toBe(0);
    expect((await getJson<{ data: BuyerRow }>(page, `/front/buyers/${buyerId}`)).data.active).toBe(true);
  });

  it('shows a buyer with devices with its counts, its delete disabled with the reason', async () => {
    const { page } = admin();
    const used = await buyerWithDevices(page);
    await page.goto(`/buyers/${used.id}`);
    await page.getByRole('heading', { level: 1, name: used.name }).waitFor();
    const counts = page.getByRole('region', { name: 'Устройства и пользователи' });
    expect(await counts.locator('dd').allTextContents()).toEqual([String(used.devices), String(used.users)]);
    await page.getByText(`Удалить нельзя: у покупателя устройств — ${used.devices}, пользователей — ${used.users}.`, { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Удалить покупателя' }).isDisabled()).toBe(true);
    // The server refuses it too, naming the counts.
    const refused = await page.request.delete(`/front/buyers/${used.id}`, { headers: { ...XHR, 'X-CSRF-Token': await csrfToken(page) } });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(new RegExp(`^Покупателя нельзя удалить: у покупателя ${used.devices} устройств?[ао]? и ${used.users} пользовател`));
    await page.getByRole('region', { name: 'Удаление' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'buyer-in-use');
  });

  it('deletes the empty buyer after confirmation and goes back to the list', async () => {
    const { page, pageErrors } = admin();
    await page.goto(`/buyers/${buyerId}`);
    await page.getByRole('button', { name: 'Удалить покупателя' }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить покупателя?' });
    await dialog.getByText(`Покупатель «${name} (изм.)» будет удалён.`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await page.waitForURL((url) => url.pathname === '/buyers');
    await page.getByText('Покупатель удалён').waitFor();
    expect((await page.request.get(`/front/buyers/${buyerId}`, { headers: XHR })).status()).toBe(404);
    expect(pageErrors).toEqual([]);
  });
});

describe('the buyer screens on a phone', () => {
  const admin = sessionOf(() => browser, 'admin', MOBILE);

  it('shows the buyers as cards without sideways scroll, and a buyer page that fits', async () => {
    const { page, pageErrors } = admin();
    await page.goto('/buyers');
    const cards = page.getByRole('list', { name: 'Покупатели' });
    await cards.getByRole('link').first().waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'buyers');
    const used = await buyerWithDevices(page);
    await cards.getByRole('link', { name: `Открыть покупателя ${used.name}` }).click();
    await page.getByRole('heading', { level: 1, name: used.name }).waitFor();
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'buyer');
    await page.getByRole('region', { name: 'Удаление' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'buyer-in-use');
    await page.goto('/buyers');
    await page.getByRole('button', { name: 'Добавить покупателя' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый покупатель' });
    await settled(dialog);
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'buyers-create');
    expect(pageErrors).toEqual([]);
  });
});

describe('the operator', () => {
  it('is refused /buyers: «Нет доступа»', async () => {
    const session = await openSession(browser, DESKTOP);
    try {
      await logIn(session.page, account('operator'));
      await session.page.goto('/buyers');
      await session.page.getByRole('heading', { name: 'Нет доступа к этому разделу', level: 1 }).waitFor();
      expect((await session.page.request.get('/front/buyers?page=1', { headers: XHR })).status()).toBe(403);
      await screenshot(session.page, 'buyers-operator');
    } finally {
      await session.context.close();
    }
  });
});
