import type { RouteRule } from './types';

/** Buyers: the superuser's only. */
export const buyerRules: readonly RouteRule[] = [];
