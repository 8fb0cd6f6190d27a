import type { FastifyInstance } from 'fastify';

/** Blocked flats and bulk block / unblock (docs/api.md "Flat blocks"). */
export async function flatBlockRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
