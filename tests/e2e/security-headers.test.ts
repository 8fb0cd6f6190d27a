import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, sessionOf } from './browser';
import { settleRoute, trackRequests } from './route-visits';

/*
 * The headers of server/plugins/security-headers.ts as Chromium applies them: the app's screens
 * run under the policy without a single violation, the camera is allowed to the app and the rest
 * of the powerful features to nobody, and no other page can frame the console.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const SCREENS = ['/', '/devices', '/devices/history', '/houses', '/groups', '/user/options'];

describe('security headers in Chromium', () => {
  const session = sessionOf(() => browser, 'operator');

  it('runs every screen under the Content-Security-Policy with no violation', async () => {
    const { page, pageErrors } = session();
    const violations: string[] = [];
    const inFlight = trackRequests(page);
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`Refused to load: ${event.violatedDirective} ${event.blockedURI}`));
    });
    for (const path of SCREENS) {
      const response = await page.goto(path);
      // The service worker answers from its precache after the first load; both must carry the policy.
      expect(await response?.headerValue('content-security-policy'), path).toMatch(/frame-ancestors 'none'/);
      // Its loads done (not 'networkidle': a screen that polls never goes quiet for 500 ms on a busy machine).
      await settleRoute(page, inFlight);
    }
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
    // The watch sees a violation when there is one: an injected inline script is refused.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    });
    await expect.poll(() => violations.join('\n')).toMatch(/script-src/);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
  });

  it('keeps the policy on the shell the service worker serves offline', async () => {
    const { page, context } = session();
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    try {
      const response = await page.goto('/devices');
      expect(response?.fromServiceWorker()).toBe(true);
      expect(await response?.headerValue('content-security-policy')).toMatch(/script-src 'self' 'wasm-unsafe-eval'; .*frame-ancestors 'none'/);
      expect(await response?.headerValue('permissions-policy')).toMatch(/^camera=\(self\)/);
      await page.getByRole('main').first().waitFor();
    } finally {
      await context.setOffline(false);
    }
  });

  it('allows the camera to the app and denies the microphone and geolocation', async () => {
    const { page } = session();
    await page.goto('/');
    const allowed = await page.evaluate(() => {
      const policy = (document as Document & { featurePolicy?: { allowsFeature(feature: string): boolean } }).featurePolicy;
      if (!policy) return null;
      return { camera: policy.allowsFeature('camera'), microphone: policy.allowsFeature('microphone'), geolocation: policy.allowsFeature('geolocation') };
    });
    expect(allowed).toEqual({ camera: true, microphone: false, geolocation: false });
  });

  it('cannot be framed by another page (frame-ancestors none)', async () => {
    const { context } = session();
    const page = await context.newPage();
    try {
      await page.setContent(`<iframe id="console" src="${baseUrl()}/"></iframe>`);
      const frame = await (await page.waitForSelector('#console')).contentFrame();
      await expect.poll(() => frame?.url()).toMatch(/^chrome-error:/);
    } finally {
      await page.close();
    }
  });
});
