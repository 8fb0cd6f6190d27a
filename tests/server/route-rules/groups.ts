import type { RouteRule } from './types';

/** Groups (server/routes/groups.ts): management and support read, management changes. */
export const groupRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/groups', url: '/front/groups', refused: ['installer'] },
  { method: 'GET', pattern: '/front/groups/tree', url: '/front/groups/tree', refused: ['installer'] },
  { method: 'GET', pattern: '/front/groups/:groupId', url: '/front/groups/1', refused: ['installer'] },
  { method: 'GET', pattern: '/front/groups/:groupId/devices', url: '/front/groups/1/devices?page=1', refused: ['installer'] },
  { method: 'GET', pattern: '/front/groups/:groupId/users', url: '/front/groups/1/users?page=1', refused: ['installer'] },
  { method: 'POST', pattern: '/front/groups/create', url: '/front/groups/create', payload: { name: 'Новая группа' }, refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/groups/:groupId', url: '/front/groups/1', payload: { name: 'Переименованная группа' }, refused: ['installer', 'support'] },
  { method: 'DELETE', pattern: '/front/groups/:groupId', url: '/front/groups/3', refused: ['installer', 'support'] },
];
