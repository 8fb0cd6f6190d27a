import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, getJson, launchBrowser, screenshot, sessionOf } from './browser';
import { send, sideways } from './housing-helpers';

/*
 * Device sync in Chromium against the real server (SEED=small, the simulator's
 * failure share 0): a key added to a device that does not answer (disabled: the simulator never
 * reaches it) is stored and shows on the device card as owed and refused, with the reason; the
 * device list's «Не синхронизированы» finds the device; once the device answers again «Повторить»
 * sends it and the card says «Синхронизировано», and a read-back finds nothing different. Then a
 * key removed on the device keys screen while the device does not answer: the screen says it is
 * saved and waits for the device (no error), the card lists the removal as owed, «Повторить» clears it.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const ISCOM_X1 = 6;
const hex = (bytes: number) => [...randomBytes(bytes)].map((byte) => byte.toString(16).padStart(2, '0').toUpperCase());
const mac = ['EC', ...hex(5)].join(':');
const keyValue = hex(6).join('');
const removedValue = hex(6).join('');
const batchKey = hex(6).join('');
const cardPath = `/devices/${encodeURIComponent(mac)}/update`;
const syncApi = `/front/devices/${encodeURIComponent(mac)}/sync`;

function syncSection(page: Page) {
  return page.getByRole('region', { name: 'Синхронизация с устройством' });
}

describe('a device’s sync state', () => {
  const operator = sessionOf(() => browser, 'operator', DESKTOP);
  const phone = sessionOf(() => browser, 'operator', MOBILE);

  it('shows a key the device refused as owed on the card, with the reason, and the list filters the device', async () => {
    const { page, pageErrors } = operator();
    await send(page, 'POST', '/front/device-list/create-device', { mac, type: ISCOM_X1 });
    await send(page, 'PUT', `/front/devices/${encodeURIComponent(mac)}/status`, { status: 2 });
    await send(page, 'POST', `/front/device-keys/${encodeURIComponent(mac)}/create-key`, { VALUE: keyValue, FLAT_NUM: null, KEY_TYPE: 'Metakom' });

    await page.goto(cardPath);
    const section = syncSection(page);
    await section.getByText('Устройство не приняло изменения').waitFor();
    await section.getByText(/Последняя попытка .*отключено или сброшено/).waitFor();
    const waiting = section.getByRole('list', { name: 'Ждут отправки' });
    await waiting.getByText(`Ключ ${keyValue}`).waitFor();
    await waiting.getByText(/не принято, попыток: 1/).waitFor();
    await screenshot(page, 'device-sync-failed');

    await page.goto('/devices');
    await page.getByRole('button', { name: 'Не синхронизированы' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('outOfSync')).toBe('1');
    await page.getByText(mac).first().waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('fits a phone: the state, the reason and the buttons without sideways scroll', async () => {
    const { page, pageErrors } = phone();
    await page.goto(cardPath);
    const section = syncSection(page);
    await section.getByText('Устройство не приняло изменения').waitFor();
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('button', { name: 'Повторить' }).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'device-sync-failed');
    expect(pageErrors).toEqual([]);
  });

  it('clears the refused key on «Повторить» once the device answers, and a read-back finds no difference', async () => {
    const { page, pageErrors } = operator();
    await send(page, 'PUT', `/front/devices/${encodeURIComponent(mac)}/status`, { status: 1 });
    await page.goto(cardPath);
    const section = syncSection(page);
    await section.getByRole('button', { name: 'Повторить' }).click();
    await section.getByText('Синхронизировано').waitFor();
    await expect.poll(() => section.getByRole('list', { name: 'Ждут отправки' }).count()).toBe(0);
    expect(await section.getByRole('button', { name: 'Повторить' }).count()).toBe(0);
    await section.getByRole('button', { name: 'Сверить' }).click();
    await section.getByText(/Устройство и база совпадают/).waitFor();
    const state = await getJson<{ data: { state: string; owedCount: number } }>(page, syncApi);
    expect(state.data).toMatchObject({ state: 'in-sync', owedCount: 0 });
    await screenshot(page, 'device-sync-cleared');
    expect(pageErrors).toEqual([]);
  });

  it('queues a full re-sync of the devices selected in the list: each card shows it queued, then in sync, with the refused key sent', async () => {
    const { page, pageErrors } = operator();
    const batch = ['ED', ...hex(4)].join(':');
    const macs = [`${batch}:01`, `${batch}:02`];
    for (const each of macs) await send(page, 'POST', '/front/device-list/create-device', { mac: each, type: ISCOM_X1 });
    // The first device does not answer when its key is added: the key is owed, refused.
    const [first, second] = macs.map((each) => encodeURIComponent(each));
    await send(page, 'PUT', `/front/devices/${first}/status`, { status: 2 });
    await send(page, 'POST', `/front/device-keys/${first}/create-key`, { VALUE: batchKey, FLAT_NUM: null, KEY_TYPE: 'Metakom' });
    await send(page, 'PUT', `/front/devices/${first}/status`, { status: 1 });

    await page.goto(`/devices?mac=${encodeURIComponent(batch)}`);
    await page.getByText(macs[1]!).first().waitFor();
    await page.getByRole('checkbox', { name: /Выбрать все строки/ }).first().check();
    const toolbar = page.getByRole('toolbar', { name: /Выбрано: 2/ });
    await toolbar.getByRole('button', { name: 'Полная синхронизация' }).click();
    const dialog = page.getByRole('dialog', { name: 'Полная синхронизация устройств: 2' });
    await dialog.getByText(/в фоне, по несколько за раз/).waitFor();
    await screenshot(page, 'devices-resync-confirm');
    await dialog.getByRole('button', { name: 'Поставить в очередь' }).click();
    await page.getByText('Полная синхронизация поставлена в очередь: устройств 2').waitFor();
    await expect.poll(() => toolbar.count()).toBe(0);

    // The runner takes the queue within a poll; each card refreshes by itself while its device waits.
    await page.goto(`/devices/${first}/update`);
    const section = syncSection(page);
    await section.getByText('Синхронизировано').waitFor({ timeout: 30_000 });
    await expect.poll(() => section.getByText(/Полная синхронизация в очереди/).count(), { timeout: 30_000 }).toBe(0);
    await screenshot(page, 'devices-resync-card');
    for (const each of [first, second]) {
      const state = await getJson<{ data: { state: string; owedCount: number; resyncQueuedAt: string | null; readBack: { differenceCount: number } | null } }>(page, `/front/devices/${each}/sync`);
      expect(state.data).toMatchObject({ state: 'in-sync', owedCount: 0, resyncQueuedAt: null, readBack: { differenceCount: 0 } });
    }
    expect(pageErrors).toEqual([]);
  });

  it('offers the full re-sync of the selection on a phone too, without sideways scroll', async () => {
    const { page, pageErrors } = phone();
    await page.goto(`/devices?mac=${encodeURIComponent(mac)}`);
    await page.getByRole('checkbox', { name: `Выбрать устройство ${mac}` }).check();
    await page.getByRole('toolbar', { name: /Выбрано: 1/ }).getByRole('button', { name: 'Полная синхронизация' }).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'devices-resync-selection');
    expect(pageErrors).toEqual([]);
  });

  it('removes a key on the device keys screen while the device does not answer: saved and owed, shown on the card, cleared by «Повторить»', async () => {
    const { page, pageErrors } = operator();
    const path = encodeURIComponent(mac);
    await send(page, 'POST', `/front/device-keys/${path}/create-key`, { VALUE: removedValue, FLAT_NUM: null, KEY_TYPE: 'Metakom' });
    await send(page, 'PUT', `/front/devices/${path}/status`, { status: 2 });
    await page.goto(`/devices/${path}/keys`);
    await page.getByRole('button', { name: `Удалить ключ ${removedValue}` }).click();
    await page.getByRole('dialog', { name: 'Удалить ключ?' }).getByRole('button', { name: 'Удалить' }).click();
    // Not an error: the key is gone from the database and its removal waits for the device.
    await page.getByText(new RegExp(`Ключ ${removedValue} удалён: сохранено, ждёт отправки на устройство \\(.*отключено или сброшено`)).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByRole('button', { name: `Удалить ключ ${removedValue}` }).count()).toBe(0);
    await screenshot(page, 'device-sync-removal-notice');

    await page.goto(cardPath);
    const section = syncSection(page);
    await section.getByText('Устройство не приняло изменения').waitFor();
    const waiting = section.getByRole('list', { name: 'Ждут отправки' });
    await waiting.getByText(`Ключ ${removedValue}`).waitFor();
    await waiting.getByText(/удалить, без квартиры, внешний/).waitFor();
    await screenshot(page, 'device-sync-removal-owed');
    const small = phone();
    await small.page.goto(cardPath);
    await syncSection(small.page).getByRole('list', { name: 'Ждут отправки' }).getByText(`Ключ ${removedValue}`).scrollIntoViewIfNeeded();
    expect(await sideways(small.page)).toBeLessThanOrEqual(0);
    await screenshot(small.page, 'device-sync-removal-owed');

    await send(page, 'PUT', `/front/devices/${path}/status`, { status: 1 });
    await section.getByRole('button', { name: 'Повторить' }).click();
    await section.getByText('Синхронизировано').waitFor();
    const state = await getJson<{ data: { state: string; owedCount: number } }>(page, syncApi);
    expect(state.data).toMatchObject({ state: 'in-sync', owedCount: 0 });
    expect(pageErrors).toEqual([]);
  });
});
