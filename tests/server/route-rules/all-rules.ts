import { accessCatalogueRules } from './access-catalogue';
import { adjusterRules } from './adjuster';
import { auditRules } from './audit';
import { deviceCardRules } from './device-card';
import { deviceSettingsRules } from './device-settings';
import { deviceRules } from './devices';
import { dictionaryRules } from './dictionaries';
import { entranceRules } from './entrances';
import { fieldRules } from './field';
import { flatBlockRules } from './flat-blocks';
import { flatsRules } from './flats';
import { groupRules } from './groups';
import { houseRules } from './houses';
import { keysRules } from './keys';
import { commutatorRules } from './commutators';
import { doorCodeRules } from './door-codes';
import { deviceSyncRules } from './device-sync';
import { dialingRules } from './dialings';
import { historyRules } from './history';
import { importRules } from './imports';
import { powerRules } from './power';
import { managementCompanyRules } from './management-companies';
import { sessionRules } from './session';
import { userOptionRules } from './user-options';
import { userRules } from './users';
import { userPermissionRules } from './user-permissions';
import { buyerRules } from './buyers';
import { userListRules } from './users-list';
import { wizardRules } from './wizard';
import type { RouteRule } from './types';

/** Every route's rule, one file per domain: tests/server/access.test.ts wants one for each route the app registers. */
export const ALL_RULES: readonly RouteRule[] = [
  ...sessionRules,
  ...userRules,
  ...userListRules,
  ...userPermissionRules,
  ...buyerRules,
  ...userOptionRules,
  ...houseRules,
  ...entranceRules,
  ...flatsRules,
  ...flatBlockRules,
  ...accessCatalogueRules,
  ...keysRules,
  ...commutatorRules,
  ...doorCodeRules,
  ...deviceSyncRules,
  ...dialingRules,
  ...historyRules,
  ...powerRules,
  ...groupRules,
  ...managementCompanyRules,
  ...dictionaryRules,
  ...deviceRules,
  ...deviceCardRules,
  ...deviceSettingsRules,
  ...wizardRules,
  ...adjusterRules,
  ...importRules,
  ...auditRules,
  ...fieldRules,
];
