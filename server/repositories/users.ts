import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Group } from '../../contract/groups';
import type { UserDetail, UserListRow } from '../../contract/users';
import type { Db } from '../db/client';
import { accessActions, accessReasons, accessServices, userAccess } from '../db/schema/access';
import { authAssignments, authItems } from '../db/schema/auth';
import { flatUsers, flats } from '../db/schema/flats';
import { groups, userGroups } from '../db/schema/groups';
import { houses } from '../db/schema/houses';
import { sipAccounts } from '../db/schema/sip';
import { externalUsers, userDevices, users } from '../db/schema/users';
import { AUTH_ITEM_ROLE } from './sessions';

/** Role whose holders are listed as operators (User detail `operators`). */
const OPERATOR_ROLE = 'management';

export async function findUserByLogin(db: Db, login: string): Promise<{ id: number; passwordHash: string | null } | null> {
  const rows = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.login}) = lower(${login})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserBuyer(db: Db, userId: number): Promise<number | null> {
  const rows = await db.select({ buyerId: users.buyerId }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.buyerId ?? null;
}

/** The groups the user belongs to (Current user's group list, spec §3). */
export async function listUserGroups(db: Db, userId: number): Promise<Group[]> {
  return db
    .select({ groupId: groups.id, name: groups.name, buyerId: groups.buyerId, parentId: groups.parentId, uid: groups.uid })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(eq(userGroups.userId, userId))
    .orderBy(asc(groups.name), asc(groups.id));
}

function toMap<T>(rows: T[], key: (row: T) => string | number, label: (row: T) => string): Record<string, string> {
  return Object.fromEntries(rows.map((row) => [String(key(row)), label(row)]));
}

/** spec §3 "User detail". The password is never sent: `password` is always ''. */
export async function getUserDetail(db: Db, userId: number): Promise<UserDetail | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;

  const [external, roles, sip, groupRows, devices, flatRows, access, allRoles, operators, services, actions, reasons] = await Promise.all([
    db.select().from(externalUsers).where(eq(externalUsers.userId, userId)).limit(1),
    db
      .select({ name: authItems.name })
      .from(authAssignments)
      .innerJoin(authItems, eq(authItems.name, authAssignments.itemName))
      .where(and(eq(authAssignments.userId, userId), eq(authItems.type, AUTH_ITEM_ROLE)))
      .orderBy(asc(authItems.name)),
    db
      .select({ id: sipAccounts.id, login: sipAccounts.login, password: sipAccounts.password, domain: sipAccounts.domain, port: sipAccounts.port, type: sipAccounts.type })
      .from(sipAccounts)
      .where(eq(sipAccounts.userId, userId))
      .orderBy(asc(sipAccounts.id)),
    db
      .select({ id: groups.id, name: groups.name, givenBy: userGroups.givenBy })
      .from(userGroups)
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(eq(userGroups.userId, userId))
      .orderBy(asc(groups.name)),
    db.select().from(userDevices).where(eq(userDevices.userId, userId)).orderBy(asc(userDevices.id)),
    db
      .select({ flatId: flats.id, address: houses.address, houseUid: flats.houseUid, flatNum: flats.flatNum })
      .from(flatUsers)
      .innerJoin(flats, eq(flats.id, flatUsers.flatId))
      .innerJoin(houses, eq(houses.uid, flats.houseUid))
      .where(eq(flatUsers.userId, userId))
      .orderBy(asc(houses.address), asc(flats.flatNum)),
    db
      .select({ action: userAccess.actionId, reason: userAccess.reasonId, service: userAccess.serviceId })
      .from(userAccess)
      .where(eq(userAccess.userId, userId))
      .orderBy(asc(userAccess.serviceId)),
    db.select({ name: authItems.name, description: authItems.description }).from(authItems).where(eq(authItems.type, AUTH_ITEM_ROLE)).orderBy(asc(authItems.name)),
    db
      .select({ id: users.id, login: users.login })
      .from(users)
      .innerJoin(authAssignments, and(eq(authAssignments.userId, users.id), eq(authAssignments.itemName, OPERATOR_ROLE)))
      .where(eq(users.buyerId, user.buyerId))
      .orderBy(asc(users.login)),
    db.select({ id: accessServices.id, name: accessServices.name }).from(accessServices).orderBy(asc(accessServices.id)),
    db.select({ id: accessActions.id, name: accessActions.name }).from(accessActions).orderBy(asc(accessActions.id)),
    db.select({ id: accessReasons.id, name: accessReasons.name }).from(accessReasons).orderBy(asc(accessReasons.id)),
  ]);

  return {
    id: user.id,
    login: user.login,
    password: '',
    buyerId: user.buyerId,
    comment: user.comment,
    externalUser: external[0]
      ? { id: external[0].id, userId: external[0].userId, buyerId: external[0].buyerId, externalId: external[0].externalId }
      : null,
    dateCreated: user.dateCreated.toISOString(),
    roles: roles.map((role) => role.name),
    dontUnlinkFromFlats: user.dontUnlinkFromFlats,
    operatorId: user.operatorId,
    sipAccounts: sip,
    groups: groupRows,
    devices: devices.map((device) => ({
      id: device.id,
      name: device.name,
      os: device.os,
      pushEnabled: device.pushEnabled,
      dateUpdated: device.dateUpdated ? device.dateUpdated.toISOString() : null,
    })),
    flats: flatRows,
    access,
    newRoles: user.newRoles,
    rolesList: toMap(allRoles, (role) => role.name, (role) => role.description ?? role.name),
    operators: toMap(operators, (operator) => operator.id, (operator) => operator.login),
    services: toMap(services, (service) => service.id, (service) => service.name),
    actions: toMap(actions, (action) => action.id, (action) => action.name),
    reasons: toMap(reasons, (reason) => reason.id, (reason) => reason.name),
  };
}

export interface UserListFilters {
  login?: string;
  comment?: string;
  buyerId?: number;
  userId?: number;
}

/** `%` and `_` typed by the user match themselves. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * spec §3 "User list row" page: `login` and `comment` match a part, case-insensitively (the login
 * through its pg_trgm index); `scope` limits the list to one buyer (null: every buyer).
 */
export async function listUsers(db: Db, filters: UserListFilters, scope: number | null, page: number, pageSize: number): Promise<{ rows: UserListRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    scope === null ? undefined : eq(users.buyerId, scope),
    filters.buyerId === undefined ? undefined : eq(users.buyerId, filters.buyerId),
    filters.userId === undefined ? undefined : eq(users.id, filters.userId),
    filters.login ? ilike(users.login, containing(filters.login)) : undefined,
    filters.comment ? ilike(users.comment, containing(filters.comment)) : undefined,
  ];
  const where = and(...conditions);
  // By lower(login): the order of the unique index on it, so a page is read in order, not sorted.
  const [rows, [counted]] = await Promise.all([
    db
      .select({ userId: users.id, buyerId: users.buyerId, login: users.login, comment: users.comment, dateCreated: users.dateCreated })
      .from(users)
      .where(where)
      .orderBy(sql`lower(${users.login})`, asc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const total = counted?.total ?? 0;
  return { rows: rows.map(({ dateCreated, ...row }) => ({ ...row, dateCreate: dateCreated.toISOString() })), total };
}
