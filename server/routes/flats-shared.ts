import type { FastifyRequest } from 'fastify';
import { object, string } from 'superstruct';
import { MAX_FLAT_NUM } from '../../contract/flat-card';
import { parseFlatKey } from '../../contract/flats';
import { PERMISSIONS, ROLES } from '../../contract/users';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { buyerScope } from '../plugins/session';
import { findFlat, houseExists, type FlatRow } from '../repositories/flats';

/** Operators (HOUSES_LIST_PERMISSION or management) read and write flats; support reads (docs/api.md "Flats"). */
export const FLAT_READERS = { permissions: [PERMISSIONS.housesList], roles: [ROLES.management, ROLES.support] } as const;
export const FLAT_EDITORS = { permissions: [PERMISSIONS.housesList], roles: [ROLES.management] } as const;

export const FlatParams = object({ flat: string() });

const FLAT_NOT_FOUND = 'Квартира не найдена';

/**
 * The flat of the `{house}:{flat}` parameter that the caller may see: a management user only
 * finds its own buyer's flats (another buyer's answers 404, like one that does not exist).
 */
export async function requireFlat(db: Db, request: FastifyRequest, param: string): Promise<FlatRow> {
  const key = flatKeyOf(param);
  const flat = await findFlat(db, key.houseUid, key.flatNum, buyerScope(request));
  if (flat) return flat;
  throw await flatNotFound(db, key);
}

/** The `{house}:{flat}` parameter read; a 400 naming `flat` when malformed. */
export function flatKeyOf(param: string): { houseUid: string; flatNum: number } {
  const key = parseFlatKey(param);
  if (!key || key.flatNum > MAX_FLAT_NUM) {
    throw new ApiError(400, `Некорректное поле flat: ожидается «{дом}:{номер квартиры}», номер — целое число от 1 до ${MAX_FLAT_NUM}`);
  }
  return key;
}

/** The 404 of a flat the caller cannot see: it names the house when that is what is missing. */
export async function flatNotFound(db: Db, key: { houseUid: string; flatNum: number }): Promise<ApiError> {
  if (!(await houseExists(db, key.houseUid))) return new ApiError(404, `Дом не найден: ${key.houseUid}`);
  return new ApiError(404, `${FLAT_NOT_FOUND}: ${key.flatNum}`);
}

/** Optional text: trimmed, blank is null, longer than `max` a 400 naming the field. */
export function optionalText(field: string, value: string | null | undefined, max: number): string | null {
  const text = value?.trim() ?? '';
  if (text.length > max) throw new ApiError(400, `Некорректное поле ${field}: не длиннее ${max} символов`);
  return text === '' ? null : text;
}
