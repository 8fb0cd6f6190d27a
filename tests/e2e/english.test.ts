import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTypeId } from '../../contract/devices';
import { DESKTOP, XHR, account, chooseOption, csrfToken, findDevice, getJson, launchBrowser, logIn, openSession, screenshot, setUserLanguage, type Session } from './browser';
import { APP_ROUTES, concretePath, routeValues, settleRoute, trackRequests, visitRoute } from './route-visits';

/*
 * After the user picks English in /user/options, every route of the route table reads
 * in English. The data stays as it is (addresses, names, seeded comments are Russian): a Cyrillic
 * word on the page counts as data when the server's answers carry it, so what is left is the app's
 * own text (headings, labels, buttons, column headers, aria-labels, placeholders, titles). Dates,
 * numbers and the date pickers follow the language too.
 */

const CYRILLIC_WORD = /[А-Яа-яЁё]+/g;
/** The serial number of a draft saved while the user still reads Russian. */
const DRAFT_SERIAL = `EN-${Date.now().toString(36).toUpperCase()}`;
/** A language is offered under its own name: the language choice in /user/options says «Русский» in any language. */
const ENDONYMS = new Set(['русский']);

let browser: Browser;
let session: Session;
let page: Page;
/** Every Cyrillic word the server's answers carried (the data), lower-cased; gathered once the user speaks English. */
const dataWords = new Set<string>(ENDONYMS);
let collecting = false;

function collectWords(value: unknown, key = '', depth = 0): void {
  // The server's own message in an answer is not data: it must be in the user's language too. A message
  // recorded inside the rows (what the audit trail kept of a refusal) is data, as said at the time.
  if (key === 'message' && depth === 1) return;
  if (typeof value === 'string') for (const word of value.match(CYRILLIC_WORD) ?? []) dataWords.add(word.toLowerCase());
  else if (Array.isArray(value)) value.forEach((item) => collectWords(item, '', depth + 1));
  else if (value && typeof value === 'object') for (const [name, item] of Object.entries(value)) collectWords(item, name, depth + 1);
}

/** The page's text and the text only assistive technology and hovers show, word by word. */
async function shownText(): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title, document.body.innerText];
    for (const element of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], [alt], [aria-roledescription]'))) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'aria-roledescription']) texts.push(element.getAttribute(name) ?? '');
    }
    for (const option of Array.from(document.querySelectorAll('option'))) texts.push(option.text);
    return texts;
  });
}

async function russianLeftovers(): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await shownText()) {
    for (const line of text.split('\n')) {
      const words = line.match(CYRILLIC_WORD) ?? [];
      if (words.some((word) => !dataWords.has(word.toLowerCase()))) found.add(line.trim().slice(0, 120));
    }
  }
  return [...found];
}

beforeAll(async () => {
  browser = await launchBrowser();
  session = await openSession(browser, DESKTOP);
  page = session.page;
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!collecting || !url.pathname.startsWith('/front/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
    response.json().then(
      (body: unknown) => collectWords(body),
      () => undefined,
    );
  });
  await logIn(page, account('admin'));
  // A draft saved in Russian: its title is made when shown, so the English list must not keep the Russian one.
  await page.goto('/devices/serial-number-wizard');
  await page.getByLabel('Серийный номер').fill(DRAFT_SERIAL);
  await page.goto('/outbox?tab=drafts');
  await page.getByText(`Устройство по серийному номеру ${DRAFT_SERIAL}`).first().waitFor();
});

afterAll(async () => {
  // Other files log in as the admin and expect Russian.
  if (page) await setUserLanguage(page, 'ru').catch(() => undefined);
  await session?.context.close();
  await browser?.close();
});

describe('the app in English', () => {
  it('switches to English in /user/options', async () => {
    await page.goto('/user/options');
    await page.getByRole('heading', { name: 'Настройки пользователя' }).waitFor();
    await chooseOption(page, 'Язык', /^(en|english)$/i);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('heading', { name: 'User settings' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // The confirmation is worded in the language «Save» was pressed in (use-user-options-form.ts): let it go first.
    const saved = page.getByText('Настройки сохранены', { exact: true });
    await saved.waitFor();
    await saved.waitFor({ state: 'detached' });
    // From here on the server answers in English: what Russian it still sends is data.
    collecting = true;
  });

  it(`shows no Russian but the data on any of the ${APP_ROUTES.length} routes`, { timeout: 180_000 }, async () => {
    const inFlight = trackRequests(page);
    const values = await routeValues(page);
    const leftovers: string[] = [];
    for (const route of APP_ROUTES) {
      const url = concretePath(route, values);
      await visitRoute(page, url, inFlight);
      // Answers read after the quiet spell are in; the words of any still parsing land by the next route.
      let found = await russianLeftovers();
      // On a loaded machine a catalog's chunk may still be evaluating once the network is quiet: a leftover must last to count.
      if (found.length > 0) {
        await page.waitForTimeout(1_500);
        found = await russianLeftovers();
      }
      for (const line of found) leftovers.push(`${url}: ${line}`);
    }
    expect(leftovers).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });

  it('names a draft saved in Russian in English', async () => {
    await page.goto('/outbox?tab=drafts');
    await page.getByText(`Device by serial number ${DRAFT_SERIAL}`).first().waitFor();
    expect(await page.getByText('Устройство по серийному номеру', { exact: false }).count()).toBe(0);
  });

  it('words a management company’s upload failure in English, from the code next to the server’s Russian reason', { timeout: 120_000 }, async () => {
    // Its own failing upload: a disabled device of its own in a house of a company, uploaded to alone
    // (the simulator never reaches a disabled device), so no other file's uploads matter.
    const mac = `02:E7:${Array.from({ length: 4 }, () => Math.floor(Math.random() * 256).toString(16).padStart(2, '0')).join(':')}`.toUpperCase();
    const send = async (method: string, path: string, data: object) => {
      const response = await page.request.fetch(path, { method, data, headers: { ...XHR, 'X-CSRF-Token': await csrfToken(page) } });
      return { status: response.status(), body: (await response.json()) as { result?: boolean; message?: string } };
    };
    type CompanyDevices = { data: { houses: { uid: string }[] }[] };
    const companies = (await getJson<{ data: { id: number; active?: boolean }[] }>(page, '/front/management-company')).data.filter((company) => company.active !== false);
    let target: { companyId: number; houseUid: string } | undefined;
    for (const company of companies) {
      const house = (await getJson<CompanyDevices>(page, `/front/management-company/${company.id}/devices`)).data.flatMap((device) => device.houses)[0];
      if (house) {
        target = { companyId: company.id, houseUid: house.uid };
        break;
      }
    }
    if (!target) throw new Error('no active management company with a house');
    const { companyId, houseUid } = target;
    const created = await send('POST', '/front/device-list/create-device', { mac, type: deviceTypeId('ISCOM_X1'), houses: [houseUid] });
    expect(created.status, created.body.message).toBe(200);
    // Disabling asks the device first: the simulator may refuse now and then, so it is asked again.
    await expect.poll(async () => (await send('PUT', `/front/devices/${encodeURIComponent(mac)}/status`, { status: 2 })).status, { timeout: 20_000 }).toBe(200);
    // The company's own upload may be running (a periodic one): the upload to this device waits for it.
    await expect.poll(async () => (await send('POST', '/front/management-company/upload-one', { id: companyId, mac })).status, { timeout: 60_000, interval: 1_000 }).toBe(200);
    type Failure = { mac: string; reason: string; reasonCode?: string };
    const failureOf = async () =>
      (await getJson<{ data: { failures: Failure[] } | null }>(page, `/front/management-company/${companyId}/upload`)).data?.failures.find((each) => each.mac === mac) ?? null;
    await expect.poll(failureOf, { timeout: 30_000 }).not.toBeNull();
    const failure = await failureOf();
    expect(failure).toMatchObject({ reasonCode: 'device.unreachable', reason: expect.stringMatching(/[А-Яа-яЁё]/) });
    await page.goto(`/mc/${companyId}/update`);
    const row = page.getByRole('table', { name: 'Failed devices' }).getByRole('row').filter({ hasText: mac });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('The device does not answer');
    expect(await row.textContent()).not.toMatch(/[А-Яа-яЁё]/);
  });

  it('writes dates, numbers and the date picker in English', async () => {
    const inFlight = trackRequests(page);
    await page.goto('/devices/history');
    await settleRoute(page, inFlight);
    const from = page.getByRole('group', { name: 'From' }).or(page.getByLabel('From', { exact: true })).first();
    await from.click();
    // The woken picker shows the English day-first pattern (date-fns en-GB) in its empty sections.
    // (Its sections sit between invisible bidi isolates, U+2066–2069.)
    await expect.poll(() => page.locator('main').evaluate((main) => (main.textContent ?? '').replace(/[\u2066-\u2069]/g, ''))).toMatch(/DD\/MM\/YYYY/);
    await page.getByRole('button', { name: /^Choose date/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const month = new Date().toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await dialog.getByText(month, { exact: true }).waitFor();
    await screenshot(page, 'english-date-picker');
    await page.keyboard.press('Escape');
    // The field's empty sections read as the English pattern.
    expect(await page.locator('main').innerText()).not.toMatch(/ДД|ММ|ГГГГ/);
  });

  it('writes numbers with a decimal point and English units', async () => {
    const inFlight = trackRequests(page);
    const mac =
      (await findDevice(page, async ({ MAC }) => {
        const response = await page.request.get(`/front/devices/${encodeURIComponent(MAC)}/power?range=7d`, { headers: XHR });
        return response.ok() && ((await response.json()) as { readingCount: number }).readingCount > 0 ? MAC : undefined;
      })) ?? '';
    expect(mac).not.toBe('');
    await page.goto(`/devices/${encodeURIComponent(mac)}/power?range=7d`);
    await settleRoute(page, inFlight);
    await page.getByText(/^Normal \d+\.\d\d–\d+\.\d\d V$/).waitFor();
    await page.getByRole('button', { name: '7 days' }).waitFor();
  });
});
