import fp from 'fastify-plugin';
import { ROLES } from '../../contract/users';
import { ApiError, MESSAGES } from '../http/errors';
import type { SessionUser } from '../repositories/sessions';

/**
 * Who may call a route: anyone, any logged-in user, or a user holding one of the roles or one
 * of the permissions listed. The superuser passes every check.
 */
export type RouteAccess = 'public' | 'authenticated' | { roles?: readonly string[]; permissions?: readonly string[] };

/** Paths answered by the API (JSON, never the SPA). */
export const API_PREFIXES = ['/front/', '/site/auth/', '/site/csrf', '/adjuster/'] as const;

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

export function hasRole(user: SessionUser, role: string): boolean {
  return role in user.roles || ROLES.superuser in user.roles;
}

export function hasPermission(user: SessionUser, permission: string): boolean {
  return permission in user.permissions || ROLES.superuser in user.roles;
}

export function isAllowed(user: SessionUser, access: RouteAccess): boolean {
  if (access === 'public' || access === 'authenticated') return true;
  if (ROLES.superuser in user.roles) return true;
  return (
    (access.roles ?? []).some((role) => role in user.roles) || (access.permissions ?? []).some((permission) => permission in user.permissions)
  );
}

export const rbacPlugin = fp(
  async (app) => {
    // Secure by default: an API route that forgets to declare its access fails at start-up.
    app.addHook('onRoute', (route) => {
      if (isApiPath(route.url) && route.config?.access === undefined) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (access === undefined || access === 'public') return;
      if (!request.user) throw new ApiError(401, MESSAGES.unauthorized);
      if (!isAllowed(request.user, access)) throw new ApiError(403, MESSAGES.forbidden);
    });
  },
  { name: 'rbac', dependencies: ['session'] },
);
