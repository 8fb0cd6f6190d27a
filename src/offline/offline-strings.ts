import { useCallback } from 'react';
import { getPreferences, useLanguage, type UiLanguage } from '@/lib/preferences';

/*
 * The texts of the offline core (job statuses, connectivity, errors stored with jobs). They live
 * beside the code that uses them while src/i18n belongs to the shell; the keys follow the same
 * naming, so the lead can move them into src/i18n/ru.ts and en.ts unchanged.
 */
const ru = {
  'offline.status.queued': 'В очереди',
  'offline.status.sending': 'Отправляется',
  'offline.status.sent': 'Отправлено',
  'offline.status.needs-attention': 'Требует внимания',
  'offline.status.paused': 'Приостановлено',
  'offline.connectivity.online': 'В сети',
  'offline.connectivity.offline': 'Нет связи',
  'offline.connectivity.syncing': 'Синхронизация',
  'offline.error.network': 'Нет связи с сервером',
  'offline.error.timeout': 'Сервер не ответил за {seconds} с',
  'offline.error.notApi': 'Ответ пришёл не от сервера приложения (HTTP {status})',
  'offline.error.storageFull': 'Память устройства заполнена: освободите место, введённые данные пока не сохранены',
  'offline.loginNeeded': 'Сессия истекла. Войдите снова — очередь отправки сохранена и продолжится после входа',
  'offline.draft.unreadable': 'Черновик не удалось прочитать: {error}',
  'offline.draft.newerVersion': 'Черновик сохранён более новой версией приложения (версия данных {version})',
  'offline.draft.unknownKind': 'Неизвестный вид черновика: {kind}',
  'offline.draft.otherKind': 'Черновик другого вида: {kind}',
  'offline.draftName.serialNumber': 'Устройство по серийному номеру {serial}',
  'offline.draftName.serialNumber.empty': 'Устройство по серийному номеру',
  'offline.draftName.deviceSetup': 'Настройка устройства {mac}',
  'offline.draftName.deviceSetup.empty': 'Настройка устройства',
  'offline.draftName.replace': 'Замена устройства: {from} → {to}',
  'offline.draftName.replace.old': 'Замена устройства: {from}',
  'offline.draftName.replace.empty': 'Замена устройства',
  'offline.draftName.adjuster': 'Наладка {station}, порт {port}',
  'offline.draftName.adjuster.empty': 'Наладка',
  'offline.draftName.commutators': 'Матрица коммутации {mac}',
} as const;

export type OfflineMessageKey = keyof typeof ru;

const en: Record<OfflineMessageKey, string> = {
  'offline.status.queued': 'Queued',
  'offline.status.sending': 'Sending',
  'offline.status.sent': 'Sent',
  'offline.status.needs-attention': 'Needs attention',
  'offline.status.paused': 'Paused',
  'offline.connectivity.online': 'Online',
  'offline.connectivity.offline': 'Offline',
  'offline.connectivity.syncing': 'Syncing',
  'offline.error.network': 'No connection to the server',
  'offline.error.timeout': 'The server did not answer within {seconds} s',
  'offline.error.notApi': "The answer did not come from the app's server (HTTP {status})",
  'offline.error.storageFull': 'The device storage is full: free some space; what you typed is not saved yet',
  'offline.loginNeeded': 'Your session has expired. Sign in again: the send queue is kept and resumes after sign-in',
  'offline.draft.unreadable': 'The draft could not be read: {error}',
  'offline.draft.newerVersion': 'The draft was saved by a newer version of the app (data version {version})',
  'offline.draft.unknownKind': 'Unknown kind of draft: {kind}',
  'offline.draft.otherKind': 'A draft of another kind: {kind}',
  'offline.draftName.serialNumber': 'Device by serial number {serial}',
  'offline.draftName.serialNumber.empty': 'Device by serial number',
  'offline.draftName.deviceSetup': 'Device set-up {mac}',
  'offline.draftName.deviceSetup.empty': 'Device set-up',
  'offline.draftName.replace': 'Device replacement: {from} → {to}',
  'offline.draftName.replace.old': 'Device replacement: {from}',
  'offline.draftName.replace.empty': 'Device replacement',
  'offline.draftName.adjuster': 'Adjustment {station}, port {port}',
  'offline.draftName.adjuster.empty': 'Adjustment',
  'offline.draftName.commutators': 'Commutation matrix {mac}',
};

const catalogs: Record<UiLanguage, Record<OfflineMessageKey, string>> = { ru, en };

export type OfflineParams = Record<string, string | number>;

export function offlineTranslate(language: UiLanguage, key: OfflineMessageKey, params?: OfflineParams): string {
  const template = catalogs[language][key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** In the current UI language, outside React. */
export function offlineT(key: OfflineMessageKey, params?: OfflineParams): string {
  return offlineTranslate(getPreferences().language, key, params);
}

/** In the current UI language, re-rendering when it changes. */
export function useOfflineT(): (key: OfflineMessageKey, params?: OfflineParams) => string {
  const language = useLanguage();
  return useCallback((key, params) => offlineTranslate(language, key, params), [language]);
}
