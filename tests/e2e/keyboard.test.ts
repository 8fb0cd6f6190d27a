import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, XHR, account, csrfToken, getJson, launchBrowser, openSession, pathOf, type Session } from './browser';

/*
 * A keyboard-only walk (no mouse: Tab, Enter, Space, arrows and typing). The operator
 * logs in, filters the device list and opens a card, steps through the serial-number wizard, and
 * makes a temporary code on a flat card. Each control is reached with Tab from where the focus is,
 * so a control Tab cannot reach, or a trap the focus cannot leave, fails the walk.
 */

interface Focused {
  tag: string;
  role: string;
  name: string;
}

let browser: Browser;
let session: Session;
let page: Page;

/** The focused element: its tag, role and accessible name as far as the DOM says it. */
function focused(): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return { tag: '', role: '', name: '' };
    const labelled = element.getAttribute('aria-labelledby');
    const byId = labelled ? labelled.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : '';
    const labels = 'labels' in element ? Array.from((element as HTMLInputElement).labels ?? []).map((label) => label.textContent ?? '') : [];
    const name = element.getAttribute('aria-label') ?? (byId || labels.join(' ') || element.textContent || '');
    return { tag: element.tagName.toLowerCase(), role: element.getAttribute('role') ?? '', name: name.replace(/\s+/g, ' ').replace(/\s*\*$/, '').trim() };
  });
}

/** Presses Tab (or Shift+Tab) until the focus is on a control whose name matches; fails after `limit` presses. */
async function tabTo(name: RegExp, { limit = 60, back = false } = {}): Promise<Focused> {
  const seen: string[] = [];
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused();
    if (name.test(now.name)) return now;
    seen.push(`${now.tag}${now.role ? `[${now.role}]` : ''} "${now.name.slice(0, 40)}"`);
  }
  throw new Error(`${limit} Tab presses never reached ${name}; the focus went: ${seen.join(' → ')}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  session = await openSession(browser, DESKTOP);
  page = session.page;
});

afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

describe('keyboard only', () => {
  it('logs in', async () => {
    const user = account('operator');
    await page.goto('/site/auth');
    await page.getByLabel('Логин', { exact: true }).waitFor();
    await tabTo(/^Логин$/);
    await page.keyboard.type(user.login);
    await tabTo(/^Пароль$/);
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/site/auth');
  });

  it('filters the device list and opens a card', async () => {
    const { data } = await getJson<{ data: { MAC: string }[] }>(page, '/front/device-list/get-list?page=1');
    const mac = data[0]?.MAC ?? '';
    await page.getByRole('navigation', { name: 'Главное меню' }).waitFor();
    await tabTo(/^Устройства$/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/devices');
    await page.getByRole('grid', { name: 'Список устройств' }).waitFor();
    await tabTo(/^MAC-адрес$/);
    await page.keyboard.type(mac.replace(/:/g, '').slice(-6));
    await page.keyboard.press('Enter');
    const link = page.getByRole('grid', { name: 'Список устройств' }).getByRole('link', { name: `Открыть карточку устройства ${mac}` });
    await link.waitFor();
    await expect.poll(() => page.getByRole('grid', { name: 'Список устройств' }).getByRole('link', { name: /^Открыть карточку устройства / }).count()).toBe(1);
    await tabTo(new RegExp(`^Открыть карточку устройства ${mac}$`));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/devices/${mac}/update`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });

  it('steps through the serial-number wizard', async () => {
    const mac = [0x02, ...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
    await page.goto('/devices/serial-number-wizard');
    await page.getByRole('heading', { name: 'Устройство', level: 2 }).waitFor();
    await tabTo(/^Серийный номер$/);
    await page.keyboard.type(`SN-KB-${randomBytes(3).toString('hex')}`);
    await tabTo(/^MAC-адрес$/);
    await page.keyboard.type(mac);
    await tabTo(/^Далее$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Адрес', level: 2 }).waitFor();
    // The house picker: typed into, an option chosen with the arrows and Enter.
    await tabTo(/^Дом$/, { back: true });
    await page.keyboard.type('ул');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await page.getByRole('combobox', { name: 'Дом' }).inputValue()).length).toBeGreaterThan(2);
    // And back to the first step, where what was typed is kept.
    await tabTo(/^Назад$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Устройство', level: 2 }).waitFor();
    expect(await page.getByLabel('MAC-адрес').inputValue()).toBe(mac);
  });

  it('makes a temporary code on a flat card', async () => {
    const houses = await getJson<{ data: { id: string }[] }>(page, '/front/house-list?page=1');
    let houseUid = '';
    for (const house of houses.data) {
      const answer = await page.request.get(`/front/houses/${encodeURIComponent(house.id)}/flats?page=1`, { headers: XHR });
      if (answer.ok()) {
        houseUid = house.id;
        break;
      }
    }
    expect(houseUid).not.toBe('');
    // A flat of its own, so no other test finds a code it did not make.
    const flatNum = 8000 + Math.floor(Math.random() * 900);
    const made = await page.request.post(`/front/flats/${encodeURIComponent(houseUid)}/flat`, { headers: { ...XHR, 'X-CSRF-Token': await csrfToken(page) }, data: { flatNum, letter: 'К' } });
    expect(made.status(), await made.text()).toBe(200);

    await page.goto(`/houses/${encodeURIComponent(houseUid)}/flats/${flatNum}/update`);
    const code = page.getByRole('region', { name: /^Временный код/ });
    await code.getByText('Временного кода нет').waitFor();
    await tabTo(/^1 час$/);
    await page.keyboard.press('Space');
    await tabTo(/^Создать код$/);
    await page.keyboard.press('Enter');
    await code.getByTestId('temporary-code').waitFor();
    expect(pathOf(page)).toBe(`/houses/${encodeURIComponent(houseUid)}/flats/${flatNum}/update`);
    expect(session.pageErrors).toEqual([]);
    const removed = await page.request.delete(`/front/flats/${encodeURIComponent(houseUid)}:${flatNum}`, { headers: { ...XHR, 'X-CSRF-Token': await csrfToken(page) } });
    expect(removed.status()).toBe(200);
  });
});
