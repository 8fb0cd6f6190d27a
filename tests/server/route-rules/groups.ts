import type { RouteRule } from './types';

/** Device groups: management only. */
export const groupRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/groups', url: '/front/groups', refused: ['installer', 'support'] },
];
