import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startIsSokolEmulator, type IsSokolEmulator } from '../../server/gateways/device/panels/iscom/emulator';
import { DESKTOP, MOBILE, account, getJson, launchBrowser, logIn, openSession, screenshot } from './browser';
import { copySeededDataDir, freePort, repoRoot, startServer, type ServerProcess } from './server-process';

/*
 * DEVICE_GATEWAY=drivers as a person tries it (docs/operations.md "Real panels"): an IS Sokol rev.2
 * emulator on loopback, a server of its own with DEVICE_NETWORKS=127.0.0.1/32 and a syslog port.
 * The installer sets the panel up in the wizard; its entrance's flats and its SIP account reach the
 * emulator; the operator sees the panel's firmware on the card, adds a key and fills a matrix, which
 * reach it too; a door-open line the panel logs appears in the device's history. Nothing leaves
 * 127.0.0.0/8: the seed's own devices are 10.x and are refused before any connection.
 */

const LOG_FILE = join(repoRoot, 'test-results', 'e2e-real-panels-server.log');
const SENT = 'Устройство сохранено на сервере';

let browser: Browser;
let server: ServerProcess;
let panel: IsSokolEmulator;
let dataDir: string;
let syslogPort: number;

beforeAll(async () => {
  dataDir = await copySeededDataDir(inject('seededDataDir'), 'intercom-e2e-panels-');
  syslogPort = await freePort();
  const env = {
    DATA_DIR: dataDir,
    SEED: 'small',
    STATIC_DIR: process.env.E2E_DIST ? resolve(repoRoot, process.env.E2E_DIST) : join(repoRoot, 'dist'),
    DEVICE_GATEWAY: 'drivers',
    DEVICE_NETWORKS: '127.0.0.1/32',
    SYSLOG_PORT: String(syslogPort),
    SYSLOG_HOST: '127.0.0.1',
    DEVICE_SYNC_POLL_MS: '500',
    MC_SCHEDULE_MS: '0',
  };
  [browser, server, panel] = await Promise.all([launchBrowser(), startServer({ env, logFile: LOG_FILE }), startIsSokolEmulator({ revision: 2 })]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await panel?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** One datagram as the panel's syslog sends it, from 127.0.0.1 (the host of the device's URL). */
async function panelLogs(line: string): Promise<void> {
  const socket = createSocket('udp4');
  try {
    await new Promise<void>((resolveBind) => socket.bind(0, '127.0.0.1', resolveBind));
    await new Promise<void>((resolveSend, reject) => socket.send(`<134>Dec  2 12:00:00 sokol ${line}`, syslogPort, '127.0.0.1', (error) => (error ? reject(error) : resolveSend())));
  } finally {
    socket.close();
  }
}

const mac = [0x02, ...randomBytes(5)].map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(':');
const keyValue = `5E${randomBytes(5).toString('hex').toUpperCase()}`;

describe('a real panel (the IS Sokol emulator) driven through the app', () => {
  it('is set up in the wizard on a phone, and its entrance’s flats and SIP account reach it', async () => {
    const { context, page, pageErrors } = await openSession(browser, MOBILE, server.url);
    try {
      await logIn(page, account('installer'));
      const houses = await getJson<{ data: { id: string; address: string }[] }>(page, '/front/house-list?page=1');
      const house = houses.data[0];
      await page.goto(`/devices/${mac.replaceAll(':', '-')}/wizard`);
      await page.getByRole('heading', { name: 'Устройство', level: 2 }).waitFor();
      await page.getByRole('combobox', { name: 'Тип устройства' }).selectOption('6');
      await page.getByLabel('Логин устройства').fill('root');
      await page.getByLabel('Адрес устройства (URL)').fill(panel.url);
      await page.getByRole('button', { name: 'Далее' }).click();
      await page.getByRole('heading', { name: 'Дома', level: 2 }).waitFor();
      await page.getByLabel('Найти дом').fill(house.address.slice(0, 14));
      await page.getByRole('button', { name: `Добавить дом ${house.address}` }).click();
      await page.getByRole('button', { name: 'Далее' }).click();
      await page.getByRole('heading', { name: 'Реле и подъезды', level: 2 }).waitFor();
      const entrance = page.getByRole('combobox', { name: 'Подъезд' }).first();
      await expect.poll(() => entrance.locator('option').count()).toBeGreaterThan(1);
      await entrance.selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Далее' }).click();
      await page.getByRole('heading', { name: 'SIP', level: 2 }).waitFor();
      await page.getByRole('button', { name: 'Далее' }).click();
      await page.getByRole('heading', { name: 'Биллинг', level: 2 }).waitFor();
      await page.getByRole('button', { name: 'Далее' }).click();
      await page.getByRole('heading', { name: 'Сохранение', level: 2 }).waitFor();
      await page.getByRole('button', { name: 'Сохранить устройство' }).click();
      await page.getByRole('status', { name: 'Состояние отправки' }).getByText(SENT).waitFor({ timeout: 30_000 });

      // The panel was factory-fresh: the set-up owes it whole, and the sync sends it within a poll or two.
      await expect.poll(() => panel.state.flats.length, { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => panel.state.sip.remote.domain, { timeout: 30_000 }).toBe('sip.intercom.local');
      await screenshot(page, 'real-panel-wizard-sent');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('shows the operator the panel’s firmware and sync state, and sends a key and a matrix to it', async () => {
    const { context, page, pageErrors } = await openSession(browser, DESKTOP, server.url);
    try {
      await logIn(page, account('operator'));
      await page.goto(`/devices/${mac}/update`);
      await page.getByText('Синхронизировано').first().waitFor({ timeout: 30_000 });
      // The door and a restart go to the panel at once, from the card's first tab.
      const control = page.getByRole('region', { name: 'Управление панелью' });
      await control.getByRole('button', { name: /^Открыть дверь/ }).first().click();
      await page.getByText(/^Дверь реле 1 открыта$/).waitFor({ timeout: 20_000 });
      expect(panel.state.doorOpens).toContain(1);
      await control.getByRole('button', { name: 'Перезагрузить' }).click();
      await page.getByRole('dialog', { name: 'Перезагрузить устройство?' }).getByRole('button', { name: 'Перезагрузить' }).click();
      await page.getByText(/перезагружается$/).waitFor({ timeout: 20_000 });
      expect(panel.state.reboots).toBe(1);
      await screenshot(page, 'real-panel-card-control');
      await page.getByRole('tab', { name: 'Обслуживание' }).click();
      await page.getByText(`Установлена: ${panel.state.firmware}`).waitFor({ timeout: 30_000 });
      await screenshot(page, 'real-panel-card-service');

      await page.goto(`/devices/${mac}/keys`);
      await page.getByRole('button', { name: 'Добавить ключ' }).click();
      const form = page.getByRole('dialog', { name: 'Новый ключ' });
      await form.getByRole('combobox', { name: 'Тип ключа' }).selectOption('Metakom');
      await form.getByRole('textbox', { name: 'Значение ключа' }).fill(keyValue);
      await form.getByRole('button', { name: 'Добавить' }).click();
      await form.waitFor({ state: 'detached', timeout: 20_000 });
      await expect.poll(() => panel.state.keys.map((key) => key.uuid), { timeout: 20_000 }).toContain(keyValue.padStart(14, '0'));

      await page.goto(`/devices/${mac}/commutators`);
      await page.getByLabel('Модель (тип ключа)').selectOption({ label: 'Metakom' });
      await page.getByLabel('Размер коммутатора').selectOption('100');
      await page.getByRole('button', { name: 'Заполнить по порядку' }).click();
      const fill = page.getByRole('dialog', { name: 'Заполнить по порядку' });
      const first = Number(await fill.getByLabel('Первая квартира').inputValue());
      await fill.getByRole('button', { name: 'Заполнить' }).click();
      await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
      await page.getByText('Матрица сохранена').waitFor();
      await expect.poll(() => panel.state.rev2Switch.modelId.toUpperCase(), { timeout: 20_000 }).toBe('METAKOM');
      await expect.poll(() => panel.state.rev2Switch.matrices.flatMap((item) => item.matrix.flat()).includes(first), { timeout: 20_000 }).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('turns the panel’s door-open line into an event of the device’s history', async () => {
    const { context, page, pageErrors } = await openSession(browser, DESKTOP, server.url);
    try {
      await logIn(page, account('operator'));
      const logged = keyValue.padStart(14, '0');
      await panelLogs(`Opening door by RFID ${logged}, apartment 0`);
      await page.goto(`/devices/history?macs=${encodeURIComponent(mac)}`);
      const table = page.getByRole('table', { name: 'История событий' });
      await expect
        .poll(
          async () => {
            await page.reload();
            await table.waitFor();
            return table.getByText(logged).count();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBeGreaterThan(0);
      await screenshot(page, 'real-panel-history');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
