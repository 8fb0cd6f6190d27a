import { array, boolean, integer, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { NonEmptyString, ResultResponse, endpoint, withResult } from './common';

// ---------------------------------------------------------------------------
// Catalogue entities

export const AccessReason = type({ id: number(), name: string(), description: nullable(string()) });
export type AccessReason = Infer<typeof AccessReason>;
export const AccessAction = type({ id: number(), name: string(), description: nullable(string()) });
export type AccessAction = Infer<typeof AccessAction>;
/** `type`: the kind of service, 1 intercom, 2 mobile app, 3 video, 4 keys (ours, docs/api.md). */
export const AccessService = type({ id: number(), name: string(), description: nullable(string()), type: number() });
export type AccessService = Infer<typeof AccessService>;

/** Who set an access entry: 'operator', 'billing', 'schedule' … */
export const AccessSource = type({ key: string(), description: string() });
export const AccessOptions = type({
  actions: array(AccessAction),
  reasons: array(AccessReason),
  sources: array(AccessSource),
});
export type AccessOptions = Infer<typeof AccessOptions>;

/** Access service entry: a service granted or refused to an entity (a flat). */
export const AccessServiceEntry = type({
  service: type({ id: number(), name: string(), description: nullable(string()) }),
  entityId: number(),
  reason: type({ id: number() }),
  action: type({ id: number() }),
  access: boolean(),
  source: string(),
});
export type AccessServiceEntry = Infer<typeof AccessServiceEntry>;

// ---------------------------------------------------------------------------
// Requests and responses

export const AccessReasonsResponse = withResult({ data: array(AccessReason) });
export const AccessActionsResponse = withResult({ data: array(AccessAction) });
export const AccessServicesResponse = withResult({ data: array(AccessService) });

/** Without `id` (or with null) a new entry is created. */
export const CatalogueEntryInput = object({
  id: optional(nullable(integer())),
  name: NonEmptyString,
  description: optional(nullable(string())),
});
export type CatalogueEntryInput = Infer<typeof CatalogueEntryInput>;
const CatalogueEntryUpdate = object({ id: integer(), name: NonEmptyString, description: optional(nullable(string())) });
export const ReasonsUpdate = object({ reasons: array(CatalogueEntryUpdate) });
export const ActionsUpdate = object({ actions: array(CatalogueEntryUpdate) });

export const SetReasonResponse = withResult({ reason: AccessReason });
export const SetActionResponse = withResult({ action: AccessAction });

export const accessEndpoints = {
  reasons: endpoint({ method: 'GET', pattern: '/front/access/get-reasons', response: AccessReasonsResponse }),
  actions: endpoint({ method: 'GET', pattern: '/front/access/get-actions', response: AccessActionsResponse }),
  services: endpoint({ method: 'GET', pattern: '/front/access/get-services', response: AccessServicesResponse }),
  setReason: endpoint({ method: 'POST', pattern: '/front/access/set-reason', body: CatalogueEntryInput, response: SetReasonResponse }),
  removeReason: endpoint({ method: 'DELETE', pattern: '/front/access/reason/:id', response: ResultResponse }),
  updateReasons: endpoint({ method: 'POST', pattern: '/front/access/update-reasons', body: ReasonsUpdate, response: AccessReasonsResponse }),
  setAction: endpoint({ method: 'POST', pattern: '/front/access/set-action', body: CatalogueEntryInput, response: SetActionResponse }),
  removeAction: endpoint({ method: 'DELETE', pattern: '/front/access/action/:id', response: ResultResponse }),
  updateActions: endpoint({ method: 'POST', pattern: '/front/access/update-actions', body: ActionsUpdate, response: AccessActionsResponse }),
} as const;
