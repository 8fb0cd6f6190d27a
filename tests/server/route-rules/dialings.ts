import type { RouteRule } from './types';

const DEVICE = '/front/dialings/E4%3A5A%3AD4%3A00%3A00%3A05';

/** Call rounds (server/routes/dialings.ts): every device reader reads; only management changes a call order. */
export const dialingRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/dialings/:mac', url: DEVICE, refused: [] },
  { method: 'GET', pattern: '/front/dialings/:mac/flats/:flatNum/call-order', url: `${DEVICE}/flats/4/call-order`, refused: [] },
  {
    method: 'PUT',
    pattern: '/front/dialings/:mac/flats/:flatNum/call-order',
    url: `${DEVICE}/flats/4/call-order`,
    payload: { steps: [{ kind: 'handset', target: '4', ringSeconds: 30, enabled: true }] },
    refused: ['installer', 'support'],
  },
];
