import { PERMISSIONS, ROLES } from '@contract/users';
import { getPreferences } from '@/lib/preferences';

/** The product's own roles and permissions in English; in Russian the server's descriptions are these. */
const ENGLISH: Readonly<Record<string, string>> = {
  [ROLES.superuser]: 'Superuser: every right',
  [ROLES.management]: 'Operator (devices and housing)',
  [ROLES.adjuster]: 'Installer (device set-up)',
  [ROLES.support]: 'Support (read only)',
  [PERMISSIONS.housesList]: 'Housing',
  [PERMISSIONS.usersList]: 'Users',
  [PERMISSIONS.keysList]: 'Keys',
};

/**
 * What a role or permission is called on screen. The server's description is data (in Russian, and an
 * operator's back end may word its own): it is shown as it is, except that in English the product's
 * own roles and permissions are named in English. Without any description, the name.
 */
export function authItemLabel(name: string, description: string | null | undefined): string {
  if (getPreferences().language === 'en' && Object.hasOwn(ENGLISH, name)) return ENGLISH[name];
  return description || name;
}
