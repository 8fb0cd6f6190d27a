import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, account, launchBrowser, logIn, mainMenu, openSession, type Session } from './browser';

/*
 * A wizard's draft keeps the last keystrokes when the installer leaves at once: a link in the app,
 * a reload or a closed tab within ~100 ms of typing, well inside the autosave's 400 ms pause.
 */

const WIZARD = '/devices/serial-number-wizard';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function draftIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('draft');
  if (!id) throw new Error(`no draft id in ${page.url()}`);
  return id;
}

/** The serial number the stored draft holds, read straight from the app's IndexedDB. */
function storedSerial(page: Page, id: string): Promise<string | null> {
  return page.evaluate(
    (draftId) =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('intercom-back-office');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('drafts', 'readonly').objectStore('drafts').get(draftId);
          request.onsuccess = () => {
            const row = request.result as { data?: { serialNumber?: string } } | undefined;
            resolve(row?.data?.serialNumber ?? null);
            db.close();
          };
          request.onerror = () => reject(request.error);
        };
      }),
    id,
  );
}

/** Opens the wizard, stores a first part of the serial number, then types the rest fast; returns the draft and the whole serial. */
async function typeSerial(page: Page): Promise<{ id: string; serial: string }> {
  await page.goto(WIZARD);
  await page.getByRole('heading', { name: 'Устройство', level: 2 }).waitFor();
  await page.waitForURL((url) => url.searchParams.has('draft'));
  const id = draftIdOf(page);
  const field = page.getByLabel('Серийный номер');
  const serial = `SN-${randomBytes(5).toString('hex').toUpperCase()}`;
  await field.fill(serial.slice(0, 3));
  // The first part is stored by the autosave's pause: the draft exists before the fast typing.
  await expect.poll(() => storedSerial(page, id)).toBe(serial.slice(0, 3));
  await field.pressSequentially(serial.slice(3), { delay: 5 });
  return { id, serial };
}

async function resumedSerial(page: Page, id: string): Promise<string> {
  await page.goto(`${WIZARD}?draft=${encodeURIComponent(id)}`);
  await page.getByRole('heading', { name: 'Устройство', level: 2 }).waitFor();
  return page.getByLabel('Серийный номер').inputValue();
}

describe('a wizard left right after typing keeps every keystroke in its draft', () => {
  let session: Session;

  beforeAll(async () => {
    session = await openSession(browser, DESKTOP);
    await logIn(session.page, account('installer'));
  });

  afterAll(async () => {
    await session?.context.close();
  });

  it('a link inside the app followed at once', async () => {
    const { page } = session;
    const { id, serial } = await typeSerial(page);
    await mainMenu(page).getByRole('link', { name: 'Устройства' }).click();
    await page.waitForURL((url) => url.pathname !== WIZARD);
    expect(await storedSerial(page, id)).toBe(serial);
    expect(await resumedSerial(page, id)).toBe(serial);
  });

  it('a reload at once', async () => {
    const { page } = session;
    const { id, serial } = await typeSerial(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Устройство', level: 2 }).waitFor();
    expect(await page.getByLabel('Серийный номер').inputValue()).toBe(serial);
    expect(await storedSerial(page, id)).toBe(serial);
  });

  it('another address opened at once (a new document)', async () => {
    const { page } = session;
    const { id, serial } = await typeSerial(page);
    await page.goto('/outbox');
    expect(await storedSerial(page, id)).toBe(serial);
    expect(await resumedSerial(page, id)).toBe(serial);
  });

  it('the tab closed at once', async () => {
    const first = await session.context.newPage();
    const { id, serial } = await typeSerial(first);
    await first.close();
    const page = await session.context.newPage();
    try {
      expect(await resumedSerial(page, id)).toBe(serial);
    } finally {
      await page.close();
    }
  });
});
