import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';
import type { MessageKey as ShellMessageKey } from '@/i18n/i18n';

/** Russian strings of the house list; keys it does not own fall through to the shell's catalog. */
export const ruMessages = {
  'houses.title': 'Жилой фонд',
  'houses.filter.houseUid': 'Идентификатор дома',
  'houses.filter.region': 'Регион',
  'houses.filter.fias': 'Код ФИАС',
  'houses.filter.apply': 'Найти',
  'houses.filter.reset': 'Сбросить',
  'houses.column.id': 'Идентификатор',
  'houses.column.address': 'Адрес',
  'houses.column.region': 'Регион',
  'houses.column.fias': 'ФИАС',
  'houses.column.actions': 'Действия',
  'houses.create': 'Добавить дом',
  'houses.create.title': 'Новый дом',
  'houses.create.address': 'Адрес',
  'houses.create.region': 'Регион',
  'houses.create.fias': 'Код ФИАС',
  'houses.create.id': 'Идентификатор (необязательно)',
  'houses.create.submit': 'Добавить',
  'houses.create.done': 'Дом добавлен',
  'houses.create.error.addressRequired': 'Введите адрес',
  'houses.create.error.regionRequired': 'Введите номер региона',
  'houses.create.error.regionNumber': 'Регион — целое число от 1 до 999',
  'houses.delete': 'Удалить дом {address}',
  'houses.delete.title': 'Удалить дом?',
  'houses.delete.text': 'Дом «{address}» будет удалён. Это действие нельзя отменить.',
  'houses.delete.done': 'Дом удалён',
  'houses.deleteSelected': 'Удалить выбранные',
  'houses.deleteSelected.title': 'Удалить выбранные дома?',
  'houses.deleteSelected.text': 'Будет удалено домов: {count}. Это действие нельзя отменить.',
  'houses.deleteSelected.done': 'Удалено домов: {count}',
  'houses.open': 'Открыть дом {address}',
  'houses.column.offline': 'Офлайн-работа',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type MessageKey = FeatureMessageKey | ShellMessageKey;
export type Translate = FeatureTranslate<FeatureMessageKey>;

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => import('./messages-en').then((module) => module.enMessages) });
