import type { RouteRule } from './types';

/** The device card (contract/device-card.ts): everyone reads, only management writes. */
export const deviceCardRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/device-card/device/:mac', url: '/front/device-card/device/E4%3A5A%3AD4%3A00%3A00%3A05', refused: [] },
  { method: 'GET', pattern: '/front/device-card/device/:mac/sip-status', url: '/front/device-card/device/E4%3A5A%3AD4%3A00%3A00%3A05/sip-status', refused: [] },
  { method: 'GET', pattern: '/front/device/:id', url: '/front/device/6', refused: [] },
  { method: 'PUT', pattern: '/front/devices/:mac/set-security', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/set-security', refused: ['installer', 'support'] },
  { method: 'PUT', pattern: '/front/devices/:mac/auto-collect', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/auto-collect', refused: ['installer', 'support'] },
  { method: 'PUT', pattern: '/front/devices/:mac/status', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/status', refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/devices/:mac/groups', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/groups', refused: ['installer', 'support'] },
  { method: 'PUT', pattern: '/front/devices/:mac/houses', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/houses', refused: ['installer', 'support'] },
  { method: 'GET', pattern: '/front/devices/:mac/relays', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/relays', refused: [] },
  { method: 'POST', pattern: '/front/devices/:mac/relays', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/relays', refused: ['installer', 'support'] },
  { method: 'POST', pattern: '/front/devices/:mac/relays/:relay/open', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/relays/1/open', refused: ['support'] },
  { method: 'POST', pattern: '/front/devices/:mac/reboot', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/reboot', refused: ['support'] },
  { method: 'POST', pattern: '/front/devices/:mac/send-to-papi', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/send-to-papi', refused: ['installer', 'support'] },
  { method: 'GET', pattern: '/front/device-card/executors', url: '/front/device-card/executors', refused: ['support'] },
];
