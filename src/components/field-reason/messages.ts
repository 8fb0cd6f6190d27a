import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';
import type { MessageKey as ShellMessageKey } from '@/i18n/i18n';

/** A server's refusal of a field, in words (src/lib/field-errors.ts FieldReason). */
export const ruMessages = {
  'fieldReason.required': 'заполните поле',
  'fieldReason.integer': 'введите целое число',
  'fieldReason.number': 'введите число',
  'fieldReason.range': 'введите целое число от {min} до {max}',
  'fieldReason.maxLength': 'не длиннее {max} символов',
  'fieldReason.oneOf': 'выберите одно из значений: {values}',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type MessageKey = FeatureMessageKey | ShellMessageKey;
export type Translate = FeatureTranslate<FeatureMessageKey>;

const enMessages: Record<FeatureMessageKey, string> = {
  'fieldReason.required': 'fill it in',
  'fieldReason.integer': 'enter a whole number',
  'fieldReason.number': 'enter a number',
  'fieldReason.range': 'enter a whole number from {min} to {max}',
  'fieldReason.maxLength': 'at most {max} characters',
  'fieldReason.oneOf': 'choose one of: {values}',
};

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => Promise.resolve(enMessages) });
