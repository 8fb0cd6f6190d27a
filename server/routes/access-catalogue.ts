import type { FastifyInstance } from 'fastify';
import { accessEndpoints, type CatalogueEntryInput } from '../../contract/access';
import { ApiError } from '../http/errors';
import { defineRoute } from '../http/route';
import { IdParams } from '../http/structs';
import { MAX_ID } from '../http/validation';
import {
  CatalogueConflict,
  deleteEntry,
  listEntries,
  listServices,
  saveEntries,
  saveEntry,
  type CatalogueFields,
  type CatalogueKind,
  type CatalogueUses,
} from '../repositories/access-catalogue';
import { HOUSING_EDITORS, HOUSING_READERS } from './houses';

const NAME_MAX = 200;
const DESCRIPTION_MAX = 1000;

/** How each list names its entry in a message. */
const WORDS: Record<CatalogueKind, { deleted: string; notFound: string; inUse: string; exists: string }> = {
  reason: { deleted: 'Причина удалена', notFound: 'Причина не найдена', inUse: 'Причину нельзя удалить: она используется', exists: 'Причина с таким названием уже есть' },
  action: { deleted: 'Действие удалено', notFound: 'Действие не найдено', inUse: 'Действие нельзя удалить: оно используется', exists: 'Действие с таким названием уже есть' },
};

/** The checked fields of an entry; `at` prefixes the field names of a bulk update (`reasons.2.`). */
function entryFields(input: Omit<CatalogueEntryInput, 'id'>, at = ''): CatalogueFields {
  const name = input.name.trim();
  if (name.length > NAME_MAX) throw new ApiError(400, `Некорректное поле ${at}name: не длиннее ${NAME_MAX} символов`);
  const description = input.description?.trim() || null;
  if (description !== null && description.length > DESCRIPTION_MAX) {
    throw new ApiError(400, `Некорректное поле ${at}description: не длиннее ${DESCRIPTION_MAX} символов`);
  }
  return { name, description };
}

function checkId(id: number, field: string): number {
  if (id < 1 || id > MAX_ID) throw new ApiError(400, `Некорректное поле ${field}: ожидается целое число от 1 до ${MAX_ID}`);
  return id;
}

function usesText(uses: CatalogueUses): string {
  const parts = [
    uses.flatPermissions > 0 ? `в разрешениях квартир: ${uses.flatPermissions}` : null,
    uses.flatServices > 0 ? `в услугах квартир: ${uses.flatServices}` : null,
    uses.userAccess > 0 ? `в доступе пользователей: ${uses.userAccess}` : null,
  ];
  return parts.filter((part) => part !== null).join(', ');
}

/** Runs a catalogue write, answering its conflicts: 404 for an unknown id, 409 for a name taken twice. */
async function answering<T>(kind: CatalogueKind, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof CatalogueConflict)) throw error;
    if (error.status === 404) throw new ApiError(404, `${WORDS[kind].notFound}: id ${error.detail.id ?? ''}`.trim());
    throw new ApiError(409, `${WORDS[kind].exists}: «${error.detail.name ?? ''}»`);
  }
}

/**
 * The access catalogue (docs/api.md "Access catalogue"). It is one list for every buyer: support
 * reads it, the superuser and every buyer's operators (management, HOUSES_LIST_PERMISSION) edit it.
 */
export async function accessCatalogueRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.drizzle;

  defineRoute(app, accessEndpoints.reasons, { access: HOUSING_READERS }, async () => ({ result: true, data: await listEntries(db, 'reason') }));
  defineRoute(app, accessEndpoints.actions, { access: HOUSING_READERS }, async () => ({ result: true, data: await listEntries(db, 'action') }));
  defineRoute(app, accessEndpoints.services, { access: HOUSING_READERS }, async () => ({ result: true, data: await listServices(db) }));

  const set = (kind: CatalogueKind, body: CatalogueEntryInput) => {
    const id = body.id === undefined || body.id === null ? null : checkId(body.id, 'id');
    return answering(kind, () => saveEntry(db, kind, id, entryFields(body)));
  };
  defineRoute(app, accessEndpoints.setReason, { access: HOUSING_EDITORS }, async ({ body }) => ({
    result: true,
    message: body.id ? 'Причина сохранена' : 'Причина добавлена',
    reason: await set('reason', body),
  }));
  defineRoute(app, accessEndpoints.setAction, { access: HOUSING_EDITORS }, async ({ body }) => ({
    result: true,
    message: body.id ? 'Действие сохранено' : 'Действие добавлено',
    action: await set('action', body),
  }));

  const remove = async (kind: CatalogueKind, id: number) => {
    const outcome = await deleteEntry(db, kind, id);
    if (outcome.status === 'not-found') throw new ApiError(404, WORDS[kind].notFound);
    if (outcome.status === 'in-use') throw new ApiError(409, `${WORDS[kind].inUse} (${usesText(outcome.uses)})`);
    return { result: true, message: WORDS[kind].deleted };
  };
  defineRoute(app, accessEndpoints.removeReason, { access: HOUSING_EDITORS, params: IdParams }, async ({ params }) => remove('reason', params.id));
  defineRoute(app, accessEndpoints.removeAction, { access: HOUSING_EDITORS, params: IdParams }, async ({ params }) => remove('action', params.id));

  const update = (kind: CatalogueKind, field: 'reasons' | 'actions', entries: readonly (CatalogueEntryInput & { id: number })[]) => {
    const seen = new Set<number>();
    const checked = entries.map((entry, index) => {
      const id = checkId(entry.id, `${field}.${index}.id`);
      if (seen.has(id)) throw new ApiError(400, `Некорректное поле ${field}.${index}.id: id ${id} указан дважды`);
      seen.add(id);
      return { id, ...entryFields(entry, `${field}.${index}.`) };
    });
    return answering(kind, () => saveEntries(db, kind, checked));
  };
  defineRoute(app, accessEndpoints.updateReasons, { access: HOUSING_EDITORS }, async ({ body }) => ({
    result: true,
    message: 'Причины сохранены',
    data: await update('reason', 'reasons', body.reasons),
  }));
  defineRoute(app, accessEndpoints.updateActions, { access: HOUSING_EDITORS }, async ({ body }) => ({
    result: true,
    message: 'Действия сохранены',
    data: await update('action', 'actions', body.actions),
  }));
}
