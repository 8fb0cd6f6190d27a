import type { RouteRule } from './types';

/** Entrances (server/routes/entrances.ts): support reads, installers get nothing. */
export const entranceRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/entrances', url: '/front/entrances?houseUid=5dea4c9e-d5fa-422d-a17f-8feed65042c4', refused: ['installer'] },
  { method: 'GET', pattern: '/front/entrances/:entranceUid', url: '/front/entrances/no-such-entrance', refused: ['installer'] },
  { method: 'PUT', pattern: '/front/entrances/:entranceUid', url: '/front/entrances/no-such-entrance', payload: { title: 'Подъезд 1', entranceNum: 1, type: 1, range: { start: 1, end: 36 } }, refused: ['installer', 'support'] },
];
