import type { RouteRule } from './types';

/** The user’s own options: any logged-in user. */
export const userOptionRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/user-options', url: '/front/user-options', refused: [] },
  { method: 'PUT', pattern: '/front/user-options', url: '/front/user-options', payload: { settingOptions: { language: 'en' } }, refused: [] },
];
