import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';

/** Russian strings of the voltage screen (/devices/:mac/power). */
export const ruMessages = {
  'power.title': 'Напряжение питания',
  'power.back': 'Карточка устройства',
  'power.device': 'Устройство {mac}',
  'power.noAddress': 'Адрес не указан',
  'power.live.online': 'В сети',
  'power.live.offline': 'Не в сети',
  'power.range.label': 'Период',
  'power.range.24h': '24 ч',
  'power.range.7d': '7 дней',
  'power.range.30d': '30 дней',
  'power.refresh': 'Обновить',
  'power.refreshing': 'Читаем устройство…',
  'power.refreshError': 'Не удалось прочитать напряжение: {error}',
  'power.refreshed': 'Показание получено: {volts}, {time}',
  'power.offline': 'Нет связи с сервером: обновить показание можно, когда сеть вернётся.',
  'power.last': 'Последнее показание',
  'power.last.none': 'Показаний ещё не было',
  'power.volts': '{volts} В',
  'power.band': 'Норма {min}–{max} В',
  'power.inBand': 'в норме',
  'power.outBand': 'вне нормы',
  'power.outside': 'Вне нормы за период: {outside} из {total}',
  'power.empty': 'Нет показаний за этот период',
  'power.loading': 'Загрузка показаний',
  'power.loadError': 'Не удалось загрузить показания: {error}',
  'power.retry': 'Повторить',
  'power.chart.label': 'Напряжение питания за период, вольт',
  'power.series.avg': 'Среднее',
  'power.series.min': 'Минимум',
  'power.series.max': 'Максимум',
  'power.chart.outsideMark': 'Вне нормы: {volts} В, {time}',
  'power.chart.legend.band': 'норма',
  'power.chart.legend.outside': 'вне нормы',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type Translate = FeatureTranslate<FeatureMessageKey>;

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => import('./messages-en').then((module) => module.enMessages) });
