import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { repoRoot } from './server-process';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const SCREENS_DIR = join(repoRoot, 'test-results', 'screens');

export const DESKTOP = { width: 1440, height: 900 } as const;
export const MOBILE = { width: 390, height: 844 } as const;
export type Viewport = { width: number; height: number };

/** This worker's server: each worker (VITEST_POOL_ID 1…n) has one of its own (global-setup.ts). */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(worker - 1) % urls.length];
}

/** `extraArgs`: more Chromium switches, e.g. a fake camera fed from a file (label-scan.test.ts). */
export function launchBrowser(options: { extraArgs?: readonly string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...(options.extraArgs ?? []),
    ],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions thrown in the page, to assert none happened. */
  pageErrors: string[];
}

/**
 * A fresh, isolated browser profile (own cookies, localStorage, service worker) on the server under
 * test, or on `serverUrl` (a file's own server).
 */
export async function openSession(browser: Browser, viewport: Viewport = DESKTOP, serverUrl: string = baseUrl()): Promise<Session> {
  const context = await browser.newContext({ baseURL: serverUrl, viewport, locale: 'ru-RU', timezoneId: 'UTC' });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

/**
 * A demo account logged in at `viewport` for a describe's tests: opened in the describe's beforeAll,
 * its profile closed in its afterAll. `browser` is read only then, after the file's own beforeAll
 * launched it.
 */
export function sessionOf(browser: () => Browser, login: string, viewport: Viewport = DESKTOP): () => Session {
  let session: Session | undefined;
  beforeAll(async () => {
    session = await openSession(browser(), viewport);
    await logIn(session.page, account(login));
  });
  afterAll(async () => {
    await session?.context.close();
  });
  return () => {
    if (!session) throw new Error(`the ${login} session is not open yet`);
    return session;
  };
}

export interface DemoAccount {
  login: string;
  password: string;
  /** Main-menu link names the menu rules allow for this account's roles and permissions. */
  menu: readonly string[];
  superuser: boolean;
}

/** The demo accounts every seed size has (README), with the menu their roles give them. */
export const ACCOUNTS: readonly DemoAccount[] = [
  {
    login: 'admin',
    password: 'admin',
    menu: ['Покупатели', 'Устройства', 'Группы', 'Жилой фонд', 'Пользователи', 'Ключи'],
    superuser: true,
  },
  { login: 'operator', password: 'operator', menu: ['Устройства', 'Группы', 'Жилой фонд', 'Пользователи', 'Ключи'], superuser: false },
  // Installers also see the house list; support reads devices and houses, groups and users, and keys.
  { login: 'installer', password: 'installer', menu: ['Устройства', 'Жилой фонд'], superuser: false },
  { login: 'support', password: 'support', menu: ['Устройства', 'Группы', 'Жилой фонд', 'Пользователи', 'Ключи'], superuser: false },
];

export function account(login: string): DemoAccount {
  const found = ACCOUNTS.find((a) => a.login === login);
  if (!found) throw new Error(`no demo account ${login}`);
  return found;
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Logs in through the login form and waits until the app has left /site/auth. */
export async function logIn(page: Page, user: Pick<DemoAccount, 'login' | 'password'>): Promise<void> {
  await page.goto('/site/auth');
  await page.getByLabel('Логин', { exact: true }).fill(user.login);
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/site/auth');
}

/**
 * Logs out with "Выйти" and waits until the app has finished: the server's logout answered and the
 * login form shown. A navigation started any earlier can cut the logout short and leave the session alive.
 */
export async function logOut(page: Page): Promise<void> {
  const loggedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/site/auth/logout');
  await page.getByRole('button', { name: 'Выйти', exact: true }).click();
  await loggedOut;
  await page.waitForURL((url) => url.pathname === '/site/auth');
  await page.getByLabel('Логин', { exact: true }).waitFor();
}

export interface SeededGroup {
  groupId: number;
  name: string;
}

/** A nested group of the logged-in user's buyer and its parent, as the server's group list has them. */
export async function nestedGroup(page: Page): Promise<{ child: SeededGroup; parent: SeededGroup }> {
  const response = await page.request.get('/front/groups?page=1', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  if (!response.ok()) throw new Error(`group list: HTTP ${response.status()}`);
  const { data } = (await response.json()) as { data: (SeededGroup & { parentId: number | null })[] };
  const child = data.find((group) => group.parentId !== null);
  const parent = data.find((group) => group.groupId === child?.parentId);
  if (!child || !parent) throw new Error("no nested group of the user's buyer in the seed");
  return { child, parent };
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Главное меню' });
}

/** The accessible names of the links in the main menu, in order. */
export async function menuLinkNames(page: Page): Promise<string[]> {
  // textContent, not innerText: the menu's CSS upper-cases what it shows, not the names.
  const texts = await mainMenu(page).getByRole('link').allTextContents();
  return texts.map((t) => t.trim());
}

async function comboboxTag(page: Page, label: string): Promise<string> {
  return page.getByRole('combobox', { name: label }).evaluate((el) => el.tagName);
}

/**
 * Picks an option in a select found by its label. Works for a native select, an MUI Select
 * (whose accessible name is "label + current value") and an Autocomplete input alike.
 */
/** Text as a pattern that matches it literally, e.g. an address with dots and brackets. */
export function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export async function chooseOption(page: Page, label: string, option: RegExp): Promise<string> {
  const field = page.getByRole('combobox', { name: label });
  const tag = await comboboxTag(page, label);
  if (tag === 'SELECT') {
    const labels = await field.locator('option').allInnerTexts();
    const chosen = labels.find((l) => option.test(l.trim()));
    if (!chosen) throw new Error(`no option ${option} in "${label}": ${labels.join(', ')}`);
    await field.selectOption({ label: chosen.trim() });
    return chosen.trim();
  }
  await field.click();
  const item = page.getByRole('option', { name: option }).first();
  const chosen = (await item.innerText()).trim();
  await item.click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
  return chosen;
}

/** The text a select shows as its current value. */
export async function currentOption(page: Page, label: string): Promise<string> {
  const field = page.getByRole('combobox', { name: label });
  const tag = await comboboxTag(page, label);
  if (tag === 'SELECT') {
    return field.evaluate((el) => {
      const select = el as HTMLSelectElement;
      return select.selectedOptions[0]?.text.trim() ?? '';
    });
  }
  if (tag === 'INPUT') return (await field.inputValue()).trim();
  return (await field.innerText()).trim();
}

export async function loggedFlag(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('logged'));
}

/** Saves a screenshot into test-results/screens/ (looked at by people, never compared). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENS_DIR, { recursive: true });
  const size = page.viewportSize();
  const suffix = size ? `-${size.width}x${size.height}` : '';
  await page.screenshot({ path: join(SCREENS_DIR, `${name}${suffix}.png`), fullPage: false });
}

export const XHR = { 'X-Requested-With': 'XMLHttpRequest' } as const;

/** GET an API path with the page's session; anything but 200 fails the test. */
export async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: XHR });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** One row of `GET /front/device-list/get-list`, as much as the tests read. */
export interface DeviceListItem {
  MAC: string;
  TYPE: number;
  STATUS_CODE: number;
}

/**
 * The first answer `pick` gives for the user's devices, walking the list page by page: other files
 * add devices (newest first, often without readings or codes), so a seeded one may sit past page 1.
 */
export async function findDevice<T>(page: Page, pick: (row: DeviceListItem) => Promise<T | undefined>, query = ''): Promise<T | undefined> {
  for (let pageNo = 1; pageNo <= 40; pageNo += 1) {
    const list = await getJson<{ data: DeviceListItem[]; pagination: { pageCount: number } }>(page, `/front/device-list/get-list?page=${pageNo}${query}`);
    for (const row of list.data) {
      const found = await pick(row);
      if (found !== undefined) return found;
    }
    if (pageNo >= list.pagination.pageCount) break;
  }
  return undefined;
}

/** The session's CSRF token, for writes through the API. */
export async function csrfToken(page: Page): Promise<string> {
  return ((await (await page.request.get('/site/csrf', { headers: XHR })).json()) as { token: string }).token;
}

/** The user's language as the server holds it (PUT /front/user-options). */
export async function setUserLanguage(page: Page, language: 'ru' | 'en'): Promise<void> {
  const response = await page.request.put('/front/user-options', { headers: { ...XHR, 'X-CSRF-Token': await csrfToken(page) }, data: { settingOptions: { language } } });
  expect(response.status()).toBe(200);
}

/**
 * STACK.md: the first visit is not controlled until the service worker has installed and claimed it
 * (its precache of every chunk done); reload once if needed. Tests wait for it before going offline.
 */
export async function waitForControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const controlled = await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (!controlled) {
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }
}
