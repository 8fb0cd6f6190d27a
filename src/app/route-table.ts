import { createElement, lazy, Suspense, type ComponentType } from 'react';
import type { House } from '@contract/houses';
import type { MessageKey } from '@/i18n/i18n';
import { ACCESS_RULES, type AccessRule } from './access-rules';
import type { ScreenPrefetch } from './screen-prefetch';

type PageModule = { Component: ComponentType };
export type PageLoader = () => Promise<PageModule>;

// The wizard shows "take this house offline" only once a house is picked, so it loads then (route budget 250 KB gzip).
const LazyHouseOfflineBlock = lazy(() =>
  import('@/features/house-snapshot/components/house-offline-control').then((m) => ({ default: m.HouseOfflineBlockControl })),
);
function HouseOfflineBlock(props: { house: House }) {
  return createElement(Suspense, { fallback: null }, createElement(LazyHouseOfflineBlock, props));
}
const LazyHouseOfflineRow = lazy(() =>
  import('@/features/house-snapshot/components/house-offline-control').then((m) => ({ default: m.HouseOfflineRowControl })),
);
function HouseOfflineRow(props: { house: House }) {
  return createElement(Suspense, { fallback: null }, createElement(LazyHouseOfflineRow, props));
}

const menuPage: PageLoader = () => import('./menu-page').then((m) => ({ Component: m.MenuPage }));

export interface AppRouteDefinition {
  path: string;
  titleKey: MessageKey;
  page: PageLoader;
  /** Who may open it; anyone else gets a plain "no access" page and the screen's code never loads. */
  access: AccessRule;
  /** The screen's first request, started by the route's loader (screens opened cold, on phones too). */
  prefetch?: ScreenPrefetch;
}

const { anyone, buyers, devices, deviceKeys, wizards, groups, houses, housing, users, keys, managementCompanies, managementCompanyCreate, outbox, field } = ACCESS_RULES;

/** The login screen sits outside the workspace layout, so it loads neither the grid nor the pickers. */
export const loginRoute: AppRouteDefinition = {
  path: '/site/auth',
  titleKey: 'route.title.login',
  access: anyone,
  page: () => import('@/features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })),
};

/** Every other route of the product (docs/product.md), in its order. */
export const workspaceRoutes: AppRouteDefinition[] = [
  { path: '/', titleKey: 'route.title.main', access: anyone, page: menuPage },
  {
    path: '/user/options',
    titleKey: 'route.title.userOptions',
    access: anyone,
    page: () => import('@/features/user-options/components/user-options-page').then((m) => ({ Component: m.UserOptionsPage })),
  },
  { path: '/devices', titleKey: 'route.title.devices', access: devices, page: () => import('@/features/devices/components/device-list-page').then((m) => ({ Component: m.DeviceListPage })) },
  { path: '/devices/:mac/wizard', titleKey: 'route.title.deviceWizard', access: wizards, page: () => import('@/features/device-wizard/components/device-wizard-page').then((wizard) => ({ Component: wizard.withHouseOffline(HouseOfflineRow) })) },
  { path: '/devices/wizard', titleKey: 'route.title.devicePortWizard', access: wizards, page: () => import('@/features/adjuster-wizard/components/adjuster-wizard-page').then((m) => ({ Component: m.AdjusterWizardPage })) },
  { path: '/devices/serial-number-wizard', titleKey: 'route.title.deviceSerialWizard', access: wizards, page: () => import('@/features/serial-number-wizard/components/serial-number-wizard-page').then((wizard) => ({ Component: wizard.withHouseOffline(HouseOfflineBlock) })) },
  { path: '/devices/replace-wizard', titleKey: 'route.title.deviceReplaceWizard', access: wizards, page: () => import('@/features/replace-wizard/components/replace-wizard-page').then((m) => ({ Component: m.ReplaceWizardPage })) },
  { path: '/devices/:mac/update', titleKey: 'route.title.deviceCard', access: devices, page: () => import('@/features/device-card/components/device-card-page').then((m) => ({ Component: m.DeviceCardPage })) },
  { path: '/devices/:mac/commutators', titleKey: 'route.title.deviceCommutators', access: devices, page: () => import('@/features/commutators/components/commutators-page').then((m) => ({ Component: m.CommutatorsPage })), prefetch: (match, client) => import('@/features/commutators/prefetch').then((m) => m.prefetchCommutators(match, client)) },
  { path: '/devices/:mac/keys', titleKey: 'route.title.deviceKeys', access: deviceKeys, page: () => import('@/features/device-keys/components/device-keys-page').then((m) => ({ Component: m.DeviceKeysPage })), prefetch: (match, client) => import('@/features/device-keys/prefetch').then((m) => m.prefetchDeviceKeys(false)(match, client)) },
  { path: '/devices/:mac/rs-keys', titleKey: 'route.title.deviceRsKeys', access: deviceKeys, page: () => import('@/features/device-keys/components/device-rs-keys-page').then((m) => ({ Component: m.DeviceRsKeysPage })), prefetch: (match, client) => import('@/features/device-keys/prefetch').then((m) => m.prefetchDeviceKeys(true)(match, client)) },
  { path: '/devices/:mac/codes', titleKey: 'route.title.deviceCodes', access: deviceKeys, page: () => import('@/features/door-codes/components/door-codes-page').then((m) => ({ Component: m.DoorCodesPage })) },
  { path: '/device/codes', titleKey: 'route.title.keylessAccess', access: deviceKeys, page: () => import('@/features/door-codes/components/keyless-codes-page').then((m) => ({ Component: m.KeylessCodesPage })) },
  { path: '/devices/:mac/power', titleKey: 'route.title.devicePower', access: devices, page: () => import('@/features/device-power/components/device-power-page').then((m) => ({ Component: m.DevicePowerPage })) },
  { path: '/devices/history', titleKey: 'route.title.deviceHistory', access: devices, page: () => import('@/features/device-history/components/device-history-page').then((m) => ({ Component: m.DeviceHistoryPage })) },
  { path: '/dialings/:mac', titleKey: 'route.title.dialings', access: devices, page: () => import('@/features/dialings/components/dialings-page').then((m) => ({ Component: m.DialingsPage })) },
  {
    path: '/houses',
    titleKey: 'route.title.houses',
    access: houses,
    page: () => Promise.all([import('@/features/houses/components/house-list-page'), import('@/features/house-snapshot/components/house-offline-control')]).then(([list, snapshot]) => ({ Component: list.withOfflineAction(snapshot.HouseOfflineRowControl, housing.allows) })),
  },
  { path: '/houses/:houseUid', titleKey: 'route.title.house', access: housing, page: () => import('@/features/houses/components/house-page').then((m) => ({ Component: m.HousePage })) },
  {
    path: '/houses/:houseUid/flats/:flatNum/update',
    titleKey: 'route.title.flat',
    access: housing,
    page: () => import('@/features/flat-card/components/flat-card-page').then((m) => ({ Component: m.FlatCardPage })),
    prefetch: (match, client) => import('@/features/flat-card/prefetch').then((m) => m.prefetchFlatCard(match, client)),
  },
  { path: '/entrances/:entranceUid', titleKey: 'route.title.entrance', access: housing, page: () => import('@/features/entrances/components/entrance-page').then((m) => ({ Component: m.EntrancePage })) },
  { path: '/access', titleKey: 'route.title.access', access: housing, page: () => import('@/features/access/components/access-page').then((m) => ({ Component: m.AccessPage })) },
  { path: '/mc', titleKey: 'route.title.managementCompanies', access: managementCompanies, page: () => import('@/features/management-companies/components/mc-list-page').then((m) => ({ Component: m.McListPage })) },
  { path: '/mc/:mcId/update', titleKey: 'route.title.managementCompany', access: managementCompanies, page: () => import('@/features/management-companies/components/mc-page').then((m) => ({ Component: m.McPage })) },
  { path: '/mc/view-create', titleKey: 'route.title.managementCompanyCreate', access: managementCompanyCreate, page: () => import('@/features/management-companies/components/mc-create-page').then((m) => ({ Component: m.McCreatePage })) },
  { path: '/users', titleKey: 'route.title.users', access: users, page: () => import('@/features/users/components/user-list-page').then((m) => ({ Component: m.UserListPage })) },
  { path: '/users/:userId', titleKey: 'route.title.user', access: users, page: () => import('@/features/users/components/user-page').then((m) => ({ Component: m.UserPage })) },
  { path: '/users/:userId/permissions', titleKey: 'route.title.userPermissions', access: users, page: () => import('@/features/user-permissions/components/user-permissions-page').then((m) => ({ Component: m.UserPermissionsPage })) },
  { path: '/groups', titleKey: 'route.title.groups', access: groups, page: () => import('@/features/groups/components/group-list-page').then((m) => ({ Component: m.GroupListPage })) },
  { path: '/groups/:groupId', titleKey: 'route.title.group', access: groups, page: () => import('@/features/groups/components/group-page').then((m) => ({ Component: m.GroupPage })) },
  { path: '/buyers', titleKey: 'route.title.buyers', access: buyers, page: () => import('@/features/buyers/components/buyer-list-page').then((m) => ({ Component: m.BuyerListPage })) },
  { path: '/buyers/:buyerId', titleKey: 'route.title.buyer', access: buyers, page: () => import('@/features/buyers/components/buyer-page').then((m) => ({ Component: m.BuyerPage })) },
  { path: '/keys', titleKey: 'route.title.keys', access: keys, page: () => import('@/features/keys/components/key-list-page').then((m) => ({ Component: m.KeyListPage })) },
  // Ours: the send queue and the drafts on this device.
  {
    path: '/outbox',
    titleKey: 'route.title.outbox',
    access: outbox,
    page: () => import('@/features/outbox/components/outbox-page').then((m) => ({ Component: m.OutboxPage })),
  },
  // Support's view of the installers' queues.
  { path: '/field', titleKey: 'route.title.field', access: field, page: () => import('@/features/field/components/field-page').then((m) => ({ Component: m.FieldPage })) },
  { path: '/field/:installerId', titleKey: 'route.title.fieldInstaller', access: field, page: () => import('@/features/field/components/field-installer-page').then((m) => ({ Component: m.FieldInstallerPage })) },
  // The audit trail.
  { path: '/audit', titleKey: 'route.title.audit', access: groups, page: () => import('@/features/audit/components/audit-page').then((m) => ({ Component: m.AuditPage })) },
  // An unknown path shows the menu page, titled as the main page.
  { path: '*', titleKey: 'route.title.main', access: anyone, page: menuPage },
];
