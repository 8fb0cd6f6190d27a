import type { RouteRule } from './types';

/** The adjuster API (server/routes/adjuster.ts): installers and operators. */
export const adjusterRules: readonly RouteRule[] = [
  { method: 'POST', pattern: '/adjuster/api/prepare-device', url: '/adjuster/api/prepare-device', refused: ['support'] },
  { method: 'POST', pattern: '/adjuster/api/device/port-device', url: '/adjuster/api/device/port-device', refused: ['support'] },
  { method: 'POST', pattern: '/adjuster/api/device/port', url: '/adjuster/api/device/port', refused: ['support'] },
  { method: 'GET', pattern: '/adjuster/api/job/:id/status', url: '/adjuster/api/job/1/status', refused: ['support'] },
  { method: 'POST', pattern: '/adjuster/api/device/create', url: '/adjuster/api/device/create', refused: ['support'] },
  { method: 'POST', pattern: '/adjuster/api/device', url: '/adjuster/api/device', refused: ['support'] },
  { method: 'POST', pattern: '/adjuster/api/device/setup-ddns', url: '/adjuster/api/device/setup-ddns', refused: ['support'] },
  { method: 'GET', pattern: '/adjuster/api/device/:id', url: '/adjuster/api/device/1', refused: ['support'] },
  { method: 'GET', pattern: '/adjuster/api/device/:bsName/:portNum/cable-length', url: '/adjuster/api/device/bs-1/1/cable-length', refused: ['support'] },
  { method: 'GET', pattern: '/adjuster/api/device/:bsName/:portNum/link-status', url: '/adjuster/api/device/bs-1/1/link-status', refused: ['support'] },
  { method: 'GET', pattern: '/adjuster/api/device/:bsName/:portNum/errors-on-port', url: '/adjuster/api/device/bs-1/1/errors-on-port', refused: ['support'] },
  { method: 'POST', pattern: '/adjuster/api/device/:id/house', url: '/adjuster/api/device/1/house', refused: ['support'] },
  { method: 'POST', pattern: '/adjuster/api/device/:id/group', url: '/adjuster/api/device/1/group', refused: ['support'] },
];
