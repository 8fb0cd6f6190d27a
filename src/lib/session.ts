import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { nullable, number, string, type, validate, type Infer } from 'superstruct';
import { sessionEndpoints } from '@contract/session';
import { PermissionsResponse, userEndpoints, type AuthItem } from '@contract/users';
import { refreshCsrfToken } from './csrf';
import { HttpError, isUnreachable, request } from './http';
import { isLoggedIn, setLoggedFlag, useLoggedIn } from './logged-flag';
import { announceUser, clearUserCaches } from './runtime-cache';
import { onSessionEvent } from './session-events';

export type AuthItemMap = Record<string, AuthItem>;

/** A permission is granted when its key is in the map. */
export function hasPermission(permissions: AuthItemMap | undefined, name: string): boolean {
  return permissions !== undefined && Object.prototype.hasOwnProperty.call(permissions, name);
}

/** A role check works like the permission check. */
export function hasRole(roles: AuthItemMap | undefined, name: string): boolean {
  return roles !== undefined && Object.prototype.hasOwnProperty.call(roles, name);
}

/*
 * The offline session: an installer who opens the app in a basement gets in with the
 * permissions, roles and name of the last online load. They are kept per user in localStorage
 * and used only while the logged flag is 'true' and the server cannot be reached; a logout or
 * any 401 deletes them.
 */
export const SESSION_CACHE_KEY = 'session-cache';

const SavedSession = type({ userId: number(), savedAt: number(), login: nullable(string()), permissions: PermissionsResponse });
type SavedSession = Infer<typeof SavedSession>;

/** Shown by the header: the access data come from the last online load, at `savedAt` (epoch ms). */
export interface OfflineSession {
  savedAt: number;
}

/** A server that does not answer must not keep an installer with a saved session waiting long. */
export const OFFLINE_FALLBACK_TIMEOUT_MS = 10_000;
/** While on a saved session, the permissions are asked for again this often (and on `online`). */
export const OFFLINE_RECHECK_INTERVAL_MS = 30_000;

let parsedRaw: string | null = null;
let parsed: SavedSession | null = null;

export function readSavedSession(): SavedSession | null {
  let raw: string | null;
  try {
    raw = globalThis.localStorage?.getItem(SESSION_CACHE_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw !== parsedRaw) {
    parsedRaw = raw;
    parsed = null;
    if (raw) {
      try {
        const [failure, value] = validate(JSON.parse(raw), SavedSession);
        parsed = failure ? null : value;
      } catch {
        parsed = null;
      }
    }
  }
  return parsed;
}

function writeSavedSession(session: SavedSession): void {
  try {
    globalThis.localStorage?.setItem(SESSION_CACHE_KEY, JSON.stringify(session));
  } catch {
    // A full quota or private mode: the app still works online, only the offline start is lost.
  }
}

function savePermissions(answer: PermissionsResponse): void {
  const previous = readSavedSession();
  const login = previous?.userId === answer.userId ? previous.login : null;
  writeSavedSession({ userId: answer.userId, savedAt: Date.now(), login, permissions: answer });
}

function saveLogin(userId: number, login: string): void {
  const previous = readSavedSession();
  if (previous?.userId === userId && previous.login !== login) writeSavedSession({ ...previous, login });
}

let offlineSession: OfflineSession | null = null;
const offlineListeners = new Set<() => void>();

function setOfflineSession(next: OfflineSession | null): void {
  if (next?.savedAt === offlineSession?.savedAt) return;
  offlineSession = next;
  offlineListeners.forEach((listener) => listener());
}

export function getOfflineSession(): OfflineSession | null {
  return offlineSession;
}

function subscribeOfflineSession(listener: () => void): () => void {
  offlineListeners.add(listener);
  return () => offlineListeners.delete(listener);
}

/** Deletes the saved session (logout, 401, a new login). */
export function clearSavedSession(): void {
  try {
    globalThis.localStorage?.removeItem(SESSION_CACHE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  setOfflineSession(null);
}

// Any 401 while logged in (lib/http.ts): the server no longer knows this session.
onSessionEvent((event) => {
  if (event.type === 'expired') clearSavedSession();
});

async function withTimeout<T>(signal: AbortSignal | undefined, timeoutMs: number | null, run: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
  if (timeoutMs === null) return run(signal);
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  // Not an AbortError: lib/http.ts reports it as a NetworkError, which is what a silent server is.
  const timer = setTimeout(() => controller.abort(new DOMException('The server did not answer in time', 'TimeoutError')), timeoutMs);
  try {
    return await run(controller.signal);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/** GET the permissions; offline, with the logged flag 'true', fall back to the saved session. */
export async function loadPermissions(signal?: AbortSignal): Promise<PermissionsResponse> {
  const saved = isLoggedIn() ? readSavedSession() : null;
  try {
    const answer = await withTimeout(signal, saved ? OFFLINE_FALLBACK_TIMEOUT_MS : null, (s) => request(userEndpoints.permissions, { signal: s }));
    savePermissions(answer);
    setOfflineSession(null);
    return answer;
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) clearSavedSession();
    else if (saved && isLoggedIn() && isUnreachable(error)) {
      setOfflineSession({ savedAt: saved.savedAt });
      return saved.permissions;
    }
    throw error;
  }
}

export const sessionQueries = {
  all: () => ['session'] as const,
  /** Loaded once per session: never stale until logout clears the cache. */
  permissions: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'permissions'] as const,
      queryFn: ({ signal }) => loadPermissions(signal),
      staleTime: Infinity,
      // The fallback to the saved session must run even when the browser says it is offline.
      networkMode: 'always',
      // A saved session stands in only until the server answers again.
      refetchInterval: () => (getOfflineSession() ? OFFLINE_RECHECK_INTERVAL_MS : false),
      refetchOnReconnect: () => (getOfflineSession() ? 'always' : false),
    }),
  user: (userId: number) =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'user', userId] as const,
      queryFn: async ({ signal }) => {
        const answer = await request(userEndpoints.get, { params: { id: userId }, signal });
        if (answer.result) saveLogin(userId, answer.data.login);
        return answer;
      },
      staleTime: Infinity,
      retry: false,
      networkMode: 'always',
    }),
};

export interface SessionState {
  logged: boolean;
  /** Permissions and roles have arrived (or failed): the menu can be drawn without flicker. */
  ready: boolean;
  /** Permissions and roles have arrived (online or from the saved session); false when they failed. */
  accessKnown: boolean;
  userId: number | null;
  buyerId: number | null;
  login: string | null;
  permissions: AuthItemMap;
  roles: AuthItemMap;
  /** Set when the server could not be reached and the access data come from the last online load. */
  offlineSession: OfflineSession | null;
}

const EMPTY: AuthItemMap = {};

export function useOfflineSession(): OfflineSession | null {
  return useSyncExternalStore(subscribeOfflineSession, getOfflineSession, getOfflineSession);
}

/** When logged, load the permissions, then the user name. */
export function useSession(): SessionState {
  const logged = useLoggedIn();
  const permissions = useQuery({ ...sessionQueries.permissions(), enabled: logged });
  const userId = logged ? (permissions.data?.userId ?? null) : null;
  const user = useQuery({ ...sessionQueries.user(userId ?? 0), enabled: userId !== null });
  const offline = useOfflineSession();
  useEffect(() => {
    // The service worker keeps API answers only once it knows whose they are.
    if (userId !== null) void announceUser(userId);
  }, [userId]);
  if (!logged) return { logged, ready: true, accessKnown: true, userId: null, buyerId: null, login: null, permissions: EMPTY, roles: EMPTY, offlineSession: null };
  const saved = readSavedSession();
  return {
    logged,
    ready: !permissions.isPending,
    accessKnown: permissions.data !== undefined,
    userId,
    buyerId: permissions.data?.buyerId ?? null,
    // A failed user fetch leaves the name out, unless the last online load knew it.
    login: user.data?.result ? user.data.data.login : saved && saved.userId === userId ? saved.login : null,
    permissions: permissions.data?.permissions ?? EMPTY,
    roles: permissions.data?.roles ?? EMPTY,
    offlineSession: offline,
  };
}

/** Marks the visitor logged in after a successful login call. */
export function markLoggedIn(client: QueryClient): void {
  client.removeQueries({ queryKey: sessionQueries.all() });
  // Whoever logged in before must not lend their access to this login, even offline.
  clearSavedSession();
  void announceUser(null);
  setLoggedFlag(true);
}

/**
 * POST /site/auth/logout with the anti-forgery header; the flag goes to 'false',
 * every user datum (ids, permissions, roles, cached answers) is dropped and the visitor goes to
 * /site/auth. The local logout happens even when the call fails, so a dead network cannot keep
 * someone signed in.
 */
export async function logout(client: QueryClient, goToLogin: () => void | Promise<void>): Promise<void> {
  const userId = client.getQueryData(sessionQueries.permissions().queryKey)?.userId ?? readSavedSession()?.userId ?? null;
  // The flag goes first, so a 401 from an already-ended session is not reported as "expired";
  // the screen goes next, so no mounted query refetches once the cache is cleared.
  setLoggedFlag(false);
  clearSavedSession();
  // The service worker's copies of this user's answers go too (and the page deletes them itself).
  const cachesCleared = clearUserCaches(userId);
  await goToLogin();
  try {
    await request(sessionEndpoints.logout, { body: {} });
  } catch (error) {
    console.warn('Logout call failed; logged out locally', error);
  } finally {
    client.clear();
    await cachesCleared;
    // The server ends the session and its token with it; fetch the next one for the login form.
    refreshCsrfToken().catch(() => undefined);
  }
}
