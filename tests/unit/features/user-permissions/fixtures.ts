import type { UserAuthItem, UserPermissionsData } from '@contract/user-permissions';

/** An item as the server describes it; `over` changes what the case needs. */
export function authItem(name: string, type: 1 | 2, over: Partial<UserAuthItem> = {}): UserAuthItem {
  return {
    type,
    name,
    description: `описание ${name}`,
    ruleName: null,
    data: null,
    createdAt: 1_714_219_200,
    updatedAt: 1_714_219_200,
    assigned: false,
    assignedAt: null,
    inheritedFrom: [],
    grantable: true,
    selfLocked: false,
    ...over,
  };
}

/** The installer's page as the operator sees it: adjuster assigned (not the operator's to change), management grantable. */
export function installerAsOperator(over: Partial<UserPermissionsData> = {}): UserPermissionsData {
  return {
    userId: 3,
    login: 'installer',
    buyerId: 1,
    editable: true,
    items: [
      authItem('adjuster', 1, { assigned: true, assignedAt: 1_714_219_200, grantable: false }),
      authItem('management', 1),
      authItem('superuser', 1, { grantable: false }),
      authItem('HOUSES_LIST_PERMISSION', 2, { description: 'Жилой фонд' }),
      authItem('KEYS_LIST_PERMISSION', 2, { assigned: true, assignedAt: 1_714_219_200 }),
    ],
    ...over,
  };
}
