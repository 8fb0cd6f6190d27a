import type { RouteRule } from './types';

/** GET /front/user/list (server/routes/users.ts): USERS_LIST_PERMISSION, management or support. */
export const userListRules: readonly RouteRule[] = [{ method: 'GET', pattern: '/front/user/list', url: '/front/user/list?page=1&login=op', refused: ['installer'] }];
