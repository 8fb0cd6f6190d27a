import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { AuthItem } from '../../contract/users';
import { queryRows, type Db } from '../db/client';
import { authItems, authVersion } from '../db/schema/auth';
import { sessions } from '../db/schema/security';
import { users } from '../db/schema/users';

/** Yii's item types. */
export const AUTH_ITEM_ROLE = 1;
export const AUTH_ITEM_PERMISSION = 2;

/** The user behind a session, with every role and permission granted (directly or through a parent role). */
export interface SessionUser {
  tokenHash: string;
  userId: number;
  buyerId: number;
  login: string;
  roles: Record<string, AuthItem>;
  permissions: Record<string, AuthItem>;
  /** Epoch milliseconds. */
  lastSeenAt: number;
}

export interface SessionRecord {
  userId: number;
  buyerId: number;
  login: string;
  lastSeenAt: Date;
  /** The RBAC version (auth_version) seen in the same snapshot. */
  authVersion: number;
}

const currentAuthVersion = sql<number>`coalesce((select ${authVersion.version} from ${authVersion} where ${authVersion.id} = 1), 0)`.mapWith(Number);

function prepareFindSession(db: Db) {
  return db
    .select({ userId: users.id, buyerId: users.buyerId, login: users.login, lastSeenAt: sessions.lastSeenAt, authVersion: currentAuthVersion })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('find_session');
}

/** Every request runs this: a named prepared statement, planned once per connection. */
const findSessionStatements = new WeakMap<Db, ReturnType<typeof prepareFindSession>>();

/** One cheap query per request: the live session, its user and the RBAC version. */
export async function findSession(db: Db, tokenHash: string): Promise<SessionRecord | null> {
  let statement = findSessionStatements.get(db);
  if (!statement) {
    statement = prepareFindSession(db);
    findSessionStatements.set(db, statement);
  }
  const [row] = await statement.execute({ tokenHash });
  return row ?? null;
}

/** Names of every item granted to the user (assigned, or a child of one granted), with the RBAC version. */
export async function grantedItemNames(db: Db, userId: number): Promise<{ version: number; names: string[] }> {
  const rows = await queryRows<{ version: string | number; names: string[] }>(
    db,
    sql`select ${currentAuthVersion} as "version", array(
          with recursive granted(name) as (
            select a.item_name from auth_assignments a where a.user_id = ${userId}
            union
            select c.child from auth_item_children c join granted g on g.name = c.parent
          )
          select name from granted order by name) as "names"`,
  );
  return { version: Number(rows[0]?.version ?? 0), names: rows[0]?.names ?? [] };
}

/** Every RBAC item (a few dozen rows), with the RBAC version. */
export async function listAuthItems(db: Db): Promise<{ version: number; items: AuthItem[] }> {
  const rows = await db
    .select({
      type: authItems.type,
      name: authItems.name,
      description: authItems.description,
      ruleName: authItems.ruleName,
      data: authItems.data,
      createdAt: authItems.createdAt,
      updatedAt: authItems.updatedAt,
      version: currentAuthVersion,
    })
    .from(authItems)
    .orderBy(asc(authItems.name));
  const version = rows[0]?.version ?? 0;
  return { version, items: rows.map(({ version: _version, ...item }) => item) };
}

export async function createSession(
  db: Db,
  session: { tokenHash: string; userId: number; ttlSeconds: number; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values({
    tokenHash: session.tokenHash,
    userId: session.userId,
    expiresAt: sql`now() + make_interval(secs => ${session.ttlSeconds})`,
    ip: session.ip,
    userAgent: session.userAgent?.slice(0, 500) ?? null,
  });
}

/** Slides the expiry. */
export async function touchSession(db: Db, tokenHash: string, ttlSeconds: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` })
    .where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}
