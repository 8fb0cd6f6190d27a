import type { FastifyInstance } from 'fastify';

/** Entrances (docs/api.md "Entrances"). */
export async function entranceRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
