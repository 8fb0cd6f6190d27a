import type { RouteRule } from './types';

/** Management companies: management only. */
export const managementCompanyRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/management-company', url: '/front/management-company', refused: ['installer', 'support'] },
];
