import type { RouteRule } from './types';

const DEVICE = '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05';

/**
 * commutators (server/routes/commutators.ts): management, support and the installer read; support
 * is refused saving (and, inside the handler, reading from the device: tests/server/commutators*.test.ts).
 */
export const commutatorRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/devices/:mac/commutators', url: `${DEVICE}/commutators`, refused: [] },
  { method: 'POST', pattern: '/front/devices/:mac/commutators', url: `${DEVICE}/commutators`, payload: { model: 1, matrix: [] }, refused: ['support'] },
  { method: 'GET', pattern: '/front/devices/:mac/abonent-units', url: `${DEVICE}/abonent-units`, refused: [] },
  { method: 'GET', pattern: '/front/devices/:mac/line-level-checks/:taskId', url: `${DEVICE}/line-level-checks/none`, refused: [] },
];
