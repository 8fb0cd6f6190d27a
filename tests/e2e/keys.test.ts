import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, XHR, account, getJson, launchBrowser, logIn, openSession, screenshot, type Session } from './browser';
import { send, sideways } from './housing-helpers';

/*
 * The keys screen `/keys` in Chromium against the real server (SEED=small): the
 * operator puts a new key on two devices of one house through the dialog, finds it in the list,
 * pastes it with another value and one found nowhere, sees where each lives, deletes both copies
 * of the first with the result per key, and the list no longer has it; support reads the list and
 * searches duplicates with no control that changes. Screenshots at both widths.
 */

interface HouseRow {
  id: string;
  address: string;
}

let browser: Browser;
let operator: Session;
let page: Page;
/** Two devices of one house (the dialog picks them through the house). */
let house: HouseRow;
let macs: string[] = [];
/** A fresh Metakom value (12 hex digits) and another one put on the first device through the API. */
const value = `E2${randomBytes(5).toString('hex').toUpperCase()}`;
const other = `E3${randomBytes(5).toString('hex').toUpperCase()}`;
const nowhere = `E4${randomBytes(5).toString('hex').toUpperCase()}`;

/** The label of a value as the operator types it: lower case, with colons. */
const typed = (hex: string) => hex.toLowerCase().match(/.{2}/g)!.join(':');

async function houseWithTwoDevices(): Promise<{ house: HouseRow; macs: string[] }> {
  for (let pageNumber = 1; pageNumber <= 5; pageNumber++) {
    const list = await getJson<{ data: HouseRow[] }>(page, `/front/house-list?page=${pageNumber}`);
    for (const row of list.data) {
      const response = await page.request.get(`/front/devices/get-macs-from-house?houseUid=${encodeURIComponent(row.id)}`, { headers: XHR });
      if (!response.ok()) continue;
      const found = ((await response.json()) as { data: string[] }).data;
      if (found.length >= 2) return { house: row, macs: found.slice(0, 2) };
    }
  }
  throw new Error('the seed gave the operator no house with two devices');
}

async function deleteEverywhere(values: string[]): Promise<void> {
  const found = (await send(page, 'POST', '/front/keys/duplicate', { values, numberSystem: 'hex' })) as { data: { value: string; mac: string }[] };
  if (found.data.length > 0) await send(page, 'DELETE', '/front/keys/delete', { keys: found.data.map((row) => ({ value: row.value, mac: row.mac })) });
}

const dialogOf = (target: Page) => target.getByRole('dialog', { name: 'Новый ключ' });

/** Types the house's address into the dialog's house field and ticks the two devices. */
async function pickDevices(dialog: Locator): Promise<void> {
  const field = dialog.getByRole('combobox', { name: 'Или устройства дома' });
  await field.fill(house.address);
  await dialog.getByRole('option', { name: house.address }).first().click();
  const devices = dialog.getByRole('group', { name: `Устройства дома ${house.address}` });
  for (const mac of macs) await devices.getByRole('checkbox', { name: mac }).check();
}

beforeAll(async () => {
  browser = await launchBrowser();
  operator = await openSession(browser, DESKTOP);
  page = operator.page;
  await logIn(page, account('operator'));
  ({ house, macs } = await houseWithTwoDevices());
  await send(page, 'POST', '/front/keys/create', { mac: macs[0], value: other, keyType: 'Metakom' });
}, 60_000);

afterAll(async () => {
  // A failed run leaves no key behind for the tests after it.
  if (page) await deleteEverywhere([value, other]).catch(() => undefined);
  await operator?.context.close();
  await browser?.close();
});

describe('the operator on /keys', () => {
  it('lists the keys of every device with the device and its address', async () => {
    await page.goto('/keys');
    const table = page.getByRole('table', { name: 'Ключи' });
    await table.getByRole('link', { name: /^Ключи устройства / }).first().waitFor();
    await screenshot(page, 'keys-list');
    expect(await sideways(page)).toBe(0);
  });

  it('puts a new key on two devices of a house through the dialog, checking its format as typed', async () => {
    await page.goto('/keys');
    await page.getByRole('button', { name: 'Добавить ключ' }).click();
    const dialog = dialogOf(page);
    await pickDevices(dialog);
    const chosen = dialog.getByRole('list', { name: 'Устройства' });
    expect(await chosen.getByRole('listitem').allTextContents()).toEqual(macs);
    await dialog.getByRole('radio', { name: 'На контроллер' }).check();
    const field = dialog.getByRole('textbox', { name: /^Значение/ });
    await field.fill(typed(value).slice(0, 8));
    await dialog.getByText('Нужно 12 шестнадцатеричных цифр, сейчас 6').waitFor();
    await field.fill(typed(value));
    await screenshot(page, 'keys-create-dialog');
    await dialog.getByRole('button', { name: 'Добавить', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(operator.pageErrors).toEqual([]);
  });

  it('finds the new key in the list by its value, on both devices', async () => {
    await page.goto('/keys');
    const search = page.getByRole('search', { name: 'Поиск ключей' });
    await search.getByRole('searchbox', { name: 'Значение ключа' }).fill(typed(value));
    await search.getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL((url) => url.searchParams.get('key') === value);
    const table = page.getByRole('table', { name: 'Ключи' });
    // The search's answer replaces the unfiltered page kept on screen meanwhile.
    await page.getByText('1–2 из 2').waitFor();
    for (const mac of macs) await table.getByRole('link', { name: `Ключи устройства ${mac}` }).waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
  });

  it('pastes the value with another and one found nowhere, sees where each lives, and deletes both copies with the result per key', async () => {
    await page.goto('/keys?view=duplicates');
    const form = page.getByRole('form', { name: 'Поиск дубликатов' });
    await form.getByRole('textbox', { name: 'Значения ключей, по одному в строке' }).fill(`${typed(value)}\n\n  ${other.toLowerCase()}  \n${nowhere}\n${value}\n`);
    await form.getByText('Повторяются в списке и ищутся один раз').waitFor();
    await form.getByRole('button', { name: 'Найти, где находятся' }).click();
    const result = page.getByRole('table', { name: 'Где находятся ключи' });
    await result.waitFor();
    await page.getByText(`Нигде не найдены: ${nowhere}`).waitFor();
    await page.getByText('Значений: 3; найдены: 2; копий на устройствах: 3').waitFor();
    for (const mac of macs) await result.getByRole('checkbox', { name: `Выбрать ${value} на ${mac}` }).waitFor();
    await result.getByRole('checkbox', { name: `Выбрать ${other} на ${macs[0]}` }).waitFor();
    await page.getByRole('heading', { name: 'Где находятся ключи' }).evaluate((element) => element.scrollIntoView());
    await screenshot(page, 'keys-duplicates');

    await result.getByRole('checkbox', { name: `Выбрать все копии ${value}` }).check();
    await page.getByRole('button', { name: 'Удалить выбранные (2)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Удалить ключи?' });
    await confirm.getByText('Ключей будет удалено: 2.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => result.getByRole('cell', { name: 'Удалён', exact: true }).count()).toBe(2);
    await page.getByRole('region', { name: 'Где находятся ключи' }).getByText('Удалено ключей: 2 из 2').waitFor();
    for (const mac of macs) expect(await result.getByRole('checkbox', { name: `Выбрать ${value} на ${mac}` }).isDisabled()).toBe(true);
    // The other value stays where it was.
    expect(await result.getByRole('checkbox', { name: `Выбрать ${other} на ${macs[0]}` }).isDisabled()).toBe(false);
    await page.getByRole('heading', { name: 'Где находятся ключи' }).evaluate((element) => element.scrollIntoView());
    await screenshot(page, 'keys-duplicates-deleted');
    expect(operator.pageErrors).toEqual([]);
  });

  it('no longer lists the deleted key', async () => {
    await page.goto(`/keys?key=${value}`);
    await page.getByText('Нет ключей с такими условиями').waitFor();
    const found = (await send(page, 'POST', '/front/keys/duplicate', { values: [value], numberSystem: 'hex' })) as { data: unknown[] };
    expect(found.data).toEqual([]);
  });
});

/** A session of its own for one test, closed whatever happens. */
async function inSession(login: string, viewport: typeof DESKTOP | typeof MOBILE, run: (session: Session) => Promise<void>): Promise<void> {
  const session = await openSession(browser, viewport);
  try {
    await logIn(session.page, account(login));
    await run(session);
    expect(session.pageErrors).toEqual([]);
  } finally {
    await session.context.close();
  }
}

describe('on a phone', () => {
  it('shows the list as cards, the create dialog and the duplicates result, with no sideways scroll', async () => {
    await inSession('operator', MOBILE, async (phone) => {
      await phone.page.goto('/keys');
      await phone.page.getByRole('list', { name: 'Ключи' }).getByRole('listitem').first().waitFor();
      expect(await sideways(phone.page)).toBe(0);
      await screenshot(phone.page, 'keys-list');

      await phone.page.getByRole('button', { name: 'Добавить ключ' }).click();
      const dialog = dialogOf(phone.page);
      await dialog.getByRole('textbox', { name: 'MAC устройства' }).fill(macs.join(' '));
      await dialog.getByRole('button', { name: 'Добавить устройство' }).click();
      await dialog.getByRole('textbox', { name: /^Значение/ }).fill('01:02');
      await dialog.getByText('Нужно 12 шестнадцатеричных цифр, сейчас 4').waitFor();
      await screenshot(phone.page, 'keys-create-dialog');
      await dialog.getByRole('button', { name: 'Отмена' }).click();

      await phone.page.getByRole('tab', { name: 'Поиск дубликатов' }).click();
      const form = phone.page.getByRole('form', { name: 'Поиск дубликатов' });
      await form.getByRole('textbox', { name: 'Значения ключей, по одному в строке' }).fill(`${other}\n${nowhere}`);
      await form.getByRole('button', { name: 'Найти, где находятся' }).click();
      const cards = phone.page.getByRole('list', { name: 'Где находятся ключи' });
      await cards.getByText(macs[0]).waitFor();
      await cards.scrollIntoViewIfNeeded();
      expect(await sideways(phone.page)).toBe(0);
      await screenshot(phone.page, 'keys-duplicates');
    });
  });
});

describe('support', () => {
  it('reads the list and searches duplicates, with no create and no delete', async () => {
    await inSession('support', DESKTOP, async (support) => {
      await support.page.goto('/keys');
      await support.page.getByRole('table', { name: 'Ключи' }).waitFor();
      await support.page.getByRole('heading', { level: 1, name: 'Ключи' }).waitFor();
      expect(await support.page.getByRole('button', { name: 'Добавить ключ' }).count()).toBe(0);
      await support.page.getByRole('tab', { name: 'Поиск дубликатов' }).click();
      const form = support.page.getByRole('form', { name: 'Поиск дубликатов' });
      // The same key in decimal, as some fobs print it: grouped under what was pasted.
      const decimal = BigInt(`0x${other}`).toString();
      await form.getByRole('button', { name: 'Десятичная' }).click();
      await form.getByRole('textbox', { name: 'Значения ключей, по одному в строке' }).fill(decimal);
      await form.getByRole('button', { name: 'Найти, где находятся' }).click();
      const result = support.page.getByRole('table', { name: 'Где находятся ключи' });
      await result.getByText(macs[0]).waitFor();
      await result.getByText(decimal, { exact: true }).waitFor();
      expect(await result.getByText('Копий: 1', { exact: true }).count()).toBe(1);
      expect(await result.getByRole('checkbox').count()).toBe(0);
      expect(await support.page.getByRole('button', { name: /^Удалить выбранные/ }).count()).toBe(0);
    });
  });
});
