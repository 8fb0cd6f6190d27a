import type { RouteRule } from './types';

/** commutators (server/routes/commutators.ts). */
export const commutatorRules: readonly RouteRule[] = [];
