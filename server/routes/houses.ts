import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HOUSE_LIST_PAGE_SIZE, houseEndpoints } from '../../contract/houses';
import { PERMISSIONS, ROLES } from '../../contract/users';
import { ApiError } from '../http/errors';
import { pageNumber, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { createHouse, deleteHouse, listHouses } from '../repositories/houses';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_ADDRESS_LENGTH = 500;
const REGION_MESSAGE = 'Некорректное поле region: ожидается код региона от 1 до 999';

function isRegion(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 999;
}

export async function houseRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.drizzle;
  // Installers take houses offline from the list and support looks at it; only the permission writes.
  const readers = { permissions: [PERMISSIONS.housesList], roles: [ROLES.adjuster, ROLES.management, ROLES.support] };
  const editors = { permissions: [PERMISSIONS.housesList] };

  defineRoute(app, houseEndpoints.list, { access: readers }, async ({ query }) => {
    const page = pageNumber(query.page);
    if (query.region !== undefined && !isRegion(query.region)) throw new ApiError(400, REGION_MESSAGE);
    const { rows, total } = await listHouses(db, { houseUid: query.houseUid, region: query.region, fias: query.fias }, page, HOUSE_LIST_PAGE_SIZE);
    return { result: true, pagination: paginationOf(rows.length, page, total, HOUSE_LIST_PAGE_SIZE), data: rows };
  });

  defineRoute(app, houseEndpoints.create, { access: editors }, async ({ body }) => {
    const address = body.address.trim();
    if (address.length > MAX_ADDRESS_LENGTH) throw new ApiError(400, `Некорректное поле address: не длиннее ${MAX_ADDRESS_LENGTH} символов`);
    if (!isRegion(body.region)) throw new ApiError(400, REGION_MESSAGE);
    const fias = body.fias?.trim() || null;
    if (fias !== null && !GUID.test(fias)) throw new ApiError(400, 'Некорректное поле fias: ожидается GUID ФИАС');
    const id = body.id?.trim() ?? randomUUID();
    if (id.length > 64) throw new ApiError(400, 'Некорректное поле id: не длиннее 64 символов');
    const house = await createHouse(db, { id, address, region: body.region, fias: fias?.toLowerCase() ?? null });
    if (!house) throw new ApiError(409, `Дом с идентификатором ${id} уже существует`);
    return { result: true, message: 'Дом создан', data: house };
  });

  defineRoute(app, houseEndpoints.remove, { access: editors }, async ({ query }) => {
    const outcome = await deleteHouse(db, query.uid);
    if (outcome.status === 'not-found') throw new ApiError(404, 'Дом не найден');
    if (outcome.status === 'has-devices') {
      throw new ApiError(409, `Дом нельзя удалить: к нему привязаны устройства (${outcome.devices})`);
    }
    return { result: true, message: 'Дом удалён' };
  });
}
