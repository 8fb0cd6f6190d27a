import { useCallback } from 'react';
import { defineCatalog } from '@/i18n/i18n';

/** The four entrance types in words, shared by the house and the entrance screens. */
const ruMessages = {
  'entranceType.1': 'Основной',
  'entranceType.2': 'Калитка с префиксом',
  'entranceType.3': 'Дополнительный',
  'entranceType.4': 'Калитка без префикса',
  'entranceType.other': 'Тип {type}',
} as const;

type Key = keyof typeof ruMessages;

const enMessages: Record<Key, string> = {
  'entranceType.1': 'Main',
  'entranceType.2': 'Gate with prefix',
  'entranceType.3': 'Additional',
  'entranceType.4': 'Gate without prefix',
  'entranceType.other': 'Type {type}',
};

const catalog = defineCatalog(ruMessages, { en: () => Promise.resolve(enMessages) });

function keyOf(type: number): Key | null {
  return type === 1 || type === 2 || type === 3 || type === 4 ? `entranceType.${type}` : null;
}

/** «Калитка с префиксом» for type 2; a type the app does not know, by its number. */
export function useEntranceTypeName(): (type: number) => string {
  const t = catalog.useT();
  return useCallback((type: number) => {
    const key = keyOf(type);
    return key ? t(key) : t('entranceType.other', { type });
  }, [t]);
}
