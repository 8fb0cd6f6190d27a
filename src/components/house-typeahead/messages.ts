import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';
import type { MessageKey as ShellMessageKey } from '@/i18n/i18n';

/** The house typeahead's strings; it sits in the wizards' routes, so English is inline rather than a chunk. */
export const ruMessages = {
  'houseTypeahead.short': 'Введите не меньше {min} символов адреса',
  'houseTypeahead.shortWithLocal': 'Введите не меньше {min} символов адреса, чтобы искать среди всех домов; ниже — дома под рукой',
  'houseTypeahead.searching': 'Поиск…',
  'houseTypeahead.none': 'Домов с таким адресом нет',
  'houseTypeahead.more': 'Найдено {total}, показаны первые {shown}: уточните адрес',
  'houseTypeahead.count': 'Найдено: {total}',
  'houseTypeahead.offline': 'Нет сети: поиск среди домов, сохранённых для работы офлайн',
  'houseTypeahead.offlineNone': 'Среди сохранённых офлайн домов такого нет',
  'houseTypeahead.failed': 'Поиск не удался ({error}): показаны дома под рукой',
  'houseTypeahead.saved': 'Сохранён офлайн',
  'houseTypeahead.chosen': 'Уже выбран',
  'houseTypeahead.remove': 'Убрать дом {address}',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type MessageKey = FeatureMessageKey | ShellMessageKey;
export type Translate = FeatureTranslate<FeatureMessageKey>;

const enMessages: Record<FeatureMessageKey, string> = {
  'houseTypeahead.short': 'Type at least {min} characters of the address',
  'houseTypeahead.shortWithLocal': 'Type at least {min} characters of the address to search every house; below, the houses at hand',
  'houseTypeahead.searching': 'Searching…',
  'houseTypeahead.none': 'No house has such an address',
  'houseTypeahead.more': '{total} found, the first {shown} shown: type more of the address',
  'houseTypeahead.count': 'Found: {total}',
  'houseTypeahead.offline': 'No network: searching the houses saved for offline work',
  'houseTypeahead.offlineNone': 'No such house among those saved offline',
  'houseTypeahead.failed': 'The search failed ({error}): the houses at hand are shown',
  'houseTypeahead.saved': 'Saved offline',
  'houseTypeahead.chosen': 'Already chosen',
  'houseTypeahead.remove': 'Remove the house {address}',
};

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => Promise.resolve(enMessages) });
