import type { RouteRule } from './types';

const EVERYONE_BUT_SUPERUSER = ['operator', 'installer', 'support'] as const;

/** Buyers: the superuser's only (server/routes/buyers.ts). */
export const buyerRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/buyers', url: '/front/buyers?page=1', refused: EVERYONE_BUT_SUPERUSER },
  { method: 'GET', pattern: '/front/buyers/:buyerId', url: '/front/buyers/2', refused: EVERYONE_BUT_SUPERUSER },
  { method: 'POST', pattern: '/front/buyers/create', url: '/front/buyers/create', payload: { name: 'ООО «Правило доступа»' }, refused: EVERYONE_BUT_SUPERUSER },
  { method: 'POST', pattern: '/front/buyers/:buyerId', url: '/front/buyers/2', payload: { name: 'ООО «Правило доступа»' }, refused: EVERYONE_BUT_SUPERUSER },
  { method: 'DELETE', pattern: '/front/buyers/:buyerId', url: '/front/buyers/2', refused: EVERYONE_BUT_SUPERUSER },
];
