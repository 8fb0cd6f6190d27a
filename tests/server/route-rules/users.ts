import type { RouteRule } from './types';

/**
 * The user's own permissions and groups, a user card (read by USERS_LIST_PERMISSION or support;
 * anyone reads themselves, so installers are refused another user by the handler) and every change
 * of a user (USERS_LIST_PERMISSION only).
 */
const editors = ['installer', 'support'] as const;

export const userRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/user/get-permissions', url: '/front/user/get-permissions', refused: [] },
  { method: 'GET', pattern: '/front/user/groups', url: '/front/user/groups', refused: [] },
  { method: 'GET', pattern: '/front/user/:id', url: '/front/user/2', refused: ['installer'] },
  { method: 'DELETE', pattern: '/front/user/:id', url: '/front/user/999999', refused: editors },
  { method: 'POST', pattern: '/front/user/create', url: '/front/user/create', payload: { login: 'rule-probe', password: 'password-1' }, refused: editors },
  { method: 'POST', pattern: '/front/user/:id/groups', url: '/front/user/999999/groups', payload: { groups: [] }, refused: editors },
  { method: 'POST', pattern: '/front/user/:id/main-info', url: '/front/user/999999/main-info', payload: { data: {} }, refused: editors },
  { method: 'POST', pattern: '/front/user/:id/sip', url: '/front/user/999999/sip', payload: { data: { login: 'x', password: 'y', domain: 'z', port: 5060 } }, refused: editors },
  { method: 'DELETE', pattern: '/front/user/:id/sip', url: '/front/user/999999/sip', payload: { data: { id: 1 } }, refused: editors },
  { method: 'DELETE', pattern: '/front/user/:id/flat', url: '/front/user/999999/flat', payload: { flatId: 1 }, refused: editors },
  { method: 'DELETE', pattern: '/front/user/:id/devices', url: '/front/user/999999/devices', payload: { deviceId: 1 }, refused: editors },
  { method: 'POST', pattern: '/front/user/:id/access', url: '/front/user/999999/access', payload: { data: [] }, refused: editors },
];
