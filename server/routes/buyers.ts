import type { FastifyInstance } from 'fastify';

/** Buyers, the superuser's (docs/api.md "Buyers"). Being built (issue 13). */
export async function buyerRoutes(_app: FastifyInstance): Promise<void> {}
