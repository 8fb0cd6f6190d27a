import { ROLES } from '@contract/users';
import { hasRole, type AuthItemMap } from '@/lib/session';

/**
 * Roles that see the send queue: whoever can queue work (installers, operators, the superuser).
 * Support queues nothing (it only reads), so its own queue would always be empty: it reads the
 * installers' queues on /field instead.
 */
export const OUTBOX_ROLES: readonly string[] = [ROLES.adjuster, ROLES.management, ROLES.superuser];

/** Kept apart from model.ts so the header can ask without loading the offline database. */
export function canOpenOutbox(roles: AuthItemMap): boolean {
  return OUTBOX_ROLES.some((role) => hasRole(roles, role));
}

export const OUTBOX_PATH = '/outbox';
export const DRAFTS_TAB = 'drafts';
