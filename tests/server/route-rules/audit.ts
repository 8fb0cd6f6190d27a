import type { RouteRule } from './types';

/** The audit trail (server/routes/audit.ts): the superuser, support and management read it; the installer does not. */
export const auditRules: readonly RouteRule[] = [{ method: 'GET', pattern: '/front/audit', url: '/front/audit', refused: ['installer'] }];
