import { defineCatalog, type FeatureTranslate } from '@/i18n/i18n';

/*
 * The strings the wizards' shared pieces show on their first screens (the stepper);
 * what a wizard says about its own steps stays in its catalog.
 */
export const ruMessages = {
  'wizardSteps.stepOf': 'Шаг {number} из {total} · {label}',
  'wizardSteps.error': 'Есть поля для исправления',
  'wizardSteps.errorLine': '{text}: {steps}',
} as const;

export type FeatureMessageKey = keyof typeof ruMessages;
export type Translate = FeatureTranslate<FeatureMessageKey>;

// A few English strings: inline rather than a chunk of their own.
const enMessages: Record<FeatureMessageKey, string> = {
  'wizardSteps.stepOf': 'Step {number} of {total} · {label}',
  'wizardSteps.error': 'Some fields need correcting',
  'wizardSteps.errorLine': '{text}: {steps}',
};

export const { translate, t, useT } = defineCatalog(ruMessages, { en: () => Promise.resolve(enMessages) });
