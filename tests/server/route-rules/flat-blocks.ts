import type { RouteRule } from './types';

/** Blocked flats and the bulk block (server/routes/flat-blocks.ts). */
export const flatBlockRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/access/blocked-flats', url: '/front/access/blocked-flats?page=1', refused: ['installer'] },
  { method: 'POST', pattern: '/front/access/flats-status', url: '/front/access/flats-status', payload: { flats: [{ houseUid: '5dea4c9e-d5fa-422d-a17f-8feed65042c4', flatNum: 1 }], status: 1 }, refused: ['installer', 'support'] },
];
