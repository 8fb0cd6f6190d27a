import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';
import type { MessageKey as ShellMessageKey } from '@/i18n/i18n';

/** Russian strings of the label scanner; keys it does not own fall through to the shell's catalog. */
export const ruMessages = {
  'labelScanner.title': 'Сканирование этикетки',
  'labelScanner.hint': 'Наведите камеру на QR-код или штрихкод на этикетке устройства.',
  'labelScanner.starting': 'Включается камера…',
  'labelScanner.scanning': 'Ищу код…',
  'labelScanner.found.serialNumber': 'Серийный номер: {value}',
  'labelScanner.found.mac': 'MAC-адрес: {value}',
  'labelScanner.missing.serialNumber': 'Серийный номер ещё не найден',
  'labelScanner.missing.mac': 'MAC-адрес ещё не найден',
  'labelScanner.use': 'Подставить',
  'labelScanner.cancel': 'Отмена',
  'labelScanner.photo': 'Сфотографировать этикетку',
  'labelScanner.photo.nothing': 'На снимке не найден код с серийным номером или MAC-адресом',
  'labelScanner.error.denied': 'Нет доступа к камере. Разрешите его в настройках браузера или сфотографируйте этикетку.',
  'labelScanner.error.noCamera': 'Камера не найдена. Сфотографируйте этикетку или введите данные вручную.',
  'labelScanner.error.insecure': 'Камера доступна только по HTTPS. Сфотографируйте этикетку или введите данные вручную.',
  'labelScanner.error.other': 'Камера не включилась: {error}',
  'labelScanner.error.detector': 'Не удалось запустить распознавание кодов: {error}',
  'labelScanner.video': 'Изображение с камеры',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type MessageKey = FeatureMessageKey | ShellMessageKey;
export type Translate = FeatureTranslate<FeatureMessageKey>;

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => import('./messages-en').then((module) => module.enMessages) });
