import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';
import type { MessageKey as ShellMessageKey } from '@/i18n/i18n';

/** The key type picker's words (src/components/key-value/key-kind-select.tsx). */
export const ruMessages = {
  'keyValue.kind': 'Тип ключа',
  'keyValue.kind.keys': 'Ключи',
  'keyValue.kind.cards': 'Карты',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type MessageKey = FeatureMessageKey | ShellMessageKey;
export type Translate = FeatureTranslate<FeatureMessageKey>;

const enMessages: Record<FeatureMessageKey, string> = {
  'keyValue.kind': 'Key type',
  'keyValue.kind.keys': 'Keys',
  'keyValue.kind.cards': 'Cards',
};

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => Promise.resolve(enMessages) });
