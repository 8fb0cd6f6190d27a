import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  HISTORY_COUNT_LIMIT,
  HISTORY_EXPORT_LIMIT,
  HISTORY_EXPORT_PATH,
  HISTORY_EXPORT_TRUNCATED_HEADER,
  HISTORY_MAX_MACS,
  HISTORY_MAX_ROWS_BACK,
  HISTORY_PAGE_SIZE,
  HistoryExportQuery,
  historyEndpoints,
  numberPages,
  type HistoryEvent,
  type HistoryExportQuery as ExportQuery,
  type HistoryQuery,
  type HistoryResponse,
} from '../../contract/history';
import { MAX_FLAT_NUM } from '../../contract/flat-card';
import type { Db } from '../db/client';
import type { DeviceGateway } from '../gateways/device/device-gateway';
import { ApiError } from '../http/errors';
import { MAX_PAGE, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { IdParams } from '../http/structs';
import { MAX_ID, parseInput } from '../http/validation';
import { buyerScope, currentUser } from '../plugins/session';
import { CountCache } from '../repositories/device-list';
import { countHistory, deviceInScope, devicesByMac, findEventImage, historyPage, userTimeZone, type HistoryFilter, type StoredEvent } from '../repositories/history';
import { userLanguage } from '../repositories/user-options';
import { DEFAULT_LANGUAGE } from '../seed/dictionaries';
import { historyCsv } from './history-csv';
import { DEVICE_READERS } from './device-card-shared';
import { DEVICE_NOT_FOUND } from '../services/device-lookup';

/** Options of the history routes (server/app.ts passes them; tests shorten the export). */
export interface HistoryRouteOptions {
  gateway: DeviceGateway;
  /** The most rows one export writes (HISTORY_EXPORT_LIMIT). */
  exportLimit?: number;
  /** The most events a list counts (HISTORY_COUNT_LIMIT). */
  countLimit?: number;
  /** How long a capped count is reused, ms (0: never). */
  countTtlMs?: number;
}

/** Counts are reused this long: a screen's page turns and a refresh do not count again. */
const DEFAULT_COUNT_TTL_MS = 15_000;
const IMAGE_PATH = '/front/history/images/:id';
/** A snapshot never changes (a new one gets a new id): cached for a year. */
const IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

function bad(field: string, why: string): ApiError {
  return new ApiError(400, `Некорректное поле ${field}: ${why}`);
}

type FilterInput = Omit<ExportQuery, 'macs' | 'userId'> & Partial<Pick<HistoryQuery, 'macs' | 'userId'>>;

/**
 * The filter of a history request, checked beyond the contract's types: the day bounds in order,
 * a flat number, a user id, a key and a code of the forms the devices write. An empty text filter
 * is no filter (a cleared field of the screen).
 */
function filterOf(request: FastifyRequest, query: FilterInput, deviceIds: readonly number[] | null): HistoryFilter {
  const { dateFrom, dateTo, flatNum, userId, eventType } = query;
  if (dateFrom !== undefined && dateTo !== undefined && Date.parse(dateFrom) > Date.parse(dateTo)) {
    throw bad('dateFrom', `${dateFrom} позже dateTo ${dateTo}`);
  }
  if (flatNum !== undefined && flatNum !== null && (flatNum < 1 || flatNum > MAX_FLAT_NUM)) throw bad('flatNum', `ожидается номер квартиры от 1 до ${MAX_FLAT_NUM}`);
  if (userId !== undefined && userId !== null && (userId < 1 || userId > MAX_ID)) throw bad('userId', `ожидается целое число от 1 до ${MAX_ID}`);
  const rfid = query.rfid?.trim().toUpperCase() || undefined;
  if (rfid !== undefined && !/^[0-9A-F]{1,32}$/.test(rfid)) throw bad('rfid', 'ожидается значение ключа: шестнадцатеричные цифры 0–9, A–F, не больше 32');
  const openCode = query.openCode?.trim() || undefined;
  if (openCode !== undefined && !/^\d{1,16}$/.test(openCode)) throw bad('openCode', 'ожидается код из цифр, не больше 16');
  const login = query.login?.trim() || undefined;
  if (login !== undefined && login.length > 100) throw bad('login', 'не больше 100 символов');
  return {
    buyerId: buyerScope(request),
    deviceIds,
    dateFrom: dateFrom === undefined ? undefined : new Date(dateFrom).toISOString(),
    dateTo: dateTo === undefined ? undefined : new Date(dateTo).toISOString(),
    eventType,
    rfid,
    login,
    flatNum: flatNum ?? undefined,
    openCode,
    userId: userId ?? undefined,
  };
}

/** The devices named by `macs` in the user's scope; null when none are named (every device in scope). */
async function devicesOfMacs(db: Db, request: FastifyRequest, macs: readonly string[] | undefined): Promise<number[] | null> {
  if (macs === undefined || macs.length === 0) return null;
  if (macs.length > HISTORY_MAX_MACS) throw bad('macs', `не больше ${HISTORY_MAX_MACS} устройств`);
  // Another buyer's MAC is found nowhere: its events are not read, as an unknown one's are not.
  return devicesByMac(db, buyerScope(request), [...new Set(macs)]);
}

function publicEvent(event: StoredEvent): HistoryEvent {
  const { cursor: _cursor, ...rest } = event;
  return rest;
}

/** History (docs/api.md "History"): the event history, its CSV export and the events' images. */
export async function historyRoutes(app: FastifyInstance, options: HistoryRouteOptions): Promise<void> {
  const exportLimit = options.exportLimit ?? HISTORY_EXPORT_LIMIT;
  const countLimit = options.countLimit ?? HISTORY_COUNT_LIMIT;
  const counts = new CountCache(options.countTtlMs ?? DEFAULT_COUNT_TTL_MS);

  async function answer(db: Db, filter: HistoryFilter, page: number | undefined, perPage: number | undefined): Promise<HistoryResponse> {
    const pageNumber = page ?? 0;
    const size = perPage ?? HISTORY_PAGE_SIZE;
    if (pageNumber > MAX_PAGE) throw bad('page', `ожидается номер страницы от 0 до ${MAX_PAGE}`);
    if ((pageNumber + 1) * size > HISTORY_MAX_ROWS_BACK) {
      throw bad('page', `страницы доступны на ${HISTORY_MAX_ROWS_BACK.toLocaleString('ru-RU')} событий от начала: сузьте фильтр или даты, или выгрузите CSV`);
    }
    if (filter.deviceIds !== null && filter.deviceIds.length === 0) {
      return { result: true, data: [], numberPages: 1, pagination: paginationOf(0, pageNumber, 0, size), countCapped: false };
    }
    const key = JSON.stringify(filter);
    const cached = counts.get(key);
    const rows = await historyPage(db, filter, pageNumber, size);
    let counted = cached;
    if (counted === null) {
      // A page that is not full ends the list: its rows give the count without counting.
      const ends = rows.length < size && (rows.length > 0 || pageNumber === 0);
      counted = ends ? pageNumber * size + rows.length : await countHistory(db, filter, countLimit);
      counts.set(key, counted);
    }
    const capped = counted > countLimit;
    const total = Math.min(counted, countLimit);
    return {
      result: true,
      data: rows.map(publicEvent),
      numberPages: numberPages(total, size),
      pagination: { ...paginationOf(rows.length, pageNumber, total, size), pageCount: numberPages(total, size) },
      countCapped: capped,
    };
  }

  defineRoute(app, historyEndpoints.list, { access: DEVICE_READERS }, async ({ query, request, db }) => {
    const deviceIds = await devicesOfMacs(db, request, query.macs);
    return answer(db, filterOf(request, query, deviceIds), query.page, query.perPage);
  });

  defineRoute(app, historyEndpoints.device, { access: DEVICE_READERS, params: IdParams }, async ({ params, query, request, db }) => {
    const filter = filterOf(request, query, [params.id]);
    // The page reads only the user's buyer's events: rows prove the device is the user's; only an empty page asks.
    const page = await answer(db, filter, query.page, query.perPage);
    if (page.data.length === 0 && !(await deviceInScope(db, filter.buyerId, params.id))) throw new ApiError(404, DEVICE_NOT_FOUND);
    return page;
  });

  app.route({
    method: 'GET',
    url: HISTORY_EXPORT_PATH,
    config: { access: DEVICE_READERS },
    handler: async (request, reply) => {
      const db = app.database.drizzle;
      const query = parseInput(HistoryExportQuery, request.query ?? {});
      const deviceIds = await devicesOfMacs(db, request, query.macs);
      const filter = filterOf(request, query, deviceIds);
      const user = currentUser(request);
      const timeZone = (await userTimeZone(db, user.userId)) ?? 'Europe/Moscow';
      const origin = `${request.protocol}://${request.host}`;
      const language = (await userLanguage(db, user.userId)) ?? DEFAULT_LANGUAGE;
      const csv = await historyCsv(db, filter, { limit: exportLimit, timeZone, origin, language });
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csv.fileName}"`)
        .header('Cache-Control', 'no-store')
        .header(HISTORY_EXPORT_TRUNCATED_HEADER, String(csv.truncated));
      return reply.send(csv.stream);
    },
  });

  app.route({
    method: 'GET',
    url: IMAGE_PATH,
    config: { access: DEVICE_READERS },
    handler: async (request, reply) => {
      const { id } = parseInput(IdParams, request.params);
      const image = await findEventImage(app.database.drizzle, buyerScope(request), id);
      if (!image) throw new ApiError(404, `Снимок ${id} не найден`);
      const etag = `"${createHash('sha1').update(image.body).digest('hex').slice(0, 20)}"`;
      reply.header('ETag', etag).header('Cache-Control', IMAGE_CACHE_CONTROL).header('Last-Modified', image.createdAt.toUTCString());
      const sent = request.headers['if-none-match'];
      if (sent !== undefined && sent.split(',').some((tag) => tag.trim() === etag || tag.trim() === `W/${etag}` || tag.trim() === '*')) {
        return reply.code(304).send();
      }
      return reply.type(image.contentType).send(image.body);
    },
  });

}
