import { eq, lt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { loginAttempts } from '../db/schema/security';

export interface LoginRateLimit {
  /** Failed attempts for one login within the window before it is locked. */
  maxFailuresPerLogin: number;
  /** Failed attempts from one IP address within the window before it is locked. */
  maxFailuresPerIp: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = { maxFailuresPerLogin: 5, maxFailuresPerIp: 20, windowSeconds: 15 * 60 };

/**
 * Seconds until the login (or the IP) may try again, or 0 when it may try now. Locked while the
 * window holds `max` failures; it opens when the max-th most recent one leaves the window.
 */
export async function lockedForSeconds(db: Db, login: string, ip: string, limit: LoginRateLimit): Promise<number> {
  const rows = await queryRows<{ waitLogin: number | null; waitIp: number | null }>(
    db,
    sql`
      select
        (select ceil(extract(epoch from attempted_at + make_interval(secs => ${limit.windowSeconds}) - now()))::float8
           from login_attempts
          where login = ${login} and attempted_at > now() - make_interval(secs => ${limit.windowSeconds})
          order by attempted_at desc offset ${limit.maxFailuresPerLogin - 1} limit 1) as "waitLogin",
        (select ceil(extract(epoch from attempted_at + make_interval(secs => ${limit.windowSeconds}) - now()))::float8
           from login_attempts
          where ip = ${ip} and attempted_at > now() - make_interval(secs => ${limit.windowSeconds})
          order by attempted_at desc offset ${limit.maxFailuresPerIp - 1} limit 1) as "waitIp"`,
  );
  const row = rows[0];
  return Math.max(0, Number(row?.waitLogin ?? 0), Number(row?.waitIp ?? 0));
}

export async function recordFailedLogin(db: Db, login: string, ip: string): Promise<void> {
  await db.insert(loginAttempts).values({ login, ip });
  // Old rows are worthless: prune them now and then instead of running a job.
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, sql`now() - interval '1 day'`));
}

/** A successful login forgets that login's failures (the IP's stay counted). */
export async function clearFailedLogins(db: Db, login: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.login, login));
}
