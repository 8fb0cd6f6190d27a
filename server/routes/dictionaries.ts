import type { FastifyInstance } from 'fastify';
import { dictionaryEndpoints } from '../../contract/dictionaries';
import { defineRoute } from '../http/route';
import { getDictionary } from '../repositories/dictionaries';

export async function dictionaryRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, dictionaryEndpoints.getOptions, { access: 'authenticated' }, async ({ query }) => {
    return { result: true, data: await getDictionary(app.database.drizzle, query.dictionaryId) };
  });
}
