import type { RouteRule } from './types';

/** The access catalogue (server/routes/access-catalogue.ts): support reads, installers get nothing. */
export const accessCatalogueRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/access/get-reasons', url: '/front/access/get-reasons', refused: ['installer'] },
  { method: 'GET', pattern: '/front/access/get-actions', url: '/front/access/get-actions', refused: ['installer'] },
  { method: 'GET', pattern: '/front/access/get-services', url: '/front/access/get-services', refused: ['installer'] },
  { method: 'POST', pattern: '/front/access/set-reason', url: '/front/access/set-reason', payload: { name: 'Проверка прав' }, refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/access/set-action', url: '/front/access/set-action', payload: { name: 'Проверка прав' }, refused: ['installer', 'support'] },
  { method: 'DELETE', pattern: '/front/access/reason/:id', url: '/front/access/reason/6', refused: ['installer', 'support'] },
  { method: 'DELETE', pattern: '/front/access/action/:id', url: '/front/access/action/6', refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/access/update-reasons', url: '/front/access/update-reasons', payload: { reasons: [{ id: 1, name: 'Задолженность по оплате' }] }, refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/access/update-actions', url: '/front/access/update-actions', payload: { actions: [{ id: 1, name: 'Заблокировать' }] }, refused: ['installer', 'support'] },
];
