import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FORCED_SIP_BUYER_ID, FORCED_SIP_DOMAIN, FORCED_SIP_PORT } from '../../contract/wizard';
import { PERMISSIONS, ROLES, USER_LIST_PAGE_SIZE, userEndpoints } from '../../contract/users';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { pageNumber, paginationOf } from '../http/pagination';
import { defineRoute } from '../http/route';
import { recordObject } from '../plugins/audit-changes';
import { IdParams } from '../http/structs';
import { MAX_ID, idFilter } from '../http/validation';
import { isAllowed } from '../plugins/rbac';
import { buyerScope, currentUser } from '../plugins/session';
import { CountCache } from '../repositories/device-list';
import type { SessionUser } from '../repositories/sessions';
import { UserLookupCache, readUserDetail } from '../repositories/user-detail';
import {
  addUserSip,
  buyerExists,
  createUser,
  deleteUser,
  existingCatalogueIds,
  findUserTarget,
  groupsNotOfBuyer,
  isLoginTaken,
  isOperatorOf,
  removeOwned,
  replaceUserAccess,
  replaceUserGroups,
  unknownRoles,
  updateMainInfo,
  type MainInfoChange,
  type UserTarget,
} from '../repositories/user-writes';
import { removeFlatUser } from '../repositories/flat-users';
import { listUserGroups, listUsers } from '../repositories/users';
import { hashPassword } from '../security/passwords';

/** Users are read with USERS_LIST_PERMISSION or by support; the list also by management (the flat card searches residents). */
const READERS = { permissions: [PERMISSIONS.usersList], roles: [ROLES.support] } as const;
const LIST_READERS = { permissions: [PERMISSIONS.usersList], roles: [ROLES.management, ROLES.support] } as const;
const EDITORS = { permissions: [PERMISSIONS.usersList] } as const;

const NOT_FOUND = 'Пользователь не найден';
const MAX_LOGIN_LENGTH = 100;
const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 128;
const MAX_TEXT_LENGTH = 500;
/** docs/api.md: a list's count may lag a change made through another process by as much. */
const LIST_COUNT_TTL_MS = 5_000;

function badField(field: string, reason: string): ApiError {
  return new ApiError(400, `Некорректное поле ${field}: ${reason}`);
}

/** A row id of the body: 400 naming the field unless a whole number 1…MAX_ID (a PostgreSQL integer). */
function idField(field: string, value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_ID) throw badField(field, `ожидается целое число от 1 до ${MAX_ID}`);
  return value;
}

function loginField(value: string): string {
  const login = value.trim();
  if (login === '') throw badField('login', 'не может быть пустым');
  if (login.length > MAX_LOGIN_LENGTH) throw badField('login', `не длиннее ${MAX_LOGIN_LENGTH} символов`);
  return login;
}

function passwordField(value: string): string {
  if (value.length < MIN_PASSWORD_LENGTH) throw badField('password', `не короче ${MIN_PASSWORD_LENGTH} символов`);
  if (value.length > MAX_PASSWORD_LENGTH) throw badField('password', `не длиннее ${MAX_PASSWORD_LENGTH} символов`);
  return value;
}

function textField(field: string, value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const text = value.trim();
  if (text.length > MAX_TEXT_LENGTH) throw badField(field, `не длиннее ${MAX_TEXT_LENGTH} символов`);
  return text === '' ? null : text;
}

const isSuperuser = (user: SessionUser) => ROLES.superuser in user.roles;
const unique = <T>(values: readonly T[]) => [...new Set(values)];

/**
 * Roles named in `field` must exist (400), and each one the change gives or takes away must be held
 * by the caller (403): nobody grants or withdraws a role they do not have.
 */
async function checkRoles(db: Db, caller: SessionUser, field: string, wanted: readonly string[], before: readonly string[]): Promise<string[]> {
  const roles = unique(wanted);
  const unknown = await unknownRoles(db, roles);
  if (unknown.length > 0) throw badField(field, `нет таких ролей: ${unknown.join(', ')}`);
  if (!isSuperuser(caller)) {
    const changed = [...roles.filter((role) => !before.includes(role)), ...before.filter((role) => !roles.includes(role))];
    const foreign = changed.filter((role) => !(role in caller.roles));
    if (foreign.length > 0) throw new ApiError(403, `Некорректное поле ${field}: нельзя выдать или снять роль, которой у вас нет: ${foreign.join(', ')}`);
  }
  return roles;
}

/** A buyer the caller may put a user in: its own, or any existing one for the superuser. */
async function checkBuyer(db: Db, caller: SessionUser, buyerId: number): Promise<number> {
  idField('buyerId', buyerId);
  if (!isSuperuser(caller)) {
    if (buyerId !== caller.buyerId) throw new ApiError(403, 'Некорректное поле buyerId: выбрать другого покупателя может только суперпользователь');
    return buyerId;
  }
  if (!(await buyerExists(db, buyerId))) throw badField('buyerId', `покупателя ${buyerId} нет`);
  return buyerId;
}

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.drizzle;
  const lookups = new UserLookupCache(db);
  // How many users a list filter matched (up to the cap), reused a few seconds: past the cap a page
  // is walked at once. Like the lookup maps, dropped at once by a user change made here.
  const counts = new CountCache(LIST_COUNT_TTL_MS);
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300) {
      lookups.clear();
      counts.clear();
    }
  });

  /**
   * The user a change addresses: 404 when missing or of another buyer (for all but the superuser);
   * a superuser is changed by a superuser only (403).
   */
  async function targetOf(request: FastifyRequest, userId: number): Promise<UserTarget> {
    const caller = currentUser(request);
    const target = await findUserTarget(db, userId);
    const scope = buyerScope(request);
    if (!target || (scope !== null && target.buyerId !== scope)) throw new ApiError(404, NOT_FOUND);
    if (target.roles.includes(ROLES.superuser) && !isSuperuser(caller)) {
      throw new ApiError(403, 'Изменять суперпользователя может только суперпользователь');
    }
    return target;
  }

  defineRoute(app, userEndpoints.permissions, { access: 'authenticated' }, async ({ request }) => {
    const user = currentUser(request);
    return { result: true, userId: user.userId, buyerId: user.buyerId, permissions: user.permissions, roles: user.roles };
  });

  defineRoute(app, userEndpoints.groups, { access: 'authenticated' }, async ({ request }) => {
    const user = currentUser(request);
    return { result: true, data: await listUserGroups(db, user.userId) };
  });

  // A static path: registered, it wins over /front/user/:id.
  defineRoute(app, userEndpoints.list, { access: LIST_READERS }, async ({ query, request }) => {
    const page = pageNumber(query.page);
    const filters = {
      login: query.login?.trim() || undefined,
      comment: query.comment?.trim() || undefined,
      buyerId: idFilter('buyerId', query.buyerId),
      userId: idFilter('userId', query.userId),
    };
    if ((filters.login?.length ?? 0) > MAX_LOGIN_LENGTH) throw badField('login', `не длиннее ${MAX_LOGIN_LENGTH} символов`);
    if ((filters.comment?.length ?? 0) > MAX_TEXT_LENGTH) throw badField('comment', `не длиннее ${MAX_TEXT_LENGTH} символов`);
    const scope = buyerScope(request);
    const key = JSON.stringify([scope, filters]);
    const { rows, total, capped, counted } = await listUsers(db, filters, scope, page, USER_LIST_PAGE_SIZE, counts.get(key));
    counts.set(key, counted);
    return { result: true, data: rows, pagination: paginationOf(rows.length, page, total, USER_LIST_PAGE_SIZE), ...(capped ? { totalCountCapped: true } : {}) };
  });

  defineRoute(app, userEndpoints.create, { access: EDITORS }, async ({ request, body }) => {
    const caller = currentUser(request);
    const login = loginField(body.login);
    const password = passwordField(body.password);
    const buyerId = body.buyerId === undefined ? caller.buyerId : await checkBuyer(db, caller, body.buyerId);
    const comment = textField('comment', body.comment) ?? null;
    const roles = await checkRoles(db, caller, 'roles', body.roles ?? [], []);
    if (await isLoginTaken(db, login)) throw new ApiError(409, `Некорректное поле login: логин ${login} уже занят`);
    const newUserId = await createUser(db, { login, passwordHash: await hashPassword(password), buyerId, comment, roles });
    if (newUserId === null) throw new ApiError(409, `Некорректное поле login: логин ${login} уже занят`);
    recordObject({ kind: 'user', id: newUserId, label: login }, null, { login, buyerId, comment, roles }, { buyerId });
    return { result: true, message: 'Пользователь создан', newUserId };
  });

  // Anyone may read themselves (the header shows the login); others need USERS_LIST_PERMISSION or
  // the support role, and only a superuser sees users of another buyer.
  defineRoute(app, userEndpoints.get, { access: 'authenticated', params: IdParams }, async ({ request, params }) => {
    const caller = currentUser(request);
    const self = params.id === caller.userId;
    if (!self && !isAllowed(caller, READERS)) throw new ApiError(403, 'Недостаточно прав для просмотра пользователей');
    const detail = await readUserDetail(db, params.id);
    const scope = buyerScope(request);
    if (!detail || (!self && scope !== null && detail.buyerId !== scope)) throw new ApiError(404, NOT_FOUND);
    return { result: true, data: { ...detail, ...(await lookups.get(detail.buyerId)) } };
  });

  defineRoute(app, userEndpoints.remove, { access: EDITORS, params: IdParams }, async ({ request, params }) => {
    await targetOf(request, params.id);
    if (params.id === currentUser(request).userId) throw new ApiError(409, 'Нельзя удалить самого себя');
    if (!(await deleteUser(db, params.id))) throw new ApiError(404, NOT_FOUND);
    return { result: true, message: 'Пользователь удалён' };
  });

  defineRoute(app, userEndpoints.setGroups, { access: EDITORS, params: IdParams }, async ({ request, params, body }) => {
    const target = await targetOf(request, params.id);
    const groupIds = unique(body.groups.map((id, index) => idField(`groups[${index}]`, id)));
    const foreign = await groupsNotOfBuyer(db, groupIds, target.buyerId);
    if (foreign.length > 0) throw badField('groups', `нет таких групп у покупателя пользователя: ${foreign.join(', ')}`);
    await replaceUserGroups(db, target.id, groupIds, currentUser(request).login);
    return { result: true, message: 'Группы сохранены' };
  });

  defineRoute(app, userEndpoints.setMainInfo, { access: EDITORS, params: IdParams }, async ({ request, params, body }) => {
    const caller = currentUser(request);
    const target = await targetOf(request, params.id);
    const data = body.data;
    const change: MainInfoChange = { keepSession: caller.tokenHash };
    if (data.login !== undefined) change.login = loginField(data.login);
    if (data.password !== undefined && data.password !== '') change.passwordHash = await hashPassword(passwordField(data.password));
    if (data.comment !== undefined) change.comment = textField('comment', data.comment);
    if (data.dontUnlinkFromFlats !== undefined) change.dontUnlinkFromFlats = data.dontUnlinkFromFlats;
    if (data.buyerId !== undefined && data.buyerId !== target.buyerId) {
      change.buyerId = await checkBuyer(db, caller, data.buyerId);
      if (target.id === caller.userId) throw new ApiError(409, 'Нельзя перевести самого себя к другому покупателю');
    }
    const buyerId = change.buyerId ?? target.buyerId;
    if (data.operatorId !== undefined && (data.operatorId !== target.operatorId || change.buyerId !== undefined)) {
      // Checked when it changes: a form saved as it was keeps an operator who has since lost the role.
      if (data.operatorId !== null && !(await isOperatorOf(db, idField('operatorId', data.operatorId), buyerId))) {
        throw badField('operatorId', `пользователь ${data.operatorId} не оператор покупателя ${buyerId}`);
      }
      change.operatorId = data.operatorId;
    } else if (change.buyerId !== undefined) {
      // The operator was the old buyer's.
      change.operatorId = null;
    }
    if (data.roles !== undefined) {
      const roles = await checkRoles(db, caller, 'roles', data.roles, target.roles);
      const same = roles.length === target.roles.length && roles.every((role) => target.roles.includes(role));
      if (!same && target.id === caller.userId) throw new ApiError(409, 'Свои роли здесь изменить нельзя');
      change.roles = roles;
    }
    if (data.newRoles !== undefined) {
      change.newRoles = await checkRoles(db, caller, 'newRoles', data.newRoles, target.newRoles);
    }
    if (change.login !== undefined && (await isLoginTaken(db, change.login, target.id))) {
      throw new ApiError(409, `Некорректное поле login: логин ${change.login} уже занят`);
    }
    if (!(await updateMainInfo(db, target.id, change))) throw new ApiError(409, `Некорректное поле login: логин ${change.login} уже занят`);
    return { result: true, message: 'Пользователь сохранён' };
  });

  defineRoute(app, userEndpoints.setSip, { access: EDITORS, params: IdParams }, async ({ request, params, body }) => {
    const target = await targetOf(request, params.id);
    const { data } = body;
    const login = data.login.trim();
    if (login === '' || login.length > MAX_LOGIN_LENGTH) throw badField('data.login', `от 1 до ${MAX_LOGIN_LENGTH} символов`);
    if (data.password.length > MAX_PASSWORD_LENGTH) throw badField('data.password', `не длиннее ${MAX_PASSWORD_LENGTH} символов`);
    if (!Number.isInteger(data.port) || data.port < 1 || data.port > 65_535) throw badField('data.port', 'ожидается порт от 1 до 65535');
    const domain = data.domain.trim();
    if (domain === '' || domain.length > 255 || /\s/.test(domain)) throw badField('data.domain', 'ожидается имя хоста без пробелов, до 255 символов');
    const type = textField('data.type', data.type) ?? null;
    // Buyer 1 always uses the provider's domain and port.
    const forced = target.buyerId === FORCED_SIP_BUYER_ID;
    const account = { login, password: data.password, domain: forced ? FORCED_SIP_DOMAIN : domain, port: forced ? FORCED_SIP_PORT : data.port, type, buyerId: target.buyerId };
    if ((await addUserSip(db, target.id, account)) === null) throw new ApiError(409, `Некорректное поле data.login: SIP-логин ${login} уже занят`);
    return { result: true, message: 'SIP-аккаунт добавлен' };
  });

  defineRoute(app, userEndpoints.removeSip, { access: EDITORS, params: IdParams }, async ({ request, params, body }) => {
    const target = await targetOf(request, params.id);
    if (!(await removeOwned(db, 'sip', target.id, idField('data.id', body.data.id)))) throw new ApiError(404, 'SIP-аккаунт пользователя не найден');
    return { result: true, message: 'SIP-аккаунт удалён' };
  });

  defineRoute(app, userEndpoints.removeFlat, { access: EDITORS, params: IdParams }, async ({ request, params, body }) => {
    const target = await targetOf(request, params.id);
    if (!(await removeFlatUser(db, idField('flatId', body.flatId), target.id))) throw new ApiError(404, 'Пользователь не привязан к этой квартире');
    return { result: true, message: 'Пользователь отвязан от квартиры' };
  });

  defineRoute(app, userEndpoints.removeDevice, { access: EDITORS, params: IdParams }, async ({ request, params, body }) => {
    const target = await targetOf(request, params.id);
    if (!(await removeOwned(db, 'phone', target.id, idField('deviceId', body.deviceId)))) throw new ApiError(404, 'Устройство пользователя не найдено');
    return { result: true, message: 'Устройство удалено' };
  });

  defineRoute(app, userEndpoints.setAccess, { access: EDITORS, params: IdParams }, async ({ request, params, body }) => {
    const target = await targetOf(request, params.id);
    const entries = body.data.map((entry, index) => ({
      service: idField(`data[${index}].service`, entry.service),
      action: idField(`data[${index}].action`, entry.action),
      reason: idField(`data[${index}].reason`, entry.reason),
    }));
    const known = await existingCatalogueIds(db, {
      services: unique(entries.map((entry) => entry.service)),
      actions: unique(entries.map((entry) => entry.action)),
      reasons: unique(entries.map((entry) => entry.reason)),
    });
    const seen = new Set<number>();
    entries.forEach((entry, index) => {
      if (!known.services.has(entry.service)) throw badField(`data[${index}].service`, `нет сервиса ${entry.service}`);
      if (seen.has(entry.service)) throw badField(`data[${index}].service`, `сервис ${entry.service} указан дважды`);
      seen.add(entry.service);
      if (!known.actions.has(entry.action)) throw badField(`data[${index}].action`, `нет действия ${entry.action}`);
      if (!known.reasons.has(entry.reason)) throw badField(`data[${index}].reason`, `нет причины ${entry.reason}`);
    });
    await replaceUserAccess(db, target.id, entries);
    return { result: true, message: 'Доступы сохранены' };
  });
}
