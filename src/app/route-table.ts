import { createElement, lazy, Suspense, type ComponentType } from 'react';
import type { House } from '@contract/houses';
import type { MessageKey } from '@/i18n/i18n';

type PageModule = { Component: ComponentType };
export type PageLoader = () => Promise<PageModule>;

const notBuilt: PageLoader = () => import('./not-built-page').then((m) => ({ Component: m.NotBuiltPage }));
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
  /** True while the screen is a "section not built yet" placeholder (owned by a later issue). */
  placeholder?: boolean;
}

function placeholder(path: string, titleKey: MessageKey): AppRouteDefinition {
  return { path, titleKey, page: notBuilt, placeholder: true };
}

/** The login screen sits outside the workspace layout, so it loads neither the grid nor the pickers. */
export const loginRoute: AppRouteDefinition = {
  path: '/site/auth',
  titleKey: 'route.title.login',
  page: () => import('@/features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })),
};

/** Every other route of spec §2, in the spec's order. */
export const workspaceRoutes: AppRouteDefinition[] = [
  { path: '/', titleKey: 'route.title.main', page: menuPage },
  {
    path: '/user/options',
    titleKey: 'route.title.userOptions',
    page: () => import('@/features/user-options/components/user-options-page').then((m) => ({ Component: m.UserOptionsPage })),
  },
  { path: '/devices', titleKey: 'route.title.devices', page: () => import('@/features/devices/components/device-list-page').then((m) => ({ Component: m.DeviceListPage })) },
  { path: '/devices/:mac/wizard', titleKey: 'route.title.deviceWizard', page: () => import('@/features/device-wizard/components/device-wizard-page').then((wizard) => ({ Component: wizard.withHouseOffline(HouseOfflineRow) })) },
  { path: '/devices/wizard', titleKey: 'route.title.devicePortWizard', page: () => import('@/features/adjuster-wizard/components/adjuster-wizard-page').then((m) => ({ Component: m.AdjusterWizardPage })) },
  { path: '/devices/serial-number-wizard', titleKey: 'route.title.deviceSerialWizard', page: () => import('@/features/serial-number-wizard/components/serial-number-wizard-page').then((wizard) => ({ Component: wizard.withHouseOffline(HouseOfflineBlock) })) },
  { path: '/devices/replace-wizard', titleKey: 'route.title.deviceReplaceWizard', page: () => import('@/features/replace-wizard/components/replace-wizard-page').then((m) => ({ Component: m.ReplaceWizardPage })) },
  { path: '/devices/:mac/update', titleKey: 'route.title.deviceCard', page: () => import('@/features/device-card/components/device-card-page').then((m) => ({ Component: m.DeviceCardPage })) },
  placeholder('/devices/:mac/commutators', 'route.title.deviceCommutators'),
  placeholder('/devices/:mac/keys', 'route.title.deviceKeys'),
  placeholder('/devices/:mac/rs-keys', 'route.title.deviceRsKeys'),
  placeholder('/devices/:mac/codes', 'route.title.deviceCodes'),
  placeholder('/device/codes', 'route.title.keylessAccess'),
  placeholder('/devices/:mac/power', 'route.title.devicePower'),
  placeholder('/devices/history', 'route.title.deviceHistory'),
  placeholder('/dialings/:mac', 'route.title.dialings'),
  {
    path: '/houses',
    titleKey: 'route.title.houses',
    page: () => Promise.all([import('@/features/houses/components/house-list-page'), import('@/features/house-snapshot/components/house-offline-control')]).then(([list, snapshot]) => ({ Component: list.withOfflineAction(snapshot.HouseOfflineRowControl) })),
  },
  placeholder('/houses/:houseUid', 'route.title.house'),
  placeholder('/houses/:houseUid/flats/:flatNum/update', 'route.title.flat'),
  placeholder('/entrances/:entranceUid', 'route.title.entrance'),
  placeholder('/access', 'route.title.access'),
  placeholder('/mc', 'route.title.managementCompanies'),
  placeholder('/mc/:mcId/update', 'route.title.managementCompany'),
  placeholder('/mc/view-create', 'route.title.managementCompanyCreate'),
  placeholder('/users', 'route.title.users'),
  placeholder('/users/:userId', 'route.title.user'),
  placeholder('/users/:userId/permissions', 'route.title.userPermissions'),
  placeholder('/groups', 'route.title.groups'),
  placeholder('/groups/:groupId', 'route.title.group'),
  placeholder('/buyers', 'route.title.buyers'),
  placeholder('/buyers/:buyerId', 'route.title.buyer'),
  placeholder('/keys', 'route.title.keys'),
  // Issue 3 §8 (not in spec §2): the send queue and the drafts on this device.
  {
    path: '/outbox',
    titleKey: 'route.title.outbox',
    page: () => import('@/features/outbox/components/outbox-page').then((m) => ({ Component: m.OutboxPage })),
  },
  // spec §2: an unknown path shows the menu page, titled as the main page.
  { path: '*', titleKey: 'route.title.main', page: menuPage },
];
