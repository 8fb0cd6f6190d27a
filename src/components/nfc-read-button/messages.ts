import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';
import type { MessageKey as ShellMessageKey } from '@/i18n/i18n';

/** The «read a card» button of the key forms (src/components/nfc-read-button). */
export const ruMessages = {
  'nfcRead.button': 'Считать карту',
  'nfcRead.cancel': 'Остановить чтение',
  'nfcRead.reversed': 'Обратный порядок байтов',
  'nfcRead.reversed.hint': 'Для панелей, которые хранят UID с последнего байта',
  'nfcRead.scanning': 'Поднесите карту к задней стороне телефона…',
  'nfcRead.readingError': 'Карта не прочиталась, поднесите её ещё раз и подержите дольше.',
  'nfcRead.read': 'Считана карта {uid} (UID из {bytes} байт): {value}',
  'nfcRead.read.padded': 'Считана карта {uid} (UID из {bytes} байт), дополнена нулями для {type}: {value}',
  'nfcRead.unavailable.insecure': 'Чтение карт работает только по HTTPS. Введите номер вручную.',
  'nfcRead.unavailable.unsupported': 'Этот браузер не читает карты по NFC (нужен Chrome на Android с NFC). Введите номер вручную.',
  'nfcRead.unavailable.denied': 'Доступ к NFC запрещён в настройках сайта. Разрешите его или введите номер вручную.',
  'nfcRead.noType': 'Сначала выберите тип ключа.',
  'nfcRead.error.timeout': 'Карта не найдена за {seconds} с. Нажмите «Считать карту» ещё раз.',
  'nfcRead.error.unsupported': 'NFC выключен или его нет в телефоне. Включите NFC или введите номер вручную.',
  'nfcRead.error.unreadable': 'Карта не отдала свой номер (UID). Попробуйте ещё раз или введите номер вручную.',
  'nfcRead.error.other': 'Не удалось считать карту: {error}',
  'nfcRead.error.length': 'UID карты {uid} из {bytes} байт не подходит для {type}: нужно {accepted} байт.',
  'nfcRead.or': '{list} или {last}',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type MessageKey = FeatureMessageKey | ShellMessageKey;
export type Translate = FeatureTranslate<FeatureMessageKey>;

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => import('./messages-en').then((module) => module.enMessages) });
