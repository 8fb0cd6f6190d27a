import type { RouteRule } from './types';

/** The house list and one house (server/routes/houses.ts). */
export const houseRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/house-list', url: '/front/house-list?page=1', refused: [] },
  { method: 'POST', pattern: '/front/house-list/create', url: '/front/house-list/create', payload: { address: 'г. Тверь, ул. Новая, д. 1', region: 69 }, refused: ['installer', 'support'] },
  { method: 'DELETE', pattern: '/front/house-list/delete', url: '/front/house-list/delete?uid=no-such-house', refused: ['installer', 'support'] },
  { method: 'GET', pattern: '/front/houses/:houseUid', url: '/front/houses/5dea4c9e-d5fa-422d-a17f-8feed65042c4', refused: ['installer'] },
  { method: 'PUT', pattern: '/front/houses/:houseUid', url: '/front/houses/5dea4c9e-d5fa-422d-a17f-8feed65042c4', payload: { address: 'г. Иркутск, б-р Космонавтов, д. 39', region: 38 }, refused: ['installer', 'support'] },
  { method: 'GET', pattern: '/front/houses/:houseUid/flats', url: '/front/houses/5dea4c9e-d5fa-422d-a17f-8feed65042c4/flats?page=1', refused: ['installer'] },
];
