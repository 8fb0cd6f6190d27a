import { PERMISSIONS, ROLES } from '../../contract/users';
import { accessActions, accessReasons, accessServices } from '../db/schema/access';
import { authAssignments, authItemChildren, authItems } from '../db/schema/auth';
import { buyers, managementCompanies } from '../db/schema/buyers';
import { executors, firmwareVersions } from '../db/schema/devices';
import { groups, userGroups } from '../db/schema/groups';
import { userOptions, users } from '../db/schema/users';
import { adjusterJobs } from '../db/schema/adjuster';
import { ADJUSTER_JOB_KINDS } from '../../contract/adjuster';
import { DEVICE_TYPE_NAMES } from '../../contract/devices';
import { AUTH_ITEM_PERMISSION, AUTH_ITEM_ROLE } from '../repositories/sessions';
import { hashPassword } from '../security/passwords';
import { SEED_BASE_DATE, daysAgo, epochSeconds, type SeedContext } from './context';
import { DEFAULT_LANGUAGE, DEFAULT_TIMEZONE, DICTIONARIES } from './dictionaries';
import { BUYER_NAMES, EXECUTOR_NAMES, FIRST_NAMES, GROUP_NAMES, LAST_NAMES, MANAGEMENT_COMPANY_NAMES } from './names';

/** The accounts the README lists; their password is their login. */
export const DEMO_ACCOUNTS = [
  { login: 'admin', items: [ROLES.superuser], comment: 'Администратор системы' },
  { login: 'operator', items: [ROLES.management, PERMISSIONS.housesList, PERMISSIONS.usersList, PERMISSIONS.keysList], comment: 'Оператор' },
  { login: 'installer', items: [ROLES.adjuster], comment: 'Монтажник' },
  { login: 'support', items: [ROLES.support], comment: 'Техническая поддержка' },
] as const;

const AUTH_ITEMS: readonly { name: string; type: number; description: string }[] = [
  { name: ROLES.superuser, type: AUTH_ITEM_ROLE, description: 'Суперпользователь: все права' },
  { name: ROLES.management, type: AUTH_ITEM_ROLE, description: 'Оператор (управление устройствами и жилым фондом)' },
  { name: ROLES.adjuster, type: AUTH_ITEM_ROLE, description: 'Монтажник (настройка устройств)' },
  { name: ROLES.support, type: AUTH_ITEM_ROLE, description: 'Техническая поддержка (только просмотр)' },
  { name: PERMISSIONS.housesList, type: AUTH_ITEM_PERMISSION, description: 'Жилой фонд' },
  { name: PERMISSIONS.usersList, type: AUTH_ITEM_PERMISSION, description: 'Пользователи' },
  { name: PERMISSIONS.keysList, type: AUTH_ITEM_PERMISSION, description: 'Ключи' },
];

export interface OrgData {
  buyerIds: number[];
  /** buyer id → group ids */
  groupsByBuyer: Map<number, number[]>;
  /** buyer id → management company ids */
  companiesByBuyer: Map<number, number[]>;
  /** buyer id → the executors its devices may name: the shared ones and the buyer's own */
  executorsByBuyer: Map<number, number[]>;
  /** The next free user id (residents come after the staff). */
  nextUserId: number;
}

interface StaffMember {
  id: number;
  login: string;
  buyerId: number;
  items: readonly string[];
  comment: string;
}

/**
 * The index of a buyer's n-th group's parent among its groups, null for the top level: two roots,
 * then two children under each group in turn (a binary heap with two roots), so 6 groups make
 * with 7 groups the tree has three levels, with 15 four.
 */
export function groupParentIndex(n: number): number | null {
  return n < 2 ? null : Math.floor((n - 2) / 2);
}

export async function generateOrganisation(context: SeedContext): Promise<OrgData> {
  const { random, profile, writer } = context;
  const created = epochSeconds(SEED_BASE_DATE) - 400 * 86_400;

  const buyerIds: number[] = [];
  for (let index = 0; index < profile.buyers; index++) {
    const id = index + 1;
    buyerIds.push(id);
    await writer.add(buyers, {
      id,
      name: BUYER_NAMES[index % BUYER_NAMES.length] + (index >= BUYER_NAMES.length ? ` (${Math.floor(index / BUYER_NAMES.length) + 1})` : ''),
      inn: `77${random.digits(8)}`,
      contactName: `${random.pick(LAST_NAMES)[0]} ${random.pick(FIRST_NAMES)[0]}`,
      phone: `+7 (${random.pick(['495', '499', '812', '383', '343'])}) ${random.digits(3)}-${random.digits(2)}-${random.digits(2)}`,
      email: `office${id}@domofon-partner.ru`,
      address: null,
      active: true,
      createdAt: daysAgo(random, 1500, 400),
    });
  }

  for (const item of AUTH_ITEMS) {
    await writer.add(authItems, { ...item, ruleName: null, data: null, createdAt: created, updatedAt: created });
  }
  for (const item of AUTH_ITEMS) {
    if (item.name !== ROLES.superuser) await writer.add(authItemChildren, { parent: ROLES.superuser, child: item.name });
  }

  // Staff: the demo accounts, then a few per role and buyer.
  const staff: StaffMember[] = DEMO_ACCOUNTS.map((account, index) => ({
    id: index + 1,
    login: account.login,
    buyerId: 1,
    items: account.items,
    comment: account.comment,
  }));
  const logins = new Set(staff.map((member) => member.login));
  const staffRoles: readonly { items: readonly string[]; title: string }[] = [
    { items: [ROLES.management, PERMISSIONS.housesList, PERMISSIONS.usersList, PERMISSIONS.keysList], title: 'оператор' },
    { items: [ROLES.adjuster], title: 'монтажник' },
    { items: [ROLES.support], title: 'техподдержка' },
  ];
  for (const buyerId of buyerIds) {
    for (const role of staffRoles) {
      for (let n = 0; n < profile.staffPerRole; n++) {
        const [lastName, lastLatin] = random.pick(LAST_NAMES);
        const [firstName, initial] = random.pick(FIRST_NAMES);
        let login = `${lastLatin}.${initial}`;
        for (let suffix = 2; logins.has(login); suffix++) login = `${lastLatin}.${initial}${suffix}`;
        logins.add(login);
        staff.push({ id: staff.length + 1, login, buyerId, items: role.items, comment: `${lastName} ${firstName}, ${role.title}` });
      }
    }
  }
  const salts = staff.map(() => random.bytes(16));
  const hashes = await Promise.all(staff.map((member, index) => hashPassword(member.login, salts[index])));
  for (const [index, member] of staff.entries()) {
    await writer.add(users, {
      id: member.id,
      login: member.login,
      passwordHash: hashes[index],
      buyerId: member.buyerId,
      comment: member.comment,
      dateCreated: daysAgo(random, 700, 100),
      dontUnlinkFromFlats: false,
      operatorId: null,
      newRoles: [],
    });
  }
  for (const member of staff) {
    for (const item of member.items) await writer.add(authAssignments, { itemName: item, userId: member.id, createdAt: created });
  }
  const timezones = Object.values(DICTIONARIES.supported_timezones);
  for (const member of staff) {
    const demo = member.id <= DEMO_ACCOUNTS.length;
    await writer.add(userOptions, {
      userId: member.id,
      optionName: 'language',
      value: DEFAULT_LANGUAGE,
      lastChangeDate: daysAgo(random, 90),
    });
    await writer.add(userOptions, {
      userId: member.id,
      optionName: 'timezone',
      value: demo ? DEFAULT_TIMEZONE : random.pick(timezones),
      lastChangeDate: daysAgo(random, 90),
    });
  }

  // Catalogue of access reasons, actions and services.
  const reasons = ['Задолженность по оплате', 'Заявка жильца', 'Решение управляющей компании', 'Технические работы', 'Утеря ключа'];
  for (const [index, name] of reasons.entries()) await writer.add(accessReasons, { id: index + 1, name, description: null });
  const actions = ['Заблокировать', 'Разблокировать', 'Ограничить доступ'];
  for (const [index, name] of actions.entries()) await writer.add(accessActions, { id: index + 1, name, description: null });
  const services: readonly [string, string, number][] = [
    ['Домофония', 'Вызов на трубку и в приложение', 1],
    ['Мобильное приложение', 'Открытие двери из приложения', 2],
    ['Видеонаблюдение', 'Доступ к камерам подъезда', 3],
    ['Ключи', 'Открытие дверей ключами и картами', 4],
  ];
  for (const [index, [name, description, type]] of services.entries()) {
    await writer.add(accessServices, { id: index + 1, name, description, type });
  }

  // Groups (a tree: two top-level, two children under each group in turn) and management companies.
  const groupsByBuyer = new Map<number, number[]>();
  const companiesByBuyer = new Map<number, number[]>();
  let groupId = 0;
  let companyId = 0;
  for (const buyerId of buyerIds) {
    const ids: number[] = [];
    for (let n = 0; n < profile.groupsPerBuyer; n++) {
      groupId += 1;
      const parent = groupParentIndex(n);
      await writer.add(groups, {
        id: groupId,
        name: GROUP_NAMES[n % GROUP_NAMES.length] + (n >= GROUP_NAMES.length ? ` ${Math.floor(n / GROUP_NAMES.length) + 1}` : ''),
        buyerId,
        parentId: parent === null ? null : ids[parent],
        uid: random.guid(),
      });
      ids.push(groupId);
    }
    groupsByBuyer.set(buyerId, ids);
    const companies: number[] = [];
    for (let n = 0; n < profile.managementCompaniesPerBuyer; n++) {
      companyId += 1;
      await writer.add(managementCompanies, {
        id: companyId,
        internalId: `MC-${String(companyId).padStart(4, '0')}`,
        name: MANAGEMENT_COMPANY_NAMES[(companyId - 1) % MANAGEMENT_COMPANY_NAMES.length],
        buyerId,
        codeAccess: random.digits(6),
        active: random.chance(0.9),
        nextExecute: new Date(SEED_BASE_DATE.getTime() + random.int(1, 28) * 86_400_000),
        flatNum: random.chance(0.7) ? random.int(9000, 9999) : null,
        interval: random.int(1, 4) * 604_800,
        createdAt: daysAgo(random, 900, 30),
      });
      companies.push(companyId);
    }
    companiesByBuyer.set(buyerId, companies);
  }
  for (const member of staff) {
    const own = groupsByBuyer.get(member.buyerId) ?? [];
    for (const group of own.slice(0, member.id <= DEMO_ACCOUNTS.length ? 2 : 1)) {
      await writer.add(userGroups, { userId: member.id, groupId: group, givenBy: 'admin', createdAt: daysAgo(random, 300) });
    }
  }

  const executorsByBuyer = new Map<number, number[]>(buyerIds.map((buyerId) => [buyerId, []]));
  for (const [index, name] of EXECUTOR_NAMES.entries()) {
    const owner = index < 3 ? null : buyerIds[index % buyerIds.length];
    for (const [buyerId, ids] of executorsByBuyer) if (owner === null || owner === buyerId) ids.push(index + 1);
    await writer.add(executors, { id: index + 1, name, buyerId: owner, active: true });
  }

  let firmwareId = 0;
  for (const [type, typeName] of DEVICE_TYPE_NAMES.entries()) {
    for (const [n, version] of ['1.4.2', '1.6.0', '2.0.3'].entries()) {
      firmwareId += 1;
      await writer.add(firmwareVersions, {
        id: firmwareId,
        deviceType: type,
        version,
        title: `${typeName} ${version}`,
        releasedAt: new Date(SEED_BASE_DATE.getTime() - (3 - n) * 120 * 86_400_000),
      });
    }
  }

  // A few finished port jobs of the demo installer.
  for (const [index, kind] of ADJUSTER_JOB_KINDS.entries()) {
    const at = daysAgo(random, 10, 1);
    await writer.add(adjusterJobs, {
      id: index + 1,
      kind,
      bsName: 'BS-MSK-0012',
      portNum: 14,
      deviceMac: null,
      status: 'success',
      completed: true,
      attempts: 1,
      runAt: at,
      createdBy: 3,
      createdAt: at,
      updatedAt: at,
    });
  }

  return { buyerIds, groupsByBuyer, companiesByBuyer, executorsByBuyer, nextUserId: staff.length + 1 };
}
