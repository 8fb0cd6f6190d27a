import type { FastifyInstance } from 'fastify';
import { PERMISSIONS, ROLES, USER_LIST_PAGE_SIZE, userEndpoints } from '../../contract/users';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { buyerScope, currentUser } from '../plugins/session';
import { pageNumber, paginationOf } from '../http/pagination';
import { idFilter } from '../http/validation';
import { hasPermission } from '../plugins/rbac';
import { IdParams } from '../http/structs';
import { findUserBuyer, getUserDetail, listUserGroups, listUsers } from '../repositories/users';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.drizzle;

  defineRoute(app, userEndpoints.permissions, { access: 'authenticated' }, async ({ request }) => {
    const user = currentUser(request);
    return { result: true, userId: user.userId, buyerId: user.buyerId, permissions: user.permissions, roles: user.roles };
  });

  defineRoute(app, userEndpoints.groups, { access: 'authenticated' }, async ({ request }) => {
    const user = currentUser(request);
    return { result: true, data: await listUserGroups(db, user.userId) };
  });

  // A static path: registered, it wins over /front/user/:id.
  defineRoute(app, userEndpoints.list, { access: { permissions: [PERMISSIONS.usersList], roles: [ROLES.management] } }, async ({ query, request }) => {
    const page = pageNumber(query.page);
    const filters = {
      login: query.login?.trim() || undefined,
      comment: query.comment?.trim() || undefined,
      buyerId: idFilter('buyerId', query.buyerId),
      userId: idFilter('userId', query.userId),
    };
    if ((filters.login?.length ?? 0) > 100) throw new ApiError(400, 'Некорректное поле login: не длиннее 100 символов');
    const { rows, total } = await listUsers(db, filters, buyerScope(request), page, USER_LIST_PAGE_SIZE);
    return { result: true, data: rows, pagination: paginationOf(rows.length, page, total, USER_LIST_PAGE_SIZE) };
  });

  // Anyone may read themselves (the header shows the login); others need USERS_LIST_PERMISSION,
  // and only a superuser sees users of another buyer.
  defineRoute(app, userEndpoints.get, { access: 'authenticated', params: IdParams }, async ({ request, params }) => {
    const user = currentUser(request);
    if (params.id !== user.userId) {
      if (!hasPermission(user, PERMISSIONS.usersList)) throw new ApiError(403, 'Недостаточно прав для просмотра пользователей');
      const buyerId = await findUserBuyer(db, params.id);
      if (buyerId === null || (buyerId !== user.buyerId && !(ROLES.superuser in user.roles))) {
        throw new ApiError(404, 'Пользователь не найден');
      }
    }
    const detail = await getUserDetail(db, params.id);
    if (!detail) throw new ApiError(404, 'Пользователь не найден');
    return { result: true, data: detail };
  });
}
