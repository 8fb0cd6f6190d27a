import { array, integer, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { IntegerLike, NonEmptyString, PageQuery, Pagination, ResultResponse, endpoint, withResult } from './common';

/** spec §3 "Group". Endpoints that edit groups are not in spec §7; see docs/api.md. */
export const Group = type({
  groupId: number(),
  name: string(),
  buyerId: number(),
  parentId: nullable(number()),
  uid: string(),
});
export type Group = Infer<typeof Group>;

// ---------------------------------------------------------------------------
// Group list and edit (/groups, /groups/:groupId). Spec §7 has no group calls; these are ours.

export const GROUP_LIST_PAGE_SIZE = 20;

export const GroupListQuery = object({
  page: optional(PageQuery),
  name: optional(string()),
  buyerId: optional(IntegerLike),
  parentId: optional(IntegerLike),
});
export type GroupListQuery = Infer<typeof GroupListQuery>;
export const GroupListResponse = withResult({ data: array(Group), pagination: Pagination });
export const GroupResponse = withResult({ data: Group });

/** `buyerId` is taken from the session unless a superuser gives it. */
export const GroupInput = object({
  name: NonEmptyString,
  parentId: optional(nullable(integer())),
  buyerId: optional(integer()),
});
export type GroupInput = Infer<typeof GroupInput>;

export const groupEndpoints = {
  list: endpoint({ method: 'GET', pattern: '/front/groups', query: GroupListQuery, response: GroupListResponse }),
  get: endpoint({ method: 'GET', pattern: '/front/groups/:groupId', response: GroupResponse }),
  create: endpoint({ method: 'POST', pattern: '/front/groups/create', body: GroupInput, response: GroupResponse }),
  update: endpoint({ method: 'POST', pattern: '/front/groups/:groupId', body: GroupInput, response: GroupResponse }),
  /** Refused (409) while the group has child groups. */
  remove: endpoint({ method: 'DELETE', pattern: '/front/groups/:groupId', response: ResultResponse }),
} as const;
