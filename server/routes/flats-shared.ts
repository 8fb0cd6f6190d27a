import type { FastifyRequest } from 'fastify';
import { object, string } from 'superstruct';
import { PERMISSIONS, ROLES } from '../../contract/users';
import type { Db } from '../db/client';
import { buyerScope } from '../plugins/session';
import type { FlatRow } from '../repositories/flats';
import { requireFlatIn } from '../services/flats';

/** Operators (HOUSES_LIST_PERMISSION or management) read and write flats; support reads (docs/api.md "Flats"). */
export const FLAT_READERS = { permissions: [PERMISSIONS.housesList], roles: [ROLES.management, ROLES.support] } as const;
export const FLAT_EDITORS = { permissions: [PERMISSIONS.housesList], roles: [ROLES.management] } as const;

export const FlatParams = object({ flat: string() });

/** The flat of the `{house}:{flat}` parameter that the caller may see (services/flats.ts requireFlatIn). */
export function requireFlat(db: Db, request: FastifyRequest, param: string): Promise<FlatRow> {
  return requireFlatIn(db, buyerScope(request), param);
}
