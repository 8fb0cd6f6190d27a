import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';
import type { MessageKey as ShellMessageKey } from '@/i18n/i18n';

/** Russian strings of a user's permissions screen; keys it does not own fall through to the shell's catalog. */
export const ruMessages = {
  'userPermissions.title': 'Роли и разрешения',
  'userPermissions.back': 'Пользователь {login}',
  'userPermissions.backPlain': 'Пользователь',
  'userPermissions.loadError': 'Не удалось загрузить права пользователя: {error}',
  'userPermissions.retry': 'Повторить',
  'userPermissions.offline': 'Нет связи с сервером: отмеченное сохранится здесь, отправить его можно, когда связь вернётся.',
  'userPermissions.readOnly': 'Только просмотр: менять права пользователей вы не можете.',
  'userPermissions.hint': 'Изменение действует с ближайшего запроса пользователя: входить заново ему не нужно.',
  'userPermissions.section.roles': 'Роли',
  'userPermissions.section.permissions': 'Разрешения',
  'userPermissions.none.roles': 'Ролей в системе нет',
  'userPermissions.none.permissions': 'Разрешений в системе нет',
  'userPermissions.noneAssigned.roles': 'Пользователю не назначено ни одной роли',
  'userPermissions.noneAssigned.permissions': 'Пользователю не назначено ни одного разрешения',
  'userPermissions.column.switch': 'Назначено',
  'userPermissions.column.name': 'Название',
  'userPermissions.column.description': 'Описание',
  'userPermissions.column.type': 'Тип',
  'userPermissions.column.rule': 'Правило',
  'userPermissions.column.createdAt': 'Создано',
  'userPermissions.column.updatedAt': 'Изменено',
  'userPermissions.column.assignedAt': 'Выдано',
  'userPermissions.switch': 'Назначить «{name}»',
  'userPermissions.type.role': 'Роль',
  'userPermissions.type.permission': 'Разрешение',
  'userPermissions.type.other': 'Другое',
  'userPermissions.empty': '—',
  'userPermissions.inherited': 'Даётся через роль {roles}',
  'userPermissions.locked.readOnly': 'Только просмотр',
  'userPermissions.locked.self': 'Нельзя отозвать у себя: вы потеряете доступ к пользователям',
  'userPermissions.locked.notHeldRole': 'Нельзя выдать или отозвать: у вас самих нет этой роли',
  'userPermissions.locked.notHeldPermission': 'Нельзя выдать или отозвать: у вас самих нет этого разрешения',
  'userPermissions.pending.grant': 'Будет выдано',
  'userPermissions.pending.revoke': 'Будет отозвано',
  'userPermissions.changes.count': 'Несохранённых изменений: {count}',
  'userPermissions.changes.save': 'Сохранить',
  'userPermissions.changes.discard': 'Отменить',
  'userPermissions.confirm.title': 'Сохранить права пользователя {login}?',
  'userPermissions.confirm.grant': 'Выдать: {names}.',
  'userPermissions.confirm.revoke': 'Отозвать: {names}.',
  'userPermissions.confirm.effect': 'Изменение подействует с ближайшего запроса пользователя.',
  'userPermissions.saved': 'Права пользователя сохранены',
  'userPermissions.saveError': 'Не удалось сохранить: {error}',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type MessageKey = FeatureMessageKey | ShellMessageKey;
export type Translate = FeatureTranslate<FeatureMessageKey>;

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => import('./messages-en').then((module) => module.enMessages) });
