import { PERMISSIONS, ROLES } from '@contract/users';
import { t, type MessageKey } from '@/i18n/i18n';
import { getPreferences } from '@/lib/preferences';

const BUILT_IN: Readonly<Record<string, MessageKey>> = {
  [ROLES.superuser]: 'authItem.superuser',
  [ROLES.management]: 'authItem.management',
  [ROLES.adjuster]: 'authItem.adjuster',
  [ROLES.support]: 'authItem.support',
  [PERMISSIONS.housesList]: 'authItem.housesList',
  [PERMISSIONS.usersList]: 'authItem.usersList',
  [PERMISSIONS.keysList]: 'authItem.keysList',
};

/**
 * What a role or permission is called on screen. The server's description is data (in Russian, and an
 * operator's back end may word its own): it is shown as it is, except that in another language the
 * product's own roles and permissions are named in that language. Without any description, the name.
 */
export function authItemLabel(name: string, description: string | null | undefined): string {
  const key = BUILT_IN[name];
  if (key && getPreferences().language !== 'ru') return t(key);
  return description || name;
}
