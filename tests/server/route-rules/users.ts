import type { RouteRule } from './types';

/** The user’s own permissions and groups, and a user card (installers are refused another user by the handler). */
export const userRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/user/get-permissions', url: '/front/user/get-permissions', refused: [] },
  { method: 'GET', pattern: '/front/user/groups', url: '/front/user/groups', refused: [] },
  { method: 'GET', pattern: '/front/user/:id', url: '/front/user/2', refused: ['installer'] },
];
