import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, account, chooseOption, getJson, launchBrowser, literally, logIn, openSession, screenshot, type Session } from './browser';
import { send, sideways } from './housing-helpers';

/*
 * The group screens in Chromium against the real server (SEED=small): the operator
 * builds parent → child → grandchild on /groups, moves the grandchild under another parent, is
 * refused deleting a parent with children, opens a group's page with a device and a user in it, and
 * deletes the groups; support reads both screens without a control to change anything. Every group
 * made here is deleted at the end: later tests on this server see the seed as it was.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface TreeGroup {
  groupId: number;
  name: string;
  parentId: number | null;
  buyerId: number;
}

const tag = randomBytes(3).toString('hex');
const names = { parent: `Е2Е Район ${tag}`, child: `Е2Е Квартал ${tag}`, grandchild: `Е2Е Дом ${tag}`, other: `Е2Е Другой район ${tag}` };

async function treeGroups(page: Page): Promise<TreeGroup[]> {
  return (await getJson<{ data: TreeGroup[] }>(page, '/front/groups/tree')).data;
}

async function groupNamed(page: Page, name: string): Promise<TreeGroup> {
  const group = (await treeGroups(page)).find((item) => item.name === name);
  if (!group) throw new Error(`no group ${name}`);
  return group;
}

/** Deletes the test's groups, children first (each refused while it has children). */
async function cleanUp(page: Page): Promise<void> {
  for (let round = 0; round < 4; round++) {
    const ours = (await treeGroups(page)).filter((group) => group.name.endsWith(tag));
    if (ours.length === 0) return;
    const parents = new Set(ours.map((group) => group.parentId));
    for (const group of ours.filter((item) => !parents.has(item.groupId))) await send(page, 'DELETE', `/front/groups/${group.groupId}`);
  }
}

async function createInDialog(page: Page, name: string, parent: string | null): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Новая группа' });
  // A click that lands while the list re-renders may not open the dialog: click again until it is open.
  await expect
    .poll(
      async () => {
        if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Добавить группу' }).click();
        return dialog.getByRole('textbox', { name: 'Название' }).isVisible();
      },
      { timeout: 30_000, interval: 3_000 },
    )
    .toBe(true);
  await dialog.getByRole('textbox', { name: 'Название' }).fill(name);
  if (parent) await chooseOption(page, 'Родительская группа', new RegExp(`^\\s*${literally(parent)}$`));
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('link', { name: `Открыть группу ${name}`, exact: true }).waitFor();
}

describe('the operator on the group screens', () => {
  let session: Session;
  let page: Page;

  beforeAll(async () => {
    session = await openSession(browser, DESKTOP);
    page = session.page;
    await logIn(page, account('operator'));
  });

  afterAll(async () => {
    await cleanUp(page);
    await session?.context.close();
  });

  it('builds parent → child → grandchild on /groups, each under the one before', async () => {
    // A retry starts from no groups of this file's tag, as the first attempt did.
    await cleanUp(page);
    await page.goto('/groups');
    await page.getByRole('heading', { level: 1, name: 'Группы' }).waitFor();
    await page.getByRole('list', { name: 'Дерево групп' }).waitFor();
    await createInDialog(page, names.parent, null);
    await createInDialog(page, names.child, names.parent);
    await createInDialog(page, names.grandchild, names.child);
    await createInDialog(page, names.other, null);
    const parent = await groupNamed(page, names.parent);
    const child = await groupNamed(page, names.child);
    expect(child.parentId).toBe(parent.groupId);
    expect((await groupNamed(page, names.grandchild)).parentId).toBe(child.groupId);
    expect(parent.buyerId).toBe(1);

    // Collapsing the parent hides its branch; expanding shows it again.
    await page.getByRole('button', { name: `Свернуть ${names.parent}` }).click();
    await page.getByRole('link', { name: `Открыть группу ${names.child}` }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Развернуть ${names.parent}` }).click();
    await page.getByRole('link', { name: `Открыть группу ${names.grandchild}` }).waitFor();
    expect(session.pageErrors).toEqual([]);
  });

  it('moves the grandchild under another parent; the picker offers neither a group itself nor one under it', async () => {
    await page.goto('/groups');
    await page.getByRole('button', { name: `Изменить группу ${names.child}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Изменить группу' });
    await dialog.getByRole('combobox', { name: 'Родительская группа' }).waitFor();
    const options = (await dialog.getByRole('combobox', { name: 'Родительская группа' }).locator('option').allInnerTexts()).map((text) => text.trim());
    expect(options).toContain(names.parent);
    expect(options).not.toContain(names.child);
    expect(options).not.toContain(names.grandchild);
    await dialog.getByRole('button', { name: 'Отмена' }).click();

    await page.getByRole('button', { name: `Изменить группу ${names.grandchild}` }).click();
    await chooseOption(page, 'Родительская группа', new RegExp(`^\\s*${literally(names.other)}$`));
    await screenshot(page, 'groups-move');
    await page.getByRole('dialog', { name: 'Изменить группу' }).getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const other = await groupNamed(page, names.other);
    await expect.poll(async () => (await groupNamed(page, names.grandchild)).parentId).toBe(other.groupId);

    // The search shows a match with its ancestors, and nothing else.
    await page.getByRole('searchbox', { name: 'Поиск по названию' }).fill(names.grandchild.slice(0, -3).replace('Е2Е ', ''));
    await page.getByRole('link', { name: `Открыть группу ${names.other}` }).waitFor();
    await page.getByRole('link', { name: `Открыть группу ${names.grandchild}` }).waitFor();
    // The tree showed all three before the search was applied: the parent goes once it is.
    await expect.poll(() => page.getByRole('link', { name: `Открыть группу ${names.parent}` }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('name')).not.toBeNull();
  });

  it('says a parent with children cannot be deleted before asking, and deletes nothing', async () => {
    await page.goto('/groups');
    await page.getByRole('button', { name: `Удалить группу ${names.parent}` }).click();
    const refusal = page.getByRole('dialog', { name: 'Группу нельзя удалить' });
    await refusal.getByText(`В группе «${names.parent}» есть вложенные группы (1)`).waitFor();
    expect(await refusal.getByRole('button', { name: 'Удалить' }).count()).toBe(0);
    await screenshot(page, 'groups-refused-delete');
    await refusal.getByRole('button', { name: 'Понятно' }).click();
    await refusal.waitFor({ state: 'hidden' });
    await groupNamed(page, names.parent);
    expect(await sideways(page)).toBe(0);
  });

  it("opens a group's page with its devices and users, each linking to its screen, and renames it", async () => {
    const child = await groupNamed(page, names.child);
    const [row] = (await getJson<{ data: { MAC: string }[] }>(page, '/front/device-list/get-list?page=1')).data;
    const device = { mac: row!.MAC };
    await send(page, 'POST', '/front/device-list/multiple-set-groups', { macs: [device.mac], groups: [child.groupId], clearOld: false });
    const support = await getJson<{ data: { groups: { id: number }[] } }>(page, '/front/user/4');
    await send(page, 'POST', '/front/user/4/groups', { groups: [...support.data.groups.map((group) => group.id), child.groupId] });

    await page.goto('/groups');
    await page.getByRole('link', { name: `Открыть группу ${names.child}` }).click();
    await page.waitForURL((url) => url.pathname === `/groups/${child.groupId}`);
    await page.getByRole('heading', { level: 1, name: names.child }).waitFor();
    await page.getByText(`Путь: ${names.parent} › ${names.child}`).waitFor();
    const devices = page.getByRole('region', { name: 'Устройства группы' });
    expect(await devices.getByRole('link', { name: `Открыть устройство ${device.mac}` }).getAttribute('href')).toBe(`/devices/${encodeURIComponent(device.mac)}/update`);
    const users = page.getByRole('region', { name: 'Пользователи группы' });
    expect(await users.getByRole('link', { name: 'Открыть пользователя support' }).getAttribute('href')).toBe('/users/4');
    expect(await sideways(page)).toBe(0);
    await screenshot(page, 'group-operator');

    const name = page.getByRole('textbox', { name: 'Название' });
    await name.fill('');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Введите название').waitFor();
    await name.fill(`${names.child} (переименован)`);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('heading', { level: 1, name: `${names.child} (переименован)` }).waitFor();
    await name.fill(names.child);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('heading', { level: 1, name: names.child, exact: true }).waitFor();
  });

  it('deletes a group from its page and goes back to the tree', async () => {
    const grandchild = await groupNamed(page, names.grandchild);
    await page.goto(`/groups/${grandchild.groupId}`);
    await page.getByRole('button', { name: 'Удалить группу' }).click();
    await page.getByRole('dialog', { name: 'Удалить группу?' }).getByRole('button', { name: 'Удалить' }).click();
    await page.waitForURL((url) => url.pathname === '/groups');
    await page.getByRole('link', { name: `Открыть группу ${names.other}` }).waitFor();
    expect((await treeGroups(page)).some((group) => group.groupId === grandchild.groupId)).toBe(false);
  });
});

describe('the group screens on a phone and for support', () => {
  let operator: Session;

  beforeAll(async () => {
    operator = await openSession(browser, DESKTOP);
    await logIn(operator.page, account('operator'));
    const parent = (await send(operator.page, 'POST', '/front/groups/create', { name: names.parent })) as { data: TreeGroup };
    const child = (await send(operator.page, 'POST', '/front/groups/create', { name: names.child, parentId: parent.data.groupId })) as { data: TreeGroup };
    const grandchild = (await send(operator.page, 'POST', '/front/groups/create', { name: names.grandchild, parentId: child.data.groupId })) as { data: TreeGroup };
    const devices = (await getJson<{ data: { MAC: string }[] }>(operator.page, '/front/device-list/get-list?page=1')).data.slice(0, 2);
    await send(operator.page, 'POST', '/front/device-list/multiple-set-groups', { macs: devices.map((device) => device.MAC), groups: [grandchild.data.groupId], clearOld: false });
  });

  afterAll(async () => {
    await cleanUp(operator.page);
    await operator?.context.close();
  });

  it('fits the tree and a group page on a phone', async () => {
    const phone = await openSession(browser, MOBILE);
    try {
      await logIn(phone.page, account('operator'));
      await phone.page.goto('/groups');
      await phone.page.getByRole('link', { name: `Открыть группу ${names.grandchild}` }).waitFor();
      expect(await sideways(phone.page)).toBe(0);
      await phone.page.getByRole('link', { name: `Открыть группу ${names.grandchild}` }).scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'groups-operator');
      await phone.page.getByRole('link', { name: `Открыть группу ${names.grandchild}` }).click();
      await phone.page.getByRole('heading', { level: 1, name: names.grandchild }).waitFor();
      const devices = phone.page.getByRole('region', { name: 'Устройства группы' });
      await devices.getByRole('list', { name: 'Устройства группы' }).getByRole('link', { name: /^Открыть устройство/ }).first().waitFor();
      expect(await devices.getByRole('link', { name: /^Открыть устройство/ }).count()).toBe(2);
      expect(await sideways(phone.page)).toBe(0);
      await screenshot(phone.page, 'group-operator');
      await devices.scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'group-operator-devices');
      expect(phone.pageErrors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`shows the superuser every buyer's groups, one section per buyer, at ${viewport.width}px`, async () => {
      const admin = await openSession(browser, viewport);
      try {
        const { page } = admin;
        await logIn(page, account('admin'));
        const tree = await getJson<{ data: TreeGroup[]; buyers: { buyerId: number; name: string }[] }>(page, '/front/groups/tree');
        const withGroups = tree.buyers.filter((buyer) => tree.data.some((group) => group.buyerId === buyer.buyerId));
        expect(withGroups.length).toBeGreaterThan(1);
        await page.goto('/groups');
        for (const buyer of withGroups) await page.getByRole('region', { name: `Покупатель: ${buyer.name}` }).waitFor();
        const second = tree.data.find((group) => group.buyerId === withGroups[1]!.buyerId)!;
        await page.getByRole('region', { name: `Покупатель: ${withGroups[1]!.name}` }).getByRole('link', { name: `Открыть группу ${second.name}` }).first().waitFor();
        expect(await sideways(page)).toBe(0);
        await screenshot(page, 'groups-superuser');
        // A new group is made for the buyer picked, under that buyer's groups only.
        await page.getByRole('button', { name: 'Добавить группу' }).click();
        const dialog = page.getByRole('dialog', { name: 'Новая группа' });
        await chooseOption(page, 'Покупатель', new RegExp(`^${literally(withGroups[1]!.name)}$`));
        const parents = (await dialog.getByRole('combobox', { name: 'Родительская группа' }).locator('option').allInnerTexts()).map((text) => text.trim());
        expect(parents.slice(1).sort()).toEqual(tree.data.filter((group) => group.buyerId === withGroups[1]!.buyerId).map((group) => group.name).sort());
        await screenshot(page, 'groups-superuser-create');
        await dialog.getByRole('button', { name: 'Отмена' }).click();
      } finally {
        await admin.context.close();
      }
    });

    it(`lets support read both screens without a control at ${viewport.width}px`, async () => {
      const support = await openSession(browser, viewport);
      try {
        const { page } = support;
        await logIn(page, account('support'));
        await page.goto('/groups');
        await page.getByRole('link', { name: `Открыть группу ${names.grandchild}` }).waitFor();
        await page.getByText('Только просмотр: изменять группы может оператор.').waitFor();
        expect(await page.getByRole('button', { name: 'Добавить группу' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: /^(Изменить|Удалить) группу/ }).count()).toBe(0);
        expect(await sideways(page)).toBe(0);
        await screenshot(page, 'groups-support');
        await page.getByRole('link', { name: `Открыть группу ${names.child}` }).click();
        await page.getByRole('heading', { level: 1, name: names.child }).waitFor();
        await page.getByRole('region', { name: 'Пользователи группы' }).waitFor();
        expect(await page.getByRole('textbox').count()).toBe(0);
        expect(await page.getByRole('button', { name: /Удалить|Сохранить/ }).count()).toBe(0);
        expect(await sideways(page)).toBe(0);
        await screenshot(page, 'group-support');
      } finally {
        await support.context.close();
      }
    });
  }
});
