import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, XHR, account, csrfToken, getJson, launchBrowser, logIn, openSession, screenshot, type Session } from './browser';

/*
 * The flat card in Chromium against the real server (SEED=small), as the operator:
 * a flat made through the house's flat call for the code, the block and the delete; a seeded flat
 * whose devices can block the CMS handset and hold levels for users, keys, CMS, permissions, the
 * settings read from the (simulated) device and the move-out with its undo. Support reads it only.
 *
 * The e2e server runs the device simulator without random failures, so any refusal fails the test.
 */

interface DeviceData {
  mac: string;
  blockCMS: boolean;
  canFlatBlockCms: boolean;
  canIndividualLevels: boolean;
  canFlatDoorCode: boolean;
}
interface FlatAnswer {
  result: boolean;
  users: { id: number; login: string }[];
  keys: { VALUE: string | null; mac: string | null }[];
  deviceData: DeviceData[];
  flat: { status: number; accessServices: { service: { id: number; name: string }; access: boolean }[]; permissions: { permissionName: string; access: boolean }[] };
  temporaryCode: { tempCode: string; duration: number } | null;
}
interface Target {
  houseUid: string;
  flatNum: number;
}

let browser: Browser;
let session: Session;
let page: Page;
/** A seeded flat with a device that blocks the CMS handset and takes levels, with residents and services. */
let rich: Target;
/** The flat this test makes (no code, not blocked), deleted at the end. */
let fresh: Target;

const flatUrl = (flat: Target) => `/houses/${encodeURIComponent(flat.houseUid)}/flats/${flat.flatNum}/update`;
const flatApi = (flat: Target) => `/front/flats/${encodeURIComponent(flat.houseUid)}:${flat.flatNum}`;
const card = (flat: Target) => getJson<FlatAnswer>(page, flatApi(flat));

async function findRichFlat(): Promise<Target> {
  const houses = await getJson<{ data: { id: string }[] }>(page, '/front/house-list?page=1');
  for (const house of houses.data) {
    // A house of the list the operator may not open (another buyer's flats) is skipped.
    const response = await page.request.get(`/front/houses/${encodeURIComponent(house.id)}/flats?page=1`, { headers: XHR });
    if (response.status() !== 200) continue;
    const flats = (await response.json()) as { data: { flatNum: number; usersCount: number }[] };
    for (const row of flats.data) {
      if (row.usersCount === 0) continue;
      const target = { houseUid: house.id, flatNum: row.flatNum };
      const answer = await card(target);
      const device = answer.deviceData.find((entry) => entry.canFlatBlockCms && entry.canIndividualLevels);
      if (device && answer.flat.accessServices.length > 0) return target;
    }
  }
  throw new Error('no seeded flat with a CMS-capable device, residents and services');
}

async function createFlat(houseUid: string): Promise<Target> {
  const flats = await getJson<{ data: { flatNum: number }[]; pagination: { totalCount: number } }>(page, `/front/houses/${encodeURIComponent(houseUid)}/flats?page=1`);
  const flatNum = 9000 + Math.floor(Math.random() * 900) + flats.pagination.totalCount;
  const response = await page.request.post(`/front/flats/${encodeURIComponent(houseUid)}/flat`, {
    headers: { ...XHR, 'X-CSRF-Token': await csrfToken(page) },
    data: { flatNum, letter: 'Б' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { houseUid, flatNum };
}

beforeAll(async () => {
  browser = await launchBrowser();
  session = await openSession(browser, DESKTOP);
  page = session.page;
  await logIn(page, account('operator'));
  rich = await findRichFlat();
  fresh = await createFlat(rich.houseUid);
}, 120_000);

afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

function section(name: string, on: Page = page): Locator {
  return on.getByRole('region', { name: new RegExp(`^${name}`) });
}

/**
 * Jumps to a section with the section bar, as an operator does: the sections below the first screen
 * (services, device settings, history) load as they come into view.
 */
async function reach(name: string, on: Page = page): Promise<Locator> {
  await on.getByRole('navigation', { name: 'Разделы квартиры' }).getByRole('link', { name }).click();
  const found = section(name, on);
  await found.and(on.locator(':not([aria-busy="true"])')).waitFor();
  return found;
}

async function open(flat: Target): Promise<void> {
  await page.goto(flatUrl(flat));
  await page.getByTestId('flat-card-ready').waitFor();
}

/** Waits for the success toast of a write; an error toast instead fails with the server's message. */
/**
 * The write's success notice; or, where a device of the flat does not answer (the seed disables
 * some), the notice that it is stored and waits for that device (docs/api.md "Device sync").
 */
async function expectToast(text: string | RegExp): Promise<void> {
  const owed = page.locator('.notistack-MuiContent-warning').filter({ hasText: text }).filter({ hasText: 'сохранено, ждёт отправки на устройство' });
  const success = page.locator('.notistack-MuiContent-success').filter({ hasText: text }).or(owed);
  const failure = page.locator('.notistack-MuiContent-error');
  const outcome = await Promise.race([
    success.first().waitFor({ timeout: 20_000 }).then(() => 'ok' as const),
    failure.first().waitFor({ timeout: 20_000 }).then(async () => (await failure.first().innerText()).trim()),
  ]);
  if (outcome !== 'ok') throw new Error(`refused: ${outcome}`);
}

async function confirm(button = 'Удалить'): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('flat card as the operator', () => {
  it('shows the made flat with its house, number and status, at both widths without sideways scroll', async () => {
    await open(fresh);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(`Квартира ${fresh.flatNum}Б`);
    await expect.poll(() => page.getByTestId('flat-status').innerText()).toBe('Активна');
    expect(await section('Жильцы').getByText('В квартире нет жильцов').isVisible()).toBe(true);
    expect(await section('Временный код').getByText('Временного кода нет').isVisible()).toBe(true);
    await page.getByRole('link', { name: /Иркутск|обл\.|г\./ }).first().waitFor();

    await open(rich);
    await screenshot(page, 'flat-card');
    await page.setViewportSize(MOBILE);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'flat-card');
    await page.setViewportSize(DESKTOP);
  });

  it('adds a resident found by login (the list reloads) and removes them again', async () => {
    const before = await card(rich);
    const present = new Set(before.users.map((user) => user.id));
    const users = await getJson<{ data: { userId: number; login: string }[] }>(page, '/front/user/list?page=1&login=7900');
    const newcomer = users.data.find((user) => !present.has(user.userId));
    if (!newcomer) throw new Error('no resident to add');

    await open(rich);
    const residents = section('Жильцы');
    await residents.getByRole('button', { name: 'Добавить жильца' }).click();
    await residents.getByRole('combobox', { name: 'Добавить жильца' }).fill(newcomer.login);
    await page.getByRole('option', { name: new RegExp(`^${newcomer.login}`) }).click();
    await expectToast(`Жилец ${newcomer.login} добавлен`);
    await residents.getByText(newcomer.login, { exact: true }).waitFor();
    expect((await card(rich)).users.map((user) => user.id)).toContain(newcomer.userId);

    await residents.getByRole('button', { name: `Убрать жильца ${newcomer.login}` }).click();
    await confirm();
    await expectToast(`Жилец ${newcomer.login} убран`);
    await residents.getByText(newcomer.login, { exact: true }).waitFor({ state: 'detached' });
    expect((await card(rich)).users.map((user) => user.id)).not.toContain(newcomer.userId);
  });

  it('checks a key value, writes the key to every device of the flat and deletes it', async () => {
    const value = randomBytes(6).toString('hex').toUpperCase();
    const devices = (await card(rich)).deviceData.length;
    await open(rich);
    const keys = section('Ключи');
    await keys.getByRole('button', { name: 'Добавить ключ' }).click();
    const dialog = page.getByRole('dialog', { name: /^Новый ключ квартиры/ });
    const field = dialog.getByRole('textbox', { name: /Номер ключа/ });
    await field.fill('12XY');
    await field.blur();
    await dialog.getByText('Только цифры 0–9 и буквы A–F').waitFor();
    await field.fill(`${value.slice(0, 6)}:${value.slice(6)}`.toLowerCase());
    await dialog.getByText(`Ключ будет записан на устройства квартиры (${devices}):`).waitFor();
    await screenshot(page, 'flat-card-key-dialog');
    await dialog.getByRole('button', { name: 'Записать ключ' }).click();
    await expectToast(`Ключ ${value} записан на устройства: ${devices}`);
    await dialog.waitFor({ state: 'hidden' });
    await keys.getByText(value, { exact: true }).waitFor();
    expect((await card(rich)).keys.filter((key) => key.VALUE === value)).toHaveLength(devices);

    await keys.getByRole('button', { name: `Удалить ключ ${value}` }).click();
    await confirm();
    await expectToast(`Ключ ${value} удалён`);
    await keys.getByText(value, { exact: true }).waitFor({ state: 'detached' });
    expect((await card(rich)).keys.filter((key) => key.VALUE === value)).toHaveLength(0);
  });

  it('creates a temporary code, changes its duration and removes it', async () => {
    await open(fresh);
    const code = section('Временный код');
    await code.getByRole('button', { name: '1 час' }).click();
    await code.getByRole('button', { name: 'Создать код' }).click();
    await expectToast(/^Временный код \d+ создан$/);
    await code.getByTestId('temporary-code').waitFor();
    await expect.poll(() => code.getByTestId('temporary-code-left').innerText()).toMatch(/^Осталось (00:)?59:\d\d/);
    expect((await card(fresh)).temporaryCode?.duration).toBe(3600);

    await code.getByRole('button', { name: 'Другой' }).click();
    await code.getByRole('textbox', { name: 'Сколько' }).fill('3');
    await code.getByText(/^Код будет действовать до/).waitFor();
    await code.getByRole('button', { name: 'Изменить срок' }).click();
    await expectToast('Срок кода изменён');
    expect((await card(fresh)).temporaryCode?.duration).toBe(3 * 86_400);
    await expect.poll(() => code.getByTestId('temporary-code-left').innerText()).toMatch(/^Осталось 2 д/);

    await code.getByRole('button', { name: 'Удалить код' }).click();
    await confirm();
    await expectToast('Временный код удалён');
    await code.getByText('Временного кода нет').waitFor();
    expect((await card(fresh)).temporaryCode).toBeNull();
  });

  it('blocks the flat with a reason, shows it in the history, and unblocks it', async () => {
    const reason = `Долг ${randomBytes(3).toString('hex')}`;
    await open(fresh);
    await page.getByRole('button', { name: 'Заблокировать', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Заблокировать квартиру/ });
    await dialog.getByRole('button', { name: 'Заблокировать' }).click();
    await dialog.getByText('Укажите причину блокировки').waitFor();
    await dialog.getByRole('textbox', { name: 'Причина' }).fill(reason);
    await screenshot(page, 'flat-card-block-dialog');
    await dialog.getByRole('button', { name: 'Заблокировать' }).click();
    await expectToast('Квартира заблокирована');
    await expect.poll(() => page.getByTestId('flat-status').innerText()).toBe('Заблокирована');
    const row = (await reach('История блокировок')).getByRole('row').filter({ hasText: reason });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Блокировка\s+operator\s+вся квартира/);
    expect((await card(fresh)).flat.status).toBe(1);

    await page.getByRole('button', { name: 'Разблокировать', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Разблокировать' }).click();
    await expectToast('Квартира разблокирована');
    await expect.poll(() => page.getByTestId('flat-status').innerText()).toBe('Активна');
  });

  it('on a phone, a toast leaves the card\'s actions uncovered (it comes up from the bottom)', async () => {
    await page.setViewportSize(MOBILE);
    try {
      await open(fresh);
      await page.getByRole('button', { name: 'Заблокировать', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: /^Заблокировать квартиру/ });
      await dialog.getByRole('textbox', { name: 'Причина' }).fill(`Телефон ${randomBytes(3).toString('hex')}`);
      await dialog.getByRole('button', { name: 'Заблокировать' }).click();
      await expectToast('Квартира заблокирована');
      const toast = page.locator('.notistack-MuiContent').filter({ hasText: 'Квартира заблокирована' }).first();
      await page.waitForTimeout(400);
      const box = await toast.boundingBox();
      expect(box).not.toBeNull();
      for (const name of ['Разблокировать', 'Выезд жильцов', 'Удалить квартиру']) {
        const action = await page.getByRole('button', { name, exact: true }).boundingBox();
        expect(action, name).not.toBeNull();
        const overlaps = box!.x < action!.x + action!.width && action!.x < box!.x + box!.width && box!.y < action!.y + action!.height && action!.y < box!.y + box!.height;
        expect(overlaps, `${name} under the toast`).toBe(false);
      }
      expect(box!.y + box!.height).toBeLessThanOrEqual(MOBILE.height);
      await screenshot(page, 'flat-card-toast-phone');
      await page.getByRole('button', { name: 'Разблокировать', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Разблокировать' }).click();
      await expectToast('Квартира разблокирована');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  it('blocks and unblocks the CMS handset on a device that can, with the history entry', async () => {
    const device = (await card(rich)).deviceData.find((entry) => entry.canFlatBlockCms);
    if (!device) throw new Error('no CMS device');
    await open(rich);
    const cms = page.getByRole('listitem', { name: `Трубка КМС на ${device.mac}` });
    const first = device.blockCMS ? 'Разблокировать трубку' : 'Заблокировать трубку';
    await cms.getByRole('button', { name: first }).click();
    await expectToast(new RegExp(`Трубка на ${device.mac} (за|раз)блокирована`));
    expect((await card(rich)).deviceData.find((entry) => entry.mac === device.mac)?.blockCMS).toBe(!device.blockCMS);
    const history = await reach('История блокировок');
    await history.getByRole('button', { name: 'КМС' }).click();
    const entry = history.getByRole('row').filter({ hasText: device.mac }).filter({ hasText: 'operator' });
    await entry.first().waitFor();

    await cms.getByRole('button', { name: device.blockCMS ? 'Заблокировать трубку' : 'Разблокировать трубку' }).click();
    await expectToast(new RegExp(`Трубка на ${device.mac} (за|раз)блокирована`));
    expect((await card(rich)).deviceData.find((entry) => entry.mac === device.mac)?.blockCMS).toBe(device.blockCMS);
  });

  it('changes a service and adds a permission, named from the catalogue, and saves them', async () => {
    const before = await card(rich);
    const service = before.flat.accessServices[0];
    const name = `E2E_${randomBytes(2).toString('hex').toUpperCase()}`;
    await open(rich);
    const access = await reach('Услуги и разрешения');
    await access.getByRole('switch', { name: `${service.service.name}: Доступ` }).click();
    await access.getByRole('textbox', { name: 'Название разрешения' }).fill(name);
    await access.getByRole('button', { name: 'Добавить разрешение' }).click();
    const row = access.getByRole('listitem').filter({ hasText: name });
    await row.getByRole('combobox', { name: 'Причина' }).click();
    await page.getByRole('option', { name: 'Заявка жильца' }).click();
    await screenshot(page, 'flat-card-access');
    await access.getByRole('button', { name: 'Сохранить' }).click();
    await expectToast('Услуги и разрешения сохранены');
    const after = await card(rich);
    expect(after.flat.accessServices.find((entry) => entry.service.id === service.service.id)?.access).toBe(!service.access);
    expect(after.flat.permissions.find((entry) => entry.permissionName === name)?.access).toBe(true);

    // Names, not ids, after a reload too.
    await open(rich);
    await (await reach('Услуги и разрешения')).getByRole('listitem').filter({ hasText: name }).getByText('Заявка жильца').waitFor();
  });

  it('reads the settings from the simulated device into the form, with progress, and saves them', async () => {
    const device = (await card(rich)).deviceData.find((entry) => entry.canIndividualLevels);
    if (!device) throw new Error('no device with levels');
    await open(rich);
    const settings = (await reach('Настройки на устройствах')).getByRole('article', { name: device.mac });
    const call = settings.getByRole('textbox', { name: 'Вызов на панели' });
    await call.fill('12345');
    await settings.getByText('Целое число от 0 до 10000').waitFor();
    await settings.getByRole('button', { name: 'Прочитать с устройства' }).click();
    await settings.getByText(`Настройки прочитаны с устройства ${device.mac}: проверьте и сохраните`).waitFor({ timeout: 20_000 });
    await expect.poll(() => call.inputValue()).toMatch(/^\d+$/);
    await screenshot(page, 'flat-card-devices');
    const read = await call.inputValue();
    const next = String((Number(read) + 1) % 10_000);
    await call.fill(next);
    await settings.getByRole('button', { name: /^Сохранить/ }).click();
    await expectToast(new RegExp(`Настройки ${device.mac} сохранены`));
    const stored = (await getJson<{ deviceData: (DeviceData & { panelCall: string | null })[] }>(page, flatApi(rich))).deviceData.find((entry) => entry.mac === device.mac);
    expect(stored?.panelCall).toBe(next);
  });

  it('moves the residents out after a summary, and the undo puts them back', async () => {
    const before = await card(rich);
    await open(rich);
    await page.getByRole('button', { name: 'Выезд жильцов' }).click();
    const dialog = page.getByRole('dialog', { name: /^Выезд жильцов из квартиры/ });
    await dialog.getByText(/^Жильцы \(\d+\):/).waitFor();
    await screenshot(page, 'flat-card-move-out-dialog');
    await dialog.getByRole('button', { name: 'Выселить' }).click();
    await expectToast(/^Жильцы выселены из квартиры/);
    const banner = page.getByTestId('move-out-undo');
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(/Отменить можно ещё 1\d:\d\d/);
    await section('Жильцы').getByText('В квартире нет жильцов').waitFor();
    expect((await card(rich)).users).toHaveLength(0);

    // The undo is the server's: it survives a reload, and another browser (a profile of its own) offers it too.
    await open(rich);
    await banner.waitFor();
    const other = await openSession(browser, MOBILE);
    try {
      await logIn(other.page, account('operator'));
      await other.page.goto(flatUrl(rich));
      const elsewhere = other.page.getByTestId('move-out-undo');
      await elsewhere.waitFor();
      expect(await elsewhere.innerText()).toMatch(/Отменить можно ещё 1\d:\d\d/);
      await elsewhere.getByRole('button', { name: 'Отменить' }).waitFor();
      await screenshot(other.page, 'flat-card-moved-out-other-browser');
    } finally {
      await other.context.close();
    }
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'flat-card-moved-out');
    await page.setViewportSize(DESKTOP);
    await banner.getByRole('button', { name: 'Отменить' }).click();
    await expectToast('Выезд отменён: жильцы, ключи и код возвращены');
    await banner.waitFor({ state: 'detached' });
    const after = await card(rich);
    expect(after.users.map((user) => user.id).sort()).toEqual(before.users.map((user) => user.id).sort());
    expect(after.keys.length).toBe(before.keys.length);
  });

  it('deletes the made flat after a confirmation and goes back to the house', async () => {
    await open(fresh);
    await page.getByRole('button', { name: 'Удалить квартиру' }).click();
    await confirm();
    await expectToast(`Квартира ${fresh.flatNum}Б удалена`);
    await page.waitForURL((url) => url.pathname === `/houses/${fresh.houseUid}` || url.pathname === `/houses/${encodeURIComponent(fresh.houseUid)}`);
    const response = await page.request.get(flatApi(fresh), { headers: XHR });
    expect(response.status()).toBe(404);
  });
});

describe('flat card for support', () => {
  it('reads every section without a control that changes the flat', async () => {
    const reader = await openSession(browser, MOBILE);
    try {
      await logIn(reader.page, account('support'));
      await reader.page.goto(flatUrl(rich));
      await reader.page.getByTestId('flat-card-ready').waitFor();
      await reader.page.getByText('Только просмотр: менять квартиру может оператор.').waitFor();
      await reader.page.getByRole('region', { name: /^Жильцы/ }).waitFor();
      await reach('Услуги и разрешения', reader.page);
      await reach('Настройки на устройствах', reader.page);
      await screenshot(reader.page, 'flat-card-support-devices');
      await reach('История блокировок', reader.page);
      await screenshot(reader.page, 'flat-card-support-history');
      for (const name of ['Заблокировать', 'Выезд жильцов', 'Удалить квартиру', 'Добавить жильца', 'Добавить ключ', 'Создать код', 'Изменить срок', 'Сохранить', 'Прочитать с устройства']) {
        expect(await reader.page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
      }
      expect(await reader.page.getByRole('combobox', { name: 'Добавить жильца' }).count()).toBe(0);
      expect(await reader.page.getByRole('textbox', { disabled: false, includeHidden: false }).evaluateAll((boxes) => boxes.filter((box) => !(box as HTMLInputElement).readOnly).length)).toBe(0);
      expect(await reader.page.getByRole('switch').count()).toBeGreaterThan(0);
      expect(await reader.page.getByRole('switch', { disabled: false }).count()).toBe(0);
      await screenshot(reader.page, 'flat-card-support');
      expect(reader.pageErrors).toEqual([]);
    } finally {
      await reader.context.close();
    }
  });
});
