import type { RouteRule } from './types';

/** Dictionaries: any logged-in user. */
export const dictionaryRules: readonly RouteRule[] = [
  { method: 'GET', pattern: '/front/dictionary/get-options', url: '/front/dictionary/get-options?dictionaryId=device_types', refused: [] },
];
