import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';

/** Russian strings of the audit pieces shared by /audit and the cards' recent history. */
export const ruMessages = {
  'recentAudit.title': 'Последние изменения',
  'recentAudit.loading': 'Загрузка истории изменений',
  'recentAudit.loadError': 'Не удалось загрузить историю изменений: {error}',
  'recentAudit.retry': 'Повторить',
  'recentAudit.none': 'Изменений пока нет.',
  'recentAudit.all': 'Вся история изменений',
  'recentAudit.by': '{who}',
  'recentAudit.nobody': 'без входа',
  'recentAudit.changes': 'изменено полей: {count}',
  'recentAudit.refused': 'отказано',
  'recentAudit.accepted': 'принято',
  'recentAudit.outbox': 'из очереди',
  'recentAudit.diff.field': 'Поле',
  'recentAudit.diff.before': 'Было',
  'recentAudit.diff.after': 'Стало',
  'recentAudit.diff.empty': 'Нет изменённых полей.',
  'recentAudit.diff.refused': 'Запрос отклонён: изменений нет.',
  'recentAudit.diff.request': 'Поля запроса (сохранённое состояние не сравнивалось).',
  'recentAudit.diff.none': '—',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type Translate = FeatureTranslate<FeatureMessageKey>;

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => import('./messages-en').then((module) => module.enMessages) });
