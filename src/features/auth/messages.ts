import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';
import type { MessageKey as ShellMessageKey } from '@/i18n/i18n';

/** Russian strings of the login screen; keys it does not own fall through to the shell's catalog. */
export const ruMessages = {
  'login.title': 'Вход в систему',
  'login.field.login': 'Логин',
  'login.field.password': 'Пароль',
  'login.submit': 'Войти',
  'login.error.loginRequired': 'Введите логин',
  'login.error.passwordRequired': 'Введите пароль',
  'login.error.failed': 'Не удалось войти',
  'login.error.tooMany': 'Слишком много попыток входа. Попробуйте позже.',
  'login.showPassword': 'Показать пароль',
  'login.hidePassword': 'Скрыть пароль',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type MessageKey = FeatureMessageKey | ShellMessageKey;
export type Translate = FeatureTranslate<FeatureMessageKey>;

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => import('./messages-en').then((module) => module.enMessages) });
