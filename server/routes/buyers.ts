import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import { BUYER_CONTACT_MAX_LENGTH, BUYER_LIST_PAGE_SIZE, BUYER_NAME_MAX_LENGTH, INN_PATTERN, OPERATOR_BUYER_ID, buyerEndpoints, type BuyerInput } from '../../contract/buyers';
import { ROLES } from '../../contract/users';
import { ApiError } from '../http/errors';
import { pageNumber, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { recordObject } from '../plugins/audit-changes';
import { Id } from '../http/structs';
import { createBuyer, deleteBuyer, findBuyer, listBuyers, sqlStateOf, updateBuyer, type BuyerFields } from '../repositories/buyers';

const BuyerParams = object({ buyerId: Id });
const NOT_FOUND = 'Покупатель не найден';
/** A row still points at the buyer (PostgreSQL foreign_key_violation): data added after the counts. */
const FOREIGN_KEY_VIOLATION = '23503';

/** 1 устройство, 2 устройства, 5 устройств. */
function plural(count: number, one: string, few: string, many: string): string {
  const tens = count % 100;
  const units = count % 10;
  const word = tens >= 11 && tens <= 14 ? many : units === 1 ? one : units >= 2 && units <= 4 ? few : many;
  return `${count} ${word}`;
}

/** «У покупателя 12 устройств и 3 пользователя». */
export function buyerInUseMessage(devices: number, users: number): string {
  return `Покупателя нельзя удалить: у покупателя ${plural(devices, 'устройство', 'устройства', 'устройств')} и ${plural(users, 'пользователь', 'пользователя', 'пользователей')}`;
}

function optionalText(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const text = value.trim();
  return text === '' ? null : text;
}

/** The checked fields of a create or an update (docs/api.md "Buyers"): a 400 names the field. */
function buyerFields(body: BuyerInput): BuyerFields {
  const name = body.name.trim();
  if (name.length > BUYER_NAME_MAX_LENGTH) throw new ApiError(400, `Некорректное поле name: не длиннее ${BUYER_NAME_MAX_LENGTH} символов`);
  const inn = optionalText(body.inn);
  if (inn && !INN_PATTERN.test(inn)) throw new ApiError(400, 'Некорректное поле inn: ожидается ИНН из 10 или 12 цифр');
  const contact = optionalText(body.contact);
  if (contact && contact.length > BUYER_CONTACT_MAX_LENGTH) throw new ApiError(400, `Некорректное поле contact: не длиннее ${BUYER_CONTACT_MAX_LENGTH} символов`);
  return { name, inn, contact, active: body.active };
}

function duplicate(name: string): ApiError {
  return new ApiError(409, `Некорректное поле name: покупатель «${name}» уже существует`);
}

/** Buyers, the superuser's only, to read and to change (docs/api.md "Buyers"). */
export async function buyerRoutes(app: FastifyInstance): Promise<void> {
  const superuser = { roles: [ROLES.superuser] };

  defineRoute(app, buyerEndpoints.list, { access: superuser }, async ({ query, db }) => {
    const page = pageNumber(query.page);
    const name = query.name?.trim() || undefined;
    if (name !== undefined && name.length > BUYER_NAME_MAX_LENGTH) throw new ApiError(400, `Некорректное поле name: не длиннее ${BUYER_NAME_MAX_LENGTH} символов`);
    const { rows, total } = await listBuyers(db, { name, active: query.active }, page, BUYER_LIST_PAGE_SIZE);
    return { result: true, data: rows, pagination: paginationOf(rows.length, page, total, BUYER_LIST_PAGE_SIZE) };
  });

  defineRoute(app, buyerEndpoints.create, { access: superuser }, async ({ body, db }) => {
    const fields = buyerFields(body);
    const outcome = await createBuyer(db, fields);
    if (outcome.status === 'duplicate') throw duplicate(fields.name);
    recordObject({ kind: 'buyer', id: outcome.buyer.id, label: outcome.buyer.name }, null, outcome.buyer, { buyerId: outcome.buyer.id });
    return { result: true, message: 'Покупатель создан', data: outcome.buyer };
  });

  defineRoute(app, buyerEndpoints.get, { access: superuser, params: BuyerParams }, async ({ params, db }) => {
    const buyer = await findBuyer(db, params.buyerId);
    if (!buyer) throw new ApiError(404, NOT_FOUND);
    return { result: true, data: buyer };
  });

  defineRoute(app, buyerEndpoints.update, { access: superuser, params: BuyerParams }, async ({ params, body, db }) => {
    const fields = buyerFields(body);
    if (params.buyerId === OPERATOR_BUYER_ID && fields.active === false) {
      throw new ApiError(409, 'Некорректное поле active: покупателя 1 нельзя отключить — это сам оператор');
    }
    const before = await findBuyer(db, params.buyerId);
    const outcome = await updateBuyer(db, params.buyerId, fields);
    if (outcome.status === 'not-found') throw new ApiError(404, NOT_FOUND);
    if (outcome.status === 'duplicate') throw duplicate(fields.name);
    recordObject({ kind: 'buyer', id: outcome.buyer.id, label: outcome.buyer.name }, before, outcome.buyer, { buyerId: outcome.buyer.id });
    return { result: true, message: 'Покупатель сохранён', data: outcome.buyer };
  });

  defineRoute(app, buyerEndpoints.remove, { access: superuser, params: BuyerParams }, async ({ params, db }) => {
    if (params.buyerId === OPERATOR_BUYER_ID) throw new ApiError(409, 'Покупателя 1 нельзя удалить: это сам оператор');
    const before = await findBuyer(db, params.buyerId);
    try {
      const outcome = await deleteBuyer(db, params.buyerId);
      if (outcome.status === 'not-found') throw new ApiError(404, NOT_FOUND);
      if (outcome.status === 'in-use') throw new ApiError(409, buyerInUseMessage(outcome.devices, outcome.users));
      if (outcome.status === 'has-data') {
        throw new ApiError(409, `Покупателя нельзя удалить: за ним остались данные (${outcome.data.map(({ label, count }) => `${label}: ${count}`).join(', ')})`);
      }
    } catch (error) {
      if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) throw new ApiError(409, 'Покупателя нельзя удалить: за ним остались данные');
      throw error;
    }
    if (before) recordObject({ kind: 'buyer', id: before.id, label: before.name }, before, null, { buyerId: before.id });
    return { result: true, message: 'Покупатель удалён' };
  });
}
