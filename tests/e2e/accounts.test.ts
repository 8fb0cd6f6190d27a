import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  DESKTOP,
  chooseOption,
  currentOption,
  launchBrowser,
  logIn,
  loggedFlag,
  mainMenu,
  menuLinkNames,
  openSession,
  pathOf,
  type Session,
} from './browser';

const TIMEZONE = { chosen: /Vladivostok|Владивосток/, initial: /Moscow|Москва/ };
const LANGUAGE = { english: /^(en|english)$/i, russian: /^(ru|русский)$/i };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface OptionRecord {
  optionName: string;
  value: string | null;
  lastChangeDate: string;
}

async function optionRecords(session: Session): Promise<OptionRecord[]> {
  const body = await session.page.evaluate(async () => {
    const response = await fetch('/front/user-options', {
      headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    });
    return (await response.json()) as { data: OptionRecord[] };
  });
  return body.data;
}

/** The options as the server stores them, read with the page's own session. */
async function storedOptions(session: Session): Promise<Record<string, string | null>> {
  return Object.fromEntries((await optionRecords(session)).map((o) => [o.optionName, o.value]));
}

/** The wall-clock time (HH:MM:SS) in `timeZone` of the latest change of the language or timezone option. */
async function lastChangeClock(session: Session, timeZone: string): Promise<string> {
  const times = (await optionRecords(session))
    .filter((o) => o.optionName === 'language' || o.optionName === 'timezone')
    // A date without an offset is UTC (docs/api.md).
    .map((o) => new Date(/(Z|[+-]\d\d:?\d\d)$/i.test(o.lastChangeDate) ? o.lastChangeDate : `${o.lastChangeDate.replace(' ', 'T')}Z`).getTime());
  const latest = new Date(Math.max(...times));
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(latest);
}

describe.each(ACCOUNTS)('demo account $login', (user) => {
  let session: Session;

  beforeAll(async () => {
    session = await openSession(browser, DESKTOP);
  });

  afterAll(async () => {
    await session?.context.close();
  });

  it('logs in through the login form and sets the logged flag', async () => {
    const { page } = session;
    await logIn(page, user);
    expect(pathOf(page)).toBe('/');
    expect(await loggedFlag(page)).toBe('true');
    await page.getByRole('banner').getByText(user.login, { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Выйти', exact: true }).count()).toBe(1);
  });

  it(`sees exactly the menu items its roles allow (${user.menu.join(', ') || 'none'})`, async () => {
    const { page } = session;
    // The login in the header comes after the permissions, so the menu is final by now.
    await page.getByRole('banner').getByText(user.login, { exact: true }).waitFor();
    await expect.poll(async () => [...(await menuLinkNames(page))].sort()).toEqual([...user.menu].sort());
    for (const name of user.menu) {
      expect(await mainMenu(page).getByRole('link', { name, exact: true }).count(), name).toBe(1);
    }
  });

  // /access has no room in the desktop row; the main page lists it after the housing stock.
  const blocks = user.login !== 'installer';
  it(`${blocks ? 'finds' : 'does not find'} «Управление блокировками» on the main page`, async () => {
    const { page } = session;
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: /Жилой фонд/ }).waitFor();
    const link = page.getByRole('main').getByRole('link', { name: /Управление блокировками/ });
    expect(await link.count()).toBe(blocks ? 1 : 0);
    if (!blocks) return;
    await link.click();
    await page.waitForURL('**/access');
    await page.getByRole('heading', { name: 'Управление блокировками', exact: true }).waitFor();
  });

  it(`has the help menu, with the PDF ${user.superuser ? 'because it is the superuser' : 'hidden'}`, async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Справка', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Онлайн-справка', exact: true }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Справка (PDF)', exact: true }).count()).toBe(user.superuser ? 1 : 0);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
  });

  it('keeps the timezone and the language chosen on /user/options after a reload', async () => {
    const { page } = session;
    await page.goto('/user/options');
    await page.getByRole('heading', { name: 'Настройки пользователя' }).waitFor();
    expect(await currentOption(page, 'Язык')).toMatch(LANGUAGE.russian);
    expect(await currentOption(page, 'Часовой пояс')).toMatch(TIMEZONE.initial);

    await chooseOption(page, 'Часовой пояс', TIMEZONE.chosen);
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Настройки сохранены' });
    await toast.waitFor();
    // Notifications sit at the top right, about a fifth of the page wide.
    const box = await toast.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.x + box.width).toBeGreaterThan(DESKTOP.width * 0.85);
      expect(box.x).toBeGreaterThan(DESKTOP.width * 0.5);
      expect(box.y).toBeLessThan(DESKTOP.height * 0.25);
    }

    await chooseOption(page, 'Язык', LANGUAGE.english);
    await page.getByRole('button', { name: /^(Сохранить|Save)$/ }).click();
    await expect.poll(() => storedOptions(session)).toMatchObject({ language: 'en', timezone: 'Asia/Vladivostok' });

    await page.reload();
    await page.getByRole('combobox', { name: 'Language' }).waitFor();
    expect(await currentOption(page, 'Language')).toMatch(LANGUAGE.english);
    expect(await currentOption(page, 'Time zone')).toMatch(TIMEZONE.chosen);
    expect(await page.getByRole('button', { name: 'Log out', exact: true }).count()).toBe(1);
    // Dates follow the user's zone, not the browser's (this browser runs in UTC).
    expect(await page.getByText(/^Last changed:/).innerText()).toContain(await lastChangeClock(session, 'Asia/Vladivostok'));

    await chooseOption(page, 'Language', LANGUAGE.russian);
    await chooseOption(page, 'Time zone', TIMEZONE.initial);
    await page.getByRole('button', { name: /^(Save|Сохранить)$/ }).click();
    await expect.poll(() => storedOptions(session)).toMatchObject({ language: 'ru', timezone: 'Europe/Moscow' });

    await page.reload();
    await page.getByRole('combobox', { name: 'Язык' }).waitFor();
    expect(await currentOption(page, 'Язык')).toMatch(LANGUAGE.russian);
    expect(await currentOption(page, 'Часовой пояс')).toMatch(TIMEZONE.initial);
    expect(await page.getByText(/^Последнее изменение:/).innerText()).toContain(await lastChangeClock(session, 'Europe/Moscow'));
  });

  it('logs out with "Выйти" to /site/auth and sets the logged flag to false', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Выйти', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/site/auth');
    expect(await loggedFlag(page)).toBe('false');
    await page.getByRole('button', { name: 'Войти', exact: true }).first().waitFor();
    expect(await mainMenu(page).getByRole('link').count()).toBe(0);
  });

  it('is sent back to /site/auth by the guard from a protected page once logged out', async () => {
    const { page } = session;
    for (const path of ['/devices', '/user/options']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/site/auth');
      await page.getByLabel('Логин', { exact: true }).waitFor();
    }
    // The server ended the session too: an API call is refused.
    const status = await page.evaluate(async () => {
      const response = await fetch('/front/user/get-permissions', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      return response.status;
    });
    expect(status).toBe(401);
    expect(session.pageErrors).toEqual([]);
  });
});
