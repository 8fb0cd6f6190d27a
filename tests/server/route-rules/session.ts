import type { RouteRule } from './types';

/** Log-in, log-out and the CSRF token: public, the two mutations still need the token. */
export const sessionRules: readonly RouteRule[] = [
  { method: 'POST', pattern: '/site/auth/login', url: '/site/auth/login', payload: { login: 'admin', password: 'admin' }, public: true, refused: [] },
  { method: 'POST', pattern: '/site/auth/logout', url: '/site/auth/logout', public: true, refused: [] },
  { method: 'GET', pattern: '/site/csrf', url: '/site/csrf', public: true, refused: [] },
];
