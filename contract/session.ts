import { boolean, literal, object, optional, string, type, type Infer } from 'superstruct';
import { NonEmptyString, ResultResponse, endpoint } from './common';

/** Login call (spec says "not shown"; decided in docs/api.md). Sets an httpOnly session cookie. */
export const LoginRequest = object({ login: NonEmptyString, password: NonEmptyString });
export type LoginRequest = Infer<typeof LoginRequest>;

export const CsrfResponse = type({ result: literal(true), token: string() });

export const sessionEndpoints = {
  login: endpoint({ method: 'POST', pattern: '/site/auth/login', body: LoginRequest, response: ResultResponse }),
  /** Empty body, anti-forgery header. */
  logout: endpoint({ method: 'POST', pattern: '/site/auth/logout', body: optional(object({})), response: ResultResponse }),
  /** A fresh anti-forgery token: a shell served from the SW cache has a stale meta tag. */
  csrf: endpoint({ method: 'GET', pattern: '/site/csrf', response: CsrfResponse }),
} as const;

/** The localStorage key of the logged flag: 'true' or 'false'. */
export const LOGGED_FLAG_KEY = 'logged';
export const LoggedFlag = boolean();
