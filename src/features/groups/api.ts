import { groupEndpoints, type GroupInput, type GroupMembersQuery } from '@contract/groups';
import { expectResult, request } from '@/lib/http';

export async function getGroupTree(signal?: AbortSignal) {
  return expectResult(await request(groupEndpoints.tree, { signal }));
}

export async function getGroup(groupId: number, signal?: AbortSignal) {
  return expectResult(await request(groupEndpoints.get, { params: { groupId }, signal })).data;
}

export async function getGroupDevices(groupId: number, query: GroupMembersQuery, signal?: AbortSignal) {
  return expectResult(await request(groupEndpoints.devices, { params: { groupId }, query, signal }));
}

export async function getGroupUsers(groupId: number, query: GroupMembersQuery, signal?: AbortSignal) {
  return expectResult(await request(groupEndpoints.users, { params: { groupId }, query, signal }));
}

export async function createGroup(body: GroupInput) {
  return expectResult(await request(groupEndpoints.create, { body })).data;
}

export async function updateGroup(groupId: number, body: GroupInput) {
  return expectResult(await request(groupEndpoints.update, { params: { groupId }, body })).data;
}

export async function deleteGroup(groupId: number) {
  return expectResult(await request(groupEndpoints.remove, { params: { groupId } }));
}
