import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';
import type { MessageKey as ShellMessageKey } from '@/i18n/i18n';

/** Russian strings of the user settings screen; keys it does not own fall through to the shell's catalog. */
export const ruMessages = {
  'settings.title': 'Настройки пользователя',
  'settings.field.language': 'Язык',
  'settings.field.timezone': 'Часовой пояс',
  'settings.save': 'Сохранить',
  'settings.saved': 'Настройки сохранены',
  'settings.lastChange': 'Последнее изменение: {date}',
  'settings.neverChanged': 'Настройки ещё не менялись',
  'settings.currentTime': 'Текущее время в выбранном поясе: {date}',
  'settings.language.ru': 'Русский',
  'settings.language.en': 'English',
  'settings.loadError': 'Не удалось загрузить настройки',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type MessageKey = FeatureMessageKey | ShellMessageKey;
export type Translate = FeatureTranslate<FeatureMessageKey>;

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => import('./messages-en').then((module) => module.enMessages) });
