import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { accessActions, accessReasons, accessServices, userAccess } from '../db/schema/access';
import { authAssignments, authItems } from '../db/schema/auth';
import { groups, userGroups } from '../db/schema/groups';
import { sessions } from '../db/schema/security';
import { sipAccounts } from '../db/schema/sip';
import { userDevices, users } from '../db/schema/users';
import { OPERATOR_ROLE } from './user-detail';
import { AUTH_ITEM_ROLE } from './sessions';

/** The user a change addresses: whose buyer it is and the roles assigned to it. */
export interface UserTarget {
  id: number;
  buyerId: number;
  operatorId: number | null;
  roles: string[];
  newRoles: string[];
}

export async function findUserTarget(db: Db, userId: number): Promise<UserTarget | null> {
  const [row] = await queryRows<UserTarget & Record<string, unknown>>(
    db,
    sql`select u.id, u.buyer_id as "buyerId", u.operator_id as "operatorId", u.new_roles as "newRoles",
          array(select a.item_name from auth_assignments a join auth_items i on i.name = a.item_name where a.user_id = u.id and i.type = ${AUTH_ITEM_ROLE}) as roles
        from users u where u.id = ${userId}`,
  );
  return row ?? null;
}

/** Another user (not `exceptId`) already has this login, compared case-insensitively. */
export async function isLoginTaken(db: Db, login: string, exceptId: number | null = null): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.login}) = lower(${login})`)
    .limit(1);
  return row !== undefined && row.id !== exceptId;
}

export async function buyerExists(db: Db, buyerId: number): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(db, sql`select exists (select 1 from buyers where id = ${buyerId}) as found`);
  return rows[0]?.found === true;
}

/** The names among `names` that are not roles (type 1 items). */
export async function unknownRoles(db: Db, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const known = await db
    .select({ name: authItems.name })
    .from(authItems)
    .where(and(inArray(authItems.name, [...names]), eq(authItems.type, AUTH_ITEM_ROLE)));
  const found = new Set(known.map((row) => row.name));
  return names.filter((name) => !found.has(name));
}

/** The ids among `ids` that are not groups of the buyer. */
export async function groupsNotOfBuyer(db: Db, ids: readonly number[], buyerId: number): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(inArray(groups.id, [...ids]), eq(groups.buyerId, buyerId)));
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !found.has(id));
}

/** The user is an operator (management role) of the buyer. */
export async function isOperatorOf(db: Db, userId: number, buyerId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(authAssignments, and(eq(authAssignments.userId, users.id), eq(authAssignments.itemName, OPERATOR_ROLE)))
    .where(and(eq(users.id, userId), eq(users.buyerId, buyerId)))
    .limit(1);
  return rows.length > 0;
}

export interface CatalogueIds {
  services: Set<number>;
  actions: Set<number>;
  reasons: Set<number>;
}

/** Which of the given services, actions and reasons exist in the access catalogue. */
export async function existingCatalogueIds(db: Db, wanted: { services: number[]; actions: number[]; reasons: number[] }): Promise<CatalogueIds> {
  const ids = async (table: typeof accessServices | typeof accessActions | typeof accessReasons, list: number[]) =>
    list.length === 0 ? new Set<number>() : new Set((await db.select({ id: table.id }).from(table).where(inArray(table.id, list))).map((row) => row.id));
  const [services, actions, reasons] = await Promise.all([ids(accessServices, wanted.services), ids(accessActions, wanted.actions), ids(accessReasons, wanted.reasons)]);
  return { services, actions, reasons };
}

const unixNow = sql`extract(epoch from now())::int`;

/** Assigns the roles the user lacks among `roles` and takes away the user's other roles. */
async function replaceRoles(tx: Db, userId: number, roles: readonly string[]): Promise<void> {
  const held = await tx
    .select({ name: authAssignments.itemName })
    .from(authAssignments)
    .innerJoin(authItems, eq(authItems.name, authAssignments.itemName))
    .where(and(eq(authAssignments.userId, userId), eq(authItems.type, AUTH_ITEM_ROLE)));
  const gone = held.map((row) => row.name).filter((name) => !roles.includes(name));
  if (gone.length > 0) await tx.delete(authAssignments).where(and(eq(authAssignments.userId, userId), inArray(authAssignments.itemName, gone)));
  if (roles.length > 0) {
    await tx
      .insert(authAssignments)
      .values(roles.map((itemName) => ({ itemName, userId, createdAt: unixNow })))
      .onConflictDoNothing();
  }
}

export interface NewUser {
  login: string;
  passwordHash: string;
  buyerId: number;
  comment: string | null;
  roles: readonly string[];
}

/** The new user's id; null when the login is taken. */
export async function createUser(db: Db, user: NewUser): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ login: user.login, passwordHash: user.passwordHash, buyerId: user.buyerId, comment: user.comment })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) return null;
    await replaceRoles(tx, row.id, user.roles);
    return row.id;
  });
}

/** Deletes the user; their SIP accounts, phones, flat links, groups, access and sessions go with them (the schema's cascades). */
export async function deleteUser(db: Db, userId: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

/** The user's groups become `groupIds`: groups kept keep who gave them, new ones are given by `givenBy`. */
export async function replaceUserGroups(db: Db, userId: number, groupIds: readonly number[], givenBy: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(userGroups)
      .where(and(eq(userGroups.userId, userId), groupIds.length > 0 ? notInArray(userGroups.groupId, [...groupIds]) : undefined));
    if (groupIds.length > 0) {
      await tx
        .insert(userGroups)
        .values(groupIds.map((groupId) => ({ userId, groupId, givenBy })))
        .onConflictDoNothing();
    }
  });
}

export interface MainInfoChange {
  login?: string;
  passwordHash?: string;
  comment?: string | null;
  buyerId?: number;
  dontUnlinkFromFlats?: boolean;
  operatorId?: number | null;
  newRoles?: string[];
  roles?: string[];
  /** The session that stays when the password changes (the caller's own); the user's others end. */
  keepSession: string;
}

/** false when the login is taken. */
export async function updateMainInfo(db: Db, userId: number, change: MainInfoChange): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { roles, keepSession, ...fields } = change;
    const values = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    if (Object.keys(values).length > 0) {
      const updated = await tx
        .update(users)
        .set(values)
        .where(and(eq(users.id, userId), change.login === undefined ? undefined : sql`not exists (select 1 from users o where lower(o.login) = lower(${change.login}) and o.id <> ${userId})`))
        .returning({ id: users.id });
      if (updated.length === 0) return false;
    }
    if (change.buyerId !== undefined) {
      // What belonged to the old buyer does not follow the user: its groups, its operator; the SIP accounts move.
      await tx.delete(userGroups).where(and(eq(userGroups.userId, userId), sql`${userGroups.groupId} not in (select id from groups where buyer_id = ${change.buyerId})`));
      await tx.update(sipAccounts).set({ buyerId: change.buyerId }).where(eq(sipAccounts.userId, userId));
    }
    if (roles !== undefined) await replaceRoles(tx, userId, roles);
    if (change.passwordHash !== undefined) {
      await tx.delete(sessions).where(and(eq(sessions.userId, userId), sql`${sessions.tokenHash} <> ${keepSession}`));
    }
    return true;
  });
}

export interface NewSipAccount {
  login: string;
  password: string;
  domain: string;
  port: number;
  type: string | null;
  buyerId: number;
}

/** The new account's id; null when the SIP login is taken. */
export async function addUserSip(db: Db, userId: number, account: NewSipAccount): Promise<number | null> {
  const [row] = await db
    .insert(sipAccounts)
    .values({ ...account, userId })
    .onConflictDoNothing()
    .returning({ id: sipAccounts.id });
  return row?.id ?? null;
}

/** What a user owns and the user card deletes one by one: SIP accounts and phones. */
const OWNED = { sip: sipAccounts, phone: userDevices } as const;

/** Deletes one of the user's SIP accounts or phones; false when the user has no such one. */
export async function removeOwned(db: Db, kind: keyof typeof OWNED, userId: number, id: number): Promise<boolean> {
  const table: typeof sipAccounts | typeof userDevices = OWNED[kind];
  const rows = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .returning({ id: table.id });
  return rows.length > 0;
}

export interface AccessEntry {
  service: number;
  action: number;
  reason: number;
}

export async function replaceUserAccess(db: Db, userId: number, entries: readonly AccessEntry[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(userAccess).where(eq(userAccess.userId, userId));
    if (entries.length > 0) {
      await tx.insert(userAccess).values(entries.map((entry) => ({ userId, serviceId: entry.service, actionId: entry.action, reasonId: entry.reason })));
    }
  });
}
