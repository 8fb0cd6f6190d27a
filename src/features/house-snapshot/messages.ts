import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';
import type { MessageKey as ShellMessageKey } from '@/i18n/i18n';

/** Russian strings of house snapshots (take a house offline); keys it does not own fall through to the shell's catalog. */
export const ruMessages = {
  'houseSnapshot.take': 'Сохранить для офлайн-работы',
  'houseSnapshot.take.short': 'Сохранить',
  'houseSnapshot.take.for': 'Сохранить для офлайн-работы: {address}',
  'houseSnapshot.savedAgo': 'Сохранено для офлайн-работы {age}',
  'houseSnapshot.age.now': 'только что',
  'houseSnapshot.age.minutes': '{value} мин назад',
  'houseSnapshot.age.hours': '{value} ч назад',
  'houseSnapshot.age.days': '{value} дн. назад',
  'houseSnapshot.ageShort.now': 'сейчас',
  'houseSnapshot.ageShort.minutes': '{value} мин',
  'houseSnapshot.ageShort.hours': '{value} ч',
  'houseSnapshot.ageShort.days': '{value} дн.',
  'houseSnapshot.refresh': 'Обновить сохранённые данные',
  'houseSnapshot.refresh.for': 'Обновить сохранённые данные дома {address}',
  'houseSnapshot.delete': 'Удалить сохранённые данные',
  'houseSnapshot.delete.for': 'Удалить сохранённые данные дома {address}',
  'houseSnapshot.delete.title': 'Удалить данные для офлайн-работы?',
  'houseSnapshot.delete.text': 'Подъезды, квартиры и устройства дома «{address}» будут удалены с этого устройства. Без связи этот дом нельзя будет выбрать в мастере.',
  'houseSnapshot.deleted': 'Данные дома удалены с устройства',
  'houseSnapshot.saved': 'Дом «{address}» сохранён для офлайн-работы: подъездов {entrances}, квартир {flats}, устройств {devices}',
  'houseSnapshot.failed': 'Не удалось сохранить дом для офлайн-работы: {message}',
  'houseSnapshot.offline': 'Нет связи: сохранить или обновить дом можно только в сети',
  'houseSnapshot.stale': 'данные могли устареть, обновите их при связи',
  'houseSnapshot.unreadable': 'сохранённые данные не читаются ({error}), сохраните дом заново',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type MessageKey = FeatureMessageKey | ShellMessageKey;
export type Translate = FeatureTranslate<FeatureMessageKey>;

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => import('./messages-en').then((module) => module.enMessages) });
