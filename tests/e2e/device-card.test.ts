import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedRs485Count } from '../../server/gateways/device/simulator';
import { DESKTOP, MOBILE, account, launchBrowser, logIn, nestedGroup, openSession, screenshot, type Session, getJson } from './browser';

/*
 * The operator's device card in Chromium against the real server (SEED=small):
 * a SIP change that survives a reload, a reset that clears relays, houses and the SIP account,
 * an RS485 scan whose progress is seen moving, and a refused update that keeps what was typed.
 *
 * The e2e server runs the device simulator without random failures (tests/e2e/global-setup.ts),
 * so any refusal fails the test.
 */

const EXTRA_TYPES = [6, 10]; // ISCOM_X1, BEWARD_ISCOM: the types with RS485 and the extra settings.

let browser: Browser;
let session: Session;
let page: Page;
/** Devices of the operator's buyer that have houses, relays and a SIP account, one per test. */
let devices: string[] = [];

interface CardAnswer {
  groups: { groupId: number }[];
  device: { mac: string; type: number; statusCode: number; houses: string[]; relays: unknown[]; sipAccount: { login: string } | null };
}

const api = <T>(path: string): Promise<T> => getJson<T>(page, path);

/** Every non-empty `model` string in an answer, however deep (the RS485 scan's devices). */
function modelsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(modelsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'model' && typeof inner === 'string' && inner !== '' ? [inner] : modelsIn(inner)));
}

async function card(mac: string): Promise<CardAnswer> {
  return api<CardAnswer>(`/front/device-card/device/${mac}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  session = await openSession(browser, DESKTOP);
  page = session.page;
  await logIn(page, account('operator'));
  for (const type of EXTRA_TYPES) {
    const list = await api<{ data: { MAC: string; STATUS_CODE: number }[] }>(`/front/device-list/get-list?page=1&type=${type}`);
    for (const row of list.data) {
      const answer = await card(row.MAC);
      const { device } = answer;
      if (device.statusCode !== 3 && device.houses.length > 0 && device.relays.length > 0 && device.sipAccount) devices.push(device.mac);
    }
  }
  devices = [...new Set(devices)];
}, 60_000);

afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

function region(name: string | RegExp): Locator {
  return page.getByRole('region', { name });
}

async function openCard(mac: string, tab: string): Promise<void> {
  await page.goto(`/devices/${mac}/update?tab=${tab}`);
  await page.getByRole('tabpanel').waitFor();
}

/** Does `act` and waits for the section's success; the section's alert instead fails the test with its message. */
async function expectAccepted(section: Locator, act: () => Promise<void>, success: Locator): Promise<void> {
  await act();
  const alert = section.getByRole('alert');
  const outcome = await Promise.race([
    success.waitFor({ timeout: 20_000 }).then(() => 'ok' as const),
    alert.waitFor({ timeout: 20_000 }).then(async () => (await alert.innerText()).trim()),
  ]);
  if (outcome !== 'ok') throw new Error(`refused: ${outcome}`);
}

describe('device card', () => {
  it('finds devices to work on in the seed', () => {
    expect(devices.length).toBeGreaterThanOrEqual(3);
  });

  it('changes the SIP account, and after a reload the change is kept', async () => {
    const mac = devices[0];
    await openCard(mac, 'sip');
    const sip = region('SIP-аккаунт');
    const login = `e2e${randomBytes(3).toString('hex')}`;
    await sip.getByLabel('SIP-логин').fill(login);
    await sip.getByLabel('SIP-порт').fill('5062');
    await sip.getByLabel('Метка SOS').fill('Охрана');
    await expectAccepted(
      sip,
      () => sip.getByRole('button', { name: 'Сохранить' }).click(),
      page.getByText('SIP-аккаунт сохранён'),
    );
    // Applied on result: true: the form is clean again (nothing left to save).
    await expect.poll(() => sip.getByRole('button', { name: 'Сохранить' }).isDisabled()).toBe(true);

    await page.reload();
    await page.getByRole('tabpanel').waitFor();
    const again = region('SIP-аккаунт');
    await expect.poll(() => again.getByLabel('SIP-логин').inputValue()).toBe(login);
    expect(await again.getByLabel('SIP-порт').inputValue()).toBe('5062');
    expect(await again.getByLabel('Метка SOS').inputValue()).toBe('Охрана');
    expect((await card(mac)).device.sipAccount?.login).toBe(login);
  });

  it('resets a device: relays, houses and the SIP account are cleared', async () => {
    const mac = devices[1];
    await openCard(mac, 'overview');
    const status = region('Статус и сброс');
    await region('Реле и подъезды').getByText('Реле 1', { exact: true }).waitFor();
    await expectAccepted(
      status,
      async () => {
        await status.getByRole('button', { name: 'Сбросить устройство' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Сбросить устройство' }).click();
      },
      region('Реле и подъезды').getByText('Реле нет'),
    );
    await region('Дома').getByText('Устройство не привязано к домам').waitFor();
    await page.getByRole('region', { name: 'Сводка' }).getByText('Сброшено', { exact: true }).waitFor();
    await screenshot(page, 'device-card-reset');

    await page.getByRole('tab', { name: 'SIP' }).click();
    const sip = region('SIP-аккаунт');
    await sip.getByText('У устройства нет SIP-аккаунта', { exact: false }).waitFor();
    expect(await sip.getByLabel('SIP-логин').inputValue()).toBe('');

    await page.getByRole('tab', { name: 'Параметры' }).click();
    const billing = region('Биллинг');
    expect(await billing.getByLabel('Базовая станция').inputValue()).toBe('');

    // The server agrees, and the card shows the same after a fresh load.
    await openCard(mac, 'overview');
    await region('Реле и подъезды').getByText('Реле нет').waitFor();
    const saved = await card(mac);
    expect(saved.device.statusCode).toBe(3);
    expect(saved.device.relays).toEqual([]);
    expect(saved.device.houses).toEqual([]);
    expect(saved.device.sipAccount).toBeNull();
  });

  it('scans the RS485 bus and shows its progress while it runs', async () => {
    // A device whose simulated bus holds sub-devices, so that the scan finds a model to save.
    const mac = devices.slice(2).find((each) => simulatedRs485Count(each) > 0) ?? devices[2];
    await openCard(mac, 'rs485');
    const bus = region('Устройства RS485');
    const seen = new Set<number>();
    let watching = true;
    const watch = (async () => {
      const bar = page.getByRole('progressbar', { name: 'Ход сканирования RS485' });
      while (watching) {
        const value = await bar.getAttribute('aria-valuenow', { timeout: 200 }).catch(() => null);
        if (value !== null) seen.add(Number(value));
        await page.waitForTimeout(150);
      }
    })();
    await expectAccepted(
      bus,
      () => bus.getByRole('button', { name: 'Сканировать шину' }).click(),
      page.getByText(/Найдено устройств RS485: \d+/),
    );
    watching = false;
    await watch;
    // The bar was on screen and moved: a value strictly between the start and the end was shown.
    expect([...seen].some((value) => value > 0 && value < 100), `progress seen: ${[...seen].join(', ')}`).toBe(true);
    await bus.getByText(/Последнее сканирование/).waitFor();

    // The model is saved only on 204, and only a model the scan found on the bus is taken.
    const scanned = modelsIn(await api<unknown>(`/front/devices/${encodeURIComponent(mac)}/rs485`));
    expect(scanned.length, 'models the scan reported').toBeGreaterThan(0);
    const model = region('Модель RS485');
    await model.getByLabel('Модель RS485').fill(scanned[0]);
    await expectAccepted(model, () => model.getByRole('button', { name: 'Сохранить модель' }).click(), page.getByText('Модель RS485 сохранена'));
  });

  it('keeps the form and shows the server message when an update is refused', async () => {
    const mac = devices[0];
    // A login another device's account has: the server refuses it (409), whatever the form checks.
    const taken = (await card(devices[2])).device.sipAccount!.login;
    await openCard(mac, 'sip');
    const sip = region('SIP-аккаунт');
    const before = await sip.getByLabel('SIP-логин').inputValue();
    await sip.getByLabel('SIP-логин').fill(taken);
    await sip.getByLabel('SIP-порт').fill('5070');
    await sip.getByRole('button', { name: 'Сохранить' }).click();
    const alert = sip.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/уже занят/);
    expect(await sip.getByLabel('SIP-логин').inputValue()).toBe(taken);
    expect(await sip.getByLabel('SIP-порт').inputValue()).toBe('5070');
    await screenshot(page, 'device-card-refused');
    // Nothing was applied: the server still has the old account.
    const saved = await card(mac);
    expect(saved.device.sipAccount?.login).toBe(before);
    await page.reload();
    await page.getByRole('tabpanel').waitFor();
    await expect.poll(() => region('SIP-аккаунт').getByLabel('SIP-логин').inputValue()).toBe(before);
  });

  it('offers a nested group under its parent\'s name, and saves it', async () => {
    const mac = devices[2];
    const { child, parent } = await nestedGroup(page);
    const path = `${parent.name} › ${child.name}`;

    await openCard(mac, 'overview');
    const section = region('Группы');
    const picker = section.getByRole('combobox', { name: 'Группы устройства' });
    await picker.click();
    await picker.fill(child.name);
    await page.getByRole('option', { name: path, exact: true }).click();
    await expectAccepted(section, () => section.getByRole('button', { name: 'Сохранить' }).click(), page.getByText('Группы устройства сохранены'));
    await expect.poll(async () => (await card(mac)).groups.map((group) => group.groupId)).toContain(child.groupId);
    await section.getByRole('button', { name: path, exact: true }).waitFor();
  });

  it('is one column on a phone, with nothing cut off', async () => {
    const phone = await openSession(browser, MOBILE);
    try {
      await logIn(phone.page, account('operator'));
      await phone.page.goto(`/devices/${devices[0]}/update`);
      await phone.page.getByRole('tabpanel').waitFor();
      await phone.page.getByRole('region', { name: 'Статус и сброс' }).waitFor();
      // Every section of the card fits the screen's width, and they stand in one column.
      const boxes = await phone.page.getByRole('region').evaluateAll((elements) => elements.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
      expect(boxes.length).toBeGreaterThan(2);
      for (const box of boxes) expect(box.right).toBeLessThanOrEqual(MOBILE.width);
      expect(new Set(boxes.map((box) => Math.round(box.left))).size).toBe(1);
      await screenshot(phone.page, 'device-card');
      expect(phone.pageErrors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('threw nothing in the page', () => {
    expect(session.pageErrors).toEqual([]);
  });
});
