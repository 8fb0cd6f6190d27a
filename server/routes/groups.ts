import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { object } from 'superstruct';
import { GROUP_LIST_PAGE_SIZE, GROUP_NAME_MAX_LENGTH, GROUP_TREE_LIMIT, groupEndpoints, type Group, type GroupInput } from '../../contract/groups';
import { ROLES } from '../../contract/users';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { pageNumber, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { recordObject } from '../plugins/audit-changes';
import { groupObject } from '../repositories/audit-labels';
import { Id } from '../http/structs';
import { MAX_ID, idFilter } from '../http/validation';
import { buyerScope, currentUser } from '../plugins/session';
import { buyerExists, createGroup, deleteGroup, findGroup, groupDevices, groupTree, groupUsers, listGroups, updateGroup } from '../repositories/groups';

const GroupParams = object({ groupId: Id });
const NOT_FOUND = 'Группа не найдена';

/** The group when the caller's buyer may see it; another buyer's group is as unknown as a missing one. */
async function groupInScope(db: Db, id: number, scope: number | null): Promise<Group> {
  const group = await findGroup(db, id);
  if (!group || (scope !== null && group.buyerId !== scope)) throw new ApiError(404, NOT_FOUND);
  return group;
}

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length > GROUP_NAME_MAX_LENGTH) throw new ApiError(400, `Некорректное поле name: не длиннее ${GROUP_NAME_MAX_LENGTH} символов`);
  return trimmed;
}

function checkedId(field: string, value: number): number {
  if (value < 1 || value > MAX_ID) throw new ApiError(400, `Некорректное поле ${field}: ожидается целое число от 1 до ${MAX_ID}`);
  return value;
}

/** The parent a body names: a group the caller sees, of the given buyer; null for the top level. */
async function checkedParent(db: Db, parentId: number | null, buyerId: number, scope: number | null): Promise<number | null> {
  if (parentId === null) return null;
  const parent = await findGroup(db, checkedId('parentId', parentId));
  if (!parent || (scope !== null && parent.buyerId !== scope)) throw new ApiError(400, `Некорректное поле parentId: группа ${parentId} не найдена`);
  if (parent.buyerId !== buyerId) throw new ApiError(400, `Некорректное поле parentId: группа ${parentId} принадлежит другому покупателю`);
  return parentId;
}

/**
 * The buyer of a new group: the superuser names one (or takes the parent's, else its own); anyone
 * else gets its own buyer, and naming another is a 400.
 */
async function buyerOfNewGroup(db: Db, request: FastifyRequest, body: GroupInput): Promise<number> {
  const user = currentUser(request);
  if (body.buyerId === undefined) {
    if (buyerScope(request) === null && body.parentId) return (await findGroup(db, checkedId('parentId', body.parentId)))?.buyerId ?? user.buyerId;
    return user.buyerId;
  }
  const buyerId = checkedId('buyerId', body.buyerId);
  if (buyerScope(request) !== null && buyerId !== user.buyerId) throw new ApiError(400, 'Некорректное поле buyerId: покупателя группы выбирает только суперпользователь');
  if (!(await buyerExists(db, buyerId))) throw new ApiError(400, `Некорректное поле buyerId: покупатель ${buyerId} не найден`);
  return buyerId;
}

const loopError = () => new ApiError(400, 'Некорректное поле parentId: группа не может быть вложена в саму себя или в свою вложенную группу');
const parentGone = (parentId: number | null) => new ApiError(400, `Некорректное поле parentId: группа ${parentId} не найдена`);

/**
 * Groups (docs/api.md "Groups"): read by management or support, changed by management (the
 * superuser passes both). An operator sees and changes its own buyer's groups only; the
 * superuser every buyer's.
 */
export async function groupRoutes(app: FastifyInstance): Promise<void> {
  const readers = { roles: [ROLES.management, ROLES.support] };
  const editors = { roles: [ROLES.management] };

  defineRoute(app, groupEndpoints.list, { access: readers }, async ({ query, request, db }) => {
    const page = pageNumber(query.page);
    const filter = {
      scope: buyerScope(request),
      buyerId: idFilter('buyerId', query.buyerId),
      name: query.name?.trim(),
      parentId: idFilter('parentId', query.parentId, 0),
    };
    const { rows, total } = await listGroups(db, filter, page, GROUP_LIST_PAGE_SIZE);
    return { result: true, data: rows, pagination: paginationOf(rows.length, page, total, GROUP_LIST_PAGE_SIZE) };
  });

  defineRoute(app, groupEndpoints.tree, { access: readers }, async ({ request, db }) => {
    const { rows, buyers, truncated } = await groupTree(db, buyerScope(request), GROUP_TREE_LIMIT);
    return { result: true, data: rows, buyers, truncated };
  });

  defineRoute(app, groupEndpoints.get, { access: readers, params: GroupParams }, async ({ params, request, db }) => {
    return { result: true, data: await groupInScope(db, params.groupId, buyerScope(request)) };
  });

  defineRoute(app, groupEndpoints.devices, { access: readers, params: GroupParams }, async ({ params, query, request, db }) => {
    const page = pageNumber(query.page);
    await groupInScope(db, params.groupId, buyerScope(request));
    const { rows, total } = await groupDevices(db, params.groupId, page, GROUP_LIST_PAGE_SIZE);
    return { result: true, data: rows, pagination: paginationOf(rows.length, page, total, GROUP_LIST_PAGE_SIZE) };
  });

  defineRoute(app, groupEndpoints.users, { access: readers, params: GroupParams }, async ({ params, query, request, db }) => {
    const page = pageNumber(query.page);
    await groupInScope(db, params.groupId, buyerScope(request));
    const { rows, total } = await groupUsers(db, params.groupId, page, GROUP_LIST_PAGE_SIZE);
    return { result: true, data: rows, pagination: paginationOf(rows.length, page, total, GROUP_LIST_PAGE_SIZE) };
  });

  defineRoute(app, groupEndpoints.create, { access: editors }, async ({ body, request, db }) => {
    const name = checkedName(body.name);
    const scope = buyerScope(request);
    const buyerId = await buyerOfNewGroup(db, request, body);
    const parentId = await checkedParent(db, body.parentId ?? null, buyerId, scope);
    const outcome = await createGroup(db, { name, buyerId, parentId }, randomUUID());
    if (outcome.status === 'no-parent') throw parentGone(parentId);
    recordObject(groupObject(outcome.group), null, outcome.group, { buyerId });
    return { result: true, message: 'Группа создана', data: outcome.group };
  });

  defineRoute(app, groupEndpoints.update, { access: editors, params: GroupParams }, async ({ params, body, request, db }) => {
    const scope = buyerScope(request);
    const group = await groupInScope(db, params.groupId, scope);
    const name = checkedName(body.name);
    if (body.buyerId !== undefined && body.buyerId !== group.buyerId) {
      throw new ApiError(400, 'Некорректное поле buyerId: группа не переходит к другому покупателю');
    }
    const parentId = body.parentId === undefined ? group.parentId : await checkedParent(db, body.parentId, group.buyerId, scope);
    const outcome = await updateGroup(db, group.groupId, { name, buyerId: group.buyerId, parentId });
    if (outcome.status === 'not-found') throw new ApiError(404, NOT_FOUND);
    if (outcome.status === 'no-parent') throw parentGone(parentId);
    if (outcome.status === 'loop') throw loopError();
    recordObject(groupObject(outcome.group), group, outcome.group, { buyerId: group.buyerId });
    return { result: true, message: 'Группа сохранена', data: outcome.group };
  });

  defineRoute(app, groupEndpoints.remove, { access: editors, params: GroupParams }, async ({ params, request, db }) => {
    const group = await groupInScope(db, params.groupId, buyerScope(request));
    const outcome = await deleteGroup(db, params.groupId);
    if (outcome.status === 'not-found') throw new ApiError(404, NOT_FOUND);
    if (outcome.status === 'has-children') {
      throw new ApiError(409, `Группу нельзя удалить: в ней вложенных групп — ${outcome.children}. Сначала перенесите или удалите их`);
    }
    recordObject(groupObject(group), group, null, { buyerId: group.buyerId });
    return { result: true, message: `Группа удалена; она снята с устройств (${outcome.devices}) и пользователей (${outcome.users})` };
  });
}
