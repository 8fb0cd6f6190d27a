import type { FastifyInstance } from 'fastify';
import { PERMISSIONS, ROLES, userEndpoints } from '../../contract/users';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { currentUser } from '../plugins/session';
import { hasPermission } from '../plugins/rbac';
import { IdParams } from '../http/structs';
import { findUserBuyer, getUserDetail, listUserGroups } from '../repositories/users';

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
