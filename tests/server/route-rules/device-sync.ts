import type { RouteRule } from './types';

const SYNC = '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/sync';

/** Device sync (server/routes/device-sync.ts): whoever reads the card reads the state and reads the device back; operators retry and re-sync. */
export const deviceSyncRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/devices/:mac/sync', url: SYNC, refused: [] },
  { method: 'POST', pattern: '/front/devices/:mac/sync/read-back', url: `${SYNC}/read-back`, refused: [] },
  { method: 'POST', pattern: '/front/devices/:mac/sync/retry', url: `${SYNC}/retry`, refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/devices/:mac/sync/full', url: `${SYNC}/full`, refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/devices/sync/full', url: '/front/devices/sync/full', payload: { macs: ['E4:5A:D4:00:00:05'] }, refused: ['installer', 'support'] },
];
