import type { FastifyInstance } from 'fastify';
import { deviceEndpoints } from '../../contract/devices';
import { ROLES } from '../../contract/users';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { macsOfHouse } from '../repositories/devices';

export async function deviceRoutes(app: FastifyInstance): Promise<void> {
  const installers = { roles: [ROLES.adjuster, ROLES.management] };

  defineRoute(app, deviceEndpoints.macsFromHouse, { access: installers }, async ({ query, db }) => {
    const macs = await macsOfHouse(db, query.houseUid);
    if (macs === null) throw new ApiError(404, 'Дом не найден');
    return { result: true, data: macs };
  });
}
