import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, account, launchBrowser, logIn, mainMenu, openSession, pathOf, screenshot, type Session } from './browser';
import { concretePath, overflow, routeValues } from './route-visits';

const WIZARDS = [
  { link: 'Добавить по серийному номеру', path: '/devices/serial-number-wizard', title: 'Добавление устройства по серийному номеру' },
  { link: 'Подключить по базовой станции и порту', path: '/devices/wizard', title: 'Добавление устройства по базовой станции и порту' },
  { link: 'Заменить устройство', path: '/devices/replace-wizard', title: 'Замена устройства' },
] as const;

const REFUSAL = 'Нет доступа к этому разделу';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['installer', { width: 360, height: 740 }],
  ['admin', { width: 1440, height: 900 }],
  ['admin', { width: 1280, height: 800 }],
  ['operator', { width: 1300, height: 800 }],
] as const)('the header of %s fits at %o', (login, viewport) => {
  let session: Session;

  beforeAll(async () => {
    session = await openSession(browser, viewport);
    await logIn(session.page, account(login));
  });

  afterAll(async () => {
    await session?.context.close();
  });

  it('keeps the connectivity chip, help and logout on screen, and the page within the viewport', async () => {
    const { page } = session;
    await page.getByRole('banner').getByText(login, { exact: true }).or(page.getByRole('button', { name: 'Открыть меню' })).first().waitFor();
    const banner = page.getByRole('banner');
    const controls = [banner.getByRole('link', { name: /^(Синхронизация|В сети|Нет связи)/ }), banner.getByRole('button', { name: 'Справка' }), banner.getByRole('button', { name: 'Выйти' })];
    for (const control of controls) {
      await control.waitFor();
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      if (box) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
    }
    // The brand gives way first (on a phone it ends in an ellipsis); on a desktop the menu leaves it whole.
    if (viewport.width >= 1200) {
      const brand = banner.getByRole('link', { name: 'Домофоны · бэк-офис' });
      expect(await brand.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    }
    const { doc, body, inner } = await overflow(page);
    expect(Math.max(doc, body)).toBeLessThanOrEqual(inner);
    await screenshot(page, `header-${login}`);
  });
});

describe('an installer on a phone reaches every wizard and the house list', () => {
  let session: Session;

  beforeAll(async () => {
    session = await openSession(browser, MOBILE);
    await logIn(session.page, account('installer'));
  });

  afterAll(async () => {
    await session?.context.close();
  });

  async function expectWizard(page: Page, wizard: (typeof WIZARDS)[number]): Promise<void> {
    await page.waitForURL((url) => url.pathname === wizard.path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.title()).toBe(wizard.title);
    expect(await page.getByRole('heading', { name: REFUSAL }).count()).toBe(0);
  }

  it('taps each of the three wizards on the main page', async () => {
    const { page } = session;
    for (const wizard of WIZARDS) {
      await page.goto('/');
      const block = page.getByRole('region', { name: 'Подключение устройств' });
      await block.waitFor();
      if (wizard === WIZARDS[0]) await screenshot(page, 'home-installer');
      await block.getByRole('link', { name: wizard.link }).click();
      await expectWizard(page, wizard);
    }
  });

  it('opens each wizard from the drawer', async () => {
    const { page } = session;
    for (const wizard of WIZARDS) {
      await page.goto('/');
      await page.getByRole('button', { name: 'Открыть меню' }).click();
      const wizards = page.getByRole('navigation', { name: 'Подключение устройств' });
      await wizards.waitFor();
      if (wizard === WIZARDS[0]) await screenshot(page, 'drawer-installer');
      await wizards.getByRole('link', { name: wizard.link }).click();
      await expectWizard(page, wizard);
    }
  });

  it('opens the house list from the drawer, read-only', async () => {
    const { page } = session;
    await page.goto('/');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await mainMenu(page).getByRole('link', { name: 'Жилой фонд', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/houses');
    await page.getByRole('heading', { name: 'Жилой фонд', level: 1 }).waitFor();
    await page.getByRole('grid').waitFor();
    expect(await page.getByRole('button', { name: 'Добавить дом' }).count()).toBe(0);
  });
});

describe('the housing screens (the «housing» rule)', () => {
  const HOUSING_REFUSAL = 'Нужна роль оператора или технической поддержки либо право «Жилой фонд».';

  it.each(['installer', 'support', 'operator'])('as %s: installers are refused the house, entrance and blocks screens, the others open them', async (login) => {
    const session = await openSession(browser, DESKTOP);
    try {
      const { page } = session;
      await logIn(page, account(login));
      const values = await routeValues(page);
      for (const path of ['/houses/:houseUid', '/entrances/:entranceUid', '/access']) {
        await page.goto(concretePath(path, values));
        await page.locator('main h1').first().waitFor();
        const refused = page.getByRole('heading', { name: REFUSAL, level: 1 });
        if (login === 'installer') {
          await refused.waitFor();
          await page.getByText(HOUSING_REFUSAL).waitFor();
        } else {
          expect(await refused.count(), path).toBe(0);
        }
      }
      if (login === 'installer') {
        // The list stays, without links into the screens it may not open.
        await page.goto('/houses');
        await page.getByRole('grid').waitFor();
        expect(await page.getByRole('grid').getByRole('link').count()).toBe(0);
      }
    } finally {
      await session.context.close();
    }
  });
});

describe('an installer on a desktop reaches the wizards from the menu', () => {
  let session: Session;

  beforeAll(async () => {
    session = await openSession(browser, DESKTOP);
    await logIn(session.page, account('installer'));
  });

  afterAll(async () => {
    await session?.context.close();
  });

  it('shows the wizards first on the main page and in the «Подключение» menu', async () => {
    const { page } = session;
    await page.getByRole('region', { name: 'Подключение устройств' }).waitFor();
    expect(await mainMenu(page).getByRole('link').allTextContents()).toEqual(['Устройства', 'Жилой фонд']);
    await screenshot(page, 'home-installer');
    for (const wizard of WIZARDS) {
      await mainMenu(page).getByRole('button', { name: 'Подключение' }).click();
      const item = page.getByRole('menuitem', { name: wizard.link });
      await item.waitFor();
      if (wizard === WIZARDS[0]) await screenshot(page, 'menu-wizards-installer');
      await item.click();
      await page.waitForURL((url) => url.pathname === wizard.path);
      expect(await page.title()).toBe(wizard.title);
    }
  });
});

describe.each([
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const)('support on a %s', (_name, viewport) => {
  let session: Session;
  const scripts: string[] = [];

  beforeAll(async () => {
    session = await openSession(browser, viewport);
    session.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await logIn(session.page, account('support'));
  });

  afterAll(async () => {
    await session?.context.close();
  });

  it('sees what it reads (devices, groups, houses, companies, users, keys) on the main page, and no wizards or queue of its own', async () => {
    const { page } = session;
    const sections = page.getByRole('main').getByRole('link');
    await page.getByRole('main').getByRole('link', { name: /^Настройки пользователя/ }).waitFor();
    const names = await sections.allTextContents();
    for (const name of ['Устройства', 'Группы', 'Жилой фонд', 'Управляющие компании', 'Пользователи', 'Ключи']) expect(names.some((text) => text.startsWith(name)), name).toBe(true);
    expect(names.some((text) => text.startsWith('Очередь отправки'))).toBe(false);
    expect(names.find((text) => text.startsWith('Ключи'))).not.toMatch(/Создание/);
    expect(await page.getByRole('region', { name: 'Подключение устройств' }).count()).toBe(0);
    expect(names.some((text) => text.includes('Добавить по серийному номеру'))).toBe(false);
    await screenshot(page, 'home-support');
    if (viewport === MOBILE) {
      await page.getByRole('button', { name: 'Открыть меню' }).click();
      await mainMenu(page).getByRole('link', { name: 'Жилой фонд', exact: true }).waitFor();
      // «Управление блокировками» and the companies sit under «Жилой фонд» in the drawer (support reads both);
      // the installers' queues and the audit trail under «Устройства».
      expect(await mainMenu(page).getByRole('link').allTextContents()).toEqual(['Устройства', 'Очереди монтажников', 'Журнал изменений', 'Группы', 'Жилой фонд', 'Управление блокировками', 'Управляющие компании', 'Пользователи', 'Ключи']);
      expect(await page.getByRole('navigation', { name: 'Подключение устройств' }).count()).toBe(0);
      await screenshot(page, 'drawer-support');
      await page.keyboard.press('Escape');
    } else {
      expect(await mainMenu(page).getByRole('link').allTextContents()).toEqual(['Устройства', 'Группы', 'Жилой фонд', 'Пользователи', 'Ключи']);
      expect(await mainMenu(page).getByRole('button', { name: 'Подключение' }).count()).toBe(0);
    }
  });

  it('opening a wizard by its address shows a plain refusal, without the wizard or a retry', async () => {
    const { page } = session;
    for (const wizard of WIZARDS) {
      await page.goto(wizard.path);
      await page.getByRole('heading', { name: REFUSAL, level: 1 }).waitFor();
      expect(pathOf(page)).toBe(wizard.path);
      await page.getByText('Нужна роль монтажника или оператора.').waitFor();
      expect(await page.getByRole('button', { name: /Повторить|Далее|Назад/ }).count()).toBe(0);
      expect(await page.getByRole('main').getByRole('textbox').count()).toBe(0);
      expect(await page.getByRole('main').getByRole('link', { name: 'На главную' }).count()).toBe(1);
      if (wizard === WIZARDS[0]) await screenshot(page, 'no-access-support');
    }
    expect(scripts.filter((url) => /wizard-page/.test(url))).toEqual([]);
    await page.getByRole('main').getByRole('link', { name: 'На главную' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('opens the house list read-only', async () => {
    const { page } = session;
    await page.goto('/houses');
    await page.getByRole('heading', { name: 'Жилой фонд', level: 1 }).waitFor();
    await page.getByRole('grid').waitFor();
    expect(await page.getByRole('heading', { name: REFUSAL }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Добавить дом' }).count()).toBe(0);
  });
});
