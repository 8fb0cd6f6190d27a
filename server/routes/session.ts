import type { FastifyInstance } from 'fastify';
import { sessionEndpoints } from '../../contract/session';
import { ApiError, MESSAGES } from '../http/errors';
import { defineRoute } from '../http/route';
import { DEFAULT_LOGIN_RATE_LIMIT, clearFailedLogins, lockedForSeconds, recordFailedLogin, type LoginRateLimit } from '../repositories/login-attempts';
import { findUserByLogin } from '../repositories/users';
import { verifyPassword } from '../security/passwords';
import { endSession, startSession } from '../plugins/session';

function tooManyAttempts(seconds: number): ApiError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new ApiError(429, `Слишком много неудачных попыток входа. Повторите через ${minutes} мин.`, { 'retry-after': String(seconds) });
}

export async function sessionRoutes(app: FastifyInstance, options: { loginRateLimit?: Partial<LoginRateLimit> }): Promise<void> {
  const limit: LoginRateLimit = { ...DEFAULT_LOGIN_RATE_LIMIT, ...options.loginRateLimit };
  const db = app.database.drizzle;

  defineRoute(app, sessionEndpoints.login, { access: 'public' }, async ({ body, request, reply }) => {
    const login = body.login.trim().toLowerCase();
    const ip = request.ip;
    const wait = await lockedForSeconds(db, login, ip, limit);
    if (wait > 0) throw tooManyAttempts(wait);

    const user = await findUserByLogin(db, login);
    const valid = await verifyPassword(body.password, user?.passwordHash ?? null);
    if (!user || !valid) {
      await recordFailedLogin(db, login, ip);
      throw new ApiError(401, MESSAGES.badCredentials);
    }
    await clearFailedLogins(db, login);
    await startSession(request, reply, user.id);
    return { result: true, message: null };
  });

  // Idempotent: without a session there is nothing to end, and the answer is the same.
  defineRoute(app, sessionEndpoints.logout, { access: 'public' }, async ({ request, reply }) => {
    await endSession(request, reply);
    return { result: true, message: MESSAGES.loggedOut };
  });

  defineRoute(app, sessionEndpoints.csrf, { access: 'public' }, async ({ request, reply }) => {
    return { result: true as const, token: app.csrfToken(request, reply) };
  });
}
