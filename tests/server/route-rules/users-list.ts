import type { RouteRule } from './types';

export const userListRules: readonly RouteRule[] = [];
