import { nullable, number, string, type, type Infer } from 'superstruct';

/** spec §3 "Group". Endpoints that edit groups are not in spec §7; see docs/api.md. */
export const Group = type({
  groupId: number(),
  name: string(),
  buyerId: number(),
  parentId: nullable(number()),
  uid: string(),
});
export type Group = Infer<typeof Group>;
