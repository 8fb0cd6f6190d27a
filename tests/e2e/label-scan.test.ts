import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { encode } from 'uqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, SCREENS_DIR, account, baseUrl, getJson, logIn, launchBrowser, type Viewport } from './browser';

/*
 * Label scanning through Chromium's fake camera: the camera "films" a QR label made
 * here, and the scanner (the ZXing ponyfill: Chromium on Linux has no BarcodeDetector) fills the
 * serial number and the MAC of the serial-number and replace wizards. The wasm must come from our
 * own server, never a CDN.
 */

const WIDTH = 640;
const HEIGHT = 480;

/** A Y4M clip (YUV 4:2:0) of a black-on-white QR code of `text`, which Chromium loops as the camera. */
async function writeQrClip(path: string, text: string): Promise<void> {
  const qr = encode(text, { ecc: 'M', border: 0 });
  const scale = Math.floor((Math.min(WIDTH, HEIGHT) * 0.7) / qr.size);
  const left = Math.floor((WIDTH - qr.size * scale) / 2);
  const top = Math.floor((HEIGHT - qr.size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < qr.size * scale; y++) {
    for (let x = 0; x < qr.size * scale; x++) {
      if (qr.data[Math.floor(y / scale)][Math.floor(x / scale)]) luma[(top + y) * WIDTH + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  await writeFile(path, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}

/** A browser whose camera shows the QR code of `text`. */
async function cameraBrowser(dir: string, name: string, text: string): Promise<Browser> {
  const clip = join(dir, `${name}.y4m`);
  await writeQrClip(clip, text);
  return launchBrowser({
    extraArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${clip}`],
  });
}

interface Tab {
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
  /** Every .wasm URL the page asked for. */
  wasm: string[];
}

async function openTab(browser: Browser, viewport: Viewport): Promise<Tab> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale: 'ru-RU', timezoneId: 'UTC', permissions: ['camera'] });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  const wasm: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => {
    if (request.url().includes('.wasm')) wasm.push(request.url());
  });
  await logIn(page, account('installer'));
  return { context, page, pageErrors, wasm };
}

const scanDialog = (page: Page) => page.getByRole('dialog', { name: 'Сканирование этикетки' });

let dir: string;
let fullLabel: Browser;
let serialOnly: Browser;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'label-scan-'));
  await mkdir(SCREENS_DIR, { recursive: true });
  // Our label format, with the MAC as a label may print it: lower case, dashes.
  fullLabel = await cameraBrowser(dir, 'full', 'SN:SN-LBL-1234;MAC:02-ab-cd-ef-01-23');
  serialOnly = await cameraBrowser(dir, 'serial', 'SN-ONLY-5678');
});

afterAll(async () => {
  await fullLabel?.close();
  await serialOnly?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('label scanning', () => {
  it('fills the serial number and the normalised MAC in the serial-number wizard, with the wasm from our own server', async () => {
    const { context, page, pageErrors, wasm } = await openTab(fullLabel, MOBILE);
    try {
      await page.goto('/devices/serial-number-wizard');
      await page.getByLabel('Серийный номер').waitFor();
      await page.getByRole('button', { name: 'Сканировать этикетку' }).click();
      await expect.poll(() => page.getByLabel('MAC-адрес').inputValue(), { timeout: 20_000 }).toBe('02:AB:CD:EF:01:23');
      expect(await page.getByLabel('Серийный номер').inputValue()).toBe('SN-LBL-1234');
      await scanDialog(page).waitFor({ state: 'hidden' });
      expect(wasm.length).toBeGreaterThan(0);
      for (const url of wasm) expect(url.startsWith(`${baseUrl()}/`)).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fills the old and the new device of the replace wizard from their labels', async () => {
    const { context, page, pageErrors } = await openTab(fullLabel, DESKTOP);
    try {
      await page.goto('/devices/replace-wizard');
      await page.getByRole('heading', { name: 'Заменяемое устройство', level: 2 }).waitFor();
      await page.getByRole('button', { name: 'Сканировать этикетку' }).click();
      await expect.poll(() => page.getByLabel('MAC-адрес старого устройства').inputValue(), { timeout: 20_000 }).toBe('02:AB:CD:EF:01:23');
      expect(await page.getByLabel('Серийный номер старого устройства').inputValue()).toBe('SN-LBL-1234');
      // The label's device is not registered, and the wizard goes on only with one that is: one of the installer's.
      const [registered] = (await getJson<{ data: { MAC: string }[] }>(page, '/front/device-list/get-list?page=1')).data;
      await page.getByLabel('MAC-адрес старого устройства').fill(registered.MAC);

      await page.getByRole('button', { name: 'Далее' }).click();
      await page.getByRole('heading', { name: 'Новое устройство', level: 2 }).waitFor();
      await page.getByRole('button', { name: 'Сканировать этикетку' }).click();
      await expect.poll(() => page.getByLabel('MAC-адрес нового устройства').inputValue(), { timeout: 20_000 }).toBe('02:AB:CD:EF:01:23');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ] as const)('(%s) shows what was read so far and lets a partial read be used', async (_name, viewport) => {
    const { context, page, pageErrors } = await openTab(serialOnly, viewport);
    try {
      await page.goto('/devices/replace-wizard');
      await page.getByRole('heading', { name: 'Заменяемое устройство', level: 2 }).waitFor();
      await page.getByRole('button', { name: 'Сканировать этикетку' }).click();
      const dialog = scanDialog(page);
      await dialog.getByText('Серийный номер: SN-ONLY-5678').waitFor({ timeout: 20_000 });
      await dialog.getByText('MAC-адрес ещё не найден').waitFor();
      await page.screenshot({ path: join(SCREENS_DIR, `label-scanner-${viewport.width}x${viewport.height}.png`) });
      await dialog.getByRole('button', { name: 'Подставить' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.getByLabel('Серийный номер старого устройства').inputValue()).toBe('SN-ONLY-5678');
      expect(await page.getByLabel('MAC-адрес старого устройства').inputValue()).toBe('');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
