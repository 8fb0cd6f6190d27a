import type { RouteRule } from './types';

const CODES = '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/door-codes';

/** Door codes (server/routes/door-codes.ts): read by operators and support, changed by operators; never the installer. */
export const doorCodeRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/devices/:mac/door-codes', url: CODES, refused: ['installer'] },
  { method: 'POST', pattern: '/front/devices/:mac/door-codes', url: CODES, payload: { flatNum: null }, refused: ['installer', 'support'] },
  { method: 'PUT', pattern: '/front/devices/:mac/door-codes/:id', url: `${CODES}/1`, payload: {}, refused: ['installer', 'support'] },
  { method: 'DELETE', pattern: '/front/devices/:mac/door-codes/:id', url: `${CODES}/1`, refused: ['installer', 'support'] },
  { method: 'GET', pattern: '/front/keyless-codes', url: '/front/keyless-codes', refused: ['installer'] },
  { method: 'GET', pattern: '/front/keyless-codes/:id', url: '/front/keyless-codes/1', refused: ['installer'] },
  { method: 'POST', pattern: '/front/keyless-codes', url: '/front/keyless-codes', payload: { service: 'post', macs: ['E4:5A:D4:00:00:05'] }, refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/keyless-codes/:id/retry', url: '/front/keyless-codes/1/retry', refused: ['installer', 'support'] },
  { method: 'DELETE', pattern: '/front/keyless-codes/:id', url: '/front/keyless-codes/1', refused: ['installer', 'support'] },
];
