import type { RouteRule } from './types';

/** A user's roles and permissions. */
export const userPermissionRules: readonly RouteRule[] = [];
