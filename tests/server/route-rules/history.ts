import type { RouteRule } from './types';

/**
 * History (server/routes/history.ts): management, support and the installer read their buyer's
 * events, export them and see their images; every demo account holds one of those roles. A user
 * without them is refused in tests/server/history.test.ts (also the voltage and call-round calls).
 */
export const historyRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/devices/history', url: '/front/devices/history?page=0', refused: [] },
  { method: 'GET', pattern: '/front/device/:id/history', url: '/front/device/6/history', refused: [] },
  { method: 'GET', pattern: '/front/devices/history/export', url: '/front/devices/history/export?eventType=BTN_UP', refused: [] },
  { method: 'GET', pattern: '/front/history/images/:id', url: '/front/history/images/1', refused: [] },
];
