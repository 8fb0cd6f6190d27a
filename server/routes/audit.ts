import type { FastifyInstance } from 'fastify';
import { AUDIT_PAGE_SIZE, auditEndpoints, type AuditResponse } from '../../contract/audit';
import { ROLES } from '../../contract/users';
import { ApiError } from '../http/errors';
import { jsonArray, jsonObject } from '../http/json-text';
import { defineRoute } from '../http/route';
import { buyerScope } from '../plugins/session';
import { listAuditRecordsJson } from '../repositories/audit';

/** The superuser and support read the trail, management too (its own buyer's records); installers do not. */
const AUDIT_READERS = { roles: [ROLES.support, ROLES.management] } as const;

/** The audit trail (docs/api.md "Audit"): newest first, a page after a cursor. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, auditEndpoints.list, { access: AUDIT_READERS }, async ({ query, request, db }) => {
    const dateFrom = query.dateFrom === undefined ? undefined : new Date(query.dateFrom);
    const dateTo = query.dateTo === undefined ? undefined : new Date(query.dateTo);
    if (dateFrom && dateTo && dateFrom.getTime() > dateTo.getTime()) throw new ApiError(400, 'Некорректное поле dateFrom: начало периода позже его конца');
    const limit = query.perPage ?? AUDIT_PAGE_SIZE;
    const after = query.cursor === undefined ? undefined : cursorOf(query.cursor);
    // One more than a page says whether another follows.
    const rows = await listAuditRecordsJson(db, {
      buyerId: buyerScope(request),
      login: query.login,
      targetKind: query.targetKind,
      targetId: query.targetId,
      route: query.route,
      dateFrom,
      dateTo,
      after,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    // The records come as JSON text from the database: nothing is parsed only to be written again.
    return jsonObject<AuditResponse>({ result: true, data: jsonArray(page.map((row) => row.json)), nextCursor: rows.length > limit && last ? last.cursor : null });
  });
}

function cursorOf(cursor: string): { at: string; id: number } {
  const at = cursor.lastIndexOf('_');
  const id = Number(cursor.slice(at + 1));
  if (!Number.isSafeInteger(id)) throw new ApiError(400, 'Некорректное поле cursor: ожидается курсор из ответа');
  return { at: cursor.slice(0, at), id };
}
