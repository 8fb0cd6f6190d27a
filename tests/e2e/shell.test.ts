import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, baseUrl, launchBrowser, logIn, loggedFlag, mainMenu, openSession, pathOf, type Session } from './browser';

const CYRILLIC = /[А-Яа-яЁё]/;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function titleOf(session: Session, path: string): Promise<string> {
  await session.page.goto(path);
  await expect.poll(() => session.page.title()).toMatch(CYRILLIC);
  return session.page.title();
}

describe('served HTML', () => {
  it.each(['/', '/site/auth', '/houses'])('fills the CSRF meta tag of %s', async (path) => {
    const response = await fetch(`${baseUrl()}${path}`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    const token = /<meta\s+name="csrf-token"\s+content="([^"]*)"/.exec(html)?.[1];
    expect(token, 'meta csrf-token').toBeTruthy();
  });

  it('answers /site/csrf with a token for clients whose cached shell has a stale one', async () => {
    const response = await fetch(`${baseUrl()}/site/csrf`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    const body = (await response.json()) as { result: boolean; token: string };
    expect(body.result).toBe(true);
    expect(body.token.length).toBeGreaterThan(10);
  });
});

describe('logged out', () => {
  let session: Session;

  beforeAll(async () => {
    session = await openSession(browser);
  });

  afterAll(async () => {
    await session?.context.close();
  });

  it('sends a first-time visitor from a protected page to /site/auth', async () => {
    const { page } = session;
    await page.goto('/houses');
    await page.waitForURL((url) => url.pathname === '/site/auth');
    await page.getByRole('button', { name: 'Войти', exact: true }).first().waitFor();
    expect(await loggedFlag(page)).not.toBe('true');
    expect(await page.title()).toMatch(CYRILLIC);
    expect(await page.locator('meta[name="csrf-token"]').getAttribute('content')).toBeTruthy();
  });

  it("shows the server's message for a wrong password and stays on the login page", async () => {
    const { page } = session;
    await page.goto('/site/auth');
    await page.getByLabel('Логин', { exact: true }).fill('admin');
    await page.getByLabel('Пароль', { exact: true }).fill('not-the-password');
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/site/auth/login'),
      page.getByRole('button', { name: 'Войти', exact: true }).last().click(),
    ]);
    const body = (await response.json()) as { result: boolean; message?: string };
    expect(body.result).toBe(false);
    expect(body.message).toMatch(CYRILLIC);
    await page.getByText(body.message ?? '', { exact: false }).first().waitFor();
    expect(pathOf(page)).toBe('/site/auth');
    expect(await loggedFlag(page)).not.toBe('true');
  });
});

describe('app shell, as the superuser', () => {
  let session: Session;

  beforeAll(async () => {
    session = await openSession(browser);
    await logIn(session.page, account('admin'));
  });

  afterAll(async () => {
    await session?.context.close();
  });

  it('sets a Russian title per route, also on in-app navigation', async () => {
    const routes = ['/', '/user/options', '/devices', '/groups', '/houses', '/users', '/keys', '/buyers'];
    const titles = new Map<string, string>();
    for (const route of routes) titles.set(route, await titleOf(session, route));
    expect(new Set(titles.values()).size, JSON.stringify(Object.fromEntries(titles))).toBe(routes.length);

    const { page } = session;
    await page.goto('/');
    await mainMenu(page).getByRole('link', { name: 'Жилой фонд', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/houses');
    await expect.poll(() => page.title()).toBe(titles.get('/houses'));
  });

  it('renders the menu page, titled as the main page, for an unknown path', async () => {
    const { page } = session;
    const mainTitle = await titleOf(session, '/');
    await page.goto('/no/such/page');
    await expect.poll(() => page.title()).toBe(mainTitle);
    expect(['/', '/no/such/page']).toContain(pathOf(page));
    await mainMenu(page).getByRole('link', { name: 'Устройства', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Домофоны · бэк-офис' }).waitFor();
  });

  it('links the PDF help, and the server sends it as application/pdf', async () => {
    const { page, context } = session;
    await page.getByRole('button', { name: 'Справка', exact: true }).click();
    const pdfItem = page.getByRole('menuitem', { name: 'Справка (PDF)', exact: true });
    await pdfItem.waitFor();
    const href = await pdfItem.evaluate((el) => el.closest('a')?.getAttribute('href') ?? el.getAttribute('href'));
    expect(href).toMatch(/\/help\.pdf$/);
    await page.keyboard.press('Escape');

    const response = await context.request.get('/help.pdf');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
    expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('lists houses from the server, with the data grid in Russian', async () => {
    const { page } = session;
    await page.goto('/houses');
    await page.getByRole('heading', { name: 'Жилой фонд' }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
    await page.getByText(/^\d+–\d+ из \d+$/).waitFor({ timeout: 5_000 });
  });

  it('throws no uncaught errors in the page', () => {
    expect(session.pageErrors).toEqual([]);
  });
});
