import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, XHR, account, csrfToken, getJson, launchBrowser, logIn, openSession, screenshot, waitForControl, type Session } from './browser';

/*
 * Reading key cards with the phone, and keys added with no signal, in Chromium against
 * the real server. Web NFC is stubbed: window.NDEFReader is a class whose scan() waits for the test
 * to "hold a card" (window.__nfcTap(serial)), which dispatches a `reading` event with that
 * serialNumber, as Chrome on Android does. The operator reads a card into a device's key form, saves
 * it, then goes offline, reads another, queues it, sees it pending, comes back online and finds it
 * on the device once.
 */

/** The small seed's ISCOM_X1 of the operator's buyer (server/seed/access-data.ts). */
const SEED_MAC = 'E4:5A:D4:00:00:06';
const CREATE_KEY = `/front/device-keys/${encodeURIComponent(SEED_MAC)}/create-key`;

let browser: Browser;
let session: Session;
let page: Page;
/** Every create-key request that left the browser. */
const createKeyRequests: string[] = [];
/** Every keys/create request (the flat card's) that left the browser. */
const flatKeyRequests: string[] = [];

declare global {
  interface Window {
    __nfcTap?: (serial: string) => boolean;
  }
}

/** A stand-in for Chrome's NDEFReader (what Web NFC gives a page on Android). */
function stubWebNfc(): void {
  const scanning = new Set<EventTarget>();
  class NDEFReader extends EventTarget {
    scan(options?: { signal?: AbortSignal }): Promise<void> {
      scanning.add(this);
      options?.signal?.addEventListener('abort', () => scanning.delete(this));
      return Promise.resolve();
    }
  }
  Object.defineProperty(window, 'NDEFReader', { value: NDEFReader, configurable: true });
  window.__nfcTap = (serialNumber: string) => {
    const readers = [...scanning];
    for (const reader of readers) reader.dispatchEvent(Object.assign(new Event('reading'), { serialNumber, message: { records: [] } }));
    return readers.length > 0;
  };
  // Chrome on Android answers the NFC permission query; desktop Chromium would say 'denied'.
  const query = navigator.permissions.query.bind(navigator.permissions);
  navigator.permissions.query = (descriptor: PermissionDescriptor) =>
    descriptor.name === ('nfc' as PermissionName) ? Promise.resolve({ state: 'prompt' } as PermissionStatus) : query(descriptor);
}

/** A fresh 4-byte UID as Web NFC writes it, and its bytes as hex. */
function freshUid(): { serial: string; hex: string } {
  const bytes = randomBytes(4);
  bytes[0] = 0x04;
  return { serial: [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join(':'), hex: bytes.toString('hex').toUpperCase() };
}

/** The keys of the device with this value, as the server has them. */
async function serverKeys(value: string): Promise<{ VALUE: string }[]> {
  const response = await page.request.post('/front/device-keys', {
    headers: { ...XHR, 'X-CSRF-Token': await csrfToken(page) },
    data: { mac: SEED_MAC, key: value },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { VALUE: string }[] }).data.filter((row) => row.VALUE === value);
}

/** Holds a card to the phone once the form is scanning. */
async function tap(serial: string): Promise<void> {
  await expect.poll(() => page.evaluate((text) => window.__nfcTap?.(text) ?? false, serial)).toBe(true);
}

/** Both widths of what is on screen now. */
async function shots(name: string): Promise<void> {
  await screenshot(page, name);
  await page.setViewportSize(MOBILE);
  await screenshot(page, name);
  await page.setViewportSize(DESKTOP);
}

/** The device's keys have come (the key types the form offers come with them), not only the loader gone: it may not be up yet. */
async function keysLoaded(): Promise<void> {
  await page.getByRole('table', { name: 'Ключи' }).locator('tbody tr').first().waitFor();
  await page.getByRole('progressbar', { name: 'Загрузка ключей' }).waitFor({ state: 'detached' });
}

function keyDialog(): Locator {
  return page.getByRole('dialog', { name: 'Новый ключ' });
}

/** Picks the card type the device takes (MIFARE, else RFID): a 4-byte UID is its value, or that padded. */
async function openFormFor(kind: 'MIFARE' | 'RFID'): Promise<Locator> {
  await page.getByRole('button', { name: 'Добавить ключ' }).click();
  const form = keyDialog();
  await form.getByRole('combobox', { name: 'Тип ключа' }).selectOption(kind);
  return form;
}

interface StoredJob {
  kind: string;
  status: string;
  body: { VALUE?: string; value?: string; mac?: string };
}

/** The outbox as the app stored it in IndexedDB. */
function storedJobs(): Promise<StoredJob[]> {
  return page.evaluate(
    () =>
      new Promise<StoredJob[]>((resolve, reject) => {
        const open = indexedDB.open('intercom-back-office');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('outbox', 'readonly').objectStore('outbox').getAll();
          request.onsuccess = () => {
            resolve(request.result as StoredJob[]);
            open.result.close();
          };
        };
      }),
  );
}

let kind: 'MIFARE' | 'RFID' = 'MIFARE';
const valueOf = (hex: string) => (kind === 'MIFARE' ? hex : `00${hex}`);

beforeAll(async () => {
  browser = await launchBrowser();
  session = await openSession(browser, DESKTOP);
  page = session.page;
  await session.context.addInitScript(stubWebNfc);
  page.on('request', (request) => {
    const path = decodeURIComponent(new URL(request.url()).pathname);
    if (request.method() === 'POST' && path === decodeURIComponent(CREATE_KEY)) createKeyRequests.push(request.postData() ?? '');
    if (request.method() === 'POST' && path === '/front/keys/create') flatKeyRequests.push(request.postData() ?? '');
  });
  await logIn(page, account('operator'));
  // The offline tests open dialogs whose code only the worker's precache has once the signal is gone.
  await waitForControl(page);
  const response = await page.request.post('/front/device-keys', { headers: { ...XHR, 'X-CSRF-Token': await csrfToken(page) }, data: { mac: SEED_MAC } });
  const types = ((await response.json()) as { keyTypes: string[] | null }).keyTypes ?? [];
  if (!types.includes('MIFARE') && !types.includes('RFID')) throw new Error(`${SEED_MAC} takes no cards: ${types.join(', ')}`);
  kind = types.includes('MIFARE') ? 'MIFARE' : 'RFID';
}, 60_000);

afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

describe('reading a key card with the phone', () => {
  it('reads a card into the value field, converted for the type, and saves it', async () => {
    const card = freshUid();
    await page.goto(`/devices/${SEED_MAC}/keys`);
    await keysLoaded();
    const form = await openFormFor(kind);
    await form.getByRole('button', { name: 'Считать карту' }).click();
    await form.getByText('Поднесите карту к задней стороне телефона…').waitFor();
    await form.getByRole('button', { name: 'Остановить чтение' }).waitFor();
    await tap(card.serial);
    const value = form.getByRole('textbox', { name: 'Значение ключа' });
    await expect.poll(() => value.inputValue()).toBe(valueOf(card.hex));
    await form.getByText(new RegExp(`^Считана карта ${card.serial.toUpperCase()} \\(UID из 4 байт\\)`)).waitFor();
    await shots('nfc-keys-read');

    // The reversed byte order some panels use: the same card, its bytes last first.
    const reversed = card.hex.match(/../g)!.reverse().join('');
    await form.getByRole('checkbox', { name: 'Обратный порядок байтов' }).check();
    await expect.poll(() => value.inputValue()).toBe(valueOf(reversed));
    await form.getByRole('checkbox', { name: 'Обратный порядок байтов' }).uncheck();
    await expect.poll(() => value.inputValue()).toBe(valueOf(card.hex));

    await form.getByRole('button', { name: 'Добавить' }).click();
    await form.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await serverKeys(valueOf(card.hex))).toHaveLength(1);
  });

  it('with no Web NFC the button is disabled and says why; the field stays typed', async () => {
    const plain = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: MOBILE, locale: 'ru-RU', storageState: await session.context.storageState() });
    try {
      const other = await plain.newPage();
      await other.goto(`/devices/${SEED_MAC}/keys`);
      await other.getByRole('button', { name: 'Добавить ключ' }).click();
      const form = other.getByRole('dialog', { name: 'Новый ключ' });
      const button = form.getByRole('button', { name: 'Считать карту' });
      await button.waitFor();
      expect(await button.isDisabled()).toBe(true);
      await form.getByText('Этот браузер не читает карты по NFC (нужен Chrome на Android с NFC). Введите номер вручную.').waitFor();
      await form.getByRole('textbox', { name: 'Значение ключа' }).fill('04A21B3C');
      expect(await form.getByRole('textbox', { name: 'Значение ключа' }).isEditable()).toBe(true);
      await screenshot(other, 'nfc-keys-unsupported');
    } finally {
      await plain.close();
    }
  });

  it('offline: a key read from a card is queued, shown pending, and replayed once when the signal is back', async () => {
    const card = freshUid();
    const value = valueOf(card.hex);
    await page.goto(`/devices/${SEED_MAC}/keys`);
    await keysLoaded();
    const before = createKeyRequests.length;
    await session.context.setOffline(true);
    try {
      await page.getByText(/^Нет связи с сервером: новый ключ встанет в очередь отправки/).waitFor({ timeout: 30_000 });
      const form = await openFormFor(kind);
      await form.getByRole('button', { name: 'Считать карту' }).click();
      await tap(card.serial);
      await expect.poll(() => form.getByRole('textbox', { name: 'Значение ключа' }).inputValue()).toBe(value);
      await form.getByRole('button', { name: 'В очередь' }).click();
      await form.waitFor({ state: 'detached' });
      const pending = page.getByRole('region', { name: 'Ключи в очереди отправки' });
      await pending.getByText(value).waitFor();
      await pending.getByText('В очереди').waitFor();
      await shots('nfc-keys-queued');
      expect(createKeyRequests.length).toBe(before);
    } finally {
      await session.context.setOffline(false);
    }
    // Back online: the replay sends it, the pending list lets it go and the list shows the key.
    await page.getByRole('region', { name: 'Ключи в очереди отправки' }).waitFor({ state: 'detached', timeout: 45_000 });
    expect(await serverKeys(value)).toHaveLength(1);
    expect(createKeyRequests.slice(before).filter((body) => body.includes(value))).toHaveLength(1);
    const jobs = await storedJobs();
    expect(jobs.filter((job) => job.body.VALUE === value).map((job) => [job.kind, job.status])).toEqual([['device-key', 'sent']]);
    await page.getByRole('searchbox', { name: 'Значение ключа' }).fill(value);
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.getByRole('table', { name: 'Ключи' }).getByText(value).waitFor();
    expect(session.pageErrors).toEqual([]);
  });

  it('offline on the flat card: a card read as Metakom is queued for every device of the flat and written once each', async () => {
    const flat = await flatWithDevices();
    const devices = (await flatCard(flat)).deviceData.length;
    const card = freshUid();
    // Metakom takes 6 bytes: the 4-byte UID padded with two zero bytes in front.
    const value = `0000${card.hex}`;
    await page.setViewportSize(MOBILE);
    try {
      await page.goto(`/houses/${encodeURIComponent(flat.houseUid)}/flats/${flat.flatNum}/update`);
      const keys = page.getByRole('region', { name: /^Ключи/ });
      await keys.getByRole('button', { name: 'Добавить ключ' }).waitFor();
      const before = flatKeyRequests.length;
      await session.context.setOffline(true);
      try {
        // The card's own banner: the app itself has seen the signal go (not only the browser).
        await page.getByText(/^Нет связи с сервером: новый ключ встанет в очередь отправки/).waitFor({ timeout: 30_000 });
        await keys.getByRole('button', { name: 'Добавить ключ' }).click();
        const dialog = page.getByRole('dialog', { name: /^Новый ключ квартиры/ });
        await dialog.getByText(/^Нет связи с сервером: ключ встанет в очередь отправки/).waitFor({ timeout: 30_000 });
        await dialog.getByRole('button', { name: 'Считать карту' }).click();
        await tap(card.serial);
        await expect.poll(() => dialog.getByRole('textbox', { name: /Номер ключа/ }).inputValue()).toBe(value);
        await dialog.getByText(/дополнена нулями для Metakom/).waitFor();
        await shots('nfc-keys-flat-dialog-offline');
        await dialog.getByRole('button', { name: 'В очередь' }).click();
        await dialog.waitFor({ state: 'detached' });
        const pending = keys.getByRole('region', { name: 'Ключи в очереди отправки' });
        await expect.poll(() => pending.getByText(value, { exact: true }).count()).toBe(devices);
        await pending.scrollIntoViewIfNeeded();
        await shots('nfc-keys-flat-queued');
        expect(flatKeyRequests.length).toBe(before);
      } finally {
        await session.context.setOffline(false);
      }
      await keys.getByRole('region', { name: 'Ключи в очереди отправки' }).waitFor({ state: 'detached', timeout: 45_000 });
      await keys.getByText(value, { exact: true }).waitFor();
      // Once per device: one request each, one key each on the server.
      expect((await flatCard(flat)).keys.filter((key) => key.VALUE === value)).toHaveLength(devices);
      expect(flatKeyRequests.slice(before).filter((body) => body.includes(value))).toHaveLength(devices);
      expect((await storedJobs()).filter((job) => job.body.value === value).map((job) => [job.kind, job.status])).toEqual(Array.from({ length: devices }, () => ['flat-key', 'sent']));
      expect(session.pageErrors).toEqual([]);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
});

interface FlatTarget {
  houseUid: string;
  flatNum: number;
}

function flatCard(flat: FlatTarget): Promise<{ deviceData: { mac: string }[]; keys: { VALUE: string | null }[] }> {
  return getJson(page, `/front/flats/${encodeURIComponent(flat.houseUid)}:${flat.flatNum}`);
}

/**
 * A seeded flat of the operator's with the fewest devices (at least one) to write keys to. Other files
 * on this worker's server add houses and bind devices, so every page is walked and no count is assumed.
 */
async function flatWithDevices(): Promise<FlatTarget> {
  let best: { target: FlatTarget; devices: number } | undefined;
  for (let listPage = 1; ; listPage += 1) {
    const houses = await getJson<{ data: { id: string }[] }>(page, `/front/house-list?page=${listPage}`);
    if (houses.data.length === 0) break;
    for (const house of houses.data) {
      const response = await page.request.get(`/front/houses/${encodeURIComponent(house.id)}/flats?page=1`, { headers: XHR });
      if (response.status() !== 200) continue;
      const flats = (await response.json()) as { data: { flatNum: number }[] };
      for (const row of flats.data.slice(0, 5)) {
        const target = { houseUid: house.id, flatNum: row.flatNum };
        const devices = (await flatCard(target)).deviceData.length;
        if (devices > 0 && (!best || devices < best.devices)) best = { target, devices };
      }
    }
  }
  if (!best) throw new Error('no seeded flat with a device');
  return best.target;
}
