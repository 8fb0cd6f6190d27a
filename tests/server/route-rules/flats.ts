import type { RouteRule } from './types';

const HOUSE = '5dea4c9e-d5fa-422d-a17f-8feed65042c4';
const FLAT = `/front/flats/${HOUSE}:1`;
const MAC = '00:1A:2B:3C:4D:5E';
const readers = ['installer'] as const;
const writers = ['installer', 'support'] as const;

/** The flat card's calls (server/routes/flats.ts, flats-devices.ts): operators write, support reads. */
export const flatsRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/flats/:flat', url: FLAT, refused: readers },
  { method: 'DELETE', pattern: '/front/flats/:flat', url: FLAT, refused: writers },
  { method: 'POST', pattern: '/front/flats/:house/flat', url: `/front/flats/${HOUSE}/flat`, payload: { flatNum: 9001 }, refused: writers },
  { method: 'PUT', pattern: '/front/flats/:flat/status', url: `${FLAT}/status`, payload: { status: 1, reason: 'Долг' }, refused: writers },
  { method: 'GET', pattern: '/front/flats/:flat/get-entrances', url: `${FLAT}/get-entrances`, refused: readers },
  { method: 'GET', pattern: '/front/flats/:flat/users', url: `${FLAT}/users`, refused: readers },
  { method: 'POST', pattern: '/front/flats/:flat/users', url: `${FLAT}/users`, payload: { userId: 2 }, refused: writers },
  { method: 'DELETE', pattern: '/front/flats/:flat/user', url: `${FLAT}/user`, payload: { userId: 2 }, refused: writers },
  { method: 'GET', pattern: '/front/flats/:flat/temporary-access-code', url: `${FLAT}/temporary-access-code`, refused: readers },
  { method: 'POST', pattern: '/front/flats/:flat/temporary-access-code', url: `${FLAT}/temporary-access-code`, payload: { duration: 3600 }, refused: writers },
  { method: 'DELETE', pattern: '/front/flats/:flat/temporary-access-code', url: `${FLAT}/temporary-access-code`, refused: writers },
  { method: 'DELETE', pattern: '/front/flats/:flat/entrance', url: `${FLAT}/entrance`, payload: { entranceUid: 'no-such-entrance' }, refused: writers },
  { method: 'PUT', pattern: '/front/flats/:flat/abonent-units', url: `${FLAT}/abonent-units`, payload: { data: [] }, refused: writers },
  { method: 'PUT', pattern: '/front/flats/:flat/realtime-abonent-units', url: `${FLAT}/realtime-abonent-units`, payload: { data: [] }, refused: writers },
  { method: 'GET', pattern: '/front/flats/:flat/:historyKind', url: `${FLAT}/block-history`, refused: readers },
  { method: 'PUT', pattern: '/front/flats/:flat/cms', url: `${FLAT}/cms`, payload: { status: true, mac: MAC }, refused: writers },
  { method: 'GET', pattern: '/front/flats/:flat/get-settings-from-device', url: `${FLAT}/get-settings-from-device?mac=${encodeURIComponent(MAC)}`, refused: readers },
  { method: 'PUT', pattern: '/front/flats/:flat/permissions', url: `${FLAT}/permissions`, payload: { permissions: [], accessServices: [] }, refused: writers },
  { method: 'GET', pattern: '/front/flats/:flat/move-out', url: `${FLAT}/move-out`, refused: readers },
  { method: 'POST', pattern: '/front/flats/:flat/move-out', url: `${FLAT}/move-out`, refused: writers },
  { method: 'POST', pattern: '/front/flats/:flat/move-out/:moveOutId/undo', url: `${FLAT}/move-out/1/undo`, refused: writers },
];
