import type { FastifyInstance } from 'fastify';
import { mcEndpoints } from '../../contract/mc';
import { ROLES } from '../../contract/users';
import { defineRoute } from '../http/route';
import { buyerScope } from '../plugins/session';
import { listAllCompanies } from '../repositories/management-companies';

/** Every management company the user's buyer has (every buyer's for the superuser), for selects. */
export async function managementCompanyRoutes(app: FastifyInstance): Promise<void> {
  const managers = { roles: [ROLES.management] };

  defineRoute(app, mcEndpoints.all, { access: managers }, async ({ request, db }) => ({
    result: true,
    data: await listAllCompanies(db, buyerScope(request)),
  }));
}
