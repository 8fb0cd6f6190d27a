import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userPermissionEndpoints, type UserAuthItem, type UserPermissionsData } from '../../contract/user-permissions';
import { PERMISSIONS, ROLES } from '../../contract/users';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { IdParams } from '../http/structs';
import { hasPermission } from '../plugins/rbac';
import { currentUser } from '../plugins/session';
import { changeUserGrants, findPermissionTarget, loadUserGrants, type PermissionTarget, type UserGrantsState } from '../repositories/user-permissions';
import type { SessionUser } from '../repositories/sessions';

const NOT_FOUND = 'Пользователь не найден';

/** Every item the names give: themselves and, through the hierarchy, every descendant. */
function closure(names: Iterable<string>, children: Map<string, string[]>): Set<string> {
  const found = new Set<string>();
  const stack = [...names];
  while (stack.length > 0) {
    const name = stack.pop()!;
    if (found.has(name)) continue;
    found.add(name);
    stack.push(...(children.get(name) ?? []));
  }
  return found;
}

/** The screen stays open to its user: the superuser, or USERS_LIST_PERMISSION held some way. */
function keepsUserAccess(effective: Set<string>): boolean {
  return effective.has(ROLES.superuser) || effective.has(PERMISSIONS.usersList);
}

/**
 * Would taking `revoked` away from the caller's own assignments lock it out? Its own superuser role
 * always would (nothing is left that could give it back); otherwise, losing USERS_LIST_PERMISSION
 * (directly or through a role) would.
 */
function locksOut(assigned: Iterable<string>, revoked: ReadonlySet<string>, children: Map<string, string[]>): boolean {
  const before = [...assigned];
  if (revoked.has(ROLES.superuser) && before.includes(ROLES.superuser)) return true;
  const after = before.filter((name) => !revoked.has(name));
  return keepsUserAccess(closure(before, children)) && !keepsUserAccess(closure(after, children));
}

/** The items the caller may grant: those it holds (the session's grants); the superuser every one. */
function callerHolds(caller: SessionUser): (name: string) => boolean {
  if (ROLES.superuser in caller.roles) return () => true;
  return (name) => name in caller.roles || name in caller.permissions;
}

function viewOf(target: PermissionTarget, state: UserGrantsState, caller: SessionUser): UserPermissionsData {
  const isSelf = target.id === caller.userId;
  // After a change of its own grants the caller's session grants are those of before: read them from the state.
  const holds = isSelf
    ? ((effective) => (effective.has(ROLES.superuser) ? () => true : (name: string) => effective.has(name)))(closure(state.assigned.keys(), state.children))
    : callerHolds(caller);
  const givenBy = new Map<string, string[]>();
  for (const role of [...state.assigned.keys()].sort()) {
    for (const name of closure(state.children.get(role) ?? [], state.children)) {
      if (name !== role) givenBy.set(name, [...(givenBy.get(name) ?? []), role]);
    }
  }
  const items: UserAuthItem[] = state.items.map((item) => ({
    ...item,
    assigned: state.assigned.has(item.name),
    assignedAt: state.assigned.get(item.name) ?? null,
    inheritedFrom: givenBy.get(item.name) ?? [],
    grantable: holds(item.name),
    selfLocked: isSelf && state.assigned.has(item.name) && locksOut(state.assigned.keys(), new Set([item.name]), state.children),
  }));
  return { userId: target.id, login: target.login, buyerId: target.buyerId, editable: hasPermission(caller, PERMISSIONS.usersList), items };
}

/** The user the caller may see: its own buyer's (the superuser: anyone's); any other is a 404, like a missing one. */
async function visibleTarget(request: FastifyRequest, userId: number): Promise<PermissionTarget> {
  const caller = currentUser(request);
  const target = await findPermissionTarget(request.server.database.drizzle, userId);
  if (!target || (target.buyerId !== caller.buyerId && !(ROLES.superuser in caller.roles))) throw new ApiError(404, NOT_FOUND);
  return target;
}

const quoted = (names: readonly string[]) => names.map((name) => `«${name}»`).join(', ');

/** Checks a change against the catalogue, the caller's own grants and its own access; throws the refusal. */
function checkChange(change: { grant: string[]; revoke: string[] }, state: UserGrantsState, caller: SessionUser, isSelf: boolean): void {
  const known = new Set(state.items.map((item) => item.name));
  for (const field of ['grant', 'revoke'] as const) {
    const unknown = change[field].filter((name) => !known.has(name));
    if (unknown.length > 0) throw new ApiError(400, `Некорректное поле ${field}: нет такой роли или разрешения: ${quoted(unknown)}`);
  }
  const both = change.grant.filter((name) => change.revoke.includes(name));
  if (both.length > 0) throw new ApiError(400, `Некорректное поле revoke: ${quoted(both)} одновременно выдаётся и отзывается`);
  const holds = callerHolds(caller);
  const foreign = [...change.grant, ...change.revoke].filter((name) => !holds(name));
  if (foreign.length > 0) throw new ApiError(403, `Нельзя выдать или отозвать ${quoted(foreign)}: у вас самих нет этой роли или разрешения`);
  if (isSelf && locksOut(state.assigned.keys(), new Set(change.revoke), state.children)) {
    const revoked = change.revoke.filter((name) => state.assigned.has(name));
    throw new ApiError(409, `Нельзя отозвать у себя ${quoted(revoked)}: вы потеряете доступ к пользователям и их правам`);
  }
}

/** A user's roles and permissions, read and granted (docs/api.md "User permissions"). */
export async function userPermissionRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.drizzle;

  defineRoute(
    app,
    userPermissionEndpoints.get,
    { access: { permissions: [PERMISSIONS.usersList], roles: [ROLES.support] }, params: IdParams },
    async ({ request, params }) => {
      const target = await visibleTarget(request, params.id);
      return { result: true, data: viewOf(target, await loadUserGrants(db, target.id), currentUser(request)) };
    },
  );

  defineRoute(app, userPermissionEndpoints.update, { access: { permissions: [PERMISSIONS.usersList] }, params: IdParams }, async ({ request, params, body }) => {
    const caller = currentUser(request);
    const target = await visibleTarget(request, params.id);
    const change = { grant: [...new Set(body.grant ?? [])], revoke: [...new Set(body.revoke ?? [])] };
    const found = await changeUserGrants(db, target.id, change, (state) => checkChange(change, state, caller, target.id === caller.userId));
    if (!found) throw new ApiError(404, NOT_FOUND);
    const changed = change.grant.length + change.revoke.length > 0;
    return {
      result: true,
      message: changed ? 'Права пользователя сохранены' : 'Нечего менять',
      data: viewOf(target, await loadUserGrants(db, target.id), caller),
    };
  });
}
