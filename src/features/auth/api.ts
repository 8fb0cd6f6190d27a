import { sessionEndpoints, type LoginRequest } from '@contract/session';
import { request } from '@/lib/http';

/**
 * POST /site/auth/login (docs/api.md). Answers `{result, message}` and sets the session cookie.
 * A back end that rotates the anti-forgery token at login answers the next mutation with a
 * CSRF 403, which lib/http.ts heals by refreshing the token and retrying once.
 */
export function login(credentials: LoginRequest) {
  return request(sessionEndpoints.login, { body: credentials });
}
