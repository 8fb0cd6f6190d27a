import type { FastifyInstance } from 'fastify';
import { userOptionEndpoints } from '../../contract/user-options';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { currentUser } from '../plugins/session';
import { hasDictionaryLabel } from '../repositories/dictionaries';
import { listUserOptions, saveUserOptions } from '../repositories/user-options';

export async function userOptionRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.drizzle;

  defineRoute(app, userOptionEndpoints.get, { access: 'authenticated' }, async ({ request }) => {
    const user = currentUser(request);
    // The contract lists message on this answer too; there is nothing to say, so it is null.
    return { result: true, message: null, data: await listUserOptions(db, user.userId) };
  });

  defineRoute(app, userOptionEndpoints.update, { access: 'authenticated' }, async ({ request, body }) => {
    const user = currentUser(request);
    const { timezone, language } = body.settingOptions;
    const values: Record<string, string> = {};
    if (timezone !== undefined) {
      if (!(await hasDictionaryLabel(db, 'supported_timezones', timezone))) {
        throw new ApiError(400, `Некорректное поле settingOptions.timezone: неизвестный часовой пояс ${JSON.stringify(timezone)}`);
      }
      values.timezone = timezone;
    }
    if (language !== undefined) {
      if (!(await hasDictionaryLabel(db, 'supported_languages', language))) {
        throw new ApiError(400, `Некорректное поле settingOptions.language: неизвестный язык ${JSON.stringify(language)}`);
      }
      values.language = language;
    }
    await saveUserOptions(db, user.userId, values);
    return { result: true, message: 'Настройки сохранены', data: await listUserOptions(db, user.userId) };
  });
}
