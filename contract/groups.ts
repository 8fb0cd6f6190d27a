import { array, assign, boolean, integer, nullable, number, object, optional, string, type, type Infer } from 'superstruct';
import { IntegerLike, NonEmptyString, PageQuery, Pagination, ResultResponse, endpoint, withResult } from './common';

/** A group. The calls that edit groups are ours; see docs/api.md. */
export const Group = type({
  groupId: number(),
  name: string(),
  buyerId: number(),
  parentId: nullable(number()),
  uid: string(),
});
export type Group = Infer<typeof Group>;

// ---------------------------------------------------------------------------
// Group list and edit (/groups, /groups/:groupId). These calls are ours.

export const GROUP_LIST_PAGE_SIZE = 20;
/** The server's limit on a group's name (docs/api.md "Groups"). */
export const GROUP_NAME_MAX_LENGTH = 100;
/** The whole tree answers at most this many groups (`truncated` says when there were more). */
export const GROUP_TREE_LIMIT = 5000;

export const GroupListQuery = object({
  page: optional(PageQuery),
  name: optional(string()),
  buyerId: optional(IntegerLike),
  parentId: optional(IntegerLike),
});
export type GroupListQuery = Infer<typeof GroupListQuery>;
export const GroupListResponse = withResult({ data: array(Group), pagination: Pagination });
export const GroupResponse = withResult({ data: Group });

/**
 * `buyerId` is taken from the session unless a superuser gives it. On an update an absent
 * `parentId` keeps the parent, null makes the group a top-level one.
 */
export const GroupInput = object({
  name: NonEmptyString,
  parentId: optional(nullable(integer())),
  buyerId: optional(integer()),
});
export type GroupInput = Infer<typeof GroupInput>;

/** A group of the whole tree, with how many devices, users and child groups it holds. */
export const GroupTreeNode = assign(Group, type({ devices: number(), users: number(), children: number() }));
export type GroupTreeNode = Infer<typeof GroupTreeNode>;
export const GroupBuyer = type({ buyerId: number(), name: string() });
export type GroupBuyer = Infer<typeof GroupBuyer>;
export const GroupTreeResponse = withResult({ data: array(GroupTreeNode), buyers: array(GroupBuyer), truncated: boolean() });
export type GroupTreeResponse = Infer<typeof GroupTreeResponse>;

export const GroupMembersQuery = object({ page: optional(PageQuery) });
export type GroupMembersQuery = Infer<typeof GroupMembersQuery>;

/** A device of a group: its MAC (opening the device card), type and the addresses of its houses. */
export const GroupDevice = type({ deviceId: number(), mac: string(), type: number(), addresses: array(string()) });
export type GroupDevice = Infer<typeof GroupDevice>;
export const GroupDevicesResponse = withResult({ data: array(GroupDevice), pagination: Pagination });

/** A user of a group: login (opening the user), comment, and who put the user in the group. */
export const GroupUser = type({ userId: number(), login: string(), comment: nullable(string()), givenBy: nullable(string()) });
export type GroupUser = Infer<typeof GroupUser>;
export const GroupUsersResponse = withResult({ data: array(GroupUser), pagination: Pagination });

export const groupEndpoints = {
  list: endpoint({ method: 'GET', pattern: '/front/groups', query: GroupListQuery, response: GroupListResponse }),
  /** Every group the user may see, in one answer (the `/groups` tree). */
  tree: endpoint({ method: 'GET', pattern: '/front/groups/tree', response: GroupTreeResponse }),
  get: endpoint({ method: 'GET', pattern: '/front/groups/:groupId', response: GroupResponse }),
  devices: endpoint({ method: 'GET', pattern: '/front/groups/:groupId/devices', query: GroupMembersQuery, response: GroupDevicesResponse }),
  users: endpoint({ method: 'GET', pattern: '/front/groups/:groupId/users', query: GroupMembersQuery, response: GroupUsersResponse }),
  create: endpoint({ method: 'POST', pattern: '/front/groups/create', body: GroupInput, response: GroupResponse }),
  update: endpoint({ method: 'POST', pattern: '/front/groups/:groupId', body: GroupInput, response: GroupResponse }),
  /** Refused (409) while the group has child groups. */
  remove: endpoint({ method: 'DELETE', pattern: '/front/groups/:groupId', response: ResultResponse }),
} as const;
