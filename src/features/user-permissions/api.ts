import { userPermissionEndpoints, type UserPermissionsUpdate } from '@contract/user-permissions';
import { expectResult, request } from '@/lib/http';

export async function getUserPermissions(userId: number, signal?: AbortSignal) {
  return expectResult(await request(userPermissionEndpoints.get, { params: { id: userId }, signal })).data;
}

export async function updateUserPermissions(userId: number, change: UserPermissionsUpdate) {
  return expectResult(await request(userPermissionEndpoints.update, { params: { id: userId }, body: change })).data;
}
