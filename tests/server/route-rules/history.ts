import type { RouteRule } from './types';

/** History (server/routes/history.ts). */
export const historyRules: readonly RouteRule[] = [];
