import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';

/** Russian strings of the device card's sync section (docs/api.md "Device sync"). */
export const ruMessages = {
  'sync.title': 'Синхронизация с устройством',
  'sync.state.in-sync': 'Синхронизировано',
  'sync.state.pending': 'Изменения ждут отправки: {count}',
  'sync.state.failed': 'Устройство не приняло изменения',
  'sync.state.differs': 'Сверка нашла расхождения: {count}',
  'sync.lastConfirmed': 'Последнее подтверждение устройства: {time}',
  'sync.neverConfirmed': 'Устройство ещё не подтверждало изменений',
  'sync.failure': 'Последняя попытка {time}: {message}',
  'sync.changes': 'Ждут отправки',
  'sync.changes.more': 'И ещё {count}',
  'sync.change.failed': 'не принято, попыток: {attempts}',
  'sync.change.owed': 'ждёт',
  'sync.change.next': 'следующая попытка {time}',
  'sync.kind.key': 'Ключ',
  'sync.kind.doorCode': 'Код двери',
  'sync.kind.commutators': 'Матрица',
  'sync.kind.matrix': 'Матрица',
  'sync.kind.sip': 'SIP',
  'sync.kind.flats': 'Квартиры',
  'sync.readBack': 'Сверка',
  'sync.readBack.none': 'Сверки ещё не было: «Сверить» прочитает устройство и сравнит с базой.',
  'sync.readBack.at': 'Сверка {time}',
  'sync.readBack.clean': 'Устройство и база совпадают',
  'sync.readBack.error': 'Сверка {time} не удалась: {message}',
  'sync.readBack.more': 'Показаны первые {shown} из {count}',
  'sync.difference.database': 'в базе: {value}',
  'sync.difference.device': 'на устройстве: {value}',
  'sync.difference.none': 'нет',
  'sync.retry': 'Повторить',
  'sync.full': 'Полная синхронизация',
  'sync.read': 'Сверить',
  'sync.busy': 'Связь с устройством…',
  'sync.full.confirm.title': 'Полная синхронизация',
  'sync.full.confirm.text': 'Устройство будет считано и сравнено с базой: чего ему не хватает (ключи, коды, матрица, настройки квартир), будет отправлено, а лишние ключи и коды — удалены; квартиры подъезда и SIP-аккаунт отправятся в любом случае. Неотправленные изменения заменятся этим набором. Если устройство не удастся считать, ему будет отправлено всё заново.',
  'sync.full.confirm.ok': 'Синхронизировать',
  'sync.done.retry': 'Отправка завершена',
  'sync.done.full': 'Полная синхронизация отправлена',
  'sync.done.read': 'Сверка выполнена',
  'sync.actionError': 'Не удалось: {error}',
  'sync.loading': 'Загрузка состояния синхронизации',
  'sync.loadError': 'Не удалось загрузить состояние синхронизации: {error}',
  'sync.reload': 'Обновить',
  'sync.queued': 'Полная синхронизация в очереди с {time}: устройство будет считано и синхронизировано в фоне, состояние обновится само.',
  'sync.offline': 'Нет связи с сервером: действия доступны, когда сеть вернётся.',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type Translate = FeatureTranslate<FeatureMessageKey>;

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => import('./messages-en').then((module) => module.enMessages) });
