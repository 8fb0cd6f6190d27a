import type { RouteRule } from './types';

/** Keys (server/routes/keys.ts): the flat card's key create and the device key delete; operators only. */
export const keysRules: readonly RouteRule[] = [
  {
    method: 'POST',
    pattern: '/front/keys/create',
    url: '/front/keys/create',
    payload: { mac: '00:1A:2B:3C:4D:5E', value: '00000A1B2C3D', keyType: 'Metakom' },
    refused: ['installer', 'support'],
  },
  { method: 'DELETE', pattern: '/front/device/:device/key/:key/delete', url: '/front/device/1/key/1/delete', refused: ['installer', 'support'] },
];
