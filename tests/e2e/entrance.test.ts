import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, account, getJson, launchBrowser, logIn, openSession, screenshot, type Session } from './browser';
import { houseWithEntrances, send, sideways, type EntranceRow, type HouseRow } from './housing-helpers';

/*
 * The entrance page in Chromium against the real server (SEED=small): the operator
 * turns an entrance into a gate with a prefix, is stopped at the fields in Russian (a missing prefix,
 * additional flats that are not numbers, a range ending before it starts), saves it, and finds it
 * saved after a reload; support reads it without controls.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const entrancePath = (uid: string) => `/entrances/${encodeURIComponent(uid)}`;

function body(entrance: EntranceRow) {
  const { title, entranceNum, type, range, gates } = entrance;
  return { title, entranceNum, type, range: { start: range.start, end: range.end }, gates: gates.map(({ entranceUid, from, to, prefix, additionalFlats }) => ({ entranceUid, from, to, prefix, additionalFlats })) };
}

describe('the operator on the entrance page', () => {
  let session: Session;
  let page: Page;
  let house: HouseRow;
  let edited: EntranceRow;
  let other: EntranceRow;

  beforeAll(async () => {
    session = await openSession(browser, DESKTOP);
    page = session.page;
    await logIn(page, account('operator'));
    const found = await houseWithEntrances(page);
    house = found.house;
    // A gate is not a main entrance: turn the last non-main one (or the last) into a gate to the first.
    edited = [...found.entrances].reverse().find((entrance) => entrance.type !== 1) ?? found.entrances[found.entrances.length - 1]!;
    other = found.entrances.find((entrance) => entrance.id !== edited.id)!;
  });

  afterAll(async () => {
    await send(page, 'PUT', `/front/entrances/${encodeURIComponent(edited.id)}`, body(edited));
    await session?.context.close();
  });

  it('is reached from the house page and leads back to it', async () => {
    await page.goto(`/houses/${encodeURIComponent(house.id)}`);
    await page.getByRole('link', { name: `Подъезд № ${edited.entranceNum} «${edited.title}»` }).click();
    await page.waitForURL((url) => url.pathname === entrancePath(edited.id));
    await page.getByRole('heading', { level: 1, name: `Подъезд № ${edited.entranceNum} «${edited.title}»` }).waitFor();
    const back = page.getByRole('link', { name: `К дому: ${house.address}` });
    expect(await back.getAttribute('href')).toBe(`/houses/${encodeURIComponent(house.id)}`);
    const relay = edited.relays[0];
    if (relay) expect(await page.getByRole('region', { name: 'Реле' }).getByRole('link', { name: `Карточка устройства ${relay.mac}` }).first().getAttribute('href')).toBe(`/devices/${encodeURIComponent(relay.mac)}/update`);
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'entrance-operator');
  });

  it('saves a gate with a prefix and additional flats after showing each wrong field in Russian', async () => {
    await page.goto(entrancePath(edited.id));
    await page.getByRole('combobox', { name: 'Тип' }).selectOption({ label: '2 — Калитка с префиксом' });
    const main = page.getByRole('region', { name: 'Подъезд', exact: true });
    const gates = page.getByRole('region', { name: 'Калитки' });
    await gates.getByText(/Калитка с префиксом: для каждого подъезда/).waitFor();
    if ((await gates.getByRole('listitem').count()) === 0) await gates.getByRole('button', { name: 'Добавить калитку' }).click();
    const gate = gates.getByRole('listitem', { name: 'Калитка 1' });
    await gate.getByRole('combobox', { name: 'Подъезд' }).selectOption(other.id);
    await gate.getByRole('textbox', { name: 'Квартиры с' }).fill(String(other.range.start));
    await gate.getByRole('textbox', { name: 'Квартиры по' }).fill(String(other.range.end));
    await gate.getByRole('textbox', { name: 'Префикс' }).fill('');
    await gate.getByRole('textbox', { name: 'Дополнительные квартиры' }).fill('101, сто');
    await main.getByRole('textbox', { name: 'Квартиры с' }).fill('30');
    await main.getByRole('textbox', { name: 'Квартиры по' }).fill('20');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await gate.getByText('у калитки с префиксом нужен префикс').waitFor();
    await gate.getByText('ожидаются номера квартир через запятую, например «101,115»').waitFor();
    await page.getByText('конец диапазона (20) меньше начала (30)').waitFor();
    await page.getByText('Исправьте отмеченные поля').waitFor();
    await screenshot(page, 'entrance-errors');
    await page.setViewportSize(MOBILE);
    // The header trades its menu row for the drawer a frame or two after the resize.
    await expect.poll(() => sideways(page)).toBe(0);
    await screenshot(page, 'entrance-errors');
    await page.setViewportSize(DESKTOP);

    await main.getByRole('textbox', { name: 'Квартиры с' }).fill(String(edited.range.start));
    await main.getByRole('textbox', { name: 'Квартиры по' }).fill(String(edited.range.end));
    await gate.getByRole('textbox', { name: 'Префикс' }).fill('7');
    await gate.getByRole('textbox', { name: 'Дополнительные квартиры' }).fill('101,115');
    await expect.poll(() => page.getByText('Исправьте отмеченные поля').count()).toBe(0);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Подъезд сохранён').waitFor();

    const saved = (await getJson<{ data: EntranceRow }>(page, `/front/entrances/${encodeURIComponent(edited.id)}`)).data;
    expect(saved.type).toBe(2);
    expect(saved.gates).toEqual([{ entranceUid: other.id, from: other.range.start, to: other.range.end, prefix: 7, additionalFlats: '101,115' }]);
    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Калитки' }).getByRole('listitem', { name: 'Калитка 1' });
    expect(await reloaded.getByRole('textbox', { name: 'Префикс' }).inputValue()).toBe('7');
    expect(await reloaded.getByRole('textbox', { name: 'Дополнительные квартиры' }).inputValue()).toBe('101,115');
    await screenshot(page, 'entrance-gate-saved');
    await page.setViewportSize(MOBILE);
    await page.getByRole('region', { name: 'Калитки' }).scrollIntoViewIfNeeded();
    await expect.poll(() => sideways(page)).toBe(0);
    await screenshot(page, 'entrance-gate-saved');
    await page.setViewportSize(DESKTOP);
  });
});

describe('support', () => {
  let session: Session;

  beforeAll(async () => {
    session = await openSession(browser, MOBILE);
    await logIn(session.page, account('support'));
  });

  afterAll(async () => {
    await session?.context.close();
  });

  it('reads an entrance without controls to change it', async () => {
    const { page } = session;
    const { entrances } = await houseWithEntrances(page);
    const entrance = entrances[0]!;
    await page.goto(entrancePath(entrance.id));
    await page.getByText('Только просмотр: изменять подъезд может оператор.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Название' }).getAttribute('readonly')).not.toBeNull();
    for (const name of ['Сохранить', 'Добавить калитку']) expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'entrance-support');
  });
});
