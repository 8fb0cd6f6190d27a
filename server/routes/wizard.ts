import type { FastifyInstance } from 'fastify';
import { ROLES } from '../../contract/users';
import { wizardEndpoints } from '../../contract/wizard';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { listEntrancesOfHouses } from '../repositories/entrances';

/** At most this many houses per call (a device serves a handful; a snapshot takes one). */
export const MAX_WIZARD_HOUSES = 100;

export async function wizardRoutes(app: FastifyInstance): Promise<void> {
  const installers = { roles: [ROLES.adjuster, ROLES.management] };

  // A read, although a POST (spec §7): unknown uids are simply not in the answer.
  defineRoute(app, wizardEndpoints.entrances, { access: installers }, async ({ body, db }) => {
    if (body.houseUids.length > MAX_WIZARD_HOUSES) {
      throw new ApiError(400, `Некорректное поле houseUids: не больше ${MAX_WIZARD_HOUSES} домов за один запрос`);
    }
    return { result: true, data: await listEntrancesOfHouses(db, body.houseUids) };
  });
}
