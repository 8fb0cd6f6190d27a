import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import { FIELD_PAGE_SIZE, FIELD_STALE_DAYS, FIELD_STALE_DAYS_MAX, fieldEndpoints } from '../../contract/field';
import { ROLES } from '../../contract/users';
import { ApiError } from '../http/errors';
import { pageNumber, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { Id } from '../http/structs';
import { buyerScope, currentUser } from '../plugins/session';
import { fieldInstallerDetail, listFieldInstallers, saveFieldReport } from '../repositories/field';

/** Whoever queues wizard jobs reports their queue (installers, operators; the superuser passes every check). */
const REPORTERS = { roles: [ROLES.adjuster, ROLES.management] } as const;
/** Support reads every installer of its buyer; management its own buyer's; the superuser all. */
const READERS = { roles: [ROLES.support, ROLES.management] } as const;
const USER_AGENT_MAX = 300;

const UserParams = object({ userId: Id });

function staleDaysOf(value: number | undefined): number {
  const days = value ?? FIELD_STALE_DAYS;
  if (days < 1 || days > FIELD_STALE_DAYS_MAX) throw new ApiError(400, `Некорректное поле staleDays: ожидается число дней от 1 до ${FIELD_STALE_DAYS_MAX}`);
  return days;
}

/** Support's view of the field (docs/api.md "Field"). */
export async function fieldRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, fieldEndpoints.report, { access: REPORTERS }, async ({ body, request, db }) => {
    const user = currentUser(request);
    const agent = request.headers['user-agent'];
    await saveFieldReport(db, user.userId, body, typeof agent === 'string' && agent !== '' ? agent.slice(0, USER_AGENT_MAX) : null);
    return { result: true, message: null };
  });

  defineRoute(app, fieldEndpoints.list, { access: READERS }, async ({ query, request, db }) => {
    const page = pageNumber(query.page);
    const staleOnly = query.staleDays !== undefined;
    const staleDays = staleDaysOf(query.staleDays);
    const { rows, total, totals } = await listFieldInstallers(db, {
      buyerId: buyerScope(request),
      staleDays,
      staleOnly,
      attention: query.attention === '1',
      login: (query.login ?? '').trim(),
      page,
      pageSize: FIELD_PAGE_SIZE,
    });
    return { result: true, data: rows, pagination: paginationOf(rows.length, page, total, FIELD_PAGE_SIZE), totals, staleDays };
  });

  defineRoute(app, fieldEndpoints.installer, { access: READERS, params: UserParams }, async ({ params, query, request, db }) => {
    const staleDays = staleDaysOf(query.staleDays);
    const detail = await fieldInstallerDetail(db, params.userId, buyerScope(request), staleDays);
    if (!detail) throw new ApiError(404, `Монтажник ${params.userId} не найден`);
    const { installer, installs, history } = detail;
    return { result: true, data: { userId: installer.userId, login: installer.login, name: installer.name, installs, history }, staleDays };
  });
}
