import { enums, object, record, string, type Infer } from 'superstruct';
import { endpoint, withResult } from './common';

/** Every option set of spec §3. */
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

/** The label shown for a missing key or an empty set (spec §3, §9). */
export const MISSING_LABEL = 'Не определено';

/** A numeric key (as a JSON object key, so a string) to its label. */
export const DictionaryData = record(string(), string());
export type DictionaryData = Infer<typeof DictionaryData>;

export const DictionaryQuery = object({ dictionaryId: DictionaryIdStruct });
export const DictionaryResponse = withResult({ data: DictionaryData });
export type DictionaryResponse = Infer<typeof DictionaryResponse>;

export const dictionaryEndpoints = {
  getOptions: endpoint({ method: 'GET', pattern: '/front/dictionary/get-options', query: DictionaryQuery, response: DictionaryResponse }),
} as const;

export function dictionaryLabel(data: DictionaryData | undefined, key: string | number | null | undefined): string {
  if (!data || key === null || key === undefined) return MISSING_LABEL;
  return data[String(key)] ?? MISSING_LABEL;
}
