import type { FastifyInstance } from 'fastify';
import { flatBlockEndpoints } from '../../contract/flat-blocks';
import { FLAT_STATUS } from '../../contract/flats';
import { ApiError } from '../http/errors';
import { pageNumber, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { MAX_ID } from '../http/validation';
import { buyerScope, currentUser } from '../plugins/session';
import { listBlockedFlats, setFlatStatuses } from '../repositories/flat-blocks';
import { HOUSING_EDITORS, HOUSING_READERS } from './houses';

const PAGE_SIZE = 20;
const FLAT_NUM = /^\d{1,9}$/;

function isFlatNum(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}

/** Blocked flats and bulk block / unblock (docs/api.md "Flat blocks"). */
export async function flatBlockRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.drizzle;

  defineRoute(app, flatBlockEndpoints.blocked, { access: HOUSING_READERS }, async ({ request, query }) => {
    const page = pageNumber(query.page);
    const flatNumText = query.flatNum?.trim() || undefined;
    const flatNum = flatNumText === undefined ? undefined : Number(flatNumText);
    if (flatNumText !== undefined && (!FLAT_NUM.test(flatNumText) || !isFlatNum(flatNum!))) {
      throw new ApiError(400, 'Некорректное поле flatNum: ожидается номер квартиры, целое число больше 0');
    }
    const filter = { buyerId: buyerScope(request), houseUid: query.houseUid?.trim() || undefined, address: query.address?.trim() || undefined, flatNum };
    const { rows, total } = await listBlockedFlats(db, filter, page, PAGE_SIZE);
    return { result: true, pagination: paginationOf(rows.length, page, total, PAGE_SIZE), data: rows };
  });

  defineRoute(app, flatBlockEndpoints.setStatuses, { access: HOUSING_EDITORS }, async ({ request, body }) => {
    body.flats.forEach((flat, index) => {
      if (!isFlatNum(flat.flatNum)) throw new ApiError(400, `Некорректное поле flats.${index}.flatNum: ожидается номер квартиры, целое число больше 0`);
    });
    const user = currentUser(request);
    const outcomes = await setFlatStatuses(db, body.flats, {
      status: body.status,
      reason: body.reason?.trim() || null,
      buyerId: buyerScope(request),
      login: user.login,
      userId: user.userId,
    });
    const succeeded = outcomes.filter((outcome) => outcome.result).length;
    const verb = body.status === FLAT_STATUS.blocked ? 'Заблокировано' : 'Разблокировано';
    return { result: true, message: `${verb} квартир: ${succeeded} из ${outcomes.length}`, succeeded, failed: outcomes.length - succeeded, data: outcomes };
  });
}
