import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../e2e/browser';

/*
 * Chromium for the offline benchmarks: the same headless flags as the e2e suite, one
 * browser for every measurement, a fresh context (own profile, cache, service worker, IndexedDB)
 * for each.
 */

export const OFFLINE_DB_NAME = 'intercom-back-office';
export const INSTALLER = { login: 'installer', password: 'installer' } as const;

export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export async function openContext(browser: Browser, baseUrl: string, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'ru-RU', timezoneId: 'UTC', viewport: { width: 390, height: 844 }, ...options });
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  return { context, page };
}

/** Through the login form, as a person would: the app keeps its logged flag and saved session. */
export async function logIn(page: Page, user: { login: string; password: string } = INSTALLER): Promise<void> {
  await page.goto('/site/auth');
  await page.getByLabel('Логин', { exact: true }).fill(user.login);
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/site/auth');
}

/** A same-origin API call from the page, with the session cookie (and a fresh CSRF token for a mutation). */
export async function pageApi<T>(page: Page, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
      if (method !== 'GET') {
        const csrf = await fetch('/site/csrf', { credentials: 'same-origin', cache: 'no-store', headers });
        headers['X-CSRF-Token'] = ((await csrf.json()) as { token: string }).token;
        headers['Content-Type'] = 'application/json';
      }
      const response = await fetch(url, {
        method,
        credentials: 'same-origin',
        cache: 'no-store',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${text.slice(0, 300)}`);
      return JSON.parse(text) as unknown;
    },
    { method, url, body },
  ) as Promise<T>;
}

/**
 * Waits until the app has created its Dexie database with the outbox table. It is only opened
 * once it is listed: opening a missing database would create an empty one under Dexie's feet.
 * Polled from here: waitForFunction does not wait for a predicate's promise.
 */
export async function waitForOfflineDb(page: Page, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ready = await page.evaluate(async (name) => {
      const known = await indexedDB.databases();
      if (!known.some((db) => db.name === name && (db.version ?? 0) > 1)) return false;
      return new Promise<boolean>((resolve) => {
        const open = indexedDB.open(name);
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const has = open.result.objectStoreNames.contains('outbox');
          open.result.close();
          resolve(has);
        };
      });
    }, OFFLINE_DB_NAME);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`the app did not create its IndexedDB database ${OFFLINE_DB_NAME} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
