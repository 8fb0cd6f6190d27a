import { ROLES } from '@contract/users';
import { hasRole, type AuthItemMap } from '@/lib/session';

/**
 * The support staff's role (the seed's name; contract/users.ts ROLES does not list it yet).
 * Support staff open an installer's queue to see why a job is stuck.
 */
export const SUPPORT_ROLE = 'support';

/** Roles that see the send queue: whoever can queue work (installers, operators, the superuser) and support. */
export const OUTBOX_ROLES: readonly string[] = [ROLES.adjuster, ROLES.management, ROLES.superuser, SUPPORT_ROLE];

/** Kept apart from model.ts so the header can ask without loading the offline database. */
export function canOpenOutbox(roles: AuthItemMap): boolean {
  return OUTBOX_ROLES.some((role) => hasRole(roles, role));
}

export const OUTBOX_PATH = '/outbox';
export const DRAFTS_TAB = 'drafts';
