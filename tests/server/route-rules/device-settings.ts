import type { RouteRule } from './types';

/** The device card settings (contract/device-card-settings.ts): everyone reads, only management writes. */
export const deviceSettingsRules: readonly RouteRule[] = [
  { method: 'PUT', pattern: '/front/devices/:mac/sip', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/sip', refused: ['installer', 'support'] },
  { method: 'DELETE', pattern: '/front/devices/:mac/sip', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/sip', refused: ['installer', 'support'] },
  { method: 'PUT', pattern: '/front/devices/:mac/options', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/options', refused: ['installer', 'support'] },
  { method: 'PUT', pattern: '/front/devices/:mac/audio', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/audio', refused: ['installer', 'support'] },
  { method: 'PUT', pattern: '/front/devices/:mac/levels', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/levels', refused: ['installer', 'support'] },
  { method: 'PUT', pattern: '/front/devices/:mac/display', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/display', refused: ['installer', 'support'] },
  { method: 'GET', pattern: '/front/devices/:mac/display', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/display?optionName=brightness', refused: [] },
  { method: 'POST', pattern: '/front/devices/:mac/display', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/display', refused: ['installer', 'support'] },
  { method: 'PUT', pattern: '/front/devices/:mac/echo-cancellation-type', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/echo-cancellation-type', refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/devices/:mac/reason', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/reason', refused: ['installer', 'support'] },
  { method: 'GET', pattern: '/front/devices/:mac/rs485', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/rs485', refused: [] },
  { method: 'PUT', pattern: '/front/devices/:mac/rs485', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/rs485', refused: ['installer', 'support'] },
  { method: 'PUT', pattern: '/front/devices/:mac/rs485/scan', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/rs485/scan', refused: ['installer', 'support'] },
  { method: 'GET', pattern: '/front/device/:mac/firmware-versions', url: '/front/device/E4%3A5A%3AD4%3A00%3A00%3A05/firmware-versions', refused: [] },
  { method: 'POST', pattern: '/front/device/:mac/firmware-versions', url: '/front/device/E4%3A5A%3AD4%3A00%3A00%3A05/firmware-versions', refused: ['installer', 'support'] },
];
