import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, XHR, account, getJson, launchBrowser, logIn, nestedGroup, openSession, screenshot, type SeededGroup, type Session } from './browser';
import { send, sideways } from './housing-helpers';

/*
 * The user list and the user page in Chromium against the real server (SEED=small):
 * the operator creates a user, adds a SIP account and a group, changes the main info, unlinks a flat
 * the user was linked to through the flat card's call, and deletes the user; filters live in the
 * URL; support reads the same user without a control that changes. Screenshots at both widths.
 */

interface UserCard {
  data: {
    id: number;
    comment: string | null;
    dontUnlinkFromFlats: boolean;
    sipAccounts: { login: string }[];
    services?: Record<string, string>;
    actions?: Record<string, string>;
    reasons?: Record<string, string>;
    groups: { id: number; name: string }[];
    flats: { flatId: number }[];
  };
}

interface Flat {
  houseUid: string;
  flatNum: number;
}

let browser: Browser;
let operator: Session;
let page: Page;
const login = `e2e-user-${randomBytes(3).toString('hex')}`;
const sipLogin = `7${Date.now() % 1_000_000_000}`;
let userId = 0;
let group: SeededGroup;

const userPage = () => `/users/${userId}`;
const userCard = () => getJson<UserCard>(page, `/front/user/${userId}`);
const region = (name: string) => page.getByRole('region', { name: new RegExp(`^${name}( ?\\d+)?$`) });

/** A flat of a house the operator may open. */
async function someFlat(): Promise<Flat> {
  const houses = await getJson<{ data: { id: string }[] }>(page, '/front/house-list?page=1');
  for (const house of houses.data) {
    const response = await page.request.get(`/front/houses/${encodeURIComponent(house.id)}/flats?page=1`, { headers: XHR });
    if (response.status() !== 200) continue;
    const flats = (await response.json()) as { data: { flatNum: number }[] };
    if (flats.data[0]) return { houseUid: house.id, flatNum: flats.data[0].flatNum };
  }
  throw new Error('the seed gave the operator no flat');
}

beforeAll(async () => {
  browser = await launchBrowser();
  operator = await openSession(browser, DESKTOP);
  page = operator.page;
  await logIn(page, account('operator'));
  ({ child: group } = await nestedGroup(page));
});

afterAll(async () => {
  // A failed run leaves no user behind for the tests after it.
  if (userId && (await page.request.get(`/front/user/${userId}`, { headers: XHR })).status() === 200) await send(page, 'DELETE', `/front/user/${userId}`);
  await operator?.context.close();
  await browser?.close();
});

describe('the operator', () => {
  it('creates a user from the list and lands on its page', async () => {
    await page.goto('/users');
    await page.getByRole('table', { name: 'Пользователи' }).getByRole('link').first().waitFor();
    await page.getByRole('button', { name: 'Создать пользователя' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый пользователь' });
    await dialog.getByRole('textbox', { name: /^Логин/ }).fill(login);
    await dialog.getByLabel(/^Пароль/).fill('short');
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await dialog.getByText('Пароль — не короче 8 символов').waitFor();
    await dialog.getByLabel(/^Пароль/).fill('e2e-password-1');
    await dialog.getByRole('textbox', { name: 'Комментарий' }).fill('создан тестом');
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await page.waitForURL((url) => /^\/users\/\d+$/.test(url.pathname));
    userId = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.getByRole('heading', { level: 1, name: login }).waitFor();
    expect(operator.pageErrors).toEqual([]);
  });

  it('refuses a second user with the same login at the login field', async () => {
    await page.goto('/users');
    await page.getByRole('button', { name: 'Создать пользователя' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый пользователь' });
    await dialog.getByRole('textbox', { name: /^Логин/ }).fill(login.toUpperCase());
    await dialog.getByLabel(/^Пароль/).fill('e2e-password-1');
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await dialog.getByText(/уже занят/).waitFor();
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    expect(new URL(page.url()).pathname).toBe('/users');
  });

  it('adds a SIP account and a group', async () => {
    await page.goto(userPage());
    const sip = region('SIP-аккаунты');
    await sip.getByText('SIP-аккаунтов нет').waitFor();
    await sip.getByRole('button', { name: 'Добавить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новый SIP-аккаунт' });
    await dialog.getByRole('textbox', { name: /^Логин SIP/ }).fill(sipLogin);
    await dialog.getByLabel(/^Пароль SIP/).fill('sip-secret');
    await dialog.getByRole('textbox', { name: /^Домен/ }).fill('sip.example.ru');
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await dialog.waitFor({ state: 'detached' });
    await sip.getByText(new RegExp(`^${sipLogin}@`)).waitFor();
    // The password is masked until the eye is pressed.
    expect(await sip.getByText('sip-secret').count()).toBe(0);

    const groups = region('Группы');
    await groups.getByRole('button', { name: 'Изменить группы' }).click();
    const picker = page.getByRole('dialog', { name: 'Группы пользователя' });
    await picker.getByRole('checkbox', { name: group.name, exact: true }).check();
    await picker.getByRole('button', { name: 'Сохранить' }).click();
    await picker.waitFor({ state: 'detached' });
    await groups.getByText(group.name, { exact: true }).waitFor();
    await groups.getByText('Добавил operator').waitFor();

    const saved = await userCard();
    expect(saved.data.sipAccounts.map((account) => account.login)).toEqual([sipLogin]);
    expect(saved.data.groups.map((entry) => entry.id)).toEqual([group.groupId]);
  });

  it('changes the main info and keeps it after a reload', async () => {
    await page.goto(userPage());
    const form = page.getByRole('form', { name: 'Основные сведения' });
    expect(await form.getByLabel('Новый пароль').inputValue()).toBe('');
    await form.getByRole('textbox', { name: 'Комментарий' }).fill('жилец, изменено тестом');
    await form.getByRole('checkbox', { name: 'Не отвязывать от квартир' }).check();
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Основные сведения сохранены').waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('form', { name: 'Основные сведения' }).getByRole('textbox', { name: 'Комментарий' }).inputValue()).toBe('жилец, изменено тестом');
    expect(await page.getByRole('form', { name: 'Основные сведения' }).getByRole('checkbox', { name: 'Не отвязывать от квартир' }).isChecked()).toBe(true);
    const saved = await userCard();
    expect(saved.data).toMatchObject({ comment: 'жилец, изменено тестом', dontUnlinkFromFlats: true });
  });

  it('unlinks a flat the flat card linked the user to, and shows an access entry by its names', async () => {
    const { data: card } = await userCard();
    const first = (map?: Record<string, string>) => Object.entries(map ?? {})[0] ?? ['', ''];
    const [service, serviceName] = first(card.services);
    const [action] = first(card.actions);
    const [reason] = first(card.reasons);
    await send(page, 'POST', `/front/user/${userId}/access`, { data: [{ service: Number(service), action: Number(action), reason: Number(reason) }] });
    const flat = await someFlat();
    await send(page, 'POST', `/front/flats/${encodeURIComponent(flat.houseUid)}:${flat.flatNum}/users`, { userId });
    await page.goto(userPage());
    await page.getByRole('form', { name: 'Основные сведения' }).waitFor();
    await region('SIP-аккаунты').getByText(new RegExp(`^${sipLogin}@`)).waitFor();
    await screenshot(page, 'user-operator');
    const flats = region('Квартиры');
    // Below the fold: the section loads once scrolled to.
    await flats.scrollIntoViewIfNeeded();
    const link = flats.getByRole('link', { name: new RegExp(`, кв\\. ${flat.flatNum}$`) });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/houses/${encodeURIComponent(flat.houseUid)}/flats/${flat.flatNum}/update`);
    expect(await sideways(page)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const entry = region('Доступы').getByRole('listitem', { name: 'Доступ 1' });
    expect(await entry.getByRole('combobox', { name: 'Сервис' }).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe(serviceName);
    await screenshot(page, 'user-operator-sections');
    await flats.getByRole('button', { name: /^Отвязать от квартиры/ }).click();
    await page.getByRole('dialog', { name: 'Отвязать от квартиры?' }).getByRole('button', { name: 'Отвязать' }).click();
    await flats.getByText('Пользователь не привязан к квартирам').waitFor();
    expect((await userCard()).data.flats).toEqual([]);
  });

  it('keeps the list filters in the URL and goes back to page 1 when one changes', async () => {
    await page.goto('/users?page=2');
    const filters = page.getByRole('search', { name: 'Поиск пользователей' });
    await filters.getByRole('searchbox', { name: 'Логин' }).fill(login);
    await filters.getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL((url) => url.search === `?login=${login}`);
    const table = page.getByRole('table', { name: 'Пользователи' });
    await table.getByRole('link', { name: login, exact: true }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    await filters.getByRole('textbox', { name: 'Комментарий' }).fill('изменено');
    await filters.getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL((url) => url.searchParams.get('comment') === 'изменено');
    await table.getByRole('link', { name: login, exact: true }).waitFor();
    // The link reproduces the view.
    await page.reload();
    expect(await page.getByRole('search').getByRole('searchbox', { name: 'Логин' }).inputValue()).toBe(login);
    await page.getByRole('table', { name: 'Пользователи' }).getByRole('link', { name: login, exact: true }).waitFor();
    await page.goto('/users');
    await page.getByRole('table', { name: 'Пользователи' }).getByRole('link').first().waitFor();
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'users-operator');
  });

  it('fits a phone: the list as cards, the user page without sideways scroll', async () => {
    await page.setViewportSize(MOBILE);
    try {
      await page.goto(`/users?login=${login.slice(0, 8)}`);
      await page.getByRole('list', { name: 'Пользователи' }).getByRole('link', { name: login, exact: true }).waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await sideways(page)).toBe(0);
      await screenshot(page, 'users-operator');
      await page.goto(userPage());
      await page.getByRole('heading', { level: 1, name: login }).waitFor();
      await region('SIP-аккаунты').getByText(new RegExp(`^${sipLogin}@`)).waitFor();
      expect(await sideways(page)).toBe(0);
      await screenshot(page, 'user-operator');
      await region('Доступы').scrollIntoViewIfNeeded();
      await region('Доступы').getByRole('button', { name: 'Добавить доступ' }).waitFor();
      expect(await sideways(page)).toBe(0);
      await screenshot(page, 'user-operator-access');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
});

describe('support', () => {
  let support: Session;

  beforeAll(async () => {
    support = await openSession(browser, MOBILE);
    await logIn(support.page, account('support'));
  });

  afterAll(async () => {
    await support?.context.close();
  });

  it('reads the list and the user without a control that changes', async () => {
    const view = support.page;
    await view.goto(`/users?login=${login}`);
    await view.getByRole('link', { name: login, exact: true }).click();
    await view.waitForURL((url) => url.pathname === userPage());
    await view.getByText('Только просмотр: менять пользователя может оператор.').waitFor();
    await view.getByRole('region', { name: 'Основные сведения' }).getByText('жилец, изменено тестом').waitFor();
    await view.getByRole('region', { name: /^Группы/ }).getByText(group.name, { exact: true }).waitFor();
    expect(await view.getByRole('form').count()).toBe(0);
    expect(await view.getByRole('button', { name: /Сохранить|Удалить|Добавить|Изменить|Отвязать|Создать/ }).count()).toBe(0);
    expect(await view.getByRole('link', { name: 'Права доступа' }).getAttribute('href')).toBe(`${userPage()}/permissions`);
    expect(await sideways(view)).toBe(0);
    await screenshot(view, 'user-support');
    await view.goto('/users');
    await view.getByRole('list', { name: 'Пользователи' }).getByRole('link').first().waitFor();
    expect(await view.getByRole('button', { name: 'Создать пользователя' }).count()).toBe(0);
    await screenshot(view, 'users-support');
    expect(support.pageErrors).toEqual([]);
  });
});

describe('the operator, at the end', () => {
  it('deletes the user after confirmation and goes back to the list', async () => {
    await page.goto(userPage());
    await page.getByRole('button', { name: 'Удалить пользователя' }).click();
    await page.getByRole('dialog', { name: 'Удалить пользователя?' }).getByRole('button', { name: 'Удалить' }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    expect((await page.request.get(`/front/user/${userId}`, { headers: XHR })).status()).toBe(404);
    await page.goto(userPage());
    await page.getByRole('heading', { name: 'Пользователь не найден' }).waitFor();
    await page.getByRole('link', { name: 'Пользователи' }).first().waitFor();
    expect(operator.pageErrors).toEqual([]);
  });
});
