import type { AccountName } from '../helpers';

/**
 * One registered route's access rule, for tests/server/access.test.ts: that test collects the
 * routes Fastify registers (its onRoute hook) and fails when one has no rule here, when a
 * logged-out call is not 401 (unless `public`), when an account in `refused` is not 403, and
 * when a mutating route accepts a request without the CSRF token.
 */
export interface RouteRule {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The Fastify pattern exactly as registered, e.g. '/front/flats/:flat/users'. */
  pattern: string;
  /** A concrete URL of the small seed (path parameters filled in), with its query if any. */
  url: string;
  payload?: object;
  /** Anyone may call it (login, CSRF token …): no 401 expected. */
  public?: true;
  /** The demo accounts the route must refuse with 403. */
  refused: readonly AccountName[];
}
