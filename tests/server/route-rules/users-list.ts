import type { RouteRule } from './types';

/** GET /front/user/list (server/routes/users.ts): USERS_LIST_PERMISSION or management. */
export const userListRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/user/list', url: '/front/user/list?page=1&login=op', refused: ['installer', 'support'] },
];
