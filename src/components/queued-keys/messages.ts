import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';
import type { MessageKey as ShellMessageKey } from '@/i18n/i18n';

/** Keys waiting in the send queue (src/components/queued-keys). */
export const ruMessages = {
  'queuedKeys.title': 'Ждут отправки: {count}',
  'queuedKeys.hint': 'Добавлены без связи. Уйдут на сервер сами, когда связь появится; на устройстве их ещё нет.',
  'queuedKeys.list': 'Ключи в очереди отправки',
  'queuedKeys.status.queued': 'В очереди',
  'queuedKeys.status.sending': 'Отправляется',
  'queuedKeys.status.paused': 'Ждёт входа в систему',
  'queuedKeys.status.needs-attention': 'Сервер отказал',
  'queuedKeys.outbox': 'Открыть очередь отправки',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type MessageKey = FeatureMessageKey | ShellMessageKey;
export type Translate = FeatureTranslate<FeatureMessageKey>;

const enMessages: Record<FeatureMessageKey, string> = {
  'queuedKeys.title': 'Waiting to be sent: {count}',
  'queuedKeys.hint': 'Added with no signal. They go to the server by themselves once there is signal; the device does not have them yet.',
  'queuedKeys.list': 'Keys in the send queue',
  'queuedKeys.status.queued': 'Queued',
  'queuedKeys.status.sending': 'Sending',
  'queuedKeys.status.paused': 'Waiting for a login',
  'queuedKeys.status.needs-attention': 'Refused by the server',
  'queuedKeys.outbox': 'Open the send queue',
};

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => Promise.resolve(enMessages) });
