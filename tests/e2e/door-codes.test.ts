import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, findDevice, getJson, launchBrowser, screenshot, sessionOf } from './browser';
import { send, sideways } from './housing-helpers';

/*
 * Door codes and keyless access in Chromium against the real server (SEED=small,
 * the simulator's failure share 0): the operator sets a device's common code and a flat's code,
 * expires the flat's code and sees it marked expired, deletes both; puts a keyless code on the
 * devices of two houses (one added by house, the other by typed MACs) and sees every device it
 * reached, then deletes it; support sees both screens without a control that changes anything.
 */

interface CodesAnswer {
  canFlatDoorCode: boolean;
  flatRange: { firstFlat: number; lastFlat: number } | null;
  common: { id: number } | null;
  data: { flatNum: number; code: string }[];
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});


const codesPath = (mac: string) => `/devices/${encodeURIComponent(mac)}/codes`;
const codesApi = (mac: string, query = '') => `/front/devices/${encodeURIComponent(mac)}/door-codes${query}`;
/** Seven random digits: one in millions to meet a code the seed put on the same device. */
const freshCode = () => String(randomInt(1_000_000, 10_000_000));

/** A device of the operator that takes per-flat codes, has a flat range and no common code yet. */
async function flatCodeDevice(page: Page): Promise<{ mac: string; flatNum: number }> {
  const found = await findDevice(page, async ({ MAC }) => {
    const answer = await getJson<CodesAnswer>(page, codesApi(MAC));
    if (!answer.canFlatDoorCode || !answer.flatRange || answer.common) return undefined;
    const taken = new Set((await getJson<CodesAnswer>(page, codesApi(MAC, '?page=1'))).data.map((code) => code.flatNum));
    for (let flat = answer.flatRange.lastFlat; flat >= answer.flatRange.firstFlat; flat--) {
      if (!taken.has(flat)) return { mac: MAC, flatNum: flat };
    }
    return undefined;
  });
  if (!found) throw new Error('the small seed gave the operator no device taking flat codes without a common code');
  return found;
}

/** Two houses of the operator with devices, and their MACs. */
/**
 * Two houses with devices, and which of their devices answer (new or active): a disabled or reset
 * one never takes a code, which stays owed to it (docs/api.md "Device sync").
 */
async function twoHousesWithDevices(page: Page): Promise<{ address: string; macs: string[]; answering: number }[]> {
  const houses = await getJson<{ data: { id: string; address: string }[] }>(page, '/front/house-list?page=1');
  const found: { address: string; macs: string[]; answering: number }[] = [];
  for (const house of houses.data) {
    const uid = encodeURIComponent(house.id);
    const { data } = await getJson<{ data: string[] }>(page, `/front/devices/get-macs-from-house?houseUid=${uid}`);
    if (data.length === 0 || data.length > 20) continue;
    const listed = await getJson<{ data: { MAC: string; STATUS_CODE: number }[] }>(page, `/front/device-list/get-list?houseUid=${uid}&page=1`);
    const answering = listed.data.filter((row) => data.includes(row.MAC) && (row.STATUS_CODE === 0 || row.STATUS_CODE === 1)).length;
    found.push({ address: house.address, macs: data, answering });
    if (found.length === 2) return found;
  }
  throw new Error('the small seed gave the operator no two houses with devices');
}

describe('a device’s door codes (operator, 1440×900)', () => {
  const operator = sessionOf(() => browser, 'operator', DESKTOP);

  it('sets the common code and a flat code, expires the flat code (marked expired), deletes both', async () => {
    const { page, pageErrors } = operator();
    const { mac, flatNum } = await flatCodeDevice(page);
    await page.goto(codesPath(mac));
    await page.getByRole('heading', { level: 1, name: 'Коды открытия двери' }).waitFor();
    await page.getByText(`Устройство ${mac}`).waitFor();
    expect(await page.getByRole('link', { name: 'Карточка устройства' }).getAttribute('href')).toBe(`/devices/${encodeURIComponent(mac)}/update`);

    // The common code: left to the server to generate.
    const common = page.getByRole('region', { name: 'Общий код' });
    await common.getByText('Общего кода нет.').waitFor();
    await common.getByRole('button', { name: 'Задать общий код' }).click();
    const dialog = page.getByRole('dialog', { name: 'Общий код' });
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await dialog.waitFor({ state: 'detached' });
    await common.getByRole('button', { name: 'Показать код' }).click();
    await expect.poll(() => common.getByTestId('code-value').textContent()).toMatch(/^\d{6}$/);

    // A flat's code: a code of the wrong length is refused before sending, then the right one goes.
    const code = freshCode();
    const flats = page.getByRole('region', { name: /^Коды квартир/ });
    await flats.getByRole('button', { name: 'Добавить код квартиры' }).click();
    const flatDialog = page.getByRole('dialog', { name: 'Код квартиры' });
    await flatDialog.getByLabel('Номер квартиры').fill(String(flatNum));
    await flatDialog.getByLabel('Код', { exact: false }).first().waitFor();
    await flatDialog.getByRole('textbox', { name: 'Код' }).fill('12');
    await flatDialog.getByLabel('Комментарий').fill('Ремонт в подъезде');
    await flatDialog.getByRole('button', { name: 'Добавить' }).click();
    await flatDialog.getByText('Код — от 4 до 8 цифр').waitFor();
    await flatDialog.getByRole('textbox', { name: 'Код' }).fill(code);
    await flatDialog.getByRole('button', { name: 'Добавить' }).click();
    await flatDialog.waitFor({ state: 'detached' });

    await flats.getByRole('textbox', { name: 'Квартира' }).fill(String(flatNum));
    await flats.getByRole('button', { name: 'Найти' }).click();
    const row = flats.locator(`tr[data-flat="${flatNum}"]`);
    await row.getByText('Ремонт в подъезде').waitFor();
    await row.getByRole('button', { name: 'Показать код' }).click();
    await expect.poll(() => row.getByTestId('code-value').textContent()).toBe(code);
    expect(await row.getByText('истёк').count()).toBe(0);
    // The device took it: not marked as waiting.
    expect(await row.getByTestId('code-owed').count()).toBe(0);

    await row.getByRole('button', { name: `Истечь код квартиры ${flatNum}` }).click();
    await row.getByText('истёк').waitFor();
    const listed = await getJson<CodesAnswer & { data: { expired: boolean }[] }>(page, codesApi(mac, `?flatNum=${flatNum}`));
    expect(listed.data[0]).toMatchObject({ code, expired: true });
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'door-codes');

    await row.getByRole('button', { name: `Удалить код квартиры ${flatNum}` }).click();
    await page.getByRole('dialog', { name: 'Удалить код?' }).getByRole('button', { name: 'Удалить' }).click();
    await flats.getByText('У этой квартиры кода нет.').waitFor();
    await common.getByRole('button', { name: 'Удалить код общий' }).click();
    await page.getByRole('dialog', { name: 'Удалить код?' }).getByRole('button', { name: 'Удалить' }).click();
    await common.getByText('Общего кода нет.').waitFor();
    expect((await getJson<CodesAnswer>(page, codesApi(mac))).common).toBeNull();
    expect(pageErrors).toEqual([]);
  });
});

/** A device of this test's own in a house with flats, disabled: the simulator never reaches it, so what is written to it stays owed. */
async function unreachableDevice(page: Page): Promise<{ mac: string; flatNum: number }> {
  const houses = await getJson<{ data: { id: string }[] }>(page, '/front/house-list?page=1');
  for (const house of houses.data) {
    const response = await page.request.get(`/front/houses/${encodeURIComponent(house.id)}/flats?page=1`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    if (response.status() !== 200) continue;
    const flats = (await response.json()) as { data: { flatNum: number }[] };
    if (flats.data.length === 0) continue;
    const mac = ['EE', ...Array.from({ length: 5 }, () => randomInt(0, 256).toString(16).padStart(2, '0').toUpperCase())].join(':');
    // ISCOM_X1 takes flat codes; with no entrance the flats of its house are its flats.
    await send(page, 'POST', '/front/device-list/create-device', { mac, type: 6, houses: [house.id] });
    await send(page, 'PUT', `/front/devices/${encodeURIComponent(mac)}/status`, { status: 2 });
    return { mac, flatNum: flats.data[0].flatNum };
  }
  throw new Error('the small seed gave the operator no house with flats');
}

describe('codes a device has not taken yet (operator)', () => {
  const operator = sessionOf(() => browser, 'operator', DESKTOP);

  it('marks them «ждёт отправки на устройство» with the device’s reason, at both widths', async () => {
    const { page, pageErrors } = operator();
    const { mac, flatNum } = await unreachableDevice(page);
    expect((await getJson<CodesAnswer>(page, codesApi(mac))).canFlatDoorCode).toBe(true);
    await send(page, 'POST', codesApi(mac), { flatNum: null, code: freshCode() });
    await send(page, 'POST', codesApi(mac), { flatNum, code: freshCode(), comment: 'Ждёт устройство' });

    await page.goto(codesPath(mac));
    const common = page.getByRole('region', { name: 'Общий код' });
    await common.getByTestId('code-owed').getByText('ждёт отправки на устройство').waitFor();
    const row = page.getByRole('region', { name: /^Коды квартир/ }).locator(`tr[data-flat="${flatNum}"]`);
    const mark = row.getByTestId('code-owed');
    await mark.getByText('ждёт отправки на устройство').waitFor();
    expect(await mark.innerText()).toMatch(/устройство не приняло: .+|ещё не отправлен/);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'door-codes-owed');

    await page.setViewportSize(MOBILE);
    await page.locator(`li[data-flat="${flatNum}"]`).getByTestId('code-owed').getByText('ждёт отправки на устройство').waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'door-codes-owed');
    await page.setViewportSize(DESKTOP);
    expect(pageErrors).toEqual([]);
  });
});

describe('keyless access (operator, 1440×900)', () => {
  const operator = sessionOf(() => browser, 'operator', DESKTOP);

  it('puts a code on the devices of two houses and lists every device it reached, then deletes it', async () => {
    const { page, pageErrors } = operator();
    const [first, second] = await twoHousesWithDevices(page);
    const code = freshCode();
    await page.goto('/device/codes');
    await page.getByRole('heading', { level: 1, name: 'Бесключевой доступ' }).waitFor();
    await page.getByRole('button', { name: 'Новый код' }).click();
    const form = page.getByRole('form', { name: 'Новый код бесключевого доступа' });
    await form.getByLabel('Служба').selectOption('courier');
    await form.getByRole('checkbox', { name: 'Сгенерировать код' }).uncheck();
    await form.getByRole('textbox', { name: 'Код' }).fill(code);
    await form.getByLabel('Действует до').fill('2030-01-01T10:00');
    await form.getByLabel('Комментарий').fill('Курьерская служба');

    await form.getByRole('combobox', { name: /^Добавить устройства дома/ }).fill(first.address.slice(0, 24));
    await form.getByRole('option', { name: first.address, exact: true }).click();
    await form.getByText(`Устройства: ${first.macs.length} из 500`).waitFor();
    await form.getByRole('textbox', { name: 'MAC устройства' }).fill(second.macs.map((mac) => mac.toLowerCase().replaceAll(':', '-')).join(', '));
    await form.getByRole('button', { name: 'Добавить', exact: true }).click();
    const total = new Set([...first.macs, ...second.macs]).size;
    await form.getByText(`Устройства: ${total} из 500`).waitFor();
    await form.getByRole('button', { name: 'Записать на устройства' }).click();

    const detail = page.getByRole('region', { name: `Код ${code} · Курьеры` });
    await detail.waitFor();
    const answering = first.answering + second.answering;
    await detail.getByText(`записан ${answering} из ${total}`).waitFor();
    const targets = detail.getByRole('list', { name: 'Устройства' }).getByRole('listitem');
    expect(await targets.count()).toBe(total);
    for (const mac of [...first.macs, ...second.macs]) {
      await detail.getByRole('link', { name: `Открыть карточку устройства ${mac}` }).waitFor();
    }
    expect(await detail.locator('[data-status="written"]').count()).toBe(answering);
    // The others keep it owed, said so rather than as an error.
    expect(await detail.locator('[data-status="failed"]').getByText('ждёт отправки', { exact: true }).count()).toBe(total - answering);
    await detail.getByText(first.address).first().waitFor();
    await detail.getByText(second.address).first().waitFor();
    await page.getByRole('table', { name: 'Бесключевой доступ' }).getByRole('row', { name: new RegExp(code) }).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'keyless-codes');

    await detail.getByRole('button', { name: 'Удалить код' }).click();
    await page.getByRole('dialog', { name: 'Удалить код?' }).getByRole('button', { name: 'Удалить' }).click();
    await detail.waitFor({ state: 'detached' });
    await screenshot(page, 'keyless-codes-list');
    const after = await getJson<{ data: { code: string }[] }>(page, '/front/keyless-codes?service=courier');
    expect(after.data.map((row) => row.code)).not.toContain(code);
    expect(pageErrors).toEqual([]);
  });
});

describe('keyless access offline (operator)', () => {
  const operator = sessionOf(() => browser, 'operator', DESKTOP);

  it('says so, keeps what was typed and sends nothing until the network is back', async () => {
    const { page, context } = operator();
    await page.goto('/device/codes');
    await page.getByRole('button', { name: 'Новый код' }).click();
    const form = page.getByRole('form', { name: 'Новый код бесключевого доступа' });
    await form.getByLabel('Комментарий').fill('Набрано до обрыва связи');
    await form.getByRole('textbox', { name: 'MAC устройства' }).fill('E4:5A:D4:00:00:05');
    await form.getByRole('button', { name: 'Добавить', exact: true }).click();
    await form.getByText('Устройства: 1 из 500').waitFor();
    await context.setOffline(true);
    try {
      await page.getByText(/^Нет связи с сервером/).waitFor();
      expect(await form.getByRole('button', { name: 'Записать на устройства' }).isDisabled()).toBe(true);
      expect(await form.getByLabel('Комментарий').inputValue()).toBe('Набрано до обрыва связи');
      await form.getByText('Устройства: 1 из 500').waitFor();
      await screenshot(page, 'keyless-codes-offline');
    } finally {
      await context.setOffline(false);
    }
    await page.getByText(/^Нет связи с сервером/).waitFor({ state: 'detached', timeout: 30_000 });
    expect(await form.getByRole('button', { name: 'Записать на устройства' }).isDisabled()).toBe(false);
    expect(await form.getByLabel('Комментарий').inputValue()).toBe('Набрано до обрыва связи');
  });
});

describe('both screens on a phone (operator, 390×844)', () => {
  const operator = sessionOf(() => browser, 'operator', MOBILE);

  it('shows the codes as cards without sideways scroll', async () => {
    const { page, pageErrors } = operator();
    const { mac, flatNum } = await flatCodeDevice(page);
    const made = (await send(page, 'POST', codesApi(mac), { flatNum, code: freshCode(), comment: 'Для снимка' })) as { data: { id: number } };
    const [house] = await twoHousesWithDevices(page);
    const keyless = (await send(page, 'POST', '/front/keyless-codes', { service: 'post', macs: house.macs, comment: 'Почта' })) as { data: { id: number; code: string } };
    try {
      await page.goto(codesPath(mac));
      await page.locator(`li[data-flat="${flatNum}"]`).getByText('Для снимка').waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'door-codes');

      await page.goto('/device/codes');
      await page.getByRole('button', { name: `Подробнее о коде ${keyless.data.code} (Почта)` }).click();
      await page.getByRole('region', { name: `Код ${keyless.data.code} · Почта` }).getByText(`записан ${house.answering} из ${house.macs.length}`).waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'keyless-codes');
      await page.getByRole('button', { name: 'Новый код' }).click();
      await page.getByRole('form', { name: 'Новый код бесключевого доступа' }).waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'keyless-codes-form');
    } finally {
      await send(page, 'DELETE', codesApi(mac, `/${made.data.id}`));
      await send(page, 'DELETE', `/front/keyless-codes/${keyless.data.id}`);
    }
    expect(pageErrors).toEqual([]);
  });
});

describe('support reads both screens', () => {
  const operator = sessionOf(() => browser, 'operator', DESKTOP);
  const support = sessionOf(() => browser, 'support', DESKTOP);

  it('sees the codes and where a keyless code went, with no control that changes them', async () => {
    const { mac, flatNum } = await flatCodeDevice(operator().page);
    const made = (await send(operator().page, 'POST', codesApi(mac), { flatNum, comment: 'Видит поддержка' })) as { data: { id: number } };
    const [house] = await twoHousesWithDevices(operator().page);
    const keyless = (await send(operator().page, 'POST', '/front/keyless-codes', { service: 'cleaning', macs: house.macs })) as { data: { id: number; code: string } };
    try {
      const { page, pageErrors } = support();
      await page.goto(codesPath(mac));
      await page.getByText('Только просмотр: менять коды может оператор.').waitFor();
      const row = page.locator(`tr[data-flat="${flatNum}"]`);
      await page.getByRole('region', { name: /^Коды квартир/ }).getByRole('textbox', { name: 'Квартира' }).fill(String(flatNum));
      await page.getByRole('button', { name: 'Найти' }).click();
      await row.getByText('Видит поддержка').waitFor();
      for (const name of ['Задать общий код', 'Добавить код квартиры', `Изменить код квартиры ${flatNum}`, `Удалить код квартиры ${flatNum}`, `Истечь код квартиры ${flatNum}`]) {
        expect(await page.getByRole('button', { name }).count(), name).toBe(0);
      }
      await screenshot(page, 'door-codes-support');

      await page.goto('/device/codes');
      await page.getByText('Только просмотр: создавать и удалять коды может оператор.').waitFor();
      expect(await page.getByRole('button', { name: 'Новый код' }).count()).toBe(0);
      await page.getByRole('button', { name: `Подробнее о коде ${keyless.data.code} (Уборка)` }).click();
      const detail = page.getByRole('region', { name: `Код ${keyless.data.code} · Уборка` });
      await detail.getByText(`записан ${house.answering} из ${house.macs.length}`).waitFor();
      expect(await detail.getByRole('button', { name: 'Удалить код' }).count()).toBe(0);
      expect(await detail.getByRole('button', { name: 'Повторить для ждущих' }).count()).toBe(0);
      await screenshot(page, 'keyless-codes-support');
      expect(pageErrors).toEqual([]);
    } finally {
      await send(operator().page, 'DELETE', codesApi(mac, `/${made.data.id}`));
      await send(operator().page, 'DELETE', `/front/keyless-codes/${keyless.data.id}`);
    }
  });
});
