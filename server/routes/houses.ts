import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isFiasId } from '../../contract/device-fields';
import { HOUSE_LIST_PAGE_SIZE, houseEndpoints, type HouseUpdate } from '../../contract/houses';
import { PERMISSIONS, ROLES } from '../../contract/users';
import { ApiError } from '../http/errors';
import { pageNumber, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { recordObject } from '../plugins/audit-changes';
import { houseObject } from '../repositories/audit-labels';
import { buyerScope } from '../plugins/session';
import type { Db } from '../db/client';
import { CountCache } from '../repositories/device-list';
import { countHouses, createHouse, deleteHouse, findHouse, housesOutOfScope, isHouseInScope, listHouseFlats, listHouses, updateHouse, type HouseFilter, type OwnedHouse } from '../repositories/houses';

const MAX_ADDRESS_LENGTH = 500;
const REGION_MESSAGE = 'Некорректное поле region: ожидается код региона от 1 до 999';

const HOUSE_FLATS_PAGE_SIZE = 20;
/** A buyer's house count is reused this long (docs/api.md: it may lag a new entrance by as much). */
const SCOPED_COUNT_TTL_MS = 5_000;
const FLAT_NUM_PREFIX = /^\d{1,6}$/;

function isRegion(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 999;
}

/** The checked fields of a create or an update: address trimmed, a region code, a FIAS GUID or null. */
function houseFields(body: HouseUpdate): { address: string; region: number; fias: string | null } {
  const address = body.address.trim();
  if (address.length > MAX_ADDRESS_LENGTH) throw new ApiError(400, `Некорректное поле address: не длиннее ${MAX_ADDRESS_LENGTH} символов`);
  if (!isRegion(body.region)) throw new ApiError(400, REGION_MESSAGE);
  const fias = body.fias?.trim() || null;
  if (fias !== null && !isFiasId(fias)) throw new ApiError(400, 'Некорректное поле fias: ожидается GUID ФИАС');
  return { address, region: body.region, fias: fias?.toLowerCase() ?? null };
}

/** The house when the caller's buyer may see it; another buyer's house is as unknown as a missing one. */
export async function houseInScope(db: Db, uid: string, scope: number | null): Promise<OwnedHouse> {
  const owned = await findHouse(db, uid);
  if (!owned || !isHouseInScope(owned, scope)) throw new ApiError(404, 'Дом не найден');
  return owned;
}

/**
 * A buyer's count of houses (a test of each house's buyer_ids: every house read, several ms over
 * 25,000), computed once for the callers that ask at the same time and kept a few seconds.
 */
class ScopedHouseCounts {
  private readonly cache = new CountCache(SCOPED_COUNT_TTL_MS);
  private readonly running = new Map<string, Promise<number>>();
  private generation = 0;

  constructor(private readonly db: Db) {}

  count(filter: HouseFilter): Promise<number> {
    const key = JSON.stringify(filter);
    const cached = this.cache.get(key);
    if (cached !== null) return Promise.resolve(cached);
    const running = this.running.get(key);
    if (running) return running;
    const generation = this.generation;
    const counting = countHouses(this.db, filter)
      .then((total) => {
        if (generation === this.generation) this.cache.set(key, total);
        return total;
      })
      .finally(() => {
        if (this.running.get(key) === counting) this.running.delete(key);
      });
    this.running.set(key, counting);
    return counting;
  }

  /** After a house is created, changed or deleted. */
  clear(): void {
    this.generation++;
    this.cache.clear();
    this.running.clear();
  }
}

/**
 * The housing stock (one house, its entrances and flats, blocks, the access catalogue): the
 * buyer's operators (management) and HOUSES_LIST_PERMISSION read and write, support reads only,
 * installers get nothing.
 */
export const HOUSING_READERS = { permissions: [PERMISSIONS.housesList], roles: [ROLES.management, ROLES.support] } as const;

/**
 * Refuses binding a device to a house outside the caller's buyer (isHouseInScope): every role but
 * the superuser picks only its own buyer's houses, in every picker and every call that binds one
 * (docs/api.md, «Which houses and devices a buyer's users see»). `kept` are houses the device
 * already has: whoever bound them, they stay. A 400 naming the field (`field(index)`).
 */
export async function refuseHousesOutOfScope(
  db: Db,
  scope: number | null,
  uids: readonly string[],
  field: (index: number) => string,
  kept: readonly string[] = [],
): Promise<void> {
  const added = uids.filter((uid) => !kept.includes(uid));
  const [foreign] = await housesOutOfScope(db, added, scope);
  if (foreign) throw new ApiError(400, `Некорректное поле ${field(uids.indexOf(foreign.uid))}: дом «${foreign.address}» относится к другому покупателю`);
}

export const HOUSING_EDITORS = { permissions: [PERMISSIONS.housesList], roles: [ROLES.management] } as const;

export async function houseRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.drizzle;
  // Installers take houses offline from the list and support looks at it; only the permission writes.
  const readers = { permissions: [PERMISSIONS.housesList], roles: [ROLES.adjuster, ROLES.management, ROLES.support] };
  const editors = { permissions: [PERMISSIONS.housesList] };
  const scopedCounts = new ScopedHouseCounts(db);
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300) scopedCounts.clear();
  });

  defineRoute(app, houseEndpoints.list, { access: readers }, async ({ request, query }) => {
    const page = pageNumber(query.page);
    if (query.region !== undefined && !isRegion(query.region)) throw new ApiError(400, REGION_MESSAGE);
    const address = query.address?.trim() || undefined;
    if (address !== undefined && address.length > MAX_ADDRESS_LENGTH) throw new ApiError(400, `Некорректное поле address: не длиннее ${MAX_ADDRESS_LENGTH} символов`);
    const buyerId = buyerScope(request) ?? undefined;
    const filter: HouseFilter = { houseUid: query.houseUid, region: query.region, fias: query.fias, address, buyerId };
    const countTotal = buyerId === undefined ? undefined : () => scopedCounts.count(filter);
    const { rows, total, capped } = await listHouses(db, filter, page, HOUSE_LIST_PAGE_SIZE, countTotal);
    return { result: true, pagination: paginationOf(rows.length, page, total, HOUSE_LIST_PAGE_SIZE), data: rows, ...(capped ? { totalCountCapped: true } : {}) };
  });

  defineRoute(app, houseEndpoints.create, { access: editors }, async ({ body }) => {
    const fields = houseFields(body);
    const id = body.id?.trim() ?? randomUUID();
    if (id.length > 64) throw new ApiError(400, 'Некорректное поле id: не длиннее 64 символов');
    const house = await createHouse(db, { id, ...fields });
    if (!house) throw new ApiError(409, `Дом с идентификатором ${id} уже существует`);
    recordObject({ kind: 'house', id, label: house.address }, null, house);
    return { result: true, message: 'Дом создан', data: house };
  });

  defineRoute(app, houseEndpoints.remove, { access: editors }, async ({ query }) => {
    const before = await houseObject(db, query.uid);
    const outcome = await deleteHouse(db, query.uid);
    if (outcome.status === 'not-found') throw new ApiError(404, 'Дом не найден');
    if (outcome.status === 'has-devices') {
      throw new ApiError(409, `Дом нельзя удалить: к нему привязаны устройства (${outcome.devices})`);
    }
    recordObject(before, { address: before.label }, null);
    return { result: true, message: 'Дом удалён' };
  });

  defineRoute(app, houseEndpoints.get, { access: HOUSING_READERS }, async ({ request, params }) => {
    const { house } = await houseInScope(db, params.houseUid, buyerScope(request));
    return { result: true, data: house };
  });

  defineRoute(app, houseEndpoints.update, { access: HOUSING_EDITORS }, async ({ request, params, body }) => {
    await houseInScope(db, params.houseUid, buyerScope(request));
    const house = await updateHouse(db, params.houseUid, houseFields(body));
    if (!house) throw new ApiError(404, 'Дом не найден');
    return { result: true, message: 'Дом сохранён', data: house };
  });

  defineRoute(app, houseEndpoints.flats, { access: HOUSING_READERS }, async ({ request, params, query }) => {
    const page = pageNumber(query.page);
    const flatNumPrefix = query.flatNum?.trim() || undefined;
    if (flatNumPrefix !== undefined && !FLAT_NUM_PREFIX.test(flatNumPrefix)) {
      throw new ApiError(400, 'Некорректное поле flatNum: ожидаются цифры, с которых начинается номер квартиры');
    }
    const scope = buyerScope(request);
    await houseInScope(db, params.houseUid, scope);
    const { rows, total } = await listHouseFlats(db, params.houseUid, { buyerId: scope, flatNumPrefix }, page, HOUSE_FLATS_PAGE_SIZE);
    return { result: true, pagination: paginationOf(rows.length, page, total, HOUSE_FLATS_PAGE_SIZE), data: rows };
  });
}
