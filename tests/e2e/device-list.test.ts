import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceCardResponse } from '../../contract/device-card';
import { DeviceListResponse } from '../../contract/devices';
import { McListResponse } from '../../contract/mc';
import { decode, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '../../contract/common';
import { account, chooseOption, DESKTOP, launchBrowser, literally, logIn, MOBILE, nestedGroup, openSession, pathOf, screenshot, type Session } from './browser';

/*
 * The device list in Chromium against the real server (SEED=small: 30 devices over
 * two buyers, so the superuser has two pages): filter by MAC, sort and page, all kept in the URL;
 * Enter opens the card; three rows get a group, checked on each device's card data. The
 * add action offers the three wizards; a phone shows cards and never scrolls sideways; at 1440 px
 * the grid fits and names the buyer; support reads the list without controls.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function grid(page: Page) {
  return page.getByRole('grid', { name: 'Список устройств' });
}

/** The MACs of the rows on screen, in order. */
async function shownMacs(page: Page): Promise<string[]> {
  return grid(page).getByRole('link', { name: /^Открыть карточку устройства / }).allInnerTexts();
}

/** The list as the server gives it for `search` (the page's own session). */
async function apiList(page: Page, search: string) {
  const response = await page.request.get(`/front/device-list/get-list?${search}`, { headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE } });
  expect(response.status()).toBe(200);
  return decode(DeviceListResponse, await response.json(), 'get-list');
}

async function waitForMacs(page: Page, expected: string[]): Promise<void> {
  await expect.poll(() => shownMacs(page), { timeout: 10_000 }).toEqual(expected);
}

async function openList(page: Page, search = ''): Promise<void> {
  await page.goto(`/devices${search}`);
  await grid(page).getByRole('link', { name: /^Открыть карточку устройства / }).first().waitFor();
}

/** «Добавить устройство» is a menu of the ways to add one; the plain dialog is its last item. */
async function openDialog(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Добавить устройство' }).click();
  await page.getByRole('menuitem', { name: /^Вручную, без мастера/ }).click();
}

/** How far the page scrolls sideways: 0 when nothing is wider than the viewport. */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The add menu fades in: the screenshot waits until it is shown in full. */
async function shootMenu(page: Page, name: string): Promise<void> {
  const paper = page.getByRole('menu', { name: 'Как добавить устройство' }).locator('xpath=..');
  await expect.poll(() => paper.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  await screenshot(page, name);
}

const WIZARDS = [
  { item: /^По серийному номеру/, path: '/devices/serial-number-wizard', title: 'Добавление устройства по серийному номеру' },
  { item: /^По базовой станции и порту/, path: '/devices/wizard', title: 'Добавление устройства по базовой станции и порту' },
  { item: /^Замена устройства/, path: '/devices/replace-wizard', title: 'Замена устройства' },
] as const;

describe('device list', () => {
  let session: Session;

  beforeAll(async () => {
    session = await openSession(browser);
    await logIn(session.page, account('admin'));
  });

  afterAll(async () => {
    await session?.context.close();
  });

  it('filters by a part of the MAC, kept in the URL', async () => {
    const { page } = session;
    await openList(page);
    const all = await apiList(page, 'page=1');
    await waitForMacs(page, all.data.map((row) => row.MAC));
    const target = all.data[1]!.MAC;
    const part = target.replace(/:/g, '').slice(-5).toLowerCase();

    await page.getByRole('textbox', { name: 'MAC-адрес' }).fill(part);
    await page.getByRole('textbox', { name: 'MAC-адрес' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('mac') === part.toUpperCase());
    const filtered = await apiList(page, `page=1&mac=${part}`);
    expect(filtered.data.map((row) => row.MAC)).toContain(target);
    await waitForMacs(page, filtered.data.map((row) => row.MAC));
    for (const mac of filtered.data.map((row) => row.MAC)) expect(mac.replace(/:/g, '')).toContain(part.toUpperCase());

    // A copied link reproduces the view.
    await page.reload();
    await waitForMacs(page, filtered.data.map((row) => row.MAC));
    await expect.poll(() => page.getByRole('textbox', { name: 'MAC-адрес' }).inputValue()).toBe(part.toUpperCase());
    await screenshot(page, 'device-list-filtered');

    await page.getByRole('button', { name: 'Сбросить' }).click();
    await page.waitForURL((url) => !url.searchParams.has('mac'));
    await waitForMacs(page, all.data.map((row) => row.MAC));
  });

  it('filters by a management company chosen by name, kept in the URL', async () => {
    const { page } = session;
    await openList(page);
    const response = await page.request.get('/front/management-company', { headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE } });
    const companies = decode(McListResponse, await response.json(), 'management-company').data;
    const company = companies[0]!;
    const chosen = await chooseOption(page, 'Управляющая компания', new RegExp(`^${literally(company.name)}$`));
    expect(chosen).toBe(company.name);
    await page.waitForURL((url) => url.searchParams.get('mcId') !== null);
    const mcId = new URL(page.url()).searchParams.get('mcId');
    const filtered = await apiList(page, `page=1&mcId=${mcId}`);
    expect(companies.filter((item) => item.name === company.name).map((item) => String(item.id))).toContain(mcId);
    await waitForMacs(page, filtered.data.map((row) => row.MAC));
    await screenshot(page, 'device-list-company-filter');
    await page.getByRole('button', { name: 'Сбросить' }).click();
    await page.waitForURL((url) => !url.searchParams.has('mcId'));
  });

  it('sorts on the server by a column, both ways', async () => {
    const { page } = session;
    await openList(page);
    await grid(page).getByRole('columnheader', { name: 'MAC-адрес' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'MAC');
    const ascending = await apiList(page, 'page=1&sort=MAC');
    await waitForMacs(page, ascending.data.map((row) => row.MAC));
    expect(ascending.data.map((row) => row.MAC)).toEqual(ascending.data.map((row) => row.MAC).sort());

    await grid(page).getByRole('columnheader', { name: 'MAC-адрес' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === '-MAC');
    const descending = await apiList(page, 'page=1&sort=-MAC');
    await waitForMacs(page, descending.data.map((row) => row.MAC));
    expect(descending.data[0]!.MAC > ascending.data[0]!.MAC).toBe(true);
  });

  it('pages on the server, the page kept in the URL', async () => {
    const { page } = session;
    await openList(page, '?sort=MAC');
    const first = await apiList(page, 'page=1&sort=MAC');
    expect(first.pagination.totalCount).toBeGreaterThan(first.pagination.pageSize);
    await waitForMacs(page, first.data.map((row) => row.MAC));
    await page.getByRole('button', { name: 'Перейти на следующую страницу' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    const second = await apiList(page, 'page=2&sort=MAC');
    await waitForMacs(page, second.data.map((row) => row.MAC));
    expect(second.data[0]!.MAC > first.data.at(-1)!.MAC).toBe(true);
    await page.goBack();
    await waitForMacs(page, first.data.map((row) => row.MAC));
  });

  it('moves between rows with the arrow keys and opens the card with Enter', async () => {
    const { page } = session;
    await openList(page, '?sort=MAC');
    const macs = await shownMacs(page);
    const firstTypeCell = grid(page).getByRole('row').filter({ hasText: macs[0]! }).getByRole('gridcell').nth(2);
    await firstTypeCell.click();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.endsWith('/update'));
    expect(decodeURIComponent(pathOf(page))).toBe(`/devices/${macs[1]}/update`);
    expect(session.pageErrors).toEqual([]);
  });
});

describe('create a device', () => {
  it('adds a device from the dialog; the list finds it by its MAC', async () => {
    const { context, page, pageErrors } = await openSession(browser);
    try {
      await logIn(page, account('operator'));
      await openList(page);
      const hex = randomBytes(5).toString('hex').toUpperCase();
      const mac = `02${hex}`.match(/.{2}/g)!.join(':');
      await openDialog(page);
      const dialog = page.getByRole('dialog', { name: 'Новое устройство' });
      await dialog.getByRole('button', { name: 'Добавить', exact: true }).click();
      await dialog.getByText('Введите MAC-адрес: 12 шестнадцатеричных цифр, например AA:BB:CC:DD:EE:FF').waitFor();
      await dialog.getByRole('textbox', { name: 'MAC-адрес' }).fill(`02-${hex.toLowerCase()}`);
      await chooseOption(page, 'Тип устройства', /^ISCOM_X1$/);
      await dialog.getByRole('button', { name: 'Добавить', exact: true }).click();
      await page.getByText(`Устройство ${mac} добавлено`).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('textbox', { name: 'MAC-адрес' }).fill(hex);
      await page.getByRole('button', { name: 'Найти' }).click();
      await waitForMacs(page, [mac]);
      const row = grid(page).getByRole('row').filter({ hasText: mac });
      expect(await row.getByText('ISCOM_X1').isVisible()).toBe(true);
      expect(await row.getByText('Новое').isVisible()).toBe(true);

      // The same MAC again: the server's message shows in the dialog, which keeps what was typed.
      await openDialog(page);
      await dialog.getByRole('textbox', { name: 'MAC-адрес' }).fill(mac);
      await chooseOption(page, 'Тип устройства', /^SPUTNIK$/);
      await dialog.getByRole('button', { name: 'Добавить', exact: true }).click();
      await dialog.getByRole('alert').filter({ hasText: mac }).waitFor();
      expect(await dialog.getByRole('textbox', { name: 'MAC-адрес' }).inputValue()).toBe(mac);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('group assignment', () => {
  it('assigns a group to three selected devices, replacing their groups, and each card shows it', async () => {
    const { context, page, pageErrors } = await openSession(browser);
    try {
      await logIn(page, account('operator'));
      await openList(page, '?sort=MAC');
      const macs = (await shownMacs(page)).slice(0, 3);
      expect(macs).toHaveLength(3);
      for (const mac of macs) {
        await grid(page).getByRole('row').filter({ hasText: mac }).getByRole('checkbox').check();
      }
      await expect.poll(() => page.getByRole('toolbar', { name: 'Выбрано: 3' }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Назначить группы' }).click();
      const dialog = page.getByRole('dialog', { name: 'Группы для устройств: 3' });
      await dialog.waitFor();
      const firstGroup = dialog.locator('fieldset label').first();
      await firstGroup.waitFor();
      const groupName = (await firstGroup.innerText()).trim();
      // A nested group sits under its parent, indented.
      const { child, parent } = await nestedGroup(page);
      const left = async (name: string) => {
        const box = await dialog.getByRole('checkbox', { name, exact: true }).boundingBox();
        if (!box) throw new Error(`no group "${name}" in the dialog`);
        return box.x;
      };
      expect(await left(child.name)).toBeGreaterThan(await left(parent.name));
      await dialog.getByRole('checkbox', { name: groupName, exact: true }).check();
      await dialog.getByRole('switch', { name: 'Заменить текущие группы устройств' }).or(dialog.getByRole('checkbox', { name: 'Заменить текущие группы устройств' })).check();
      await screenshot(page, 'device-list-groups-dialog');
      await dialog.getByRole('button', { name: 'Назначить' }).click();
      await page.getByText('Группы назначены устройствам: 3').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      for (const mac of macs) {
        const response = await page.request.get(`/front/device-card/device/${encodeURIComponent(mac)}`, {
          headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
        });
        expect(response.status()).toBe(200);
        const card = decode(DeviceCardResponse, await response.json(), 'device card');
        expect(card.groups.map((item) => item.name)).toEqual([groupName]);
      }
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('add a device by a wizard', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`offers an installer the three wizards and opens each (${viewport.width} px)`, async () => {
      const { context, page, pageErrors } = await openSession(browser, viewport);
      try {
        await logIn(page, account('installer'));
        for (const wizard of WIZARDS) {
          await page.goto('/devices');
          await page.getByRole('button', { name: 'Добавить устройство' }).click();
          const menu = page.getByRole('menu', { name: 'Как добавить устройство' });
          await menu.waitFor();
          // create-device is management-only: an installer gets the wizards alone.
          expect(await menu.getByRole('menuitem').count()).toBe(3);
          if (wizard === WIZARDS[0]) await shootMenu(page, 'device-list-add-menu-installer');
          await menu.getByRole('menuitem', { name: wizard.item }).click();
          await page.waitForURL((url) => url.pathname === wizard.path);
          await expect.poll(() => page.title()).toBe(wizard.title);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
        }
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('offers an operator the plain dialog besides the wizards', async () => {
    const { context, page } = await openSession(browser);
    try {
      await logIn(page, account('operator'));
      await openList(page);
      await page.getByRole('button', { name: 'Добавить устройство' }).click();
      const items = await page.getByRole('menu', { name: 'Как добавить устройство' }).getByRole('menuitem').allInnerTexts();
      expect(items.map((item) => item.split('\n')[0])).toEqual(['По серийному номеру', 'По базовой станции и порту', 'Замена устройства', 'Вручную, без мастера']);
      await shootMenu(page, 'device-list-add-menu-operator');
    } finally {
      await context.close();
    }
  });
});

describe('device list layout', () => {
  it('shows each device as a card on a phone, with MAC, status and address, the page no wider than the screen', async () => {
    for (const login of ['admin', 'installer'] as const) {
      const { context, page, pageErrors } = await openSession(browser, MOBILE);
      try {
        await logIn(page, account(login));
        await page.goto('/devices');
        const cards = page.getByRole('list', { name: 'Список устройств' });
        await cards.getByRole('listitem').first().waitFor();
        expect(await page.getByRole('grid').count()).toBe(0);
        const expected = (await apiList(page, 'page=1')).data;
        expect(await cards.getByRole('listitem').count()).toBe(expected.length);
        // The first card with an address: its MAC, status in words and the address with entrances.
        const row = expected.find((each) => Object.keys(each.houses).length > 0)!;
        const card = cards.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Открыть карточку устройства ${row.MAC}` }) });
        const text = await card.innerText();
        expect(text).toContain(row.MAC);
        expect(text).toMatch(/Новое|Активно|Отключено|Сброшено/);
        for (const house of Object.values(row.houses)) expect(text).toContain(house.address);
        await card.getByText(/^(В сети|Не в сети)$/).waitFor();
        expect(text).not.toMatch(/online|offline/i);
        expect(await sidewaysScroll(page)).toBe(0);
        await screenshot(page, `device-list-${login}`);
        // The filters fold away and unfold within the width.
        await page.getByRole('button', { name: /^Фильтры/ }).click();
        await page.getByRole('combobox', { name: 'Тип' }).waitFor();
        expect(await sidewaysScroll(page)).toBe(0);
        await screenshot(page, `device-list-filters-${login}`);
        // A tap on the card opens the device's card.
        await page.getByRole('button', { name: 'Скрыть фильтры' }).click();
        await card.getByRole('link', { name: `Открыть карточку устройства ${row.MAC}` }).click();
        await page.waitForURL((url) => url.pathname.endsWith('/update'));
        expect(decodeURIComponent(pathOf(page))).toBe(`/devices/${row.MAC}/update`);
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('fits the grid into 1440 px: the actions on screen, no sideways scroll, the buyer by name', async () => {
    const { context, page, pageErrors } = await openSession(browser, DESKTOP);
    try {
      await logIn(page, account('admin'));
      // The grid's own order (the server's default): the row read below is on its first page.
      await openList(page);
      const header = grid(page).getByRole('columnheader', { name: 'Действия' });
      const box = await header.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(DESKTOP.width);
      const scroller = await grid(page).evaluate((element) => {
        const inner = element.querySelector('.MuiDataGrid-virtualScroller');
        return inner ? inner.scrollWidth - inner.clientWidth : -1;
      });
      expect(scroller).toBe(0);
      expect(await sidewaysScroll(page)).toBe(0);

      const rows = (await apiList(page, 'page=1')).data;
      const named = rows[0]!;
      expect(named.BUYER_NAME).toBeTruthy();
      const row = grid(page).getByRole('row').filter({ hasText: named.MAC });
      await row.getByRole('gridcell').filter({ hasText: named.BUYER_NAME ?? '' }).first().waitFor();
      // The statuses refresh re-renders the rows: read the cells again until a render shows them.
      await expect.poll(() => row.getByRole('gridcell').allInnerTexts(), { timeout: 10_000 }).toContain(named.BUYER_NAME);
      expect(await row.getByRole('gridcell').allInnerTexts()).not.toContain(String(named.BUYER_ID));
      await screenshot(page, 'device-list-admin');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("fits an installer's grid too, with the set-up wizard on every row", async () => {
    const { context, page } = await openSession(browser, DESKTOP);
    try {
      await logIn(page, account('installer'));
      await openList(page);
      const wizard = grid(page).getByRole('link', { name: /^Мастер настройки / }).first();
      const box = await wizard.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(DESKTOP.width);
      expect(await grid(page).getByRole('checkbox').count()).toBe(0);
      expect(await sidewaysScroll(page)).toBe(0);
      await screenshot(page, 'device-list-installer');
    } finally {
      await context.close();
    }
  });
});

describe('support reads the device list', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`shows support the rows and their cards without add, selection or wizards (${viewport.width} px)`, async () => {
      const { context, page, pageErrors } = await openSession(browser, viewport);
      try {
        await logIn(page, account('support'));
        await page.goto('/devices');
        const rows = viewport === DESKTOP ? grid(page) : page.getByRole('list', { name: 'Список устройств' });
        const first = rows.getByRole('link', { name: /^Открыть карточку устройства / }).first();
        await first.waitFor();
        await page.getByRole('search').waitFor();
        expect(await page.getByRole('button', { name: 'Добавить устройство' }).count()).toBe(0);
        expect(await page.getByRole('checkbox').count()).toBe(0);
        expect(await page.getByRole('link', { name: /^Мастер настройки / }).count()).toBe(0);
        expect(await sidewaysScroll(page)).toBe(0);
        await screenshot(page, 'device-list-support');
        await first.click();
        await page.waitForURL((url) => url.pathname.endsWith('/update'));
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
