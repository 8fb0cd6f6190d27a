import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ROLES } from '../../contract/users';
import { ApiError, MESSAGES } from '../http/errors';
import { createSession, deleteExpiredSessions, deleteSession, findSession, touchSession, type SessionUser } from '../repositories/sessions';
import { AuthCache } from '../security/auth-cache';
import { randomToken, sha256 } from '../security/tokens';
import type { RouteAccess } from './rbac';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, loaded for every route that is not public. */
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; every API route must declare it (plugins/rbac.ts). */
    access?: RouteAccess;
  }
}

export const SESSION_COOKIE = 'sid';

export interface SessionOptions {
  /** Idle lifetime: each request (at most once a minute) pushes the expiry this far ahead. */
  ttlSeconds: number;
  /**
   * The Secure flag of the session and CSRF cookies: 'auto' when the request came over https
   * (behind a TLS proxy that needs trustProxy for X-Forwarded-Proto), or always / never (COOKIE_SECURE).
   */
  secureCookies: boolean | 'auto';
}

export const DEFAULT_SESSION_OPTIONS: SessionOptions = { ttlSeconds: 12 * 60 * 60, secureCookies: 'auto' };

/** Writes to the session row at most this often, so concurrent requests do not fight over it. */
const TOUCH_INTERVAL_MS = 60_000;

function setSessionCookie(reply: FastifyReply, token: string, options: SessionOptions): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secureCookies, maxAge: options.ttlSeconds });
}

/** Starts a fresh session (a new token even if the browser had one: login rotates the session). */
export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const { database, sessionOptions } = request.server;
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(database.drizzle, sha256(previous));
  await deleteExpiredSessions(database.drizzle);
  const token = randomToken();
  await createSession(database.drizzle, {
    tokenHash: sha256(token),
    userId,
    ttlSeconds: sessionOptions.ttlSeconds,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  setSessionCookie(reply, token, sessionOptions);
}

/** Deletes the session row and the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deleteSession(request.server.database.drizzle, sha256(token));
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.server.sessionOptions.secureCookies });
}

/** The user of an authenticated route (the RBAC hook has already answered 401 without one). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new ApiError(401, MESSAGES.unauthorized);
  return request.user;
}

/** The buyer whose data the user may touch; null for the superuser (every buyer). */
export function buyerScope(request: FastifyRequest): number | null {
  const user = currentUser(request);
  return ROLES.superuser in user.roles ? null : user.buyerId;
}

export const sessionPlugin = fp(
  async (app, options: SessionOptions) => {
    await app.register(cookie);
    app.decorate('sessionOptions', options);
    app.decorateRequest('user', null);
    const authCache = new AuthCache(app.database.drizzle);

    app.addHook('onRequest', async (request, reply) => {
      const access = request.routeOptions.config.access;
      if (access === undefined || access === 'public') return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const tokenHash = sha256(token);
      const session = await findSession(app.database.drizzle, tokenHash);
      if (!session) return;
      const { roles, permissions } = await authCache.grantsOf(session.userId, session.authVersion);
      const lastSeenAt = session.lastSeenAt.getTime();
      request.user = { tokenHash, userId: session.userId, buyerId: session.buyerId, login: session.login, lastSeenAt, roles, permissions };
      if (Date.now() - lastSeenAt > TOUCH_INTERVAL_MS) {
        await touchSession(app.database.drizzle, tokenHash, options.ttlSeconds);
        setSessionCookie(reply, token, options);
      }
    });
  },
  { name: 'session', dependencies: ['database'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    sessionOptions: SessionOptions;
  }
}
