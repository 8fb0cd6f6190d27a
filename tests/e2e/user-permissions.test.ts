import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, XHR, account, launchBrowser, logIn, mainMenu, menuLinkNames, openSession, screenshot, type Session } from './browser';
import { send, sideways } from './housing-helpers';

/*
 * The permissions screen in Chromium against the real server: the operator grants
 * HOUSES_LIST_PERMISSION to a user made for the test, that user (in a second browser) gets «Жилой
 * фонд»; the operator revokes it on the screen and the same user's very next request is refused,
 * without logging in again. Then the phone layout and support's read-only view.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const HOUSES = 'HOUSES_LIST_PERMISSION';
const permissionsPath = (userId: number) => `/users/${userId}/permissions`;

/** Flips one switch and saves it through the confirmation, waiting for the server's answer. */
async function switchAndSave(page: Page, name: string, expected: 'Выдать' | 'Отозвать'): Promise<void> {
  const toggle = page.getByRole('switch', { name: `Назначить «${name}»` });
  const before = await toggle.isChecked();
  await toggle.click();
  expect(await toggle.isChecked()).toBe(!before);
  const bar = page.getByRole('region', { name: 'Несохранённых изменений: 1' });
  await bar.getByRole('button', { name: 'Сохранить' }).click();
  const dialog = page.getByRole('dialog', { name: /Сохранить права пользователя/ });
  await dialog.getByText(`${expected}: ${name}.`, { exact: false }).waitFor();
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && new URL(response.url()).pathname.endsWith('/permissions'));
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  expect((await saved).status()).toBe(200);
  await dialog.waitFor({ state: 'hidden' });
  await bar.waitFor({ state: 'hidden' });
  expect(await toggle.isChecked()).toBe(!before);
}

describe('granting and revoking a permission', () => {
  let operator: Session;
  let resident: Session;
  const login = `perm-e2e-${randomBytes(3).toString('hex')}`;
  const password = 'Пароль-для-теста-1';
  let userId = 0;

  beforeAll(async () => {
    operator = await openSession(browser, DESKTOP);
    await logIn(operator.page, account('operator'));
    const created = (await send(operator.page, 'POST', '/front/user/create', { login, password, comment: 'e2e: права' })) as { newUserId: number };
    userId = created.newUserId;
    expect(userId).toBeGreaterThan(0);
    resident = await openSession(browser, DESKTOP);
    await logIn(resident.page, { login, password });
  });

  afterAll(async () => {
    if (userId) await send(operator.page, 'DELETE', `/front/user/${userId}`);
    await resident?.context.close();
    await operator?.context.close();
  });

  it('shows the user’s login, a link back to the user, and both lists with nothing assigned', async () => {
    const { page } = operator;
    await page.goto(permissionsPath(userId));
    await page.getByRole('heading', { level: 1, name: login }).waitFor();
    expect(await page.getByRole('link', { name: `Пользователь ${login}` }).getAttribute('href')).toBe(`/users/${userId}`);
    await page.getByText('Пользователю не назначено ни одной роли').waitFor();
    await page.getByText('Пользователю не назначено ни одного разрешения').waitFor();
    const roles = page.getByRole('table', { name: 'Роли' });
    // The operator holds management but not superuser: the one is offered, the other locked with the reason.
    expect(await roles.getByRole('switch', { name: 'Назначить «management»' }).isDisabled()).toBe(false);
    expect(await roles.getByRole('switch', { name: 'Назначить «superuser»' }).isDisabled()).toBe(true);
    await roles.getByRole('row', { name: /superuser/ }).getByText('у вас самих нет этой роли', { exact: false }).waitFor();
    await page.getByRole('table', { name: 'Разрешения' }).getByRole('row', { name: /HOUSES_LIST_PERMISSION/ }).getByText('Разрешение', { exact: true }).waitFor();
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'user-permissions-operator');
  });

  it('grants HOUSES_LIST_PERMISSION and the user gets «Жилой фонд» at once', async () => {
    const { page } = operator;
    await switchAndSave(page, HOUSES, 'Выдать');
    const row = page.getByRole('table', { name: 'Разрешения' }).getByRole('row', { name: /HOUSES_LIST_PERMISSION/ });
    // «Выдано», the last column, now holds when (it was «—»).
    expect(await row.getByRole('cell').last().innerText()).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/);
    await screenshot(page, 'user-permissions-granted');

    const user = resident.page;
    await user.goto('/');
    await user.getByRole('heading', { level: 1 }).first().waitFor();
    // The menu is drawn once the permissions arrive, which may be after the main page's heading.
    await mainMenu(user).getByRole('link', { name: 'Жилой фонд' }).waitFor();
    expect(await menuLinkNames(user)).toContain('Жилой фонд');
    await user.goto('/houses');
    await user.getByRole('heading', { name: 'Жилой фонд' }).first().waitFor();
    expect((await user.request.get('/front/house-list?page=1', { headers: XHR })).status()).toBe(200);
  });

  it('revokes it on the screen and the same user’s next request is refused, without a new login', async () => {
    await operator.page.goto(permissionsPath(userId));
    await switchAndSave(operator.page, HOUSES, 'Отозвать');

    const user = resident.page;
    expect((await user.request.get('/front/house-list?page=1', { headers: XHR })).status()).toBe(403);
    await user.reload();
    await user.getByRole('heading', { level: 1 }).first().waitFor();
    // The login in the header comes after the permissions, so the menu is final by now.
    await user.getByRole('banner').getByText(login, { exact: true }).waitFor();
    expect(await menuLinkNames(user)).not.toContain('Жилой фонд');
    await user.goto('/houses');
    await user.getByText('Нет доступа к этому разделу').waitFor();
    // Still the same session: the user reads itself.
    expect((await user.request.get(`/front/user/${userId}`, { headers: XHR })).status()).toBe(200);
  });

  it('asks before leaving with unsaved changes: «Отмена» stays with the change, «Уйти без сохранения» leaves', async () => {
    const { page } = operator;
    await page.goto(permissionsPath(userId));
    const toggle = page.getByRole('switch', { name: `Назначить «${HOUSES}»` });
    const before = await toggle.isChecked();
    await toggle.click();
    await page.getByRole('region', { name: 'Несохранённых изменений: 1' }).waitFor();

    await mainMenu(page).getByRole('link', { name: 'Пользователи' }).click();
    const ask = page.getByRole('dialog', { name: 'Уйти без сохранения?' });
    await ask.getByText('На странице есть несохранённые изменения').waitFor();
    await screenshot(page, 'unsaved-changes-prompt');
    await ask.getByRole('button', { name: 'Отмена' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(permissionsPath(userId));
    expect(await toggle.isChecked()).toBe(!before);

    // A reload asks too (the browser's own question); dismissed, the page and its change stay.
    const question = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))));
    void page.reload().catch(() => undefined);
    expect(await question).toBe('beforeunload');
    expect(await toggle.isChecked()).toBe(!before);

    await mainMenu(page).getByRole('link', { name: 'Пользователи' }).click();
    await ask.getByRole('button', { name: 'Уйти без сохранения' }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    // Nothing was saved.
    await page.goto(permissionsPath(userId));
    await expect.poll(() => toggle.isChecked()).toBe(before);
  });

  it('refuses the operator taking its own USERS_LIST_PERMISSION: locked with the reason', async () => {
    const { page } = operator;
    await page.goto(permissionsPath(2));
    const row = page.getByRole('table', { name: 'Разрешения' }).getByRole('row', { name: /USERS_LIST_PERMISSION/ });
    expect(await row.getByRole('switch').isDisabled()).toBe(true);
    await row.getByText('Нельзя отозвать у себя', { exact: false }).waitFor();
  });
});

describe('the permissions screen on a phone and for support', () => {
  it('shows cards on a phone without sideways scroll', async () => {
    const session = await openSession(browser, MOBILE);
    try {
      await logIn(session.page, account('operator'));
      await session.page.goto(permissionsPath(3));
      await session.page.getByRole('heading', { level: 1, name: 'installer' }).waitFor();
      const roles = session.page.getByRole('list', { name: 'Роли' });
      await roles.getByRole('switch', { name: 'Назначить «adjuster»' }).waitFor();
      expect(await roles.getByRole('switch', { name: 'Назначить «adjuster»' }).isChecked()).toBe(true);
      expect(await sideways(session.page)).toBe(0);
      await screenshot(session.page, 'user-permissions-operator');
      await session.page.getByRole('switch', { name: 'Назначить «KEYS_LIST_PERMISSION»' }).click();
      await session.page.getByRole('region', { name: 'Несохранённых изменений: 1' }).waitFor();
      expect(await sideways(session.page)).toBe(0);
      await screenshot(session.page, 'user-permissions-pending');
    } finally {
      await session.context.close();
    }
  });

  it('gives support the data with every switch disabled', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const session = await openSession(browser, viewport);
      try {
        await logIn(session.page, account('support'));
        await session.page.goto(permissionsPath(2));
        await session.page.getByRole('heading', { level: 1, name: 'operator' }).waitFor();
        await session.page.getByText('Только просмотр: менять права пользователей вы не можете.').waitFor();
        const switches = session.page.getByRole('switch');
        expect(await switches.count()).toBe(7);
        for (const toggle of await switches.all()) expect(await toggle.isDisabled()).toBe(true);
        expect(await sideways(session.page)).toBe(0);
        await screenshot(session.page, 'user-permissions-support');
      } finally {
        await session.context.close();
      }
    }
  });
});
