import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MC_LIST_PAGE_SIZE, mcEndpoints, type ManagementCompany, type McSet } from '../../contract/mc';
import { ROLES } from '../../contract/users';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { pageNumber, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { recordObject } from '../plugins/audit-changes';
import { IdParams } from '../http/structs';
import { idFilter, MAX_ID } from '../http/validation';
import { buyerScope, currentUser } from '../plugins/session';
import {
  buyerExists,
  createCompany,
  disableCompany,
  findCompany,
  listAllCompanies,
  listCompanyDevices,
  pageCompanies,
  updateCompany,
  type CompanyFields,
} from '../repositories/management-companies';
import { latestUpload, retryFailed, startUpload } from '../repositories/mc-uploads';

const MAX_TEXT = 200;
const NOT_FOUND = 'Управляющая компания не найдена';
const BUSY = 'Выгрузка этой компании уже идёт: дождитесь её окончания';
const INACTIVE = 'Компания отключена: выгрузка на устройства недоступна';
/** A strict ISO 8601 date-time with a zone (what the client's picker sends). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

function text(field: string, value: string): string {
  const trimmed = value.trim();
  if (trimmed.length > MAX_TEXT) throw new ApiError(400, `Некорректное поле ${field}: не длиннее ${MAX_TEXT} символов`);
  return trimmed;
}

/** The checked fields of `set` (the buyer is checked by the caller). */
function companyFields(body: McSet, buyerId: number): CompanyFields {
  if (!Number.isInteger(body.interval) || body.interval < 0 || body.interval > MAX_ID) {
    throw new ApiError(400, `Некорректное поле interval: ожидается целое число секунд от 0 до ${MAX_ID}`);
  }
  if (body.flatNum !== null && (body.flatNum < 1 || body.flatNum > MAX_ID)) {
    throw new ApiError(400, 'Некорректное поле flatNum: ожидается номер квартиры (целое число больше 0) или null');
  }
  let nextExecute: Date | null = null;
  if (body.nextExecute !== null) {
    nextExecute = new Date(body.nextExecute);
    if (!ISO_DATE_TIME.test(body.nextExecute) || Number.isNaN(nextExecute.getTime())) {
      throw new ApiError(400, 'Некорректное поле nextExecute: ожидается дата и время ISO 8601 с часовым поясом или null');
    }
  }
  const codeAccess = body.codeAccess === null ? null : text('codeAccess', body.codeAccess) || null;
  return {
    internalId: text('internalId', body.internalId),
    name: text('name', body.name),
    buyerId,
    codeAccess,
    active: body.active,
    nextExecute,
    flatNum: body.flatNum,
    interval: body.interval,
  };
}

function duplicateMessage(internalId: string): string {
  return `Управляющая компания с internalId «${internalId}» у этого покупателя уже есть`;
}

/**
 * Management companies and their uploads (ours, docs/api.md): the role management
 * reads and changes its buyer's companies, support reads them; another buyer's company is as
 * unknown as a missing one. The superuser sees and changes every buyer's.
 */
export async function managementCompanyRoutes(app: FastifyInstance): Promise<void> {
  const readers = { roles: [ROLES.management, ROLES.support] };
  const managers = { roles: [ROLES.management] };

  async function companyInScope(db: Db, request: FastifyRequest, id: number): Promise<ManagementCompany> {
    const company = await findCompany(db, id, buyerScope(request));
    if (!company) throw new ApiError(404, NOT_FOUND);
    return company;
  }

  /** The company of a body `{id}`: checked the same way as a path id. */
  function bodyCompany(db: Db, request: FastifyRequest, id: number): Promise<ManagementCompany> {
    return companyInScope(db, request, idFilter('id', id) ?? id);
  }

  defineRoute(app, mcEndpoints.all, { access: readers }, async ({ request, db }) => ({
    result: true,
    data: await listAllCompanies(db, buyerScope(request)),
  }));

  defineRoute(app, mcEndpoints.page, { access: readers }, async ({ request, query, db }) => {
    const page = pageNumber(query.page);
    const filter = {
      scope: buyerScope(request),
      buyerId: idFilter('buyerId', query.buyerId),
      internalId: query.internalId?.trim() || undefined,
      name: query.name?.trim() || undefined,
      codeAccess: query.codeAccess?.trim() || undefined,
      flatNum: idFilter('flatNum', query.flatNum),
    };
    const { rows, total } = await pageCompanies(db, filter, page, MC_LIST_PAGE_SIZE);
    return { result: true, data: rows, pagination: paginationOf(rows.length, page, total, MC_LIST_PAGE_SIZE) };
  });

  defineRoute(app, mcEndpoints.get, { access: readers, params: IdParams }, async ({ request, params, db }) => ({
    result: true,
    data: await companyInScope(db, request, params.id),
  }));

  defineRoute(app, mcEndpoints.create, { access: managers }, async ({ request, body, db }) => {
    const user = currentUser(request);
    const internalId = text('internalId', body.internalId);
    const company = await createCompany(db, {
      internalId,
      name: text('name', body.name),
      buyerId: user.buyerId,
      codeAccess: null,
      active: true,
      nextExecute: null,
      flatNum: null,
      interval: 0,
    });
    if (company === 'duplicate') throw new ApiError(409, duplicateMessage(internalId));
    recordObject({ kind: 'management-company', id: company.id, label: company.name }, null, company, { buyerId: company.buyerId });
    return { result: true, message: 'Управляющая компания создана', data: company };
  });

  defineRoute(app, mcEndpoints.set, { access: managers }, async ({ request, body, db }) => {
    const current = await bodyCompany(db, request, body.id);
    const scope = buyerScope(request);
    let buyerId = current.buyerId;
    if (body.buyerId !== current.buyerId) {
      // Only the superuser moves a company to another buyer; for the others the field is their own buyer.
      if (scope !== null) throw new ApiError(400, 'Некорректное поле buyerId: покупателя компании меняет только суперпользователь');
      if (idFilter('buyerId', body.buyerId) === undefined || !(await buyerExists(db, body.buyerId))) {
        throw new ApiError(400, `Некорректное поле buyerId: покупатель ${body.buyerId} не найден`);
      }
      buyerId = body.buyerId;
    }
    const saved = await updateCompany(db, current.id, companyFields(body, buyerId));
    if (saved === null) throw new ApiError(404, NOT_FOUND);
    if (saved === 'duplicate') throw new ApiError(409, duplicateMessage(body.internalId.trim()));
    recordObject({ kind: 'management-company', id: saved.id, label: saved.name }, current, saved, { buyerId: saved.buyerId });
    return { result: true, message: 'Управляющая компания сохранена', data: saved };
  });

  defineRoute(app, mcEndpoints.disable, { access: managers }, async ({ request, body, db }) => {
    const company = await bodyCompany(db, request, body.id);
    if (!(await disableCompany(db, company.id))) throw new ApiError(404, NOT_FOUND);
    recordObject({ kind: 'management-company', id: company.id, label: company.name }, { active: company.active }, { active: false }, { buyerId: company.buyerId });
    return { result: true, message: 'Управляющая компания отключена' };
  });

  async function upload(db: Db, request: FastifyRequest, id: number, mac: string | null) {
    const company = await bodyCompany(db, request, id);
    if (!company.active) throw new ApiError(409, INACTIVE);
    const outcome = await startUpload(db, company.id, currentUser(request).userId, mac);
    if (outcome.status === 'busy') throw new ApiError(409, BUSY);
    if (outcome.status === 'no-devices') {
      if (mac !== null) throw new ApiError(404, `Устройство ${mac} не найдено среди устройств домов компании`);
      return { result: true, message: 'В домах компании нет устройств: выгружать некуда', devices: 0 };
    }
    app.mcUploads?.wake();
    return { result: true, message: `Выгрузка поставлена в очередь: устройств ${outcome.devices}`, devices: outcome.devices };
  }

  defineRoute(app, mcEndpoints.uploadAll, { access: managers }, async ({ request, body, db }) => upload(db, request, body.id, null));
  defineRoute(app, mcEndpoints.uploadOne, { access: managers }, async ({ request, body, db }) => upload(db, request, body.id, body.mac));

  defineRoute(app, mcEndpoints.uploadRetry, { access: managers }, async ({ request, body, db }) => {
    const company = await bodyCompany(db, request, body.id);
    if (!company.active) throw new ApiError(409, INACTIVE);
    const outcome = await retryFailed(db, company.id);
    if (outcome.status === 'busy') throw new ApiError(409, BUSY);
    if (outcome.devices > 0) app.mcUploads?.wake();
    return {
      result: true,
      message: outcome.devices > 0 ? `Повтор поставлен в очередь: устройств ${outcome.devices}` : 'Устройств с ошибкой нет: повторять нечего',
      devices: outcome.devices,
    };
  });

  defineRoute(app, mcEndpoints.uploadStatus, { access: readers, params: IdParams }, async ({ request, params, db }) => {
    const company = await companyInScope(db, request, params.id);
    return { result: true, data: await latestUpload(db, company.id) };
  });

  defineRoute(app, mcEndpoints.devices, { access: readers, params: IdParams }, async ({ request, params, query, db }) => {
    const company = await companyInScope(db, request, params.id);
    const mac = query.mac?.trim() || undefined;
    if (mac !== undefined && mac.length > 17) throw new ApiError(400, 'Некорректное поле mac: не длиннее 17 символов');
    return { result: true, ...(await listCompanyDevices(db, company.id, mac)) };
  });
}
