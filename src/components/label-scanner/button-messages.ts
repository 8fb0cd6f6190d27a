import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';
import type { MessageKey as ShellMessageKey } from '@/i18n/i18n';

/*
 * The scan button's one string, apart from the scanner's catalog (messages.ts): the button is on
 * the wizards' first screens, the rest loads with the dialog (route budget 250 KB gzip).
 */
export const ruMessages = {
  'labelScanner.button': 'Сканировать этикетку',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type MessageKey = FeatureMessageKey | ShellMessageKey;
export type Translate = FeatureTranslate<FeatureMessageKey>;

// One English string: inline rather than a chunk of its own.
const enMessages: Record<FeatureMessageKey, string> = { 'labelScanner.button': 'Scan label' };

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => Promise.resolve(enMessages) });
