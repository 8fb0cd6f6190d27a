import type { RouteRule } from './types';

/** A user's roles and permissions: read with USERS_LIST_PERMISSION or by support, changed with the permission. */
export const userPermissionRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/user/:id/permissions', url: '/front/user/3/permissions', refused: ['installer'] },
  { method: 'PUT', pattern: '/front/user/:id/permissions', url: '/front/user/3/permissions', payload: { grant: [], revoke: [] }, refused: ['installer', 'support'] },
];
