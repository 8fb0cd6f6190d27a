import type { DictionaryId } from '../../contract/dictionaries';
import { DEVICE_TYPE_NAMES } from '../../contract/devices';

/**
 * The seven option sets (dictionaries). Keys are numeric; the user options store the language code
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

/**
 * The labels in the other UI languages, beside the Russian ones above; a set left out here (codes,
 * IANA names) answers the same in every language.
 */
export const DICTIONARY_LABELS: Record<string, Partial<Record<DictionaryId, Record<number, string>>>> = {
  en: {
    echo_cancellation_type: {
      0: 'Off',
      1: 'Software (AEC)',
      2: 'Hardware (DSP)',
      3: 'Adaptive with noise suppression',
    },
    reasons_removing_device: {
      1: 'Device fault',
      2: 'Replaced by another model',
      3: 'Vandalism',
      4: 'Contract terminated',
      5: "Removed at the management company's request",
      6: 'Other',
    },
    device_purposes: {
      1: 'Entrance panel',
      2: 'Gate',
      3: 'Barrier',
      4: 'Concierge',
      5: 'Additional panel',
    },
    stream_type: {
      1: 'Main stream (H.264)',
      2: 'Secondary stream (H.264)',
      3: 'MJPEG',
    },
  },
};

export const DEFAULT_LANGUAGE = 'ru';
export const DEFAULT_TIMEZONE = 'Europe/Moscow';
