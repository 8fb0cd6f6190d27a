import type { RouteRule } from './types';

/** The device list (contract/devices.ts). */
export const deviceRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/devices/get-macs-from-house', url: '/front/devices/get-macs-from-house?houseUid=x', refused: [] },
  { method: 'GET', pattern: '/front/device-list/get-list', url: '/front/device-list/get-list?page=1', refused: [] },
  { method: 'GET', pattern: '/front/device-list/get-statuses', url: '/front/device-list/get-statuses?macs=00:00:00:00:00:01', refused: [] },
  { method: 'POST', pattern: '/front/device-list/create-device', url: '/front/device-list/create-device', refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/device-list/multiple-set-groups', url: '/front/device-list/multiple-set-groups', refused: ['installer', 'support'] },
];
