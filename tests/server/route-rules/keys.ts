import type { RouteRule } from './types';

const MAC = encodeURIComponent('00:1A:2B:3C:4D:5E');
const EDITORS_ONLY = ['installer', 'support'] as const;

/**
 * Keys (server/routes/keys.ts, keys-device.ts): read (the list, duplicates) with the keys
 * permission, management or support; changed with the permission or management only.
 */
export const keysRules: readonly RouteRule[] = [
  { method: 'POST', pattern: '/front/device-keys', url: '/front/device-keys', payload: { page: 1 }, refused: ['installer'] },
  {
    method: 'POST',
    pattern: '/front/keys/duplicate',
    url: '/front/keys/duplicate',
    payload: { values: ['00000A1B2C3D'], numberSystem: 'hex' },
    refused: ['installer'],
  },
  {
    method: 'POST',
    pattern: '/front/keys/create',
    url: '/front/keys/create',
    payload: { mac: '00:1A:2B:3C:4D:5E', value: '00000A1B2C3D', keyType: 'Metakom' },
    refused: EDITORS_ONLY,
  },
  { method: 'DELETE', pattern: '/front/device/:device/key/:key/delete', url: '/front/device/1/key/1/delete', refused: EDITORS_ONLY },
  {
    method: 'DELETE',
    pattern: '/front/keys/delete',
    url: '/front/keys/delete',
    payload: { keys: [{ value: '00000A1B2C3D', mac: '00:1A:2B:3C:4D:5E' }] },
    refused: EDITORS_ONLY,
  },
  { method: 'DELETE', pattern: '/front/device/:mac/rs-key/:key/:inner/delete', url: `/front/device/${MAC}/rs-key/00000A1B2C3D/0/delete`, refused: EDITORS_ONLY },
  {
    method: 'POST',
    pattern: '/front/device-keys/:mac/create-key',
    url: `/front/device-keys/${MAC}/create-key`,
    payload: { VALUE: '00000A1B2C3D', FLAT_NUM: null },
    refused: EDITORS_ONLY,
  },
  {
    method: 'POST',
    pattern: '/front/device-keys/:mac/multiple',
    url: `/front/device-keys/${MAC}/multiple`,
    payload: { action: 'deleteKeys', items: [{ value: '00000A1B2C3D' }] },
    refused: EDITORS_ONLY,
  },
  { method: 'POST', pattern: '/front/device-keys/:mac/decode', url: `/front/device-keys/${MAC}/decode`, payload: { value: '00000A1B2C3D' }, refused: EDITORS_ONLY },
  { method: 'POST', pattern: '/front/device-keys/:mac/encode', url: `/front/device-keys/${MAC}/encode`, payload: { value: '00000A1B2C3D' }, refused: EDITORS_ONLY },
];
