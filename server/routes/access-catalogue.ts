import type { FastifyInstance } from 'fastify';

/** The access catalogue (docs/api.md "Access catalogue"). */
export async function accessCatalogueRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
