import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { sessionEndpoints } from '@contract/session';
import { userEndpoints, type AuthItem } from '@contract/users';
import { refreshCsrfToken } from './csrf';
import { request } from './http';
import { setLoggedFlag, useLoggedIn } from './logged-flag';

export type AuthItemMap = Record<string, AuthItem>;

/** spec §5: a permission is granted when its key is in the map. */
export function hasPermission(permissions: AuthItemMap | undefined, name: string): boolean {
  return permissions !== undefined && Object.prototype.hasOwnProperty.call(permissions, name);
}

/** spec §5: a role check works like the permission check. */
export function hasRole(roles: AuthItemMap | undefined, name: string): boolean {
  return roles !== undefined && Object.prototype.hasOwnProperty.call(roles, name);
}

export const sessionQueries = {
  all: () => ['session'] as const,
  /** Loaded once per session (spec §6): never stale until logout clears the cache. */
  permissions: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'permissions'] as const,
      queryFn: ({ signal }) => request(userEndpoints.permissions, { signal }),
      staleTime: Infinity,
    }),
  user: (userId: number) =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'user', userId] as const,
      queryFn: ({ signal }) => request(userEndpoints.get, { params: { id: userId }, signal }),
      staleTime: Infinity,
      retry: false,
    }),
};

export interface SessionState {
  logged: boolean;
  /** Permissions and roles have arrived (or failed): the menu can be drawn without flicker. */
  ready: boolean;
  userId: number | null;
  buyerId: number | null;
  login: string | null;
  permissions: AuthItemMap;
  roles: AuthItemMap;
}

const EMPTY: AuthItemMap = {};

/** spec §4: when logged, load the permissions, then the user name. */
export function useSession(): SessionState {
  const logged = useLoggedIn();
  const permissions = useQuery({ ...sessionQueries.permissions(), enabled: logged });
  const userId = logged ? (permissions.data?.userId ?? null) : null;
  const user = useQuery({ ...sessionQueries.user(userId ?? 0), enabled: userId !== null });
  if (!logged) return { logged, ready: true, userId: null, buyerId: null, login: null, permissions: EMPTY, roles: EMPTY };
  return {
    logged,
    ready: !permissions.isPending,
    userId,
    buyerId: permissions.data?.buyerId ?? null,
    // A failed user fetch leaves the name out; no message is shown (spec §8).
    login: user.data?.result ? user.data.data.login : null,
    permissions: permissions.data?.permissions ?? EMPTY,
    roles: permissions.data?.roles ?? EMPTY,
  };
}

/** Marks the visitor logged in after a successful login call (spec §4). */
export function markLoggedIn(client: QueryClient): void {
  client.removeQueries({ queryKey: sessionQueries.all() });
  setLoggedFlag(true);
}

/**
 * spec §4/§7: POST /site/auth/logout with the anti-forgery header; the flag goes to 'false',
 * every user datum (ids, permissions, roles, cached answers) is dropped and the visitor goes to
 * /site/auth. The local logout happens even when the call fails, so a dead network cannot keep
 * someone signed in.
 */
export async function logout(client: QueryClient, goToLogin: () => void | Promise<void>): Promise<void> {
  // The flag goes first, so a 401 from an already-ended session is not reported as "expired";
  // the screen goes next, so no mounted query refetches once the cache is cleared.
  setLoggedFlag(false);
  await goToLogin();
  try {
    await request(sessionEndpoints.logout, { body: {} });
  } catch (error) {
    console.warn('Logout call failed; logged out locally', error);
  } finally {
    client.clear();
    // The server ends the session and its token with it; fetch the next one for the login form.
    refreshCsrfToken().catch(() => undefined);
  }
}
