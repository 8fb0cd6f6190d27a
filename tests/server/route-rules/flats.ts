import type { RouteRule } from './types';

export const flatsRules: readonly RouteRule[] = [];
