import type { RouteRule } from './types';

export const keysRules: readonly RouteRule[] = [];
