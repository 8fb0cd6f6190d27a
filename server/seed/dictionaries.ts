import type { DictionaryId } from '../../contract/dictionaries';
import { DEVICE_TYPE_NAMES } from '../../contract/devices';

/**
 * The seven option sets of spec §3. Keys are numeric; the user options store the language code
 * and the IANA time zone name (the labels of supported_languages and supported_timezones).
 */
export const DICTIONARIES: Record<DictionaryId, Record<number, string>> = {
  device_types: Object.fromEntries(DEVICE_TYPE_NAMES.map((name, type) => [type, name])),
  supported_languages: { 1: 'ru', 2: 'en' },
  supported_timezones: {
    1: 'Europe/Kaliningrad',
    2: 'Europe/Moscow',
    3: 'Europe/Samara',
    4: 'Asia/Yekaterinburg',
    5: 'Asia/Omsk',
    6: 'Asia/Novosibirsk',
    7: 'Asia/Krasnoyarsk',
    8: 'Asia/Irkutsk',
    9: 'Asia/Yakutsk',
    10: 'Asia/Vladivostok',
    11: 'Asia/Magadan',
    12: 'Asia/Kamchatka',
    13: 'UTC',
  },
  echo_cancellation_type: {
    0: 'Отключено',
    1: 'Программное (AEC)',
    2: 'Аппаратное (DSP)',
    3: 'Адаптивное с шумоподавлением',
  },
  reasons_removing_device: {
    1: 'Неисправность устройства',
    2: 'Замена на другую модель',
    3: 'Вандализм',
    4: 'Расторжение договора',
    5: 'Демонтаж по заявке управляющей компании',
    6: 'Другое',
  },
  device_purposes: {
    1: 'Подъездная панель',
    2: 'Калитка',
    3: 'Шлагбаум',
    4: 'Консьерж',
    5: 'Дополнительная панель',
  },
  stream_type: {
    1: 'Основной поток (H.264)',
    2: 'Дополнительный поток (H.264)',
    3: 'MJPEG',
  },
};

export const DEFAULT_LANGUAGE = 'ru';
export const DEFAULT_TIMEZONE = 'Europe/Moscow';
