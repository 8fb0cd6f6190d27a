import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_PATH, DESKTOP, account, launchBrowser, logIn, logOut, loggedFlag, mainMenu, pathOf, waitForControl } from './browser';
import { copySeededDataDir, freePort, repoRoot, startServer, type ServerProcess } from './server-process';

/*
 * The installable PWA and its service worker, in Chromium, with the page
 * controlled by the real worker from dist/ and really offline: either the browser context is
 * offline (Chromium then cuts the worker's own fetches too) or the server is stopped. This file
 * runs its own server, so stopping it does not disturb the other e2e files.
 */

const CYRILLIC = /[А-Яа-яЁё]/;
const BRAND = 'Домофоны · бэк-офис';
const LOG_FILE = join(repoRoot, 'test-results', 'e2e-pwa-server.log');

let browser: Browser;
let server: ServerProcess;
let serverEnv: Record<string, string>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await copySeededDataDir(inject('seededDataDir'), 'intercom-e2e-pwa-');
  // A fixed port: the worker, Cache Storage and localStorage belong to the origin, which must survive a restart.
  serverEnv = { PORT: String(await freePort()), DATA_DIR: dataDir, SEED: 'small', STATIC_DIR: process.env.E2E_DIST ? resolve(repoRoot, process.env.E2E_DIST) : join(repoRoot, 'dist') };
  [browser, server] = await Promise.all([launchBrowser(), startServer({ env: serverEnv, logFile: LOG_FILE })]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The second way to be offline: nothing listens on the app's port any more. */
async function withServerStopped(run: () => Promise<void>): Promise<void> {
  await server.stop();
  try {
    await run();
  } finally {
    server = await startServer({ env: serverEnv, logFile: LOG_FILE });
  }
}

interface Tab {
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
}

async function openContext(): Promise<Tab> {
  const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'ru-RU', timezoneId: 'UTC' });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  return { context, ...(await newTab(context)) };
}

/** Another tab of the same profile: same worker, caches and localStorage, but an empty sessionStorage. */
async function newTab(context: BrowserContext): Promise<{ page: Page; pageErrors: string[] }> {
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { page, pageErrors };
}


function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}

/** The URLs (path + query) kept in one cache; empty when the cache does not exist. */
function cachedPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  }, cacheName);
}

interface SavedSession {
  userId: number;
  savedAt: number;
  login: string | null;
}

async function savedSession(page: Page): Promise<SavedSession | null> {
  const raw = await page.evaluate(() => localStorage.getItem('session-cache'));
  return raw ? (JSON.parse(raw) as SavedSession) : null;
}

/** expect.poll for hooks too (vitest allows it only inside a test). */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/** The user id the app saved from the permissions answer. */
async function userIdOf(page: Page): Promise<number> {
  const session = await eventually(() => savedSession(page), (s) => s !== null, 'the saved session');
  if (!session) throw new Error('no saved session');
  return session.userId;
}

function dataRows(page: Page) {
  return page.getByRole('row').filter({ has: page.getByRole('gridcell') });
}

/** The house list with its rows; returns the first row's text to compare online and offline. */
async function houseListShown(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Жилой фонд' }).waitFor();
  await dataRows(page).first().waitFor();
  // The data cells only: the offline-work column fills in later from this device's own storage.
  const cells = dataRows(page).first().locator('[data-field="id"], [data-field="address"], [data-field="region"], [data-field="fias"]');
  return (await cells.allInnerTexts()).map((text) => text.trim()).join(' | ');
}

/** Settings with both selects filled from the dictionaries, not just the current value. */
async function settingsShown(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Настройки пользователя' }).waitFor();
  const timezones = page.getByRole('combobox', { name: 'Часовой пояс' }).locator('option');
  await eventually(
    () => timezones.allInnerTexts(),
    (labels) => labels.some((label) => label.startsWith('Asia/Vladivostok ')),
    'the time zones of the dictionary',
  );
  expect(await timezones.count()).toBeGreaterThanOrEqual(13);
  const languages = await page.getByRole('combobox', { name: 'Язык' }).locator('option').allInnerTexts();
  expect(languages.map((l) => l.trim()).sort()).toEqual(['English', 'Русский']);
}

async function shellShown(page: Page): Promise<void> {
  await page.getByRole('link', { name: BRAND }).waitFor();
  await expect.poll(() => page.title()).toMatch(CYRILLIC);
}

describe('installable PWA', () => {
  it('is reported installable by Chromium, with a Russian name, 192/512 and maskable icons, standalone', async () => {
    // browser.newContext() is an incognito profile, which Chromium never offers to install into.
    const profile = await mkdtemp(join(tmpdir(), 'intercom-e2e-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
      baseURL: server.url,
      viewport: DESKTOP,
      locale: 'ru-RU',
    });
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await page.goto('/site/auth');
      await waitForControl(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);

      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
      expect(manifest.errors).toEqual([]);
      const data = JSON.parse(manifest.data ?? '{}') as {
        name: string;
        short_name: string;
        display: string;
        start_url: string;
        scope: string;
        id: string;
        theme_color: string;
        background_color: string;
        icons: Array<{ src: string; sizes: string; purpose: string; type: string }>;
      };
      expect(data.name).toMatch(CYRILLIC);
      expect(data.short_name).toMatch(CYRILLIC);
      expect(data).toMatchObject({ display: 'standalone', start_url: '/', scope: '/', id: '/' });
      expect(data.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(data.background_color).toMatch(/^#[0-9a-f]{6}$/i);
      const icon = (sizes: string, purpose: string) => data.icons.find((i) => i.sizes === sizes && i.purpose.split(' ').includes(purpose));
      for (const [sizes, purpose] of [
        ['192x192', 'any'],
        ['512x512', 'any'],
        ['512x512', 'maskable'],
      ] as const) {
        const found = icon(sizes, purpose);
        expect(found, `${sizes} ${purpose}`).toBeDefined();
        const response = await page.request.get(found?.src ?? '');
        expect(response.headers()['content-type']).toBe('image/png');
        // The PNG header carries the real size: width and height at bytes 16..23.
        const png = await response.body();
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(sizes);
      }
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
});

describe('offline reads, as an operator after one online visit', () => {
  let tab: Tab;
  let userId: number;
  let onlineFirstRow: string;

  beforeAll(async () => {
    tab = await openContext();
    const { page, context } = tab;
    await logIn(page, account('operator'));
    await waitForControl(page);
    userId = await userIdOf(page);
    // The online visit, in a tab the worker controls from its first request.
    const visit = (await newTab(context)).page;
    await visit.goto('/user/options');
    await settingsShown(visit);
    await visit.goto('/houses');
    onlineFirstRow = await houseListShown(visit);
    await eventually(
      () => cachedPaths(visit, `api-${userId}-house-lists`),
      (paths) => paths.some((path) => path.startsWith('/front/house-list')),
      'the cached house list',
    );
    const dictionaries = await eventually(
      () => cachedPaths(visit, `api-${userId}-dictionaries`),
      (paths) => paths.length >= 2,
      'the cached dictionaries',
    );
    expect(dictionaries.sort()).toEqual([
      '/front/dictionary/get-options?dictionaryId=supported_languages&language=ru',
      '/front/dictionary/get-options?dictionaryId=supported_timezones&language=ru',
    ]);
    await visit.close();
  });

  afterAll(async () => {
    await tab?.context.close();
  });

  it('(a) reloads the deep links /houses and /user/options with the context offline and renders the shell', async () => {
    const { page, context, pageErrors } = tab;
    await page.goto('/houses');
    await houseListShown(page);
    await context.setOffline(true);
    try {
      await page.reload();
      await shellShown(page);
      expect(pathOf(page)).toBe('/houses');
      expect(await houseListShown(page)).toBe(onlineFirstRow);
      await page.goto('/user/options');
      await shellShown(page);
      await page.getByRole('heading', { name: 'Настройки пользователя' }).waitFor();
      expect(pathOf(page)).toBe('/user/options');
      expect(await loggedFlag(page)).toBe('true');
    } finally {
      await context.setOffline(false);
    }
    expect(pageErrors).toEqual([]);
  });

  it('(a) reloads the deep links with the server stopped (a second, independent way)', async () => {
    const { page } = tab;
    await page.goto('/houses');
    await houseListShown(page);
    await withServerStopped(async () => {
      expect(await page.evaluate(() => fetch('/site/csrf').then(() => 'answered', () => 'no answer'))).toBe('no answer');
      await page.reload();
      await shellShown(page);
      expect(await houseListShown(page)).toBe(onlineFirstRow);
      await page.goto('/user/options');
      await settingsShown(page);
      expect(pathOf(page)).toBe('/user/options');
    });
  });

  it('(b) serves dictionaries (settings labels) and the house list from the cache in a new offline tab', async () => {
    const { context } = tab;
    await context.setOffline(true);
    try {
      // A new tab has no sessionStorage copy of the dictionaries: the labels can only come from the worker.
      const { page, pageErrors } = await newTab(context);
      const dictionaryAnswers: boolean[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/front/dictionary/get-options') dictionaryAnswers.push(response.fromServiceWorker());
      });
      await page.goto('/user/options');
      await settingsShown(page);
      expect(dictionaryAnswers).toEqual([true, true]);

      const houseList = page.waitForResponse((r) => new URL(r.url()).pathname === '/front/house-list');
      await page.goto('/houses');
      expect(await houseListShown(page)).toBe(onlineFirstRow);
      const answer = await houseList;
      expect(answer.status()).toBe(200);
      expect(answer.fromServiceWorker()).toBe(true);
      expect(pageErrors).toEqual([]);
      await page.close();
    } finally {
      await context.setOffline(false);
    }
  });
});

describe('(g) switching users on one device', () => {
  it("does not serve the first user's cached API data to the next user, who gets a fresh list", async () => {
    const { context, page } = await openContext();
    try {
      await logIn(page, account('operator'));
      await waitForControl(page);
      const operatorId = await userIdOf(page);
      await page.goto('/houses');
      await houseListShown(page);
      await page.reload();
      await houseListShown(page);
      await expect.poll(async () => (await cachedPaths(page, `api-${operatorId}-house-lists`)).length).toBeGreaterThan(0);

      await logOut(page);
      await expect.poll(async () => (await cacheNames(page)).filter((name) => name.startsWith('api-'))).toEqual([]);
      expect(await savedSession(page)).toBeNull();

      await logIn(page, account('admin'));
      const adminId = await userIdOf(page);
      expect(adminId).not.toBe(operatorId);

      // Offline, the admin gets no house list at all rather than the operator's.
      await context.setOffline(true);
      try {
        await page.goto('/houses');
        await page.getByRole('heading', { name: 'Жилой фонд' }).waitFor();
        await page.getByText('Не удалось загрузить список').waitFor();
        expect(await dataRows(page).count()).toBe(0);
      } finally {
        await context.setOffline(false);
      }
      expect((await cacheNames(page)).filter((name) => name.startsWith(`api-${operatorId}-`))).toEqual([]);

      // Back online the list comes from the server, through the worker, into the admin's own cache.
      const fromNetwork: string[] = [];
      context.on('request', (request) => {
        if (request.serviceWorker() && new URL(request.url()).pathname === '/front/house-list') fromNetwork.push(request.url());
      });
      await page.reload();
      await houseListShown(page);
      await expect.poll(() => fromNetwork.length).toBeGreaterThan(0);
      await expect.poll(async () => (await cachedPaths(page, `api-${adminId}-house-lists`)).length).toBeGreaterThan(0);
      expect((await cacheNames(page)).filter((name) => name.startsWith('api-')).every((name) => name.startsWith(`api-${adminId}-`))).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('a 401 ends the cached data of the session', () => {
  it('the worker deletes the user\'s caches on seeing a 401, and the app drops its saved session', async () => {
    const { context, page } = await openContext();
    try {
      await logIn(page, account('operator'));
      await waitForControl(page);
      const userId = await userIdOf(page);
      await page.goto('/houses');
      await houseListShown(page);
      await page.reload();
      await houseListShown(page);
      await expect.poll(async () => (await cachedPaths(page, `api-${userId}-house-lists`)).length).toBeGreaterThan(0);

      // The server forgets the session (here: the cookie is gone).
      await context.clearCookies();
      // A bare fetch, not lib/http.ts: only the worker can react to this 401.
      const status = await page.evaluate(() =>
        fetch('/front/house-list?page=1', { headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } }).then((r) => r.status),
      );
      expect(status).toBe(401);
      await expect.poll(async () => (await cacheNames(page)).filter((name) => name.startsWith(`api-${userId}-`))).toEqual([]);

      // The app meets the 401 too: the login form, the flag 'false', no saved session for an offline start.
      await page.goto('/houses');
      await page.waitForURL((url) => url.pathname === '/site/auth');
      expect(await loggedFlag(page)).toBe('false');
      expect(await savedSession(page)).toBeNull();
    } finally {
      await context.close();
    }
  });
});

describe('offline cold start of a logged-in installer', () => {
  let tab: Tab;
  let onlineSession: SavedSession;

  beforeAll(async () => {
    tab = await openContext();
    const { page } = tab;
    await logIn(page, account('installer'));
    await waitForControl(page);
    await page.getByRole('banner').getByText('installer', { exact: true }).waitFor();
    const session = await eventually(() => savedSession(page), (s) => s?.login === 'installer', 'the saved user name');
    if (!session) throw new Error('no saved session');
    onlineSession = session;
    await page.close();
  });

  afterAll(async () => {
    await tab?.context.close();
  });

  async function coldStart(): Promise<void> {
    const { page, pageErrors } = await newTab(tab.context);
    await page.goto('/');
    await shellShown(page);
    // The name and the menu come from the last online load: the installer is in, not on the login form.
    await page.getByRole('banner').getByText('installer', { exact: true }).waitFor();
    await expect.poll(() => mainMenu(page).getByRole('link').allTextContents()).toEqual(account('installer').menu);
    expect(pathOf(page)).toBe('/');
    expect(await loggedFlag(page)).toBe('true');
    // What the header will show as «Данные доступа с последнего входа в сеть: <date>».
    expect(await savedSession(page)).toMatchObject({ userId: onlineSession.userId, savedAt: onlineSession.savedAt, login: 'installer' });
    expect(pageErrors).toEqual([]);
    await page.close();
  }

  it('gets in with the context offline', async () => {
    await tab.context.setOffline(true);
    try {
      await coldStart();
    } finally {
      await tab.context.setOffline(false);
    }
  });

  it('gets in with the server stopped', async () => {
    await withServerStopped(coldStart);
  });
});
