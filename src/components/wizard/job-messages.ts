import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';

/*
 * The strings every wizard's job panel shares (outbox-job-panel.tsx); what a wizard says about its
 * own submission stays in its catalog. Loaded with the panel, not with the wizards' first screens.
 */
export const ruMessages = {
  'wizardJob.queued': 'В очереди на отправку',
  'wizardJob.sending': 'Отправляется…',
  'wizardJob.paused': 'Отправка приостановлена',
  'wizardJob.attempts': 'Попыток: {attempts}, следующая — {next}.',
  'wizardJob.attemptsOffline': 'Попыток: {attempts}; следующая — когда появится сеть.',
  'wizardJob.lastError': 'Последняя ошибка: {error}',
  'wizardJob.sendNow': 'Отправить сейчас',
  'wizardJob.openQueue': 'Очередь отправки',
  'wizardJob.deleteDraft': 'Удалить черновик',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type Translate = FeatureTranslate<FeatureMessageKey>;

// A few English strings: inline rather than a chunk of their own.
const enMessages: Record<FeatureMessageKey, string> = {
  'wizardJob.queued': 'Queued for sending',
  'wizardJob.sending': 'Sending…',
  'wizardJob.paused': 'Sending paused',
  'wizardJob.attempts': 'Attempts: {attempts}, next at {next}.',
  'wizardJob.attemptsOffline': 'Attempts: {attempts}; the next one when the network is back.',
  'wizardJob.lastError': 'Last error: {error}',
  'wizardJob.sendNow': 'Send now',
  'wizardJob.openQueue': 'Send queue',
  'wizardJob.deleteDraft': 'Delete draft',
};

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => Promise.resolve(enMessages) });
