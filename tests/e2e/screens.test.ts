import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DESKTOP, MOBILE, account, launchBrowser, logIn, openSession, screenshot } from './browser';

// Screenshots for people to look at (test-results/screens/); nothing compares pixels.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function settle(page: Page): Promise<void> {
  // A page that keeps polling never goes idle; the screenshot is taken anyway.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
])('screens at %s size', (_name, viewport) => {
  it(`captures login, main, settings and house list at ${viewport.width}×${viewport.height}`, async () => {
    const session = await openSession(browser, viewport);
    try {
      const { page } = session;
      await page.goto('/site/auth');
      await page.getByLabel('Логин', { exact: true }).waitFor();
      await settle(page);
      await screenshot(page, 'login');

      await logIn(page, account('admin'));
      await settle(page);
      await screenshot(page, 'main');

      await page.goto('/user/options');
      await page.getByRole('heading', { name: 'Настройки пользователя' }).waitFor();
      await settle(page);
      await screenshot(page, 'settings');

      await page.goto('/houses');
      await settle(page);
      await screenshot(page, 'houses');
    } finally {
      await session.context.close();
    }
  });
});
