import { ROLES } from '@contract/users';
import { hasRole, type AuthItemMap } from '@/lib/session';

/**
 * Whose app tells support what its send queue holds: the installers' (the role adjuster), whose
 * work in the field support answers for. An operator's or the superuser's browser sends none, and
 * support's (which queues nothing and which the server refuses) neither. The superuser's roles
 * hold every role beneath it, the adjuster's too: it is no installer all the same. Kept apart from
 * the reporter so the layout can ask without loading it.
 */
export function reportsFieldQueue(roles: AuthItemMap | undefined): boolean {
  return hasRole(roles, ROLES.adjuster) && !hasRole(roles, ROLES.superuser);
}
