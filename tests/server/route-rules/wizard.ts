import type { RouteRule } from './types';

/** The device wizard: installers and operators. */
export const wizardRules: readonly RouteRule[] = [
  { method: 'POST', pattern: '/front/wizard/entrances', url: '/front/wizard/entrances', refused: ['support'] },
  { method: 'POST', pattern: '/front/wizard/save', url: '/front/wizard/save', refused: ['support'] },
  { method: 'POST', pattern: '/front/wizard/replace-options', url: '/front/wizard/replace-options', refused: ['support'] },
];
