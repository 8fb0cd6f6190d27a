import { enums, object, optional, record, string, type Infer } from 'superstruct';
import { NonEmptyString, endpoint, withResult } from './common';

/** Every option set (dictionary). */
export const DICTIONARY_IDS = [
  'device_types',
  'supported_languages',
  'supported_timezones',
  'echo_cancellation_type',
  'reasons_removing_device',
  'device_purposes',
  'stream_type',
] as const;
export type DictionaryId = (typeof DICTIONARY_IDS)[number];
export const DictionaryIdStruct = enums(DICTIONARY_IDS);

/** The label shown for a missing key or an empty set. */
export const MISSING_LABEL = 'Не определено';

/** A numeric key (as a JSON object key, so a string) to its label. */
export const DictionaryData = record(string(), string());
export type DictionaryData = Infer<typeof DictionaryData>;

/** `language` (a supported_languages code) picks the labels' language; without it, the user option `language`. */
export const DictionaryQuery = object({ dictionaryId: DictionaryIdStruct, language: optional(NonEmptyString) });
export const DictionaryResponse = withResult({ data: DictionaryData });
export type DictionaryResponse = Infer<typeof DictionaryResponse>;

export const dictionaryEndpoints = {
  getOptions: endpoint({ method: 'GET', pattern: '/front/dictionary/get-options', query: DictionaryQuery, response: DictionaryResponse }),
} as const;

export function dictionaryLabel(data: DictionaryData | undefined, key: string | number | null | undefined): string {
  if (!data || key === null || key === undefined) return MISSING_LABEL;
  return data[String(key)] ?? MISSING_LABEL;
}
