import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, account, chooseOption, launchBrowser, logIn, openSession, screenshot, type Session, getJson, setUserLanguage } from './browser';

/*
 * The server's dictionaries answer in the user's language. The operator opens a
 * device card in Russian, switches to English in /user/options and comes back to the card
 * without a reload: the purpose, stream and echo-cancellation choices read in English.
 */

const EXTRA_TYPES = [6, 10]; // the types with the media settings (stream type, echo cancellation)

let browser: Browser;
let session: Session;
let page: Page;
let mac: string;

const api = <T>(path: string): Promise<T> => getJson<T>(page, path);

const setLanguage = (language: 'ru' | 'en') => setUserLanguage(page, language);

/** The choices a select offers (the card's selects are native), without an empty placeholder. */
async function choices(label: string): Promise<string[]> {
  const field = page.getByRole('combobox', { name: label });
  return field.evaluate((element) => [...(element as HTMLSelectElement).options].filter((option) => option.value !== '').map((option) => option.text.trim()));
}

beforeAll(async () => {
  browser = await launchBrowser();
  session = await openSession(browser, DESKTOP);
  page = session.page;
  await logIn(page, account('operator'));
  for (const type of EXTRA_TYPES) {
    const list = await api<{ data: { MAC: string; STATUS_CODE: number }[] }>(`/front/device-list/get-list?page=1&type=${type}`);
    for (const row of list.data) {
      const card = await api<{ device: { capabilities: string[] } }>(`/front/device-card/device/${row.MAC}`);
      if (['levels', 'echoCancellation'].every((feature) => card.device.capabilities.includes(feature))) {
        mac = row.MAC;
        return;
      }
    }
  }
  throw new Error('the seed has no device of the operator with the media settings');
}, 60_000);

afterAll(async () => {
  // Other files log in as the operator and expect Russian.
  if (page) await setLanguage('ru').catch(() => undefined);
  await session?.context.close();
  await browser?.close();
});

describe('dictionaries in the user’s language', () => {
  it('switches the device card’s choices to English when the language changes in /user/options, without a reload', async () => {
    await page.goto(`/devices/${mac}/update?tab=options`);
    await page.getByRole('tabpanel').waitFor();
    expect(await choices('Назначение')).toEqual(['Подъездная панель', 'Калитка', 'Шлагбаум', 'Консьерж', 'Дополнительная панель']);
    // Set on this document only: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // The header's user link leads to the settings inside the app.
    await page.getByRole('link', { name: 'operator', exact: true }).click();
    await page.getByRole('heading', { name: 'Настройки пользователя' }).waitFor();
    const english = page.waitForResponse(
      (response) => {
        const url = new URL(response.url());
        return url.pathname === '/front/dictionary/get-options' && url.searchParams.get('language') === 'en';
      },
      { timeout: 30_000 },
    );
    await chooseOption(page, 'Язык', /^(en|english)$/i);
    await page.getByRole('button', { name: /^(Сохранить|Save)$/ }).click();
    await page.getByRole('combobox', { name: 'Language' }).waitFor();

    await page.goBack();
    await page.getByRole('tab', { name: 'Options', selected: true }).waitFor();
    expect((await english).status()).toBe(200);
    await expect.poll(() => choices('Purpose')).toEqual(['Entrance panel', 'Gate', 'Barrier', 'Concierge', 'Additional panel']);
    await screenshot(page, 'language-card-options-en');

    await page.getByRole('tab', { name: 'Sound and display' }).click();
    await expect.poll(() => choices('Video stream type')).toEqual(['Main stream (H.264)', 'Secondary stream (H.264)', 'MJPEG']);
    await expect.poll(() => choices('Echo cancellation type')).toEqual(['Off', 'Software (AEC)', 'Hardware (DSP)', 'Adaptive with noise suppression']);
    await page.getByRole('combobox', { name: 'Echo cancellation type' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'language-card-media-en');
    await page.setViewportSize(MOBILE);
    await page.getByRole('combobox', { name: 'Echo cancellation type' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'language-card-media-en');
    await page.setViewportSize(DESKTOP);
    expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);

    // Back in Russian (here after a reload), the choices are Russian again.
    await setLanguage('ru');
    await page.reload();
    await page.getByRole('tab', { name: 'Звук и экран', selected: true }).waitFor();
    // The dictionary is asked again after the reload: its choices come when it answers.
    await expect.poll(() => choices('Тип эхоподавления')).toEqual(['Отключено', 'Программное (AEC)', 'Аппаратное (DSP)', 'Адаптивное с шумоподавлением']);
    expect(session.pageErrors).toEqual([]);
  });
});
