import type { FastifyInstance } from 'fastify';
import { dictionaryEndpoints } from '../../contract/dictionaries';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { currentUser } from '../plugins/session';
import { getDictionary, hasDictionaryLabel } from '../repositories/dictionaries';
import { userLanguage } from '../repositories/user-options';
import { DEFAULT_LANGUAGE } from '../seed/dictionaries';

export async function dictionaryRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, dictionaryEndpoints.getOptions, { access: 'authenticated' }, async ({ query, request, db }) => {
    // The app names the language it shows (so its caches and the service worker's are per
    // language); any other client gets the language of the user's options.
    if (query.language !== undefined && !(await hasDictionaryLabel(db, 'supported_languages', query.language))) {
      throw new ApiError(400, `Некорректное поле language: неизвестный язык ${JSON.stringify(query.language)}`);
    }
    const language = query.language ?? (await userLanguage(db, currentUser(request).userId)) ?? DEFAULT_LANGUAGE;
    return { result: true, data: await getDictionary(db, query.dictionaryId, language) };
  });
}
