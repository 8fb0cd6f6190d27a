import type { RouteRule } from './types';

/** Voltage (server/routes/power.ts): management, the installer and support read it and ask the device for a reading. */
export const powerRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/devices/:mac/power', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/power?range=7d', refused: [] },
  { method: 'POST', pattern: '/front/devices/:mac/power/read', url: '/front/devices/E4%3A5A%3AD4%3A00%3A00%3A05/power/read', refused: [] },
];
