import type { RouteRule } from './types';

/** door-codes (server/routes/door-codes.ts). */
export const doorCodeRules: readonly RouteRule[] = [];
