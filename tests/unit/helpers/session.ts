import type { QueryClient } from '@tanstack/react-query';
import { sessionQueries } from '@/lib/session';
import { authItems, testQueryClient } from './render';

export interface TestSession {
  roles: readonly string[];
  permissions?: readonly string[];
  userId?: number;
  buyerId?: number;
}

/** A query client already holding the permissions of a logged-in user (user 2 of buyer 1 unless told). */
export function loggedInClient({ roles, permissions = [], userId = 2, buyerId = 1 }: TestSession): QueryClient {
  const client = testQueryClient();
  client.setQueryData(sessionQueries.permissions().queryKey, { result: true, userId, buyerId, roles: authItems(...roles), permissions: authItems(...permissions) });
  return client;
}

/** The demo operator (management, with `permission`) or support (no permission). */
export function operatorOrSupport(role: 'operator' | 'support', permission: string): QueryClient {
  return role === 'operator' ? loggedInClient({ roles: ['management'], permissions: [permission] }) : loggedInClient({ roles: ['support'] });
}
