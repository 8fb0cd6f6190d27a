import type { FastifyInstance } from 'fastify';
import { GROUP_LIST_PAGE_SIZE, groupEndpoints } from '../../contract/groups';
import { ROLES } from '../../contract/users';
import { pageNumber, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { idFilter } from '../http/validation';
import { buyerScope } from '../plugins/session';
import { listGroups } from '../repositories/groups';

/**
 * The group list (docs/api.md "Groups"): a buyer's groups for its operators, every buyer's for the
 * superuser. A `buyerId` filter narrows what the user may see; it never widens it.
 */
export async function groupRoutes(app: FastifyInstance): Promise<void> {
  const managers = { roles: [ROLES.management] };

  defineRoute(app, groupEndpoints.list, { access: managers }, async ({ query, request, db }) => {
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
}
