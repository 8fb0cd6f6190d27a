import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER } from '../../contract/common';
import { ApiError, MESSAGES } from '../http/errors';
import { getOrCreateSecret } from '../repositories/secrets';
import { hmac, randomToken, safeEqual } from '../security/tokens';

export const CSRF_COOKIE = 'csrf';
const CSRF_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Sec-Fetch-Site values a browser gives a request another site started (docs/api.md, "CSRF: the second wall"). */
const FOREIGN_SITES = new Set(['cross-site', 'same-site']);
export const CROSS_SITE_MESSAGE = 'Запрос с другого сайта отклонён (Sec-Fetch-Site): изменять данные можно только со страниц бэк-офиса';

declare module 'fastify' {
  interface FastifyInstance {
    /** The anti-forgery token for this browser, setting its secret cookie first if needed. */
    csrfToken(request: FastifyRequest, reply: FastifyReply): string;
  }
}

/*
 * Each browser holds a random secret in an httpOnly cookie; its token is HMAC(server key,
 * secret). The token is not tied to the session, so a token in a cached shell keeps working
 * across logins and can always be refreshed from GET /site/csrf. The server key lives in the
 * database, so every process behind a load balancer accepts the same tokens.
 */
export const csrfPlugin = fp(
  async (app) => {
    const key = await getOrCreateSecret(app.database.drizzle, 'csrf', randomToken);

    app.decorate('csrfToken', (request: FastifyRequest, reply: FastifyReply): string => {
      let secret = request.cookies[CSRF_COOKIE];
      if (!secret || secret.length < 32) {
        secret = randomToken();
        request.cookies[CSRF_COOKIE] = secret;
        reply.setCookie(CSRF_COOKIE, secret, { path: '/', httpOnly: true, sameSite: 'lax', secure: app.sessionOptions.secureCookies, maxAge: CSRF_COOKIE_MAX_AGE });
      }
      return hmac(key, secret);
    });

    app.addHook('preValidation', async (request) => {
      if (!MUTATING.has(request.method) || request.routeOptions.config.access === undefined) return;
      // The browser says who started the request; clients that are not browsers send no such header.
      const site = request.headers['sec-fetch-site'];
      if (typeof site === 'string' && FOREIGN_SITES.has(site)) throw new ApiError(403, CROSS_SITE_MESSAGE);
      const secret = request.cookies[CSRF_COOKIE];
      const token = tokenOf(request);
      if (!secret || !token || !safeEqual(token, hmac(key, secret))) throw new ApiError(403, MESSAGES.csrf);
    });
  },
  { name: 'csrf', dependencies: ['session'] },
);

function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[CSRF_HEADER.toLowerCase()];
  if (typeof header === 'string' && header !== '') return header;
  const body = request.body;
  if (typeof body === 'object' && body !== null && '_csrf' in body) {
    const field = (body as { _csrf: unknown })._csrf;
    if (typeof field === 'string' && field !== '') return field;
  }
  return null;
}
